// The insights' analytics calls (spec 3 §3, §7.5): chart, summary, transactions, transaction
// details, monthly usage and the applications selector (units: GET /productPlanUnits). Counts come
// from the gateway's transactions (rollups by hour and day, server/src/analytics/). A caller sees
// its organisation's traffic; a provider Administrator the traffic of the products it provides.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IdParams, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { MAX_PAGE_LIMIT, QUOTA_INTERVALS, TRAFFIC_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { CHART_BUCKETS, CHART_INTERVALS, REFUSAL_REASONS, STATUS_DETAILS, USAGE_INTERVAL, USAGE_PERIODS } from '../../../src/rules/analytics.ts';

/** Filter text of src/rules/analytics.ts (buildFilter / parseFilter): `field==v;field=in=(a,b)`. */
const FilterText = Type.Optional(Type.String({ maxLength: 2000 }));
const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: TRAFFIC_PAGE_SIZE })),
};
/** A range: from inclusive, to exclusive; to must be after from (400 naming `to`). */
const Range = { from: DateTime, to: DateTime };
const Count = Type.Integer({ minimum: 0 });

// ---------------------------------------------------------------- chart

export const ChartQuery = Type.Object({
  ...Range,
  /** default (intervalForRange): 1m up to 1 hour, 5m up to 6 hours (raw transactions, within their
   * retention; 1h before it), 1h up to 2 days, 1d up to 31 days, else 7d; at most 744 points */
  interval: Type.Optional(Literals(CHART_INTERVALS)),
  subscriptionId: Type.Optional(Id),
  productId: Type.Optional(Id),
  /** only 'transactions' (calls) is measured by the gateway; another unit gives zeros */
  unitId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** fields: applicationId, statusDetail, subscriptionId, productId, productVersionId, assetResourceId */
  query: FilterText,
}, Strict);
export type ChartQuery = Static<typeof ChartQuery>;

export const ChartPoint = Type.Object({
  /** start of the bucket */
  timestamp: DateTime,
  totalCount: Count,
  /** 2xx-3xx */
  successCount: Count,
  /** 4xx */
  failureCount: Count,
  /** 5xx */
  exceptionCount: Count,
});
export const Chart = Type.Object({
  /** the interval asked, or the range's (1m and 5m only then) */
  interval: Literals(CHART_BUCKETS),
  /** the range counted: from rounded down, to rounded up to whole minutes (1m), 5 minutes (5m),
   * hours (1h) or days (1d, 7d, UTC); 7d buckets start at the rounded from */
  from: DateTime,
  to: DateTime,
  /** every bucket of the range, oldest first, zeros included */
  items: Type.Array(ChartPoint),
}, Strict);
export type Chart = Static<typeof Chart>;

// ---------------------------------------------------------------- summary

export const SUMMARY_GROUPS = ['applicationId', 'subscriptionId', 'productId', 'productVersionId', 'assetResourceId', 'planId', 'quotaId'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

export const SummaryQuery = Type.Object({
  ...Range,
  /** repeated: e.g. applicationId; subscriptionId + productId; or subscription, application,
   * plan, quota, resource, product and version. None: one row for everything. */
  groupBy: Repeated(Literals(SUMMARY_GROUPS)),
  /** fields: applicationId, subscriptionId, productId, productVersionId, assetResourceId, planId,
   * quotaId (=exists=true: calls counted against a quota of the plan), statusDetail */
  filter: FilterText,
  /** unit name; only 'transactions' is measured, another gives no rows */
  unit: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** adds minDurationMs, avgDurationMs, maxDurationMs */
  durationDetails: Type.Optional(Type.Boolean()),
  ...Page,
  /** default -totalCount (then the group's keys) */
  sort: Type.Optional(Literals(['totalCount', '-totalCount', 'title', '-title'] as const)),
}, Strict);
export type SummaryQuery = Static<typeof SummaryQuery>;

/** One group: its keys (only those grouped by) with their names, and the counts. */
export const SummaryRow = Type.Object({
  applicationId: Type.Optional(Nullable(Type.String())),
  applicationName: Type.Optional(Nullable(Type.String())),
  subscriptionId: Type.Optional(Nullable(Type.String())),
  subscriptionName: Type.Optional(Nullable(Type.String())),
  productId: Type.Optional(Nullable(Type.String())),
  productName: Type.Optional(Nullable(Type.String())),
  productVersionId: Type.Optional(Nullable(Type.String())),
  productVersionName: Type.Optional(Nullable(Type.String())),
  planId: Type.Optional(Nullable(Type.String())),
  planTitle: Type.Optional(Nullable(Type.String())),
  quotaId: Type.Optional(Nullable(Type.String())),
  quotaTitle: Type.Optional(Nullable(Type.String())),
  assetResourceId: Type.Optional(Nullable(Type.String())),
  /** the resource's title (the "Analytics row per API") */
  apiName: Type.Optional(Nullable(Type.String())),
  totalCount: Count,
  successCount: Count,
  failureCount: Count,
  exceptionCount: Count,
  minDurationMs: Type.Optional(Nullable(Type.Integer())),
  avgDurationMs: Type.Optional(Nullable(Type.Number())),
  maxDurationMs: Type.Optional(Nullable(Type.Integer())),
});
export type SummaryRow = Static<typeof SummaryRow>;
export const Summary = Type.Object({
  items: Type.Array(SummaryRow),
  /** number of groups */
  totalCount: Count,
  /** the range counted (whole hours, UTC) */
  from: DateTime,
  to: DateTime,
  /** when the answer was computed (the screens' "last updated") */
  at: DateTime,
}, Strict);
export type Summary = Static<typeof Summary>;

// ---------------------------------------------------------------- transactions

export const TransactionsQuery = Type.Object({
  ...Range,
  ...Page,
  /** fields: applicationId, method, status, statusDetail, subscriptionId, productId, assetResourceId,
   * refusal (why the gateway refused the call: REFUSAL_REASONS; `refusal=exists=true`: every refused call) */
  query: FilterText,
}, Strict);
export type TransactionsQuery = Static<typeof TransactionsQuery>;

export const TransactionSummary = Type.Object({
  transactionId: Type.String(),
  timestamp: DateTime,
  applicationId: Nullable(Type.String()),
  applicationName: Nullable(Type.String()),
  transactionSummary: Type.Object({
    status: Type.Integer(),
    statusDetail: Literals(STATUS_DETAILS),
    /** the proxy: the product and resource called */
    proxy: Type.Object({ productId: Nullable(Type.String()), productName: Nullable(Type.String()), assetResourceId: Nullable(Type.String()), name: Nullable(Type.String()) }),
    entryPoint: Type.Object({ method: Type.String(), path: Type.String() }),
    duration: Type.Integer(),
    /** why the gateway refused the call (401, 403, 429), null when it let it through */
    refusal: Nullable(Literals(REFUSAL_REASONS)),
  }),
});
export type TransactionSummary = Static<typeof TransactionSummary>;
export const Transactions = Type.Object({
  items: Type.Array(TransactionSummary),
  /** matching transactions, counted up to the cap (MAX_COUNTED_TRANSACTIONS = 1000) */
  totalCount: Count,
  /** true when more than the cap match (the over-limit notice) */
  overLimit: Type.Boolean(),
}, Strict);
export type Transactions = Static<typeof Transactions>;

export const TransactionDetailParams = IdParams;
const Headers = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())]));
export const TransactionEvent = Type.Object({
  id: Type.String(),
  parentId: Nullable(Type.String()),
  source: Type.String(),
  destination: Type.String(),
  duration: Type.Number(),
  protocol: Literals(['http', 'jms'] as const),
  method: Type.String(),
  uri: Type.String(),
  /** null when no answer came back (timeout, unreachable) */
  status: Nullable(Type.Integer()),
  /** secrets (credentials, cookies, X-Agora-Upstream-*) read '[redacted]' */
  requestHeaders: Headers,
  responseHeaders: Headers,
  error: Type.Optional(Type.String()),
});
export const TransactionDetail = Type.Object({
  transactionId: Type.String(),
  timestamp: DateTime,
  applicationId: Nullable(Type.String()),
  applicationName: Nullable(Type.String()),
  subscriptionId: Nullable(Type.String()),
  productId: Nullable(Type.String()),
  productVersionId: Nullable(Type.String()),
  assetResourceId: Nullable(Type.String()),
  status: Type.Integer(),
  statusDetail: Literals(STATUS_DETAILS),
  duration: Type.Integer(),
  refusal: Nullable(Literals(REFUSAL_REASONS)),
  /** the gateway's own leg first, then the upstream leg */
  transactionLegEvent: Type.Array(Type.Object({ timestamp: DateTime, transactionEvent: TransactionEvent })),
}, Strict);
export type TransactionDetail = Static<typeof TransactionDetail>;

// ---------------------------------------------------------------- monthly usage

export const UsageQuery = Type.Object({
  /** only subscriptionId: one row a subscription, each with its resources */
  groupBy: Type.Optional(Literals(['subscriptionId'] as const)),
  /** fixed: monthly */
  interval: Type.Optional(Literals([USAGE_INTERVAL] as const)),
  /** default 1to3: this month and the two before it */
  period: Type.Optional(Literals(USAGE_PERIODS)),
  productId: Type.Optional(Id),
  subscriptionId: Type.Optional(Id),
  /** unit name of the quotas shown (default: every unit; only transactions are measured) */
  unitId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  ...Page,
}, Strict);
export type UsageQuery = Static<typeof UsageQuery>;

export const MonthCount = Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), count: Count });
export const ResourceUsage = Type.Object({
  assetResource: Type.Object({ id: Type.String(), title: Type.String() }),
  plan: Type.Object({ id: Type.String(), title: Type.String(), billingInterval: Nullable(Type.String()), currency: Nullable(Type.String()) }),
  /** null when the plan has no quota covering the resource */
  quota: Nullable(Type.Object({
    id: Type.String(),
    title: Type.String(),
    pricing: Type.Unknown(),
    unitName: Type.String(),
    unitTitle: Type.String(),
    /** the subscribed limit; null for a model without a count limit; -1 or >= 999999999 unlimited */
    limit: Nullable(Type.Number()),
    interval: Nullable(Literals(QUOTA_INTERVALS)),
    /** spec 3 §5 (src/rules/quota.ts monthlyEquivalent); null without a count limit */
    monthlyEquivalent: Nullable(Type.Object({ value: Type.Number(), unlimited: Type.Boolean() })),
  })),
  /** the period's three months, oldest first */
  months: Type.Array(MonthCount, { minItems: 3, maxItems: 3 }),
  totalCount: Count,
});
export const SubscriptionUsageRow = Type.Object({
  subscriptionId: Type.String(),
  subscriptionName: Type.String(),
  productId: Type.String(),
  productName: Type.String(),
  totalCount: Count,
  resources: Type.Array(ResourceUsage),
});
export const MonthlyUsage = Type.Object({
  period: Literals(USAGE_PERIODS),
  /** 'YYYY-MM' of the three months, oldest first */
  months: Type.Array(Type.String()),
  items: Type.Array(SubscriptionUsageRow),
  totalCount: Count,
  at: DateTime,
}, Strict);
export type MonthlyUsage = Static<typeof MonthlyUsage>;

// ---------------------------------------------------------------- selectors

export const AnalyticsApplicationsQuery = Type.Object({
  ...Page,
  sort: Type.Optional(Literals(['title', '-title'] as const)),
  /** substring of the title */
  search: Type.Optional(Type.String({ maxLength: 200 })),
}, Strict);
export type AnalyticsApplicationsQuery = Static<typeof AnalyticsApplicationsQuery>;
/** Applications whose traffic the caller may see (a provider Administrator: those that called its products). */
export const AnalyticsApplication = Type.Object({ id: Type.String(), title: Type.String(), orgId: Type.String() });
export const AnalyticsApplications = Type.Object({ items: Type.Array(AnalyticsApplication), totalCount: Count }, Strict);
export type AnalyticsApplications = Static<typeof AnalyticsApplications>;
