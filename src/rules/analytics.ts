// Rules of the insights (spec 3 §2.5, §5, §7.5) shared by the server and the screens: the filter
// text of the analytics calls, the custom-range rule, chart buckets and the usage periods.
import { MAX_COUNTED_TRANSACTIONS } from './constants.ts';

/** Chart intervals a request may ask (spec 3 §2.5, §7.5: 1 hour, 1 day or 7 days). */
export const CHART_INTERVALS = ['1h', '1d', '7d'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];
/** Buckets an answer may have: a request that names no interval gets the interval of its range
 * (intervalForRange), which for a short range is finer than an hour, so the 1h and 6h presets
 * draw a line of minutes instead of one or six points (read from the raw transactions). */
export const CHART_BUCKETS = ['1m', '5m', ...CHART_INTERVALS] as const;
export type ChartBucket = (typeof CHART_BUCKETS)[number];
export const FINE_BUCKETS: readonly ChartBucket[] = ['1m', '5m'];
export const INTERVAL_MS: Record<ChartBucket, number> = {
  '1m': 60_000, '5m': 300_000, '1h': 3_600_000, '1d': 86_400_000, '7d': 7 * 86_400_000,
};
/** A chart has at most this many points (1h over 31 days); a longer range needs a wider interval. */
export const MAX_CHART_POINTS = 744;

/** The interval of a chart whose request names none: 1 minute up to 1 hour, 5 minutes up to 6
 * hours, 1 hour up to 2 days, 1 day up to 31 days, else 7 days. */
export function intervalForRange(fromMs: number, toMs: number): ChartBucket {
  const span = toMs - fromMs;
  if (span <= INTERVAL_MS['1h']) return '1m';
  if (span <= 6 * INTERVAL_MS['1h']) return '5m';
  if (span <= 2 * INTERVAL_MS['1d']) return '1h';
  if (span <= 31 * INTERVAL_MS['1d']) return '1d';
  return '7d';
}

/** Traffic time presets (spec 3 §9) and their length; 'custom' takes from and to. */
export const TRAFFIC_PRESETS = ['1h', '6h', '1d', '1w', 'custom'] as const;
export type TrafficPreset = (typeof TRAFFIC_PRESETS)[number];
export const PRESET_MS: Record<Exclude<TrafficPreset, 'custom'>, number> = {
  '1h': 3_600_000, '6h': 6 * 3_600_000, '1d': 86_400_000, '1w': 7 * 86_400_000,
};

/** The custom-range rule (spec 3 §5): a range must end later than it starts. */
export const rangeEndsAfterStart = (fromMs: number, toMs: number): boolean => toMs > fromMs;

/** Usage-by-subscription periods (spec 3 §9, default 1to3): months counted back from the current
 * month, which is month 1. */
export const USAGE_PERIODS = ['1to3', '4to6', '7to9', '10to12'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];
export const DEFAULT_USAGE_PERIOD: UsagePeriod = '1to3';
export const USAGE_INTERVAL = '1M';

/** The three months (UTC, first day of each, oldest first) of a usage period at `now`. */
export function usagePeriodMonths(period: UsagePeriod, now: Date): Date[] {
  const back = { '1to3': 0, '4to6': 3, '7to9': 6, '10to12': 9 }[period];
  const months: Date[] = [];
  for (let i = 2; i >= 0; i--) months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back - i, 1)));
  return months;
}

/** The cap of counted transactions (spec 3 §9): above it the list says "over the limit". */
export const TRANSACTION_COUNT_CAP = MAX_COUNTED_TRANSACTIONS;

// ---------------------------------------------------------------- filter text
// `query` (chart, transactions) and `filter` (summary) are clauses joined by ';' (all must hold):
//   field==value            equals
//   field=in=(a,b,c)        one of
//   field=exists=true|false the field has a value (e.g. quotaId: the call counts against a quota)
// Values are percent-encoded where they hold ; , ( ) or =  (encodeURIComponent does it).

export type FilterOp = 'eq' | 'in' | 'exists';
export interface FilterClause { field: string; op: FilterOp; values: string[] }
/** Fields each call takes (others are a 400 naming the parameter). */
export const TRANSACTION_FILTER_FIELDS = ['applicationId', 'method', 'status', 'statusDetail', 'subscriptionId', 'productId', 'assetResourceId', 'refusal'] as const;
export const CHART_FILTER_FIELDS = ['applicationId', 'statusDetail', 'subscriptionId', 'productId', 'productVersionId', 'assetResourceId'] as const;
export const SUMMARY_FILTER_FIELDS = ['applicationId', 'subscriptionId', 'productId', 'productVersionId', 'assetResourceId', 'planId', 'quotaId', 'statusDetail'] as const;
export const STATUS_DETAILS = ['success', 'failure', 'exception'] as const;
export type StatusDetail = (typeof STATUS_DETAILS)[number];

/** Why the gateway refused a call (transactions.refusal; null for a call it let through). Recorded
 * with the application and credential when they are known, so a developer sees why calls fail.
 * 401: missingCredential (no key, no Basic, no Bearer), unknownCredential (unknown key, wrong
 * secret, invalid token), rotated (a key or token of before a rotation), suspended, expired,
 * pending (not provisioned yet), applicationInactive; 403: notForResource (the credential does not
 * list the resource), noAccess (no approved access under an active subscription), resourceUnavailable
 * (deleted, inactive, or a type without HTTP calls); 429: quotaExceeded. */
export const REFUSAL_REASONS = [
  'missingCredential', 'unknownCredential', 'rotated', 'suspended', 'expired', 'pending', 'applicationInactive',
  'notForResource', 'noAccess', 'resourceUnavailable', 'quotaExceeded',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Builds the filter text from the screens' choices; empty lists are left out. */
export function buildFilter(choices: Record<string, string | readonly string[] | boolean | undefined | null>): string {
  const clauses: string[] = [];
  for (const [field, value] of Object.entries(choices)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') clauses.push(`${field}=exists=${value}`);
    else if (typeof value === 'string') { if (value !== '') clauses.push(`${field}==${encodeURIComponent(value)}`); }
    else if (value.length === 1) clauses.push(`${field}==${encodeURIComponent(value[0]!)}`);
    else if (value.length > 1) clauses.push(`${field}=in=(${value.map(encodeURIComponent).join(',')})`);
  }
  return clauses.join(';');
}

/** Parses filter text; a string is the reason it is not one (the server's 400 detail). */
export function parseFilter(text: string, fields: readonly string[]): FilterClause[] | string {
  const out: FilterClause[] = [];
  for (const raw of text.split(';')) {
    const part = raw.trim();
    if (!part) continue;
    const m = /^([A-Za-z]+)(==|=in=|=exists=)(.*)$/.exec(part);
    if (!m) return `'${part}' is not a clause (field==value, field=in=(a,b) or field=exists=true).`;
    const [, field, op, rest] = m as unknown as [string, string, string, string];
    if (!fields.includes(field)) return `'${field}' cannot be filtered on here (one of ${fields.join(', ')}).`;
    try {
      if (op === '==') out.push({ field, op: 'eq', values: [decodeURIComponent(rest)] });
      else if (op === '=exists=') {
        if (rest !== 'true' && rest !== 'false') return `${field}=exists= takes true or false.`;
        out.push({ field, op: 'exists', values: [rest] });
      } else {
        const list = /^\((.*)\)$/.exec(rest);
        if (!list || !list[1]) return `${field}=in= takes a list in brackets: (a,b).`;
        out.push({ field, op: 'in', values: list[1].split(',').map((v) => decodeURIComponent(v)) });
      }
    } catch {
      return `'${part}' is not correctly percent-encoded.`;
    }
  }
  return out;
}
