// Access requests (registrations, spec 2 §3, §7): the list with its filters (also nested under a
// resource), one request, delete, and the provider's decision. Shapes are the server's contract
// (server/src/schemas/accessRequests.ts).
import type { AccessRequest, AccessRequestsQuery } from '../../server/src/schemas/accessRequests.ts';
import type { Api, Page, Query } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { AccessRequest, AccessRequestsQuery };
export type ApprovalState = AccessRequest['approval']['state'];

const one = (id: string) => `/accessRequests/${encodeURIComponent(id)}`;

export const fetchAccessRequests = (api: Api, query: AccessRequestsQuery) =>
  api.list<AccessRequest>('/accessRequests', { query: query as Record<string, unknown> as Query });

export const useAccessRequests = (query: AccessRequestsQuery | null) =>
  useApiQuery<Page<AccessRequest>>(query ? keys.accessRequests(query) : null, (api) => fetchAccessRequests(api, query!), { keepPreviousData: true });

export const useAccessRequest = (id: string | null | undefined) =>
  useApiQuery<AccessRequest>(id ? keys.accessRequest(id) : null, (api) => api.get<AccessRequest>(one(id!)));

export const deleteAccessRequest = (api: Api, id: string) => api.delete(one(id));

/** A provider Administrator approves or rejects a pending request, with a reason. */
export const decideAccessRequest = (api: Api, id: string, state: 'approved' | 'rejected', reason: string) =>
  api.post<AccessRequest>(`${one(id)}/approval`, reason ? { state, reason } : { state });

/** Names for the list's filters: the products and subscriptions the caller sees. */
export interface Named { id: string; title: string }
