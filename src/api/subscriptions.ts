// Subscriptions as the Request Access wizard reads them (spec 2 §3 "Subscription (as used here)",
// §7): the list (filtered by product and owner), one subscription, and the resources of its
// product version that may be registered for an application. The subscriptions issue extends
// this file with the rest of GET /subscriptions (schemas in server/src/schemas/subscriptions.ts).
import type {
  SubscriptionCreate, SubscriptionCreated as SubscriptionCreatedSchema, SubscriptionOptions as SubscriptionOptionsSchema,
  SubscriptionResource as SubscriptionResourceSchema, SubscriptionResourcesQuery, SubscriptionSummary, SubscriptionsQuery,
} from '../../server/src/schemas/subscriptions.ts';
import type { SubscriptionRequestDefinition as SubscriptionRequestDefinitionSchema } from '../../server/src/schemas/plans.ts';
import type {
  Subscription as SubscriptionDetailsSchema, SubscriptionApplication as SubscriptionApplicationSchema, SubscriptionApplicationsQuery,
} from '../../server/src/schemas/subscriptions.ts';
import type { SubscriptionUsage as SubscriptionUsageSchema } from '../../server/src/schemas/usage.ts';
import type { Static } from '@sinclair/typebox';
import type { Api, Page } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type Subscription = Static<typeof SubscriptionSummary>;
export type SubscriptionsFilter = Static<typeof SubscriptionsQuery>;

/** One resource of the subscribed product version (spec 2 §3 "Resource list item"); `registered`
 * marks those the application already holds an access request for, `group` is the asset's title. */
export type SubscriptionResource = Static<typeof SubscriptionResourceSchema>;
export type SubscriptionResourcesFilter = Static<typeof SubscriptionResourcesQuery>;
/** The page, and the product's resources.groupBy (whether the group column shows). */
export type SubscriptionResourcesPage = Page<SubscriptionResource> & { groupBy: string | null };

const one = (id: string) => `/subscriptions/${encodeURIComponent(id)}`;

export const fetchSubscriptions = (api: Api, query: SubscriptionsFilter, signal?: AbortSignal) =>
  api.list<Subscription>('/subscriptions', { query: query as Record<string, never>, ...(signal ? { signal } : {}) });

export const fetchSubscription = (api: Api, id: string) => api.get<Subscription>(one(id));

export const fetchSubscriptionResources = (api: Api, id: string, query: SubscriptionResourcesFilter) =>
  api.get<SubscriptionResourcesPage>(`${one(id)}/resources`, { query: { ...query } });

export const useSubscription = (id: string | null | undefined) =>
  useApiQuery<Subscription>(id ? keys.subscription(id) : null, (api) => fetchSubscription(api, id!));

export const useSubscriptionResources = (id: string | null, query: SubscriptionResourcesFilter) =>
  useApiQuery<SubscriptionResourcesPage>(id ? keys.subscriptionResources(id, query) : null,
    (api) => fetchSubscriptionResources(api, id!, query), { keepPreviousData: true });

// ---------------------------------------------------------------- subscribing (the side panel)

/** GET /subscriptionOptions: the owners the caller may choose for one plan, each with why not. */
export type SubscriptionOptions = SubscriptionOptionsSchema;
export type SubscriptionOwnerOption = SubscriptionOptions['owners'][number];
export type NewSubscription = SubscriptionCreate;
export type SubscriptionCreated = Static<typeof SubscriptionCreatedSchema>;
/** The plan's subscription request definition: the additional-information form's schema. */
export type SubscriptionRequestDefinition = Static<typeof SubscriptionRequestDefinitionSchema>;

export const fetchSubscriptionOptions = (api: Api, productId: string, planId: string) =>
  api.get<SubscriptionOptions>('/subscriptionOptions', { query: { product: productId, plan: planId } });

export const createSubscription = (api: Api, body: NewSubscription) => api.post<SubscriptionCreated>('/subscriptions', body);

export const fetchSubscriptionRequestDefinition = (api: Api, productId: string, planId: string, definitionId: string) =>
  api.get<SubscriptionRequestDefinition>(
    `/products/${encodeURIComponent(productId)}/plans/${encodeURIComponent(planId)}/subscriptionRequestDefinitions/${encodeURIComponent(definitionId)}`);

/** Options change with every subscription made: always asked afresh when the panel opens. */
export const useSubscriptionOptions = (productId: string | null, planId: string | null) =>
  useApiQuery<SubscriptionOptions>(productId && planId ? keys.subscriptionOptions(productId, planId) : null,
    (api) => fetchSubscriptionOptions(api, productId!, planId!), { revalidateOnMount: true });

export const useSubscriptionRequestDefinition = (productId: string, planId: string | null, definitionId: string | null) =>
  useApiQuery<SubscriptionRequestDefinition>(planId && definitionId ? keys.subscriptionRequestDefinition(productId, planId, definitionId) : null,
    (api) => fetchSubscriptionRequestDefinition(api, productId, planId!, definitionId!));

// ---------------------------------------------------------------- the subscriptions list and details

/** GET /subscriptions/{id}: the row plus the submitted data, its schema, billing and history. */
export type SubscriptionDetails = Static<typeof SubscriptionDetailsSchema>;
export type SubscriptionHistoryEntry = SubscriptionDetails['history'][number];
export type SubscriptionApplication = Static<typeof SubscriptionApplicationSchema>;
export type SubscriptionApplicationsFilter = Static<typeof SubscriptionApplicationsQuery>;
/** GET /subscriptions/{id}/usage: each quota's use in its current window (the usage bars). */
export type SubscriptionUsage = SubscriptionUsageSchema;
export type QuotaUsage = SubscriptionUsage['items'][number];

export const useSubscriptions = (query: SubscriptionsFilter | null) =>
  useApiQuery<Page<Subscription>>(query ? keys.subscriptions(query) : null, (api) => fetchSubscriptions(api, query!), { keepPreviousData: true });

/** The same answer as useSubscription (one cache entry), read with the detail's fields. */
export const useSubscriptionDetails = (id: string | null) =>
  useApiQuery<SubscriptionDetails>(id ? keys.subscription(id) : null, (api) => api.get<SubscriptionDetails>(one(id!)));

/** DELETE /subscriptions/{id}: 202 with the subscription now archiving; a job archives it. */
export const unsubscribe = (api: Api, id: string) => api.delete<SubscriptionDetails>(one(id));

export const useSubscriptionApplications = (id: string | null, query: SubscriptionApplicationsFilter) =>
  useApiQuery<Page<SubscriptionApplication>>(id ? keys.subscriptionApplications(id, query) : null,
    (api) => api.list<SubscriptionApplication>(`${one(id!)}/applications`, { query: { ...query } }), { keepPreviousData: true });

export const useSubscriptionUsage = (id: string | null) =>
  useApiQuery<SubscriptionUsage>(id ? keys.subscriptionUsage(id) : null, (api) => api.get<SubscriptionUsage>(`${one(id!)}/usage`));
