// Billing rules (src/rules/billing.ts): exact minor units, cycles, and each pricing model's charge.
import { describe, expect, it } from 'vitest';
import { addIntervals, amountMinor, currencyDecimals, cycleInvoice, decimalText, formatMinor, quotaLines, toDecimal, toMinor, type QuotaUsage } from '../../src/rules/billing.ts';

const q = (pricing: unknown, windows: number[]): QuotaUsage => ({ id: 'q1', title: 'Calls', unitName: 'transactions', pricing, windows });
const fixed = (value: number, type: string, overages = 0) => ({ type: 'fixed', interval: 'monthly', limit: { value, type, overages } });
const tiers = (type: string, list: Array<[number, number | null, number, number]>) =>
  ({ type, interval: 'monthly', limit: { tiers: list.map(([from, to, cost, flatFee]) => ({ from, to, cost, flatFee })) } });
const total = (usage: QuotaUsage) => quotaLines(usage, 'USD').reduce((s, l) => s + l.amount, 0);

describe('money', () => {
  it('converts decimal prices exactly, rounding half-up once', () => {
    expect(toMinor(61.42, 'USD')).toBe(6142);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(4990, 'USD')).toBe(499000);
    expect(amountMinor(0.0015, 12_345, 'USD')).toBe(1852); // 18.5175
    expect(amountMinor(0.005, 1, 'USD')).toBe(1); // half-up
    expect(amountMinor(0.0049, 1, 'USD')).toBe(0);
    expect(toMinor(500, 'JPY')).toBe(500);
    expect(toMinor('1.2345', 'KWD')).toBe(1235);
    expect(toDecimal('1.5e-3')).toEqual({ n: 15n, scale: 4 });
    expect(toDecimal('abc')).toBeNull();
    expect(decimalText(0.0015)).toBe('0.0015');
    expect(decimalText(2e-7)).toBe('0.0000002');
    expect(currencyDecimals('EUR')).toBe(2);
    expect(formatMinor(4900, 'USD')).toBe('$49.00');
  });
});

describe('cycles', () => {
  it('keeps the anchor day of calendar months, clamped to the month end', () => {
    const jan31 = new Date('2025-01-31T10:00:00Z');
    expect(addIntervals(jan31, 'monthly', 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addIntervals(jan31, 'monthly', 2).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(addIntervals(jan31, 'annually', 1).toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(addIntervals(jan31, 'weekly', 1).toISOString()).toBe('2025-02-07T10:00:00.000Z');
  });
});

describe('quota charges', () => {
  it('fixed strict charges nothing; loose, tiered and perunit limits charge overages per window', () => {
    expect(quotaLines(q(fixed(100, 'strict', 1), [500]), 'USD')).toEqual([]);
    expect(total(q(fixed(50_000, 'loose', 0.002), [62_345]))).toBe(2469); // 12,345 over × $0.002
    expect(total(q(fixed(100, 'tiered', 0.5), [150, 90, 101]))).toBe(2550); // 50 + 0 + 1 over
    expect(total(q(fixed(-1, 'loose', 1), [10]))).toBe(0);
    expect(quotaLines(q(fixed(100, 'loose', 0.5), [150]), 'USD')[0]).toMatchObject({ kind: 'overage', quantity: 50, unitPrice: '0.5', amount: 2500 });
  });

  it('volume prices every unit at the tier the total falls in, plus its flat fee', () => {
    const volume = tiers('volume', [[1, 100_000, 0.002, 0], [100_001, 1_000_000, 0.0015, 25], [1_000_001, null, 0.001, 100]]);
    expect(total(q(volume, [50_000]))).toBe(10_000);
    expect(total(q(volume, [250_000]))).toBe(37_500 + 2_500);
    expect(quotaLines(q(volume, [250_000]), 'USD')).toEqual([expect.objectContaining({ kind: 'tier', tier: 1, quantity: 250_000, flatFee: 2500 })]);
    expect(total(q(volume, [0]))).toBe(0);
  });

  it('graduated prices each tier\'s units at its price, plus the flat fee of every tier reached', () => {
    const graduated = tiers('graduated', [[1, 1_000, 0, 0], [1_001, 5_000, 0.01, 1], [5_001, null, 0.005, 10]]);
    // 1,000 free; 4,000 × 0.01 = 40 + 1; 1,000 × 0.005 = 5 + 10
    expect(total(q(graduated, [6_000]))).toBe(5_600);
    expect(quotaLines(q(graduated, [6_000]), 'USD').map((l) => [l.tier, l.quantity])).toEqual([[1, 4_000], [2, 1_000]]);
    expect(total(q(graduated, [800]))).toBe(0);
  });

  it('per-unit charges every unit; unlimited nothing; unknown pricing nothing', () => {
    expect(total(q({ type: 'perunit', interval: 'monthly', limit: { cost: 0.004 } }, [1_000, 250]))).toBe(500);
    expect(total(q({ type: 'unlimited', interval: 'monthly' }, [10_000_000]))).toBe(0);
    expect(total(q({ type: 'bogus' }, [10]))).toBe(0);
  });
});

describe('cycleInvoice', () => {
  const plan = { title: 'Growth', billing: { price: 199, currency: 'USD', interval: 'monthly', setupPrice: 99 } };
  it('bills the setup price on the first invoice only, the interval price each cycle', () => {
    const first = cycleInvoice(plan, { first: true });
    expect(first.lines.map((l) => [l.kind, l.amount])).toEqual([['setup', 9900], ['interval', 19900]]);
    expect(first.total).toBe(29800);
    const next = cycleInvoice(plan, { usage: [q({ type: 'perunit', interval: 'monthly', limit: { cost: 0.01 } }, [100])] });
    expect(next.lines.map((l) => [l.kind, l.amount])).toEqual([['usage', 100], ['interval', 19900]]);
    expect(cycleInvoice(plan, { nextInterval: false }).total).toBe(0);
  });
});
