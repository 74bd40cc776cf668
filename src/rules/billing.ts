// Billing rules (spec 3 §3 Plan billing, Quota pricing, Invoice; issue 11): money in integer minor
// units (cents), the billing cycle of a plan, and the lines of a cycle's invoice for every pricing
// model. Pure: the server issues invoices with it, the screens show prices and invoice lines with it.
//
// Prices are stored as decimals in major units (49, 0.0015). They are read once into an exact
// decimal (digits + scale, parsed from the number's text) and every amount is rounded half-up to
// the currency's minor units only at the end of a line: 12,345 calls at $0.0015 are exactly $18.5175
// -> 1852 cents, never 1851.9999 floats.
import { DEFAULT_CURRENCY, type QuotaInterval } from './constants.ts';
import { isUnlimitedValue, readBilling, readPricing, type QuotaPricing, type Tier } from './quota.ts';

// ---------------------------------------------------------------- money

/** Minor-unit digits of currencies Intl may not know (or where it disagrees with ISO 4217). */
const DECIMALS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3 };

/** How many fraction digits the currency's minor unit has (USD 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (code in DECIMALS) return DECIMALS[code]!;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An exact decimal: value = n / 10^scale. */
export interface Decimal {
  n: bigint;
  scale: number;
}

/** Exact decimal of a stored price (a number or its text, '1.5e-3' included); null when not a finite number. */
export function toDecimal(value: number | string): Decimal | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) return null;
  const fraction = m[3] ?? '';
  const exponent = Number(m[4] ?? 0);
  let n = BigInt(`${m[2] || '0'}${fraction}`);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    n *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { n: m[1] === '-' ? -n : n, scale };
}

/** n / 10^shift rounded half away from zero (half-up for the positive amounts of invoices). */
function roundShift(n: bigint, shift: number): bigint {
  if (shift <= 0) return n * 10n ** BigInt(-shift);
  const d = 10n ** BigInt(shift);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs + d / 2n) / d;
  return negative ? -q : q;
}

/** quantity × price in minor units, rounded half-up once. */
export function amountMinor(price: number | string, quantity: number, currency: string): number {
  const d = toDecimal(price);
  if (!d || !Number.isFinite(quantity)) return 0;
  return Number(roundShift(d.n * BigInt(Math.trunc(quantity)), d.scale - currencyDecimals(currency)));
}

/** A price in major units (49.99) as minor units (4999), exactly. */
export const toMinor = (price: number | string, currency: string): number => amountMinor(price, 1, currency);

/** Minor units back to a major-unit number for display (4999 -> 49.99). */
export const fromMinor = (minor: number, currency: string): number => minor / 10 ** currencyDecimals(currency);

/** The decimal text of a stored price, for display of unit prices ('0.0015'). */
export function decimalText(price: number | string): string {
  const d = toDecimal(price);
  if (!d) return '0';
  const negative = d.n < 0n;
  const digits = (negative ? -d.n : d.n).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}`.replace(/\.?0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Minor units formatted for a locale ('$49.99', '49,99 €'). */
export function formatMinor(minor: number, currency: string = DEFAULT_CURRENCY, locale = 'en-US'): string {
  const decimals = currencyDecimals(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    .format(fromMinor(minor, currency));
}

// ---------------------------------------------------------------- billing cycle

const MS: Partial<Record<QuotaInterval, number>> = { minute: 60_000, hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };
const MONTHS: Partial<Record<QuotaInterval, number>> = { monthly: 1, annually: 12 };

/** The start of the n-th interval after `anchor` (UTC); calendar months keep the anchor's day,
 * clamped to the month's last day (Jan 31 -> Feb 28 -> Mar 31). */
export function addIntervals(anchor: Date, interval: QuotaInterval, n: number): Date {
  const ms = MS[interval];
  if (ms !== undefined) return new Date(anchor.getTime() + ms * n);
  const months = (MONTHS[interval] ?? 1) * n;
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(anchor.getTime());
  out.setUTCFullYear(y, m, Math.min(anchor.getUTCDate(), lastDay));
  return out;
}

export interface Cycle {
  /** 0 for the cycle that starts at subscription. */
  index: number;
  start: Date;
  end: Date;
}

/** The index-th billing cycle of a subscription that started at `anchor`. */
export function billingCycle(anchor: Date, interval: QuotaInterval, index: number): Cycle {
  return { index, start: addIntervals(anchor, interval, index), end: addIntervals(anchor, interval, index + 1) };
}

const ORDER: readonly QuotaInterval[] = ['minute', 'hourly', 'daily', 'weekly', 'monthly', 'annually'];

/** Whether usage of a quota counted per `quota` interval is split into windows within a cycle of
 * `cycle` interval (a daily limit in a monthly cycle: its overage is counted day by day). */
export const quotaWindowsInCycle = (quota: QuotaInterval, cycle: QuotaInterval): boolean => ORDER.indexOf(quota) < ORDER.indexOf(cycle);

// ---------------------------------------------------------------- invoice lines

export type LineKind = 'setup' | 'interval' | 'overage' | 'usage' | 'tier';

export interface InvoiceLine {
  kind: LineKind;
  /** The plan's title (setup, interval) or the quota's title. */
  title: string;
  quotaId: string | null;
  unitName: string | null;
  /** Tier position (0-based) for volume and graduated lines. */
  tier: number | null;
  /** Units charged on this line (1 for setup and interval). */
  quantity: number;
  /** Price of one unit, exact decimal text in major units ('0.0015'). */
  unitPrice: string;
  /** Flat fees of the line, minor units. */
  flatFee: number;
  /** quantity × unitPrice rounded half-up, plus flatFee; minor units. */
  amount: number;
}

export interface QuotaUsage {
  id: string;
  title: string;
  unitName: string;
  /** The stored pricing (free-form JSON, read with readPricing). */
  pricing: unknown;
  /** Units used in each quota window of the cycle (one entry when the window is the whole cycle). */
  windows: number[];
}

const line = (kind: LineKind, title: string, q: QuotaUsage | null, quantity: number, price: number | string, flatFee: number, currency: string, tier: number | null = null): InvoiceLine => ({
  kind, title, quotaId: q?.id ?? null, unitName: q?.unitName ?? null, tier, quantity,
  unitPrice: decimalText(price), flatFee, amount: amountMinor(price, quantity, currency) + flatFee,
});

/** Units of a window that fall in a graduated tier: above the previous tier's bound, up to its own. */
function unitsInTier(used: number, tiers: readonly Tier[], i: number): number {
  const t = tiers[i]!;
  const below = Math.max(0, t.from - 1, i > 0 ? (tiers[i - 1]!.to ?? Number.POSITIVE_INFINITY) : 0);
  return Math.max(0, Math.min(used, t.to ?? Number.POSITIVE_INFINITY) - below);
}

/** The tier a volume total falls in: the last whose lower bound it reaches. */
function volumeTier(used: number, tiers: readonly Tier[]): number {
  let found = -1;
  tiers.forEach((t, i) => {
    if (used >= Math.max(1, t.from)) found = i;
  });
  return found;
}

/**
 * The charge of one quota for a cycle (spec 3 §3 Quota pricing):
 * - fixed strict: nothing (calls stop at the limit); fixed loose / tiered / perunit: the units above
 *   the limit in each window at the overages price (an unlimited limit has no overage);
 * - volume: each window's units all at the price of the tier its total falls in, plus that tier's flat fee;
 * - graduated: each tier's units at that tier's price, plus the flat fee of every tier reached;
 * - perunit: every unit at the cost; unlimited: nothing.
 * Windows charged at the same price are added up before rounding. Lines of 0 are left out.
 */
export function quotaLines(q: QuotaUsage, currency: string): InvoiceLine[] {
  const pricing: QuotaPricing | null = readPricing(q.pricing);
  if (!pricing) return [];
  const windows = q.windows.map((n) => Math.max(0, Math.trunc(n)));
  const total = windows.reduce((a, b) => a + b, 0);
  const out: InvoiceLine[] = [];
  switch (pricing.type) {
    case 'unlimited':
      break;
    case 'perunit':
      if (total > 0) out.push(line('usage', q.title, q, total, pricing.cost, 0, currency));
      break;
    case 'fixed': {
      if (pricing.limitType === 'strict' || isUnlimitedValue(pricing.value) || pricing.overages <= 0) break;
      const over = windows.reduce((sum, used) => sum + Math.max(0, used - pricing.value), 0);
      if (over > 0) out.push(line('overage', q.title, q, over, pricing.overages, 0, currency));
      break;
    }
    case 'volume':
    case 'graduated': {
      const tiers = pricing.tiers;
      const quantity = tiers.map(() => 0);
      const reached = tiers.map(() => 0);
      for (const used of windows) {
        if (pricing.type === 'volume') {
          const i = volumeTier(used, tiers);
          if (i >= 0) {
            quantity[i]! += used;
            reached[i]! += 1;
          }
        } else {
          tiers.forEach((_, i) => {
            const units = unitsInTier(used, tiers, i);
            if (units > 0) {
              quantity[i]! += units;
              reached[i]! += 1;
            }
          });
        }
      }
      tiers.forEach((t, i) => {
        if (reached[i]! === 0) return;
        const l = line('tier', q.title, q, quantity[i]!, t.cost, toMinor(t.flatFee, currency) * reached[i]!, currency, i);
        if (l.amount > 0) out.push(l);
      });
      break;
    }
  }
  return out.filter((l) => l.amount > 0);
}

export interface PlanForBilling {
  title: string;
  billing: unknown;
}

export interface CycleInvoice {
  currency: string;
  lines: InvoiceLine[];
  /** Sum of the lines, minor units. */
  total: number;
}

/**
 * The invoice of a plan's cycle. The first invoice (at subscription) carries the setup price and
 * the first interval price; an invoice at the end of cycle k carries cycle k's usage charges and
 * the price of the next interval (`nextInterval: false` on a final invoice: usage only).
 */
export function cycleInvoice(plan: PlanForBilling, options: { first?: boolean; nextInterval?: boolean; usage?: QuotaUsage[] }): CycleInvoice {
  const billing = readBilling(plan.billing);
  const currency = billing.currency;
  const lines: InvoiceLine[] = [];
  if (options.first && billing.setupPrice > 0) lines.push(line('setup', plan.title, null, 1, billing.setupPrice, 0, currency));
  for (const q of options.usage ?? []) lines.push(...quotaLines(q, currency));
  if (options.nextInterval !== false && billing.price > 0) lines.push(line('interval', plan.title, null, 1, billing.price, 0, currency));
  return { currency, lines, total: lines.reduce((sum, l) => sum + l.amount, 0) };
}
