// Pagination footer (spec 2 §5, §9): page-size choices 5, 10, 20, 30, 50 plus the current size,
// previous/next, and a go-to-page box of at most 5 characters accepting 1..total; Enter goes.
import { useEffect, useId, useState } from 'react';
import { GO_TO_PAGE_MAX_CHARS } from '../rules/constants.ts';
import { goToPageError, pageRange, pageSizeOptions, totalPages } from '../rules/paging.ts';
import { IconButton } from './Button.tsx';
import { useT } from './i18n.ts';
import { IconChevronLeft, IconChevronRight } from './moreIcons.tsx';
import { cx, FOCUS_RING } from './tone.ts';

export interface PaginationProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  /** The caller should also go back to page 1. Leave out to hide the size choice. */
  onPageSizeChange?: (pageSize: number) => void;
  /** Base choices; the current size is always added. */
  pageSizes?: readonly number[];
  showGoTo?: boolean;
  className?: string;
}

export function Pagination({
  page,
  pageSize,
  totalCount,
  onPageChange,
  onPageSizeChange,
  pageSizes,
  showGoTo = true,
  className,
}: PaginationProps) {
  const t = useT();
  const id = useId();
  const total = totalPages(totalCount, pageSize);
  const { from, to } = pageRange(page, pageSize, totalCount);
  const [goTo, setGoTo] = useState('');
  useEffect(() => setGoTo(''), [page, total]);
  const error = goToPageError(goTo, total);
  const errorText =
    error === 'tooLong'
      ? t('ui.pagination.error.tooLong', { max: GO_TO_PAGE_MAX_CHARS })
      : error === 'notInteger'
        ? t('ui.pagination.error.notInteger')
        : error === 'outOfRange'
          ? t('ui.pagination.error.outOfRange', { total })
          : null;

  const go = () => {
    const value = goTo.trim();
    if (value === '' || error) return;
    const target = Number(value);
    setGoTo('');
    if (target !== page) onPageChange(target);
  };

  return (
    <nav
      aria-label={t('ui.pagination.label')}
      className={cx('flex flex-wrap items-center justify-between gap-x-6 gap-y-3 py-3 text-sm text-gray-700', className)}
    >
      <div className="flex items-center gap-3">
        {onPageSizeChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-size`} className="whitespace-nowrap text-gray-600">
              {t('ui.pagination.pageSize')}
            </label>
            <select
              id={`${id}-size`}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className={cx('h-8 rounded-md border border-gray-300 bg-white pl-2 pr-7 text-sm', FOCUS_RING)}
            >
              {pageSizeOptions(pageSize, pageSizes).map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        )}
        <span className="whitespace-nowrap text-gray-600" aria-live="polite">
          {t('ui.pagination.range', { from, to, total: totalCount })}
        </span>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {showGoTo && total > 1 && (
          <div className="relative flex items-center gap-2">
            <label htmlFor={`${id}-goto`} className="whitespace-nowrap text-gray-600">
              {t('ui.pagination.goTo')}
            </label>
            <input
              id={`${id}-goto`}
              inputMode="numeric"
              value={goTo}
              onChange={(event) => setGoTo(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  go();
                }
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorText ? `${id}-goto-error` : undefined}
              className={cx(
                'h-8 w-16 rounded-md border bg-white px-2 text-center text-sm',
                error ? 'border-danger' : 'border-gray-300',
                FOCUS_RING,
              )}
            />
            {errorText && (
              <span id={`${id}-goto-error`} role="alert" className="absolute left-0 top-full mt-1 whitespace-nowrap text-xs text-danger">
                {errorText}
              </span>
            )}
          </div>
        )}
        <div className="flex items-center gap-1">
          <IconButton label={t('ui.pagination.previous')} size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <IconChevronLeft />
          </IconButton>
          <span className="min-w-[6rem] whitespace-nowrap text-center" aria-current="page">
            {t('ui.pagination.pageOf', { page, total })}
          </span>
          <IconButton label={t('ui.pagination.next')} size="sm" disabled={page >= total} onClick={() => onPageChange(page + 1)}>
            <IconChevronRight />
          </IconButton>
        </div>
      </div>
    </nav>
  );
}
