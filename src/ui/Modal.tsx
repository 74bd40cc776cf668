// The layer under every dialog and side panel: a native <dialog> opened as modal, so it sits in the
// browser's top layer above any host-page z-index, and the rest of the page is inert.
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useFocusTrap } from './focus.ts';
import { cx } from './tone.ts';

export interface ModalProps {
  open: boolean;
  /** Escape and a click on the backdrop call this; leave out for a modal that cannot be dismissed. */
  onClose?: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  initialFocus?: RefObject<HTMLElement | null>;
  placement?: 'center' | 'right';
  /** Classes of the box itself (size, padding). */
  className?: string;
  children: ReactNode;
}

export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  role = 'dialog',
  initialFocus,
  placement = 'center',
  className,
  children,
}: ModalProps) {
  if (!open) return null;
  return (
    <OpenModal
      onClose={onClose}
      labelledBy={labelledBy}
      describedBy={describedBy}
      role={role}
      initialFocus={initialFocus}
      placement={placement}
      className={className}
    >
      {children}
    </OpenModal>
  );
}

function OpenModal({ onClose, labelledBy, describedBy, role, initialFocus, placement, className, children }: Omit<ModalProps, 'open'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    const open = () => {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    };
    open();
    let unmounting = false;
    // The browser may still close the dialog itself (Chromium closes it on a second Escape when the
    // first cancel was refused): keep React and the page in step.
    const onNativeClose = () => {
      if (unmounting) return;
      if (onCloseRef.current) onCloseRef.current();
      else open();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => {
      unmounting = true;
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  const onKeyDown = useFocusTrap(boxRef, true, { onEscape: onClose, initialFocus });

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      // Escape is handled by the focus trap so nested layers close one at a time.
      onCancel={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
      className="fixed inset-0 m-0 h-full max-h-screen w-full max-w-none overflow-hidden border-0 bg-transparent p-0 text-gray-900"
    >
      <div
        className="absolute inset-0 bg-gray-900/40"
        aria-hidden="true"
        data-testid="modal-backdrop"
        onClick={onClose}
      />
      <div
        className={cx(
          'pointer-events-none absolute inset-0 flex',
          placement === 'right' ? 'justify-end' : 'items-center justify-center p-4',
        )}
      >
        <div
          ref={boxRef}
          tabIndex={-1}
          className={cx(
            'pointer-events-auto flex flex-col bg-white shadow-2xl outline-none',
            placement === 'right' ? 'h-full w-full' : 'max-h-full w-full rounded-lg',
            className,
          )}
        >
          {children}
        </div>
      </div>
    </dialog>
  );
}
