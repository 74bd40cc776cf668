// Columns of the home page's featured categories grid (spec 1 §9): 2 for an even count,
// otherwise the count, at most 5; narrower windows (breakpoints 592, 948, 1280 px) use fewer.
import { FEATURED_GRID_BREAKPOINTS, FEATURED_GRID_MAX_COLUMNS } from './constants.ts';

/** Columns on a wide window: 2 for an even count, else the count, at most 5 (at least 1). */
export function featuredColumns(count: number): number {
  const n = Math.max(0, Math.trunc(count));
  if (n === 0) return 1;
  if (n % 2 === 0) return 2;
  return Math.min(n, FEATURED_GRID_MAX_COLUMNS);
}

/** The most columns a window width allows: 1 below 592 px, 2 below 948, 3 below 1280, else 5. */
export function columnsAllowed(width: number | null | undefined): number {
  if (width === null || width === undefined || !Number.isFinite(width)) return FEATURED_GRID_MAX_COLUMNS;
  const [small, medium, large] = FEATURED_GRID_BREAKPOINTS;
  if (width < small) return 1;
  if (width < medium) return 2;
  if (width < large) return 3;
  return FEATURED_GRID_MAX_COLUMNS;
}

/** Columns of the grid for `count` categories in a container `width` px wide. */
export function featuredGridColumns(count: number, width: number | null | undefined): number {
  return Math.min(featuredColumns(count), columnsAllowed(width));
}
