// Centred dialogs: a general one, a plain confirmation, and one that needs a typed word.
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, IconButton } from './Button.tsx';
import { useT } from './i18n.ts';
import { IconClose } from './icons.tsx';
import { Modal } from './Modal.tsx';
import { cx, FOCUS_RING } from './tone.ts';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Escape, the close button and the backdrop call this; leave out for a dialog that cannot be dismissed. */
  onClose?: () => void;
  children?: ReactNode;
  /** Buttons, right-aligned. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
}

const WIDTH = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

export function Dialog({ open, title, onClose, children, footer, size = 'md', role }: DialogProps) {
  const t = useT();
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} describedBy={bodyId} role={role} className={WIDTH[size]}>
      <header className="flex items-start gap-3 border-b border-gray-200 px-5 py-4">
        <h2 id={titleId} className="m-0 flex-1 text-lg font-semibold leading-7 text-gray-900">
          {title}
        </h2>
        {onClose && (
          <IconButton label={t('ui.action.close')} size="sm" onClick={onClose} className="-mr-1">
            <IconClose />
          </IconButton>
        )}
      </header>
      <div id={bodyId} className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm leading-6 text-gray-700">
        {children}
      </div>
      {footer && <footer className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-5 py-3">{footer}</footer>}
    </Modal>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Danger for destructive actions. */
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={busy ? undefined : onCancel}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus data-dialog-action="cancel">
            {cancelLabel ?? t('ui.action.cancel')}
          </Button>
          <Button variant={tone} format="solid" onClick={onConfirm} busy={busy} data-dialog-action="confirm">
            {confirmLabel ?? t('ui.action.confirm')}
          </Button>
        </>
      }
    >
      {message && <p className="m-0">{message}</p>}
      {children}
    </Dialog>
  );
}

export interface TypedConfirmDialogProps extends Omit<ConfirmDialogProps, 'onConfirm'> {
  /** The exact word (case-sensitive) the user must type before confirming, e.g. 'UNSUBSCRIBE'. */
  word: string;
  onConfirm: () => void;
}

export function TypedConfirmDialog({ word, onConfirm, open, ...rest }: TypedConfirmDialogProps) {
  // Remount on each opening so a previous attempt's text never pre-fills the field.
  return open ? <TypedConfirmBody word={word} onConfirm={onConfirm} {...rest} /> : null;
}

function TypedConfirmBody({ word, onConfirm, title, message, confirmLabel, cancelLabel, tone = 'danger', busy, onCancel, children }: Omit<TypedConfirmDialogProps, 'open'>) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const matches = typed === word;
  const submit = () => {
    if (matches && !busy) onConfirm();
  };
  return (
    <Modal
      open
      onClose={busy ? undefined : onCancel}
      labelledBy={`${inputId}-title`}
      describedBy={hintId}
      role="alertdialog"
      initialFocus={inputRef}
      className="max-w-md"
    >
      <form
        className="flex min-h-0 flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <header className="border-b border-gray-200 px-5 py-4">
          <h2 id={`${inputId}-title`} className="m-0 text-lg font-semibold leading-7 text-gray-900">
            {title}
          </h2>
        </header>
        <div className="space-y-3 px-5 py-4 text-sm leading-6 text-gray-700">
          {message && <p className="m-0">{message}</p>}
          {children}
          <p id={hintId} className="m-0">
            {t('ui.typed.prompt', { word: '\u0000' })
              .split('\u0000')
              .flatMap((part, i) => (i === 0 ? [part] : [<strong key={i} className="font-mono font-semibold text-gray-900">{word}</strong>, part]))}
          </p>
          <label htmlFor={inputId} className="sr-only">
            {t('ui.typed.label')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            className={cx('block w-full rounded-md border border-gray-300 px-3 py-2 font-mono text-sm', FOCUS_RING)}
          />
        </div>
        <footer className="flex justify-end gap-2 border-t border-gray-200 px-5 py-3">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('ui.action.cancel')}
          </Button>
          <Button type="submit" variant={tone} format="solid" disabled={!matches} busy={busy}>
            {confirmLabel ?? t('ui.action.confirm')}
          </Button>
        </footer>
      </form>
    </Modal>
  );
}
