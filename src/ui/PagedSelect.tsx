// A dropdown whose options come page by page from the server (spec 3 §9 selector lists: 10 per page,
// 400 ms search debounce, more load on scroll to the bottom). Menu layer z-index 10000.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DEBOUNCE_MS, INFINITE_SCROLL_THRESHOLD_PX, SELECTOR_PAGE_SIZE, SELECT_MENU_Z_INDEX } from '../rules/constants.ts';
import { useT } from './i18n.ts';
import { IconClose, IconSearch, IconSpinner } from './icons.tsx';
import { IconCheck, IconChevronDown } from './moreIcons.tsx';
import { useDebounce } from './useDebounce.ts';
import { cx, FOCUS_RING } from './tone.ts';

export interface PageRequest {
  page: number;
  pageSize: number;
  search: string;
  signal: AbortSignal;
}

export interface PageAnswer<T> {
  items: T[];
  totalCount: number;
}

export interface PagedSelectProps<T> {
  label: string;
  hideLabel?: boolean;
  value: T | null;
  onChange: (value: T | null) => void;
  loadPage: (request: PageRequest) => Promise<PageAnswer<T>>;
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  renderOption?: (item: T) => ReactNode;
  isOptionDisabled?: (item: T) => boolean;
  placeholder?: string;
  searchable?: boolean;
  clearable?: boolean;
  pageSize?: number;
  disabled?: boolean;
  required?: boolean;
  /** Validation message shown under the field. */
  error?: string;
  className?: string;
}

interface ListState<T> {
  items: T[];
  totalCount: number;
  page: number;
  loading: boolean;
  failed: boolean;
}

export function PagedSelect<T>({
  label,
  hideLabel,
  value,
  onChange,
  loadPage,
  getKey,
  getLabel,
  renderOption,
  isOptionDisabled,
  placeholder,
  searchable = true,
  clearable,
  pageSize = SELECTOR_PAGE_SIZE,
  disabled,
  required,
  error,
  className,
}: PagedSelectProps<T>) {
  const t = useT();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounce(search, DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const [list, setList] = useState<ListState<T>>({ items: [], totalCount: 0, page: 0, loading: false, failed: false });
  const request = useRef<AbortController | null>(null);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;

  const fetchPage = useCallback(
    (page: number, term: string) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setList((s) => ({ ...s, loading: true, failed: false, ...(page === 1 ? { items: [], totalCount: 0, page: 0 } : {}) }));
      loadRef
        .current({ page, pageSize, search: term, signal: controller.signal })
        .then((answer) => {
          if (controller.signal.aborted) return;
          setList((s) => ({
            items: page === 1 ? answer.items : [...s.items, ...answer.items],
            totalCount: answer.totalCount,
            page,
            loading: false,
            failed: false,
          }));
        })
        .catch(() => {
          if (!controller.signal.aborted) setList((s) => ({ ...s, loading: false, failed: true }));
        });
    },
    [pageSize],
  );

  useEffect(() => {
    if (!open) return;
    setActive(0);
    fetchPage(1, debouncedSearch.trim());
  }, [open, debouncedSearch, fetchPage]);

  useEffect(() => () => request.current?.abort(), []);

  // Close on a press outside (inside the same shadow root or on the host page).
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (rootRef.current && !event.composedPath().includes(rootRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  useEffect(() => {
    if (open) (searchable ? searchRef.current : listRef.current)?.focus();
  }, [open, searchable]);

  const hasMore = list.items.length < list.totalCount;
  const loadMore = () => {
    if (hasMore && !list.loading) fetchPage(list.page + 1, debouncedSearch.trim());
  };

  const close = (refocus = true) => {
    setOpen(false);
    setSearch('');
    if (refocus) triggerRef.current?.focus();
  };

  const choose = (item: T) => {
    if (isOptionDisabled?.(item)) return;
    onChange(item);
    close();
  };

  const moveActive = (delta: number) => {
    if (list.items.length === 0) return;
    const next = Math.min(list.items.length - 1, Math.max(0, active + delta));
    setActive(next);
    if (next >= list.items.length - 1) loadMore();
    listRef.current?.querySelector(`#${CSS.escape(`${id}-opt-${next}`)}`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(-1);
        break;
      case 'Home':
        if (!searchable) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (!searchable) {
          event.preventDefault();
          moveActive(list.items.length);
        }
        break;
      case 'Enter': {
        event.preventDefault();
        const item = list.items[active];
        if (item !== undefined) choose(item);
        break;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const selectedKey = value === null ? null : getKey(value);
  const activeId = list.items.length > 0 ? `${id}-opt-${active}` : undefined;

  return (
    <div ref={rootRef} className={cx('relative w-full', className)}>
      <label id={`${id}-label`} htmlFor={`${id}-trigger`} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-gray-700'}>
        {label}
        {required && <span className="ml-0.5 text-danger" aria-hidden="true">*</span>}
        {/* aria-required is not allowed on a button: the label says it instead. */}
        {required && <span className="sr-only"> {t('ui.select.required')}</span>}
      </label>
      <div className="relative">
        <button
          ref={triggerRef}
          id={`${id}-trigger`}
          type="button"
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? `${id}-list` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => (open ? close() : setOpen(true))}
          onKeyDown={(event) => {
            if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={cx(
            'flex h-10 w-full items-center gap-2 rounded-md border bg-white pl-3 text-left text-sm',
            clearable && value !== null ? 'pr-16' : 'pr-9',
            error ? 'border-danger' : 'border-gray-300',
            'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500',
            FOCUS_RING,
          )}
        >
          <span className={cx('min-w-0 flex-1 truncate', value === null && 'text-gray-500')}>
            {value === null ? (placeholder ?? t('ui.select.placeholder')) : getLabel(value)}
          </span>
        </button>
        {clearable && value !== null && !disabled && (
          <button
            type="button"
            aria-label={t('ui.select.clear')}
            title={t('ui.select.clear')}
            onClick={() => {
              onChange(null);
              triggerRef.current?.focus();
            }}
            className={cx('absolute inset-y-0 right-8 my-auto flex h-6 w-6 items-center justify-center rounded text-gray-500 hover:bg-gray-100', FOCUS_RING)}
          >
            <IconClose size={12} />
          </button>
        )}
        <IconChevronDown className="pointer-events-none absolute inset-y-0 right-3 my-auto text-gray-500" />
      </div>
      {error && (
        <p id={`${id}-error`} className="m-0 mt-1 text-xs text-danger">
          {error}
        </p>
      )}

      {open && (
        <div
          className="absolute left-0 right-0 top-full mt-1 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg"
          style={{ zIndex: SELECT_MENU_Z_INDEX }}
        >
          {searchable && (
            <div className="relative border-b border-gray-100 p-2">
              <IconSearch className="pointer-events-none absolute inset-y-0 left-4 my-auto text-gray-400" size={14} />
              <input
                ref={searchRef}
                role="combobox"
                aria-label={t('ui.select.search')}
                aria-expanded="true"
                aria-controls={`${id}-list`}
                aria-activedescendant={activeId}
                aria-autocomplete="list"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                onKeyDown={onListKeyDown}
                placeholder={t('ui.select.search')}
                className={cx('h-8 w-full rounded border border-gray-300 pl-7 pr-2 text-sm', FOCUS_RING)}
              />
            </div>
          )}
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            aria-labelledby={`${id}-label`}
            aria-activedescendant={searchable ? undefined : activeId}
            aria-busy={list.loading || undefined}
            tabIndex={searchable ? -1 : 0}
            onKeyDown={searchable ? undefined : onListKeyDown}
            onScroll={(event) => {
              const el = event.currentTarget;
              if (el.scrollHeight - el.scrollTop - el.clientHeight <= INFINITE_SCROLL_THRESHOLD_PX) loadMore();
            }}
            className="m-0 max-h-64 list-none overflow-y-auto p-1 outline-none"
          >
            {list.items.map((item, index) => {
              const key = getKey(item);
              const isDisabled = isOptionDisabled?.(item) ?? false;
              const isSelected = key === selectedKey;
              return (
                <li
                  key={key}
                  id={`${id}-opt-${index}`}
                  role="option"
                  aria-selected={isSelected}
                  aria-disabled={isDisabled || undefined}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(item)}
                  className={cx(
                    'flex cursor-pointer items-center gap-2 rounded px-2.5 py-2 text-sm',
                    index === active && 'bg-gray-100',
                    isSelected && 'font-medium text-primary',
                    isDisabled && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <span className="min-w-0 flex-1 truncate">{renderOption ? renderOption(item) : getLabel(item)}</span>
                  {isSelected && <IconCheck size={14} />}
                </li>
              );
            })}
            {list.loading && (
              <li role="presentation" className="flex items-center gap-2 px-2.5 py-2 text-sm text-gray-500">
                <IconSpinner size={14} />
                {t('ui.select.loading')}
              </li>
            )}
            {!list.loading && list.failed && (
              <li role="presentation" className="px-2.5 py-2 text-sm text-danger">
                {t('ui.select.error')}
              </li>
            )}
            {!list.loading && !list.failed && list.items.length === 0 && (
              <li role="presentation" className="px-2.5 py-2 text-sm text-gray-500">
                {t('ui.select.noOptions')}
              </li>
            )}
            {!list.loading && hasMore && (
              <li role="presentation" className="p-1">
                <button
                  type="button"
                  tabIndex={-1}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={loadMore}
                  className="w-full rounded px-2 py-1.5 text-sm font-medium text-primary hover:bg-gray-50"
                >
                  {t('ui.select.loadMore')}
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
