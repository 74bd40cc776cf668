// Pagination rules shared by every table and list footer (spec 2 §5 and §9).
import { GO_TO_PAGE_MAX_CHARS, PAGE_SIZE_OPTIONS } from './constants.ts';

/** The page-size choices: the standard ones plus the current size, sorted, without duplicates. */
export function pageSizeOptions(current?: number, base: readonly number[] = PAGE_SIZE_OPTIONS): number[] {
  const all = [...base];
  if (current !== undefined && Number.isInteger(current) && current > 0) all.push(current);
  return [...new Set(all)].sort((a, b) => a - b);
}

/** Number of pages for a count; an empty list still has one (empty) page. */
export function totalPages(totalCount: number, pageSize: number): number {
  if (!(pageSize > 0) || !(totalCount > 0)) return 1;
  return Math.ceil(totalCount / pageSize);
}

export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, total));
}

export type GoToPageError = 'tooLong' | 'notInteger' | 'outOfRange';

/** Why a go-to-page entry cannot be used, or null when it can. An empty entry is not an error (nothing to do). */
export function goToPageError(input: string, total: number): GoToPageError | null {
  const value = input.trim();
  if (value === '') return null;
  if (value.length > GO_TO_PAGE_MAX_CHARS) return 'tooLong';
  if (!/^\d+$/.test(value)) return 'notInteger';
  const page = Number(value);
  if (page < 1 || page > total) return 'outOfRange';
  return null;
}

/** The page a go-to-page entry leads to, or null when the entry is empty or invalid. */
export function parseGoToPage(input: string, total: number): number | null {
  if (input.trim() === '' || goToPageError(input, total)) return null;
  return Number(input.trim());
}

/** 1-based index range of the items shown on a page, for "1–10 of 42". */
export function pageRange(page: number, pageSize: number, totalCount: number): { from: number; to: number } {
  if (totalCount <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, totalCount), to: Math.min(page * pageSize, totalCount) };
}
