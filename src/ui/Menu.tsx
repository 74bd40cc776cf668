// A small actions menu (button + role="menu"): arrows move, Enter/Space choose, Escape closes and
// gives focus back to the button.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

export interface MenuItem { id: string; label: string; onSelect: () => void; disabled?: boolean; danger?: boolean }

const IconDots = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="12" cy="5" r="1.8" /><circle cx="12" cy="12" r="1.8" /><circle cx="12" cy="19" r="1.8" />
  </svg>
);

export function Menu({ label, items }: { label: string; items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
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
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

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
    <div ref={box} className="relative" onKeyDown={onKey}>
      <button
        ref={button} type="button" aria-label={label} title={label} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        className={cx('inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900', FOCUS_RING)}
      >
        <IconDots />
      </button>
      {open && (
        <div id={id} role="menu" aria-label={label} className="absolute right-0 z-20 mt-1 min-w-[10rem] rounded-md border border-gray-200 bg-white py-1 shadow-lg">
          {items.map((item, i) => (
            <button
              key={item.id} ref={(el) => { refs.current[i] = el; }} type="button" role="menuitem" disabled={item.disabled} data-menu-item={item.id}
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
