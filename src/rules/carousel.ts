// How many products the featured carousel shows side by side (spec 1 §9), and where it may move.
// Pure: the screen measures the window and asks.
import { CAROUSEL_ITEMS_BEFORE_MEASURE, CAROUSEL_MAX_ITEMS, CAROUSEL_WIDTHS } from './constants.ts';

/**
 * Items in view for a window width: 1 up to 1280 px, 2 up to 1762, 3 up to 2160, 4 up to 2758,
 * 5 up to 3356, 6 up to 3954, 7 above. Before the window is measured (null): 3.
 */
export function carouselItems(windowWidth: number | null | undefined): number {
  if (windowWidth === null || windowWidth === undefined || !Number.isFinite(windowWidth) || windowWidth <= 0) {
    return CAROUSEL_ITEMS_BEFORE_MEASURE;
  }
  for (const [maxWidth, items] of CAROUSEL_WIDTHS) if (windowWidth <= maxWidth) return items;
  return CAROUSEL_MAX_ITEMS;
}

/** The last first-visible index: the carousel never scrolls past its last slide. */
export function lastStart(total: number, inView: number): number {
  return Math.max(0, total - Math.max(1, inView));
}

/** A start index kept inside 0..lastStart (the view may have grown since it was set). */
export function clampStart(start: number, total: number, inView: number): number {
  if (!Number.isFinite(start)) return 0;
  return Math.min(Math.max(0, Math.trunc(start)), lastStart(total, inView));
}

/** Where a key press on the focused carousel moves the view, or null when the key is not one of its own. */
export function carouselKeyTarget(key: string, start: number, total: number, inView: number): number | null {
  const last = lastStart(total, inView);
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, start - 1);
    case 'ArrowRight':
      return Math.min(last, start + 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** Horizontal distance (px) a pointer must travel for a swipe to count, so a tap stays a click. */
export const SWIPE_THRESHOLD_PX = 40;
/** A pointer that moves less than this between down and up is a tap (a click may follow). */
export const TAP_TOLERANCE_PX = 8;

/** A swipe left shows the next slide, right the previous one; short moves do nothing. */
export function swipeTarget(deltaX: number, start: number, total: number, inView: number): number {
  if (Math.abs(deltaX) < SWIPE_THRESHOLD_PX) return start;
  return clampStart(start + (deltaX < 0 ? 1 : -1), total, inView);
}
