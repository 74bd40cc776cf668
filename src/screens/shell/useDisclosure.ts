// A button that opens and closes a panel below it (the top bar's menus): its open state, the ARIA
// that ties the two (aria-expanded, aria-controls) and the panel's dismissal: on Escape (focus
// back to the button) or on a pointer press outside both. composedPath() sees through shadow
// roots, where event.target would be the host element.
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';

export function useDisclosure<Panel extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const panel = useRef<Panel>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, button);
  const id = useId();
  return {
    open,
    close,
    buttonProps: { ref: button, type: 'button', 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((o) => !o) } as const,
    panelProps: { ref: panel, id, hidden: !open },
  };
}

function useDismiss(open: boolean, close: () => void, container: RefObject<HTMLElement | null>, trigger: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const path = event.composedPath();
      if (container.current && path.includes(container.current)) return;
      if (trigger.current && path.includes(trigger.current)) return;
      close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open, close, container, trigger]);
}
