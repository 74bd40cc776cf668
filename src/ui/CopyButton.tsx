// Copy to clipboard with a 'Copied' confirmation for COPY_CONFIRMATION_MS (3 s).
import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../rules/constants.ts';
import { useT } from './i18n.ts';
import { IconCheck, IconCopy } from './moreIcons.tsx';
import { cx, FOCUS_RING } from './tone.ts';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Pages served without a secure context have no Clipboard API.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

export interface CopyButtonProps {
  /** The text, or a function giving it at click time (e.g. a just-decrypted secret). */
  value: string | (() => string | Promise<string>);
  /** Accessible name, e.g. 'Copy client secret'; defaults to 'Copy'. */
  label?: string;
  /** Shows the word next to the icon. */
  showText?: boolean;
  onCopied?: () => void;
  disabled?: boolean;
  className?: string;
}

export function CopyButton({ value, label, showText, onCopied, disabled, className }: CopyButtonProps) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await writeClipboard(typeof value === 'function' ? await value() : value);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  };

  const name = label ?? t('ui.copy.copy');
  const status = state === 'copied' ? t('ui.copy.copied') : state === 'failed' ? t('ui.copy.failed') : '';
  return (
    <span className={cx('inline-flex items-center gap-1.5', className)}>
      <button
        type="button"
        onClick={() => void copy()}
        disabled={disabled}
        aria-label={showText ? undefined : name}
        title={name}
        className={cx(
          'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900',
          'disabled:cursor-not-allowed disabled:opacity-40',
          state === 'copied' && 'text-success',
          FOCUS_RING,
        )}
      >
        {state === 'copied' ? <IconCheck /> : <IconCopy />}
        {showText && <span>{name}</span>}
      </button>
      <span role="status" aria-live="polite" className={cx('text-xs', state === 'failed' ? 'text-danger' : 'text-success')}>
        {status}
      </span>
    </span>
  );
}
