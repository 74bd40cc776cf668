// What the sign-in and registration screens share: the centred card they sit in, the look of
// their text fields, the alert a failed submit focuses, and the password field's show/hide button.
import type { ReactNode, RefObject } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { cx } from '../../ui/tone.ts';
import { IconAlert, IconEye, IconEyeOff } from '../shell/pageIcons.tsx';

export const ACCOUNT_CARD = 'rounded-2xl border border-gray-200 bg-white p-7 shadow-xl shadow-gray-900/5 sm:p-9';

const INPUT = cx(
  'block h-11 w-full rounded-lg border bg-white px-3.5 text-[15px] text-gray-900 shadow-sm transition',
  'placeholder:text-gray-400 focus:outline-none focus:ring-4',
);

/** A text field's classes: red while its error shows; `toggle` leaves room for PasswordToggle. */
export function accountInput(invalid: boolean, toggle = false): string {
  return cx(INPUT, toggle && 'pr-11', invalid ? 'border-danger focus:ring-danger/20' : 'border-gray-300 focus:border-primary focus:ring-primary/20');
}

/** The page around the card: centred on wide screens, from the top on a phone. */
export function AccountFrame({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className={cx('w-full', wide ? 'max-w-[460px]' : 'max-w-[420px]')}>{children}</div>
    </div>
  );
}

/** The form's error, focusable so a failed submit can move focus (and the screen reader) to it. */
export function FormAlert({ alertRef, children }: { alertRef: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  return (
    <div
      ref={alertRef}
      role="alert"
      tabIndex={-1}
      className="mt-5 flex items-start gap-2.5 rounded-lg border border-danger/30 bg-danger/5 px-3.5 py-3 text-sm text-danger-ink focus:outline-none"
    >
      <IconAlert size={18} className="mt-px shrink-0" />
      <span>{children}</span>
    </div>
  );
}

/** Shows or hides the password typed (inside the field's relative wrapper, at its right end). */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useMessages();
  const label = shown ? t('shell.signin.hidePassword') : t('shell.signin.showPassword');
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={label}
      title={label}
      className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-gray-500 hover:text-gray-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      {shown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
    </button>
  );
}
