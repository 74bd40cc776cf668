// State labels in the spec's colours (version, resource, invoice states…).
import type { ReactNode } from 'react';
import { cx, TONE_DOT, TONE_SOFT, type Tone } from './tone.ts';

export interface StatusProps {
  tone: Tone;
  children: ReactNode;
  /** A coloured dot before the text instead of a filled badge. */
  variant?: 'badge' | 'dot';
  className?: string;
}

export function Status({ tone, children, variant = 'badge', className }: StatusProps) {
  if (variant === 'dot') {
    return (
      <span className={cx('inline-flex items-center gap-1.5 text-sm text-gray-700', className)}>
        <span aria-hidden="true" className={cx('h-2 w-2 shrink-0 rounded-full', TONE_DOT[tone])} />
        {children}
      </span>
    );
  }
  return (
    <span className={cx('inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', TONE_SOFT[tone], className)}>
      {children}
    </span>
  );
}

/** Product version state (spec 1 §2) and resource state (spec 1 §4) colours: the pure rules of
 * src/rules/version.ts, tested there. */
export { VERSION_STATE_TONES as VERSION_STATE_TONE, RESOURCE_STATE_TONES as RESOURCE_STATE_TONE } from '../rules/version.ts';
/** Invoice status (spec 3 §9): pastDue error, draft and incomplete warning, open, paid and void success. */
export const INVOICE_STATUS_TONE: Record<string, Tone> = {
  pastDue: 'danger', draft: 'warning', incomplete: 'warning', open: 'success', paid: 'success', void: 'success',
};
/** Operation status: success, pending, error (and scheduled). */
export const OPERATION_STATUS_TONE: Record<string, Tone> = { success: 'success', pending: 'warning', error: 'danger', scheduled: 'info' };

export function toneOf(map: Record<string, Tone>, state: string | null | undefined): Tone {
  return (state && map[state]) || 'neutral';
}
