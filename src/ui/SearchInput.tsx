// The search box (spec 1 §5): at most 1000 characters by default, a message when longer, Enter
// submits only a valid value, a clear button, and an optional debounced onChange.
import { useEffect, useId, useRef, useState } from 'react';
import { DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '../rules/constants.ts';
import { searchInputError } from '../rules/search.ts';
import { useT } from './i18n.ts';
import { IconClose, IconSearch } from './icons.tsx';
import { useDebouncedCallback } from './useDebounce.ts';
import { cx, FOCUS_RING } from './tone.ts';

export interface SearchInputProps {
  /** Controlled value; when it changes from outside (e.g. the URL) the box follows. */
  value?: string;
  defaultValue?: string;
  /** Enter (with a valid value) and the clear button call this. */
  onSubmit?: (value: string) => void;
  /** Every valid edit; debounced when `debounce` is set. */
  onChange?: (value: string) => void;
  /** true for the default 400 ms, or a number of ms. */
  debounce?: boolean | number;
  maxLength?: number;
  pattern?: RegExp;
  /** Message when `pattern` fails; defaults to a generic one. */
  patternMessage?: string;
  /** Accessible label; visible only to screen readers unless showLabel. */
  label?: string;
  showLabel?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  size?: 'md' | 'lg';
  className?: string;
}

export function SearchInput({
  value,
  defaultValue = '',
  onSubmit,
  onChange,
  debounce,
  maxLength = SEARCH_MAX_LENGTH,
  pattern,
  patternMessage,
  label,
  showLabel,
  placeholder,
  autoFocus,
  disabled,
  size = 'md',
  className,
}: SearchInputProps) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value ?? defaultValue);
  useEffect(() => {
    if (value !== undefined) setText(value);
  }, [value]);

  const delay = debounce === true ? DEBOUNCE_MS : typeof debounce === 'number' ? debounce : 0;
  const debouncedChange = useDebouncedCallback((next: string) => onChange?.(next), delay);
  const error = searchInputError(text, { maxLength, pattern });
  const message =
    error === 'maxLength' ? t('ui.search.maxLength', { max: maxLength }) : error === 'pattern' ? (patternMessage ?? t('ui.search.pattern')) : null;

  const update = (next: string) => {
    setText(next);
    if (searchInputError(next, { maxLength, pattern })) {
      debouncedChange.cancel();
      return;
    }
    if (delay > 0) debouncedChange(next);
    else onChange?.(next);
  };

  const clear = () => {
    setText('');
    debouncedChange.cancel();
    onChange?.('');
    onSubmit?.('');
    inputRef.current?.focus();
  };

  return (
    <div className={cx('w-full', className)}>
      <label htmlFor={id} className={showLabel ? 'mb-1 block text-sm font-medium text-gray-700' : 'sr-only'}>
        {label ?? t('ui.search.label')}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-gray-400">
          <IconSearch size={size === 'lg' ? 20 : 16} />
        </span>
        <input
          ref={inputRef}
          id={id}
          type="search"
          role="searchbox"
          value={text}
          placeholder={placeholder ?? t('ui.search.placeholder')}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => update(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (error) return;
            debouncedChange.cancel();
            onSubmit?.(text);
          }}
          className={cx(
            'block w-full appearance-none rounded-md border bg-white pr-9 text-gray-900 placeholder-gray-400',
            '[&::-webkit-search-cancel-button]:hidden disabled:bg-gray-100',
            size === 'lg' ? 'h-12 pl-11 text-base' : 'h-10 pl-9 text-sm',
            error ? 'border-danger' : 'border-gray-300',
            FOCUS_RING,
          )}
        />
        {text !== '' && !disabled && (
          <button
            type="button"
            onClick={clear}
            aria-label={t('ui.search.clear')}
            title={t('ui.search.clear')}
            className={cx('absolute inset-y-0 right-0 my-auto mr-1.5 flex h-7 w-7 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-800', FOCUS_RING)}
          >
            <IconClose size={14} />
          </button>
        )}
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="m-0 mt-1 text-xs text-danger">
          {message}
        </p>
      )}
    </div>
  );
}
