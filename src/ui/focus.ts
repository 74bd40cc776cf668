// Keyboard focus inside dialogs and panels: Tab cycles within, Escape closes, and focus goes
// back to whatever opened it. Works inside shadow roots, where document.activeElement is the host.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The element that really has focus, looking through open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let active = root.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden],[inert],[aria-hidden="true"]') && el.tabIndex >= 0,
  );
}

function activeIn(container: HTMLElement): HTMLElement | null {
  const root = container.getRootNode() as Document | ShadowRoot;
  return (root.activeElement as HTMLElement | null) ?? null;
}

export interface FocusTrapOptions {
  /** Called on Escape; leave out to ignore Escape (e.g. a dialog that cannot be dismissed). */
  onEscape?: () => void;
  /** Element to focus first; otherwise the first [data-autofocus], else the first focusable, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Give focus back to the opener on close (default true). */
  restoreFocus?: boolean;
}

/**
 * Traps focus in `ref` while mounted/active. Returns a keydown handler to put on the container, so
 * nested traps (a confirm dialog over a side panel) handle their keys first and stop them there.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  options: FocusTrapOptions = {},
): (event: ReactKeyboardEvent<HTMLElement>) => void {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const opener = deepActiveElement();
    const { initialFocus } = optionsRef.current;
    const target =
      initialFocus?.current ??
      container.querySelector<HTMLElement>('[data-autofocus]') ??
      focusableWithin(container)[0] ??
      container;
    target.focus({ preventScroll: true });
    return () => {
      if (optionsRef.current.restoreFocus === false) return;
      // Wait for the closing render so the opener is interactive again (e.g. not inert).
      queueMicrotask(() => {
        if (opener && opener.isConnected) opener.focus({ preventScroll: true });
      });
    };
  }, [active, ref]);

  return (event) => {
    const container = ref.current;
    if (!container || !active) return;
    if (event.key === 'Escape') {
      const { onEscape } = optionsRef.current;
      event.preventDefault();
      event.stopPropagation();
      onEscape?.();
      return;
    }
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    const items = focusableWithin(container);
    if (items.length === 0) {
      event.preventDefault();
      container.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const current = activeIn(container);
    const inside = current !== null && container.contains(current);
    if (event.shiftKey && (!inside || current === first || current === container)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || current === last)) {
      event.preventDefault();
      first.focus();
    }
  };
}
