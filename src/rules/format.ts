// Display formats of spec §9 (numbers, dates, relative times, prices, ratings) as pure functions.
// Screens call them through useFormat() so the locale is applied; the server may call them too.
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, PRICE_MAX_FRACTION_DIGITS } from './constants.ts';

/** Counts below this are shown in full ("9,999"). */
export const COMPACT_FROM = 10_000;
/** Counts at or above this are capped and shown as COMPACT_CAP_TEXT. */
export const COMPACT_CAP = 999_999;
export const COMPACT_CAP_TEXT = '999.99K+';

/**
 * Compact number rule: below 10,000 in full; below 999,999 compact ("12.3K"); otherwise '999.99K+'.
 * Non-finite input shows as '0' rather than 'NaN' so a missing count never breaks a tile.
 */
export function formatCount(value: number, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  if (abs < COMPACT_FROM) return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  if (abs < COMPACT_CAP) {
    // Truncate so a count is never shown larger than it is (999,998 -> 999.99K, not 1M).
    return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2, roundingMode: 'trunc' }).format(value);
  }
  return value < 0 ? `-${COMPACT_CAP_TEXT}` : COMPACT_CAP_TEXT;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** YYYY-MM-DD in the viewer's time zone; '' for a missing or invalid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD HH:mm, for histories and transactions where the time of day matters. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const day = formatDate(value);
  if (!day) return '';
  const date = toDate(value as Date | string | number)!;
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** Seconds per unit: minute 60 s, hour, day, week, a 30-day month and a 365-day year. */
export const RELATIVE_UNITS: ReadonlyArray<readonly [RelativeUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** The largest whole unit of a time difference (negative = in the past). */
export function relativeParts(value: Date | string | number, now: Date | number = Date.now()): { value: number; unit: RelativeUnit } {
  const date = toDate(value);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!date) return { value: 0, unit: 'second' };
  const seconds = Math.round((date.getTime() - nowMs) / 1000);
  const abs = Math.abs(seconds);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (abs >= size) return { value: Math.trunc(seconds / size), unit };
  }
  return { value: seconds, unit: 'second' };
}

/** "3 days ago", "in 2 hours", "now" in the given locale. */
export function formatRelative(value: Date | string | number, locale: string = DEFAULT_LOCALE, now: Date | number = Date.now()): string {
  const { value: amount, unit } = relativeParts(value, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(amount, unit);
}

/** A price with its currency (default USD), at most 2 fraction digits; whole amounts have none and
 * others keep both cents: "$49", "$1,234.50" (never "$1,234.5"), "12 €". */
export function formatPrice(amount: number, currency: string | null | undefined = DEFAULT_CURRENCY, locale: string = DEFAULT_LOCALE): string {
  const code = currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : DEFAULT_CURRENCY;
  const value = Number.isFinite(amount) ? amount : 0;
  const whole = Number.isInteger(Math.round(value * 10 ** PRICE_MAX_FRACTION_DIGITS) / 10 ** PRICE_MAX_FRACTION_DIGITS);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: whole ? 0 : PRICE_MAX_FRACTION_DIGITS,
    maximumFractionDigits: PRICE_MAX_FRACTION_DIGITS,
  }).format(value);
}

/** A rating average with one decimal: 4 -> "4.0", 3.46 -> "3.5". */
export function formatRating(average: number | null | undefined, locale: string = DEFAULT_LOCALE): string {
  const value = typeof average === 'number' && Number.isFinite(average) ? average : 0;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
