// Pure helpers of the access requests screens: the list's query, the pre-filters of the URL
// (product, subscription, application.id, removed once read) and the label of an approval state.
import type { AccessRequestsQuery } from '../../../server/src/schemas/accessRequests.ts';

export type ApprovalFilter = 'pending' | 'approved' | 'declined';
export const APPROVAL_FILTERS: readonly ApprovalFilter[] = ['pending', 'approved', 'declined'];

/** rejected is shown (and filtered) as declined (spec 2 §4). */
export const approvalLabelOf = (state: string): ApprovalFilter | string => (state === 'rejected' ? 'declined' : state);
const toServer = (f: ApprovalFilter) => (f === 'declined' ? 'rejected' : f);

export interface AccessRequestFilters {
  states: ApprovalFilter[];
  productIds: string[];
  subscriptionIds: string[];
  applicationIds: string[];
}
export const NO_ACCESS_FILTERS: AccessRequestFilters = { states: [], productIds: [], subscriptionIds: [], applicationIds: [] };

export const accessFilterCount = (f: AccessRequestFilters) => f.states.length + f.productIds.length + f.subscriptionIds.length + f.applicationIds.length;

export interface AccessRequestListState {
  filters: AccessRequestFilters;
  search: string;
  sort: '+name' | '-name';
  page: number;
  pageSize: number;
}

export function accessRequestsQuery(state: AccessRequestListState, resourceId?: string): AccessRequestsQuery {
  const { filters, page, pageSize } = state;
  const search = state.search.trim();
  return {
    offset: (Math.max(1, page) - 1) * pageSize,
    limit: pageSize,
    sort: state.sort,
    ...(resourceId ? { resourceId } : {}),
    ...(search ? { search } : {}),
    ...(filters.states.length ? { approvalStates: filters.states.map(toServer) } : {}),
    ...(filters.productIds.length ? { productIds: filters.productIds } : {}),
    ...(filters.subscriptionIds.length ? { subscriptionIds: filters.subscriptionIds } : {}),
    ...(filters.applicationIds.length ? { applicationIds: filters.applicationIds } : {}),
  };
}

export const PREFILTER_PARAMS = ['product', 'subscription', 'application.id'] as const;

/** The URL's pre-filters, and the query string left once they are read (null when none was there). */
export function readPrefilters(search: string): { filters: Partial<AccessRequestFilters>; rest: string } | null {
  const params = new URLSearchParams(search);
  if (!PREFILTER_PARAMS.some((k) => params.has(k))) return null;
  const pick = (k: string) => params.getAll(k).map((v) => v.trim()).filter(Boolean);
  const filters: Partial<AccessRequestFilters> = {};
  if (pick('product').length) filters.productIds = pick('product');
  if (pick('subscription').length) filters.subscriptionIds = pick('subscription');
  if (pick('application.id').length) filters.applicationIds = pick('application.id');
  PREFILTER_PARAMS.forEach((k) => params.delete(k));
  return { filters, rest: params.toString() };
}
