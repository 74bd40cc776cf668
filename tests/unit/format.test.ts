// Display formats of spec §9: compact counts, dates, relative times, prices, ratings.
import { describe, expect, it } from 'vitest';
import {
  COMPACT_CAP_TEXT, formatCount, formatDate, formatDateTime, formatPrice, formatRating, formatRelative, relativeParts,
} from '../../src/rules/format.ts';

describe('formatCount (compact number rule)', () => {
  it('shows counts below 10,000 in full', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(9_999)).toBe('9,999');
    expect(formatCount(9_999, 'de-DE')).toBe('9.999');
  });

  it('shows counts from 10,000 up to 999,998 compact, never rounded up', () => {
    expect(formatCount(10_000)).toBe('10K');
    expect(formatCount(12_345)).toBe('12.34K');
    expect(formatCount(999_998)).toBe('999.99K');
    expect(formatCount(12_345, 'fr-FR')).toMatch(/^12,34\s?k$/);
  });

  it('caps 999,999 and above', () => {
    expect(formatCount(999_999)).toBe(COMPACT_CAP_TEXT);
    expect(formatCount(5_000_000)).toBe('999.99K+');
  });

  it('never shows NaN', () => {
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('formatDate', () => {
  it('is YYYY-MM-DD in local time', () => {
    expect(formatDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
    expect(formatDate(new Date(2024, 11, 31).getTime())).toBe('2024-12-31');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('adds hours and minutes in formatDateTime', () => {
    expect(formatDateTime(new Date(2024, 2, 9, 7, 5))).toBe('2024-03-09 07:05');
  });
});

describe('relative time units', () => {
  const now = new Date(2024, 5, 1, 12, 0, 0).getTime();
  const ago = (seconds: number) => now - seconds * 1000;

  it('uses a 60 s minute, hours, days, weeks, 30-day months and 365-day years', () => {
    expect(relativeParts(ago(59), now)).toEqual({ value: -59, unit: 'second' });
    expect(relativeParts(ago(60), now)).toEqual({ value: -1, unit: 'minute' });
    expect(relativeParts(ago(3_599), now)).toEqual({ value: -59, unit: 'minute' });
    expect(relativeParts(ago(3_600), now)).toEqual({ value: -1, unit: 'hour' });
    expect(relativeParts(ago(86_400), now)).toEqual({ value: -1, unit: 'day' });
    expect(relativeParts(ago(6 * 86_400), now)).toEqual({ value: -6, unit: 'day' });
    expect(relativeParts(ago(7 * 86_400), now)).toEqual({ value: -1, unit: 'week' });
    expect(relativeParts(ago(29 * 86_400), now)).toEqual({ value: -4, unit: 'week' });
    expect(relativeParts(ago(30 * 86_400), now)).toEqual({ value: -1, unit: 'month' });
    expect(relativeParts(ago(364 * 86_400), now)).toEqual({ value: -12, unit: 'month' });
    expect(relativeParts(ago(365 * 86_400), now)).toEqual({ value: -1, unit: 'year' });
    expect(relativeParts(now + 2 * 3_600_000, now)).toEqual({ value: 2, unit: 'hour' });
  });

  it('reads as words in the locale', () => {
    expect(formatRelative(ago(3 * 86_400), 'en-US', now)).toBe('3 days ago');
    expect(formatRelative(ago(86_400), 'en-US', now)).toBe('yesterday');
    expect(formatRelative(ago(2 * 3_600), 'fr-FR', now)).toBe('il y a 2 heures');
    expect(formatRelative(now + 60_000, 'de-DE', now)).toBe('in 1 Minute');
  });
});

describe('formatPrice', () => {
  it('shows the currency, USD by default, with at most 2 fraction digits', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(1.5)).toBe('$1.50');
    expect(formatPrice(10)).toBe('$10');
    expect(formatPrice(9.999)).toBe('$10');
    expect(formatPrice(0.125)).toBe('$0.13');
    expect(formatPrice(19.99, 'EUR', 'fr-FR')).toMatch(/^19,99\s€$/);
    expect(formatPrice(5, null)).toBe('$5');
    expect(formatPrice(5, 'not a currency')).toBe('$5');
  });
});

describe('formatRating', () => {
  it('has exactly one decimal', () => {
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(3.46)).toBe('3.5');
    expect(formatRating(null)).toBe('0.0');
    expect(formatRating(4.25, 'pt-BR')).toBe('4,3');
  });
});
