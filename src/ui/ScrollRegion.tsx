// A box that scrolls sideways when its content is wider than it (a table on a narrow screen), so
// the page itself never does. While it does scroll it is a named, focusable group: a keyboard
// user can then scroll it with the arrow keys (WCAG 2.1.1; axe scrollable-region-focusable). A
// group, not a region landmark: its name is often its table's or its section's, and two landmarks
// of one name are ambiguous (axe landmark-unique). While everything fits it is a plain box.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cx, FOCUS_RING } from './tone.ts';

export function ScrollRegion({ label, className, children, part }: { label: string; className?: string; children: ReactNode; part?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const update = () => setScrolls(node.scrollWidth > node.clientWidth + 1);
    const observer = new ResizeObserver(update);
    observer.observe(node);
    for (const child of Array.from(node.children)) observer.observe(child);
    update();
    return () => observer.disconnect();
  }, [children]);
  return (
    // relative: positioned content (a header's visually hidden text) scrolls inside the box
    // instead of widening the page.
    <div ref={box} className={cx('relative overflow-x-auto', scrolls && FOCUS_RING, className)} data-part={part}
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
