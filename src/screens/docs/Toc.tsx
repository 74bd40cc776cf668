// The table of contents of the open article (headings of levels 1 to 3). Links scroll inside the
// element's shadow root: a fragment in the address would not reach it (and hash routing owns it).
import { useRef } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import type { TocEntry } from '../../ui/markdown.ts';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

const INDENT: Record<number, string> = { 1: 'pl-2', 2: 'pl-5', 3: 'pl-8' };

export function Toc({ entries }: { entries: TocEntry[] | null }) {
  const { t } = useMessages('docs');
  const ref = useRef<HTMLElement>(null);
  if (!entries || entries.length === 0) {
    return (
      <p className="m-0 px-2 text-sm italic text-gray-600" data-toc-empty="">
        {t('docs.toc.notApplicable')}
      </p>
    );
  }
  const go = (id: string) => {
    const root = (ref.current?.getRootNode() ?? document) as Document | ShadowRoot;
    const target = root.getElementById?.(id) ?? null;
    if (!target) return;
    target.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen-reader users continue from the heading.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  return (
    <nav ref={ref} aria-label={t('docs.toc.title')} data-toc="">
      <ul className="m-0 list-none space-y-0.5 border-l border-gray-200 p-0">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              data-level={entry.level}
              onClick={(event) => {
                event.preventDefault();
                go(entry.id);
              }}
              className={cx(
                '-ml-px block border-l-2 border-transparent py-1 pr-2 text-sm leading-snug text-gray-600 no-underline hover:border-primary hover:text-primary',
                INDENT[entry.level] ?? 'pl-8',
                entry.level === 1 && 'font-medium text-gray-800',
                FOCUS_RING,
              )}
            >
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
