// Quota pricing (spec 3 §3, §5, §9): reading the pricing the server stores as free-form JSON,
// the monthly-equivalent rule, the unlimited threshold, and how a unit cost is shown when prices
// may carry at most 2 fraction digits. Pure: the plan page, usage tables and the server share it.
import { APPROACHING_USAGE_RATIO, DEFAULT_CURRENCY, PRICE_MAX_FRACTION_DIGITS, QUOTA_INTERVALS, UNLIMITED_LIMIT, UNLIMITED_THRESHOLD, type QuotaInterval } from './constants.ts';

export const PRICING_MODELS = ['fixed', 'unlimited', 'volume', 'graduated', 'perunit'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
/** How a fixed limit behaves once reached (spec 3 §9 "Tier mode"). */
export const LIMIT_TYPES = ['strict', 'loose', 'tiered', 'perunit'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

export interface Tier {
  from: number;
  /** null: no upper bound. */
  to: number | null;
  cost: number;
  flatFee: number;
}

export type QuotaPricing =
  | { type: 'fixed'; interval: QuotaInterval; value: number; limitType: LimitType; overages: number }
  | { type: 'unlimited'; interval: QuotaInterval }
  | { type: 'volume' | 'graduated'; interval: QuotaInterval; tiers: Tier[] }
  | { type: 'perunit'; interval: QuotaInterval; cost: number };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function isInterval(value: unknown): value is QuotaInterval {
  return typeof value === 'string' && (QUOTA_INTERVALS as readonly string[]).includes(value);
}

/** A limit value that means "no limit": -1, or the threshold 999999999 and above. */
export function isUnlimitedValue(value: number | null | undefined): boolean {
  return value === UNLIMITED_LIMIT || (typeof value === 'number' && value >= UNLIMITED_THRESHOLD);
}

/**
 * The stored pricing, typed; null when it is not one of the five models (the screen then says it
 * cannot show the quota rather than guessing). The interval defaults to monthly. 'per-unit' is
 * accepted for 'perunit' as the spec spells it both ways.
 */
export function readPricing(raw: unknown): QuotaPricing | null {
  const p = obj(raw);
  const type = p.type === 'per-unit' ? 'perunit' : p.type;
  const interval: QuotaInterval = isInterval(p.interval) ? p.interval : 'monthly';
  const limit = obj(p.limit);
  switch (type) {
    case 'fixed': {
      const value = num(limit.value);
      if (value === null) return null;
      const lt = limit.type === 'per-unit' ? 'perunit' : limit.type;
      const limitType: LimitType = (LIMIT_TYPES as readonly unknown[]).includes(lt) ? (lt as LimitType) : 'strict';
      return { type, interval, value, limitType, overages: num(limit.overages) ?? 0 };
    }
    case 'unlimited':
      return { type, interval };
    case 'volume':
    case 'graduated': {
      const list = Array.isArray(limit.tiers) ? limit.tiers : [];
      const tiers: Tier[] = [];
      for (const item of list) {
        const t = obj(item);
        const from = num(t.from);
        if (from === null) return null;
        const to = t.to === null || t.to === undefined ? null : num(t.to);
        tiers.push({ from, to: to !== null && isUnlimitedValue(to) ? null : to, cost: num(t.cost) ?? 0, flatFee: num(t.flatFee) ?? 0 });
      }
      if (tiers.length === 0) return null;
      return { type, interval, tiers: tiers.sort((a, b) => a.from - b.from) };
    }
    case 'perunit': {
      const cost = num(limit.cost);
      return cost === null ? null : { type, interval, cost };
    }
    default:
      return null;
  }
}

/** How many of an interval fit in a month (spec 3 §5); annually is the one division. */
export const PER_MONTH: Record<QuotaInterval, number> = {
  minute: 60 * 24 * 30,
  hourly: 24 * 30,
  daily: 30,
  weekly: 4,
  monthly: 1,
  annually: 1 / 12,
};

export interface MonthlyEquivalent {
  value: number;
  unlimited: boolean;
}

/**
 * Monthly equivalent of a quota limit (spec 3 §5): a value of 999999999 or more is shown as is
 * and treated as unlimited (so is -1); otherwise annually /12 rounded down, weekly ×4, daily ×30,
 * hourly ×24×30, minute ×60×24×30, monthly as is.
 */
export function monthlyEquivalent(value: number, interval: QuotaInterval): MonthlyEquivalent {
  if (isUnlimitedValue(value)) return { value, unlimited: true };
  if (interval === 'annually') return { value: Math.floor(value / 12), unlimited: false };
  return { value: value * PER_MONTH[interval], unlimited: false };
}

/** The monthly equivalent of a pricing's limit; null when the model has no count limit. */
export function pricingMonthlyEquivalent(pricing: QuotaPricing): MonthlyEquivalent | null {
  if (pricing.type === 'unlimited') return { value: UNLIMITED_THRESHOLD, unlimited: true };
  if (pricing.type === 'fixed') return monthlyEquivalent(pricing.value, pricing.interval);
  return null;
}

/** Whether a fixed limit lets calls go on past the limit (billed as overages) or stops them. */
export function allowsOverages(pricing: QuotaPricing): boolean {
  return pricing.type === 'fixed' && pricing.limitType !== 'strict' && pricing.overages > 0;
}

const SCALES = [1, 1_000, 1_000_000] as const;
export type UnitScale = (typeof SCALES)[number];

/**
 * Prices show at most 2 fraction digits, so a cost of $0.0015 a call would read "$0.00". The
 * cost is shown per the smallest batch of units (1, 1,000 or 1,000,000) at which it is exact to
 * the cent: 0.05 -> per unit, 0.0015 -> $1.50 per 1,000, 0.00002 -> $0.02 per 1,000.
 */
export function unitCostScale(cost: number): UnitScale {
  if (!Number.isFinite(cost) || cost === 0) return 1;
  const factor = 10 ** PRICE_MAX_FRACTION_DIGITS;
  for (const scale of SCALES) {
    const cents = Math.abs(cost) * scale * factor;
    if (Math.abs(cents - Math.round(cents)) < 1e-6 && Math.round(cents) >= 1) return scale;
  }
  return 1_000_000;
}

/** The cost of one batch of `unitCostScale(cost)` units, rounded to the cent. */
export function scaledCost(cost: number): { amount: number; per: UnitScale } {
  const per = unitCostScale(cost);
  const factor = 10 ** PRICE_MAX_FRACTION_DIGITS;
  return { amount: Math.round(cost * per * factor) / factor, per };
}

/** The lowest per-unit cost of a tiered pricing, for summaries ("from $1 per 1,000"). */
export function lowestTierCost(tiers: readonly Tier[]): number {
  return tiers.reduce((min, t) => Math.min(min, t.cost), Number.POSITIVE_INFINITY);
}

export interface PlanBilling {
  price: number;
  /** ISO code; USD when the plan names none (spec 3 §9). */
  currency: string;
  interval: QuotaInterval | null;
  setupPrice: number;
}

/** A plan's billing as stored ({price, currency, interval, setupPrice}), with the defaults. */
export function readBilling(raw: unknown, defaultCurrency: string = DEFAULT_CURRENCY): PlanBilling {
  const b = obj(raw);
  const currency = typeof b.currency === 'string' && /^[A-Za-z]{3}$/.test(b.currency) ? b.currency.toUpperCase() : defaultCurrency;
  return {
    price: num(b.price) ?? 0,
    currency,
    interval: isInterval(b.interval) ? b.interval : null,
    setupPrice: num(b.setupPrice) ?? 0,
  };
}

// ── usage against a limit (spec 3 §4) and how the gateway enforces it ─────────────────────────────

/** How a call counts against a quota in the gateway: 'strict' refuses past `limit`, 'loose' lets
 * calls go on and counts the overage, 'unlimited' only counts (unlimited values, the unlimited
 * model, and the volume, graduated and per-unit models, billed by count with no limit). */
export interface QuotaLimit {
  mode: 'strict' | 'loose' | 'unlimited';
  /** null when mode is 'unlimited' */
  limit: number | null;
}

/** The limit a pricing sets on calls; a pricing that cannot be read counts without a limit (a
 * provider's typo must not stop every call). Fixed limits of type tiered and per-unit allow
 * overages, as loose ones do. */
export function quotaLimit(pricing: QuotaPricing | null): QuotaLimit {
  if (!pricing || pricing.type !== 'fixed' || isUnlimitedValue(pricing.value)) return { mode: 'unlimited', limit: null };
  return { mode: pricing.limitType === 'strict' ? 'strict' : 'loose', limit: Math.max(0, Math.floor(pricing.value)) };
}

export const USAGE_STATES = ['none', 'approaching', 'reached', 'exceeded'] as const;
export type UsageState = (typeof USAGE_STATES)[number];

/** Spec 3 §4: approaching from 0.75 of the limit, reached at exactly the limit, exceeded above
 * it; none below 0.75 or without a limit (null, -1, 999999999 and above). A limit of 0 is reached
 * at once and exceeded by any use. */
export function usageState(used: number, limit: number | null): UsageState {
  if (limit === null || isUnlimitedValue(limit) || limit < 0) return 'none';
  if (used > limit) return 'exceeded';
  if (used === limit) return 'reached';
  return used / limit >= APPROACHING_USAGE_RATIO ? 'approaching' : 'none';
}

/** The share of the limit used (a usage bar's length, may exceed 1); null without a limit. */
export function usageRatio(used: number, limit: number | null): number | null {
  if (limit === null || isUnlimitedValue(limit) || limit < 0) return null;
  return limit === 0 ? (used > 0 ? Number.POSITIVE_INFINITY : 1) : used / limit;
}

export interface QuotaWindow {
  start: Date;
  /** exclusive: the next window's start */
  end: Date;
}

/** The counting window of an interval holding `at`, on calendar bounds in UTC: the minute, the
 * hour, the day, the ISO week (from Monday), the month, the year. Every instance and the usage
 * screens agree on it without a stored anchor. */
export function quotaWindow(interval: QuotaInterval, at: Date): QuotaWindow {
  const y = at.getUTCFullYear();
  const mo = at.getUTCMonth();
  const d = at.getUTCDate();
  const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));
  switch (interval) {
    case 'minute': {
      const start = Math.floor(at.getTime() / 60_000) * 60_000;
      return { start: new Date(start), end: new Date(start + 60_000) };
    }
    case 'hourly': {
      const start = Math.floor(at.getTime() / 3_600_000) * 3_600_000;
      return { start: new Date(start), end: new Date(start + 3_600_000) };
    }
    case 'daily':
      return { start: utc(y, mo, d), end: utc(y, mo, d + 1) };
    case 'weekly': {
      const sinceMonday = (at.getUTCDay() + 6) % 7;
      return { start: utc(y, mo, d - sinceMonday), end: utc(y, mo, d - sinceMonday + 7) };
    }
    case 'monthly':
      return { start: utc(y, mo, 1), end: utc(y, mo + 1, 1) };
    case 'annually':
      return { start: utc(y, 0, 1), end: utc(y + 1, 0, 1) };
  }
}
