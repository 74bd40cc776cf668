// Confirm-on-leave (spec 1 shared elements, spec 2 §5): leaving with unsaved edits asks first,
// for the form's own ways out (through guard), for the portal's in-app navigation (side nav, top
// bar, any link: the portal's navigator asks the guards registered through LeaveGuardContext), and
// for closing or reloading the tab (beforeunload).
import { useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './Dialog.tsx';
import { LeaveGuardContext } from './leaveGuards.ts';
import { useT } from './i18n.ts';

export interface ConfirmLeaveDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

export function ConfirmLeaveDialog({ open, onStay, onLeave }: ConfirmLeaveDialogProps) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      title={t('ui.leave.title')}
      message={t('ui.leave.message')}
      cancelLabel={t('ui.leave.stay')}
      confirmLabel={t('ui.leave.leave')}
      tone="danger"
      onCancel={onStay}
      onConfirm={onLeave}
    />
  );
}

export interface ConfirmLeave {
  /** Runs `leave` at once when nothing is unsaved; otherwise asks first and runs it on 'Leave page'. */
  guard: (leave: () => void) => void;
  /** Same question as a promise: true when the user chose to leave (or nothing was unsaved). */
  confirm: () => Promise<boolean>;
  /** Render this once in the component that owns the form. */
  dialog: ReactNode;
}

export function useConfirmLeave(dirty: boolean): ConfirmLeave {
  const [pending, setPending] = useState<((leave: boolean) => void) | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (!dirty || typeof window === 'undefined') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their own prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const confirm = useCallback(
    () =>
      dirtyRef.current
        ? new Promise<boolean>((resolve) => setPending(() => resolve))
        : Promise.resolve(true),
    [],
  );

  // While a confirmed leave runs, its own navigation must not ask a second time.
  const leaving = useRef(false);
  const guard = useCallback(
    (leave: () => void) => {
      void confirm().then((ok) => {
        if (!ok) return;
        leaving.current = true;
        try {
          leave();
        } finally {
          leaving.current = false;
        }
      });
    },
    [confirm],
  );

  const guards = useContext(LeaveGuardContext);
  useEffect(() => {
    if (!dirty || !guards) return;
    return guards.add((proceed) => (leaving.current ? proceed() : guard(proceed)));
  }, [dirty, guards, guard]);

  const answer = (leave: boolean) => {
    pending?.(leave);
    setPending(null);
  };

  const dialog = <ConfirmLeaveDialog open={pending !== null} onStay={() => answer(false)} onLeave={() => answer(true)} />;
  return { guard, confirm, dialog };
}
