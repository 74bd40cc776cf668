// The provider's approvals queue (issue 11, server/src/schemas/approvals.ts): the pending
// subscriptions, access requests and reviews of the products the caller's organisation provides,
// and the decision on one of them, sent to that kind's own approval route.
import type { ApprovalItem, ApprovalsQuery } from '../../server/src/schemas/approvals.ts';
import type { Api, Page, Query } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { ApprovalItem, ApprovalsQuery };
export type ApprovalType = ApprovalItem['type'];
export type Decision = 'approved' | 'rejected';

export const fetchApprovals = (api: Api, query: ApprovalsQuery) =>
  api.list<ApprovalItem>('/approvals', { query: query as Record<string, unknown> as Query });

export const useApprovals = (query: ApprovalsQuery | null) =>
  useApiQuery<Page<ApprovalItem>>(query ? keys.approvals(query) : null, (api) => fetchApprovals(api, query!), { keepPreviousData: true });

const DECISION_PATH: Record<ApprovalType, string> = {
  subscription: '/subscriptions',
  accessRequest: '/accessRequests',
  review: '/reviews',
};

/** POST /{kind}/{id}/approval with {state, reason}; an empty reason is left out. */
export const decideApproval = (api: Api, type: ApprovalType, id: string, state: Decision, reason: string) =>
  api.post<unknown>(`${DECISION_PATH[type]}/${encodeURIComponent(id)}/approval`, reason ? { state, reason } : { state });
