// Alerts and banners; a dismissible one hides once dismissed (spec 1 §4) and, with rememberKey,
// stays hidden on later visits.
import { useState, type ReactNode } from 'react';
import { IconButton } from './Button.tsx';
import { useT } from './i18n.ts';
import { IconClose, IconError, IconInfo, IconSuccess, IconWarning } from './icons.tsx';
import { cx, TONE_SOFT } from './tone.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links on the right (or below on narrow screens). */
  action?: ReactNode;
  dismissible?: boolean;
  /** Keeps the dismissal in localStorage under this key. */
  rememberKey?: string;
  onDismiss?: () => void;
  className?: string;
}

const ICONS = { info: IconInfo, success: IconSuccess, warning: IconWarning, danger: IconError } as const;

function storageKey(key: string) {
  return `agora.dismissed.${key}`;
}

function wasDismissed(key?: string): boolean {
  if (!key) return false;
  try {
    return globalThis.localStorage?.getItem(storageKey(key)) === '1';
  } catch {
    return false;
  }
}

export function Alert({ tone = 'info', title, children, action, dismissible, rememberKey, onDismiss, className }: AlertProps) {
  const t = useT();
  const [dismissed, setDismissed] = useState(() => wasDismissed(rememberKey));
  if (dismissed) return null;
  const Icon = ICONS[tone];
  const dismiss = () => {
    setDismissed(true);
    if (rememberKey) {
      try {
        globalThis.localStorage?.setItem(storageKey(rememberKey), '1');
      } catch {
        // Only this visit then.
      }
    }
    onDismiss?.();
  };
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cx('flex items-start gap-3 rounded-md border px-4 py-3 text-sm', TONE_SOFT[tone], className)}
    >
      <Icon size={18} className="mt-0.5 shrink-0" />
      {/* The action wraps below the text when both do not fit (a phone), instead of squeezing it. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          {title && <p className="m-0 font-semibold">{title}</p>}
          {children && <div className={cx('text-gray-800', title ? 'mt-0.5' : undefined)}>{children}</div>}
        </div>
        {action && <div className="flex shrink-0 flex-wrap items-center gap-2">{action}</div>}
      </div>
      {dismissible && (
        <IconButton label={t('ui.alert.dismiss')} size="sm" onClick={dismiss} className="-my-1 -mr-2 text-current hover:bg-black/5">
          <IconClose size={14} />
        </IconButton>
      )}
    </div>
  );
}
