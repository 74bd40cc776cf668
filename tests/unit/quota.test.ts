// Quota rules of spec 3 §5 and §9: the monthly equivalent, the unlimited threshold, reading the
// five pricing models, and unit costs shown within 2 fraction digits.
import { describe, expect, it } from 'vitest';
import {
  allowsOverages, isUnlimitedValue, lowestTierCost, monthlyEquivalent, pricingMonthlyEquivalent, readBilling, readPricing,
  quotaLimit, quotaWindow, scaledCost, unitCostScale, usageRatio, usageState,
} from '../../src/rules/quota.ts';
import { UNLIMITED_THRESHOLD } from '../../src/rules/constants.ts';

describe('monthlyEquivalent', () => {
  it('converts each interval to a month', () => {
    expect(monthlyEquivalent(1000, 'monthly')).toEqual({ value: 1000, unlimited: false });
    expect(monthlyEquivalent(1000, 'weekly')).toEqual({ value: 4000, unlimited: false });
    expect(monthlyEquivalent(1000, 'daily')).toEqual({ value: 30_000, unlimited: false });
    expect(monthlyEquivalent(10, 'hourly')).toEqual({ value: 10 * 24 * 30, unlimited: false });
    expect(monthlyEquivalent(100, 'minute')).toEqual({ value: 100 * 60 * 24 * 30, unlimited: false });
  });

  it('divides an annual limit by 12 and rounds down', () => {
    expect(monthlyEquivalent(1_200_000, 'annually')).toEqual({ value: 100_000, unlimited: false });
    expect(monthlyEquivalent(100, 'annually')).toEqual({ value: 8, unlimited: false });
    expect(monthlyEquivalent(11, 'annually')).toEqual({ value: 0, unlimited: false });
  });

  it('shows 999999999 and above as is, and as unlimited, whatever the interval', () => {
    expect(monthlyEquivalent(UNLIMITED_THRESHOLD, 'daily')).toEqual({ value: UNLIMITED_THRESHOLD, unlimited: true });
    expect(monthlyEquivalent(UNLIMITED_THRESHOLD + 5, 'annually')).toEqual({ value: UNLIMITED_THRESHOLD + 5, unlimited: true });
    expect(monthlyEquivalent(UNLIMITED_THRESHOLD - 1, 'monthly')).toEqual({ value: UNLIMITED_THRESHOLD - 1, unlimited: false });
    // Just under the threshold per day is far above it per month, but only the stored value counts.
    expect(monthlyEquivalent(UNLIMITED_THRESHOLD - 1, 'daily').unlimited).toBe(false);
  });

  it('treats -1 as unlimited', () => {
    expect(isUnlimitedValue(-1)).toBe(true);
    expect(monthlyEquivalent(-1, 'hourly').unlimited).toBe(true);
    expect(isUnlimitedValue(0)).toBe(false);
  });
});

describe('readPricing', () => {
  it('reads a fixed limit with its type and overages', () => {
    expect(readPricing({ type: 'fixed', interval: 'daily', limit: { value: 50_000, type: 'loose', overages: 0.0005 } }))
      .toEqual({ type: 'fixed', interval: 'daily', value: 50_000, limitType: 'loose', overages: 0.0005 });
    expect(readPricing({ type: 'fixed', interval: 'monthly', limit: { value: 200, type: 'per-unit', overages: 0.05 } }))
      .toMatchObject({ limitType: 'perunit' });
  });

  it('reads unlimited, per-unit and both tiered models', () => {
    expect(readPricing({ type: 'unlimited', interval: 'monthly', limit: { value: -1 } })).toEqual({ type: 'unlimited', interval: 'monthly' });
    expect(readPricing({ type: 'perunit', interval: 'monthly', limit: { cost: 0.004 } })).toEqual({ type: 'perunit', interval: 'monthly', cost: 0.004 });
    const tiers = [{ from: 100_001, to: null, cost: 0.001, flatFee: 100 }, { from: 1, to: 100_000, cost: 0.002, flatFee: 0 }];
    const volume = readPricing({ type: 'volume', interval: 'weekly', limit: { tiers } });
    expect(volume).toMatchObject({ type: 'volume', interval: 'weekly' });
    // Sorted by their lower bound; an open upper bound stays null.
    expect(volume && 'tiers' in volume && volume.tiers.map((t) => [t.from, t.to])).toEqual([[1, 100_000], [100_001, null]]);
    expect(readPricing({ type: 'graduated', limit: { tiers } })).toMatchObject({ type: 'graduated', interval: 'monthly' });
  });

  it('refuses what is not one of the five models', () => {
    expect(readPricing(null)).toBeNull();
    expect(readPricing({ type: 'mystery', limit: {} })).toBeNull();
    expect(readPricing({ type: 'fixed', limit: {} })).toBeNull();
    expect(readPricing({ type: 'volume', limit: { tiers: [] } })).toBeNull();
  });

  it('gives the monthly equivalent of a pricing, none for cost-only models', () => {
    expect(pricingMonthlyEquivalent(readPricing({ type: 'fixed', interval: 'weekly', limit: { value: 10, type: 'strict' } })!))
      .toEqual({ value: 40, unlimited: false });
    expect(pricingMonthlyEquivalent(readPricing({ type: 'unlimited', interval: 'monthly' })!)?.unlimited).toBe(true);
    expect(pricingMonthlyEquivalent(readPricing({ type: 'perunit', limit: { cost: 1 } })!)).toBeNull();
  });

  it('knows when a fixed limit bills overages', () => {
    expect(allowsOverages(readPricing({ type: 'fixed', limit: { value: 1, type: 'loose', overages: 0.1 } })!)).toBe(true);
    expect(allowsOverages(readPricing({ type: 'fixed', limit: { value: 1, type: 'strict', overages: 0.1 } })!)).toBe(false);
    expect(allowsOverages(readPricing({ type: 'fixed', limit: { value: 1, type: 'loose', overages: 0 } })!)).toBe(false);
  });
});

describe('unit costs within 2 fraction digits', () => {
  it('picks the smallest batch at which the cost is exact to the cent', () => {
    expect(unitCostScale(0.05)).toBe(1);
    expect(unitCostScale(2)).toBe(1);
    expect(unitCostScale(0.002)).toBe(1000);
    expect(unitCostScale(0.0015)).toBe(1000);
    expect(unitCostScale(0.00002)).toBe(1000);
    expect(unitCostScale(0.0000001)).toBe(1_000_000);
    expect(unitCostScale(0)).toBe(1);
  });

  it('rounds the batch cost to the cent', () => {
    expect(scaledCost(0.0015)).toEqual({ amount: 1.5, per: 1000 });
    expect(scaledCost(0.0075)).toEqual({ amount: 7.5, per: 1000 });
    expect(scaledCost(0.02)).toEqual({ amount: 0.02, per: 1 });
  });

  it('finds the lowest tier cost', () => {
    expect(lowestTierCost([{ from: 1, to: 10, cost: 0.3, flatFee: 0 }, { from: 11, to: null, cost: 0.1, flatFee: 5 }])).toBe(0.1);
  });
});

describe('readBilling', () => {
  it('reads the price, currency (default USD), interval and setup price', () => {
    expect(readBilling({ price: 49, currency: 'eur', interval: 'monthly', setupPrice: 99 }))
      .toEqual({ price: 49, currency: 'EUR', interval: 'monthly', setupPrice: 99 });
    expect(readBilling({})).toEqual({ price: 0, currency: 'USD', interval: null, setupPrice: 0 });
    expect(readBilling({ price: 'x', currency: 'dollars', interval: 'fortnightly' })).toEqual({ price: 0, currency: 'USD', interval: null, setupPrice: 0 });
  });
});

describe('quotaLimit: how the gateway enforces a pricing', () => {
  it('strict and loose fixed limits, the rest counted without a limit', () => {
    expect(quotaLimit(readPricing({ type: 'fixed', interval: 'daily', limit: { value: 20, type: 'strict' } }))).toEqual({ mode: 'strict', limit: 20 });
    expect(quotaLimit(readPricing({ type: 'fixed', limit: { value: 20, type: 'loose', overages: 0.1 } }))).toEqual({ mode: 'loose', limit: 20 });
    // tiered and per-unit limit types bill the overage: they let calls through like loose
    expect(quotaLimit(readPricing({ type: 'fixed', limit: { value: 5, type: 'tiered' } }))).toEqual({ mode: 'loose', limit: 5 });
    expect(quotaLimit(readPricing({ type: 'fixed', limit: { value: 5, type: 'per-unit' } }))).toEqual({ mode: 'loose', limit: 5 });
    expect(quotaLimit(readPricing({ type: 'fixed', limit: { value: -1, type: 'strict' } }))).toEqual({ mode: 'unlimited', limit: null });
    expect(quotaLimit(readPricing({ type: 'fixed', limit: { value: UNLIMITED_THRESHOLD, type: 'strict' } }))).toEqual({ mode: 'unlimited', limit: null });
    expect(quotaLimit(readPricing({ type: 'unlimited' }))).toEqual({ mode: 'unlimited', limit: null });
    expect(quotaLimit(readPricing({ type: 'perunit', limit: { cost: 0.1 } }))).toEqual({ mode: 'unlimited', limit: null });
    expect(quotaLimit(readPricing({ type: 'volume', limit: { tiers: [{ from: 1, to: null, cost: 1 }] } }))).toEqual({ mode: 'unlimited', limit: null });
    expect(quotaLimit(null)).toEqual({ mode: 'unlimited', limit: null });
  });
});

describe('usageState (spec 3 §4)', () => {
  it('none below 0.75, approaching from 0.75, reached at exactly 1, exceeded above', () => {
    expect(usageState(0, 100)).toBe('none');
    expect(usageState(74, 100)).toBe('none');
    expect(usageState(75, 100)).toBe('approaching');
    expect(usageState(99, 100)).toBe('approaching');
    expect(usageState(100, 100)).toBe('reached');
    expect(usageState(101, 100)).toBe('exceeded');
    expect(usageState(3, 4)).toBe('approaching');
  });

  it('none without a limit: null, -1, the unlimited threshold', () => {
    expect(usageState(5_000, null)).toBe('none');
    expect(usageState(5_000, -1)).toBe('none');
    expect(usageState(UNLIMITED_THRESHOLD + 1, UNLIMITED_THRESHOLD)).toBe('none');
  });

  it('a limit of 0 is reached unused and exceeded by any use', () => {
    expect(usageState(0, 0)).toBe('reached');
    expect(usageState(1, 0)).toBe('exceeded');
  });

  it('usageRatio gives the bar length', () => {
    expect(usageRatio(50, 200)).toBe(0.25);
    expect(usageRatio(300, 200)).toBe(1.5);
    expect(usageRatio(1, -1)).toBeNull();
    expect(usageRatio(0, null)).toBeNull();
  });
});

describe('quotaWindow: calendar windows in UTC', () => {
  const at = new Date('2026-03-18T13:47:12.345Z'); // a Wednesday
  const w = (interval: Parameters<typeof quotaWindow>[0], when = at) => {
    const { start, end } = quotaWindow(interval, when);
    return [start.toISOString(), end.toISOString()];
  };
  it('each interval', () => {
    expect(w('minute')).toEqual(['2026-03-18T13:47:00.000Z', '2026-03-18T13:48:00.000Z']);
    expect(w('hourly')).toEqual(['2026-03-18T13:00:00.000Z', '2026-03-18T14:00:00.000Z']);
    expect(w('daily')).toEqual(['2026-03-18T00:00:00.000Z', '2026-03-19T00:00:00.000Z']);
    expect(w('weekly')).toEqual(['2026-03-16T00:00:00.000Z', '2026-03-23T00:00:00.000Z']);
    expect(w('monthly')).toEqual(['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z']);
    expect(w('annually')).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
  it('bounds: a Sunday belongs to the week begun on Monday; December rolls into the next year', () => {
    expect(w('weekly', new Date('2026-03-22T23:59:59Z'))).toEqual(['2026-03-16T00:00:00.000Z', '2026-03-23T00:00:00.000Z']);
    expect(w('weekly', new Date('2026-03-23T00:00:00Z'))[0]).toBe('2026-03-23T00:00:00.000Z');
    expect(w('monthly', new Date('2026-12-31T23:59:59Z'))).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(w('minute', new Date('2026-03-18T13:47:00.000Z'))[0]).toBe('2026-03-18T13:47:00.000Z');
  });
});
