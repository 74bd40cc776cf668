// An actions menu (a "⋮" button + role="menu"): arrows, Home and End move, Enter/Space choose,
// Escape closes and gives focus back to the button, a press outside or Tab closes. Items carry
// data-action={id}, like every action button of the house.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx, FOCUS_RING } from './tone.ts';

export interface MenuItem { id: string; label: string; onSelect: () => void; disabled?: boolean; danger?: boolean }

/** below: under the button; above: over it (at the bottom of a panel); fixed: under it but fixed
 * to the viewport, for tables whose horizontal scroller would clip it (scrolling closes it). */
export type MenuPlacement = 'below' | 'above' | 'fixed';

const IconDots = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="12" cy="5" r="1.8" /><circle cx="12" cy="12" r="1.8" /><circle cx="12" cy="19" r="1.8" />
  </svg>
);

export function Menu({ label, menuLabel = label, items, placement = 'below' }: { label: string; menuLabel?: string; items: MenuItem[]; placement?: MenuPlacement }) {
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<{ top: number; right: number } | null>(null);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    refs.current.find((el) => el && !el.disabled)?.focus();
    const onDown = (event: PointerEvent) => {
      if (!event.composedPath().includes(box.current!)) setOpen(false);
    };
    // A fixed menu would drift from its button.
    const onMove = () => setOpen(false);
    document.addEventListener('pointerdown', onDown);
    if (placement === 'fixed') {
      window.addEventListener('scroll', onMove, true);
      window.addEventListener('resize', onMove);
    }
    return () => {
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, placement]);

  const toggle = () => {
    const r = button.current?.getBoundingClientRect();
    if (r && placement === 'fixed') setAt({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) });
    setOpen(!open);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const enabled = refs.current.filter((el): el is HTMLButtonElement => !!el && !el.disabled);
    // Inside a shadow root, document.activeElement is the host: ask the root the menu lives in.
    const active = (box.current?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
    const current = enabled.findIndex((el) => el === active);
    if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); close(); }
    else if (event.key === 'ArrowDown') { event.preventDefault(); enabled[(current + 1) % enabled.length]?.focus(); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); enabled[(current - 1 + enabled.length) % enabled.length]?.focus(); }
    else if (event.key === 'Home') { event.preventDefault(); enabled[0]?.focus(); }
    else if (event.key === 'End') { event.preventDefault(); enabled.at(-1)?.focus(); }
    else if (event.key === 'Tab') setOpen(false);
  };

  return (
    // Clicks stay in the menu: rows and tiles around it are often clickable themselves.
    <div ref={box} className="relative inline-block text-left" onKeyDown={onKey} onClick={(e) => e.stopPropagation()}>
      <button
        ref={button} type="button" aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? id : undefined}
        data-part="actions" onClick={toggle}
        className={cx('inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900', FOCUS_RING)}
      >
        <IconDots />
      </button>
      {open && (
        <div
          id={id} role="menu" aria-label={menuLabel}
          style={placement === 'fixed' && at ? { position: 'fixed', top: at.top, right: at.right } : undefined}
          className={cx('absolute right-0 z-20 min-w-[11rem] rounded-md border border-gray-200 bg-white py-1 shadow-lg', placement === 'above' ? 'bottom-full mb-1' : 'mt-1')}
        >
          {items.map((item, i) => (
            <button
              key={item.id} ref={(el) => { refs.current[i] = el; }} type="button" role="menuitem" disabled={item.disabled} data-action={item.id}
              onClick={() => { setOpen(false); item.onSelect(); }}
              className={cx(
                'block w-full px-3 py-2 text-left text-sm hover:bg-gray-50 focus:bg-gray-100 focus:outline-none disabled:cursor-not-allowed disabled:opacity-40',
                item.danger ? 'text-danger' : 'text-gray-800',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
