// The insights' analytics calls (spec 3 §7.5; schemas in server/src/schemas/analytics.ts): the
// chart by outcome, summaries by group, the transaction list and one transaction's legs, monthly
// usage by subscription, and the selectors (applications with traffic, consumption units).
import type {
  AnalyticsApplications, AnalyticsApplicationsQuery, Chart, ChartQuery, MonthlyUsage as MonthlyUsageSchema, Summary,
  SummaryQuery, TransactionDetail as TransactionDetailSchema, Transactions, TransactionsQuery, UsageQuery,
} from '../../server/src/schemas/analytics.ts';
import type { Api, Page, Query } from './client.ts';
import type { QuotaUsage, Subscription, SubscriptionUsage } from './subscriptions.ts';
import { MAX_PAGE_LIMIT } from '../rules/constants.ts';
import { byCompliance, type ComplianceRow as Compliance } from '../rules/compliance.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

/** A subscription with its quotas' usage, worst first (src/rules/compliance.ts). */
export type ComplianceRow = Compliance<Subscription, QuotaUsage>;
export type { Chart, ChartQuery, Summary, SummaryQuery, Transactions, TransactionsQuery, UsageQuery };
export type ChartPoint = Chart['items'][number];
export type SummaryRow = Summary['items'][number];
export type TransactionSummary = Transactions['items'][number];
export type TransactionDetail = TransactionDetailSchema;
export type TransactionLeg = TransactionDetail['transactionLegEvent'][number];
export type MonthlyUsage = MonthlyUsageSchema;
export type SubscriptionUsageRow = MonthlyUsage['items'][number];
export type ResourceUsage = SubscriptionUsageRow['resources'][number];
export type AnalyticsApplication = AnalyticsApplications['items'][number];
export interface Unit { name: string; title: string }

type Q = Query;

export const fetchChart = (api: Api, query: ChartQuery) => api.get<Chart>('/analytics/chart', { query: query as unknown as Q });
export const fetchSummary = (api: Api, query: SummaryQuery) => api.get<Summary>('/analytics/summary', { query: query as unknown as Q });
export const fetchTransactions = (api: Api, query: TransactionsQuery) => api.get<Transactions>('/analytics/transactions', { query: query as unknown as Q });
export const fetchTransactionDetail = (api: Api, id: string) =>
  api.get<TransactionDetail>(`/analytics/transactionDetails/${encodeURIComponent(id)}`);
export const fetchMonthlyUsage = (api: Api, query: UsageQuery) => api.get<MonthlyUsage>('/analytics/usage', { query: query as unknown as Q });

/** Selector pages (PagedSelect's loadPage). */
export const fetchAnalyticsApplications = (api: Api, query: AnalyticsApplicationsQuery, signal?: AbortSignal) =>
  api.get<AnalyticsApplications>('/analytics/applications', { query: query as unknown as Q, ...(signal ? { signal } : {}) });
export const fetchUnits = (api: Api, page: number, limit: number, search: string, signal?: AbortSignal): Promise<Page<Unit>> =>
  api.list<Unit>('/productPlanUnits', { page, limit, query: { 'search.unit.name': search || undefined }, ...(signal ? { signal } : {}) });

/** Charts and summaries keep the previous answer while a new range loads (no flash to empty). */
const keep = { keepPreviousData: true } as const;

export const useChart = (query: ChartQuery | null) =>
  useApiQuery<Chart>(query ? keys.analyticsChart(query) : null, (api) => fetchChart(api, query!), keep);
export const useSummary = (query: SummaryQuery | null) =>
  useApiQuery<Summary>(query ? keys.analyticsSummary(query) : null, (api) => fetchSummary(api, query!), keep);
export const useTransactions = (query: TransactionsQuery | null) =>
  useApiQuery<Transactions>(query ? keys.analyticsTransactions(query) : null, (api) => fetchTransactions(api, query!), keep);
export const useTransactionDetail = (id: string | null | undefined) =>
  useApiQuery<TransactionDetail>(id ? keys.analyticsTransaction(id) : null, (api) => fetchTransactionDetail(api, id!));
export const useMonthlyUsage = (query: UsageQuery | null) =>
  useApiQuery<MonthlyUsage>(query ? keys.analyticsUsage(query) : null, (api) => fetchMonthlyUsage(api, query!), keep);

// ---------------------------------------------------------------- subscription compliance

/** The caller's active, approved subscriptions (up to MAX_PAGE_LIMIT), each with its quotas' usage
 * in their current windows (GET /subscriptions/{id}/usage, the counts the gateway enforces), over
 * or near their limits first. */
export async function fetchCompliance(api: Api): Promise<{ items: ComplianceRow[]; totalCount: number; at: string }> {
  const list = await api.list<Subscription>('/subscriptions', {
    query: { states: 'active', approvalStates: 'approved', pageSize: MAX_PAGE_LIMIT } as Q,
  });
  const rows = await Promise.all(list.items.map(async (subscription) => {
    const usage = await api.get<SubscriptionUsage>(`/subscriptions/${encodeURIComponent(subscription.id)}/usage`);
    return { subscription, quotas: usage.items as QuotaUsage[] };
  }));
  return { items: byCompliance(rows), totalCount: list.totalCount, at: new Date().toISOString() };
}

export const useCompliance = () => useApiQuery(keys.analyticsCompliance(), (api) => fetchCompliance(api), keep);
