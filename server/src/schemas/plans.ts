// The read side of plans, quotas, plan resources, subscription request definitions and the
// units used by plan quotas (spec 3 §3, §7.1). Writes (subscribing) live with subscriptions.
//
// Paging: limit + offset, or page + pageSize (page wins when both are given).
// Plan visibility: consumers see active plans (and, with includePlansWithSubscriptions=true, any
// plan their organisation holds a live subscription to); provider users see every plan.
// Quotas: an empty assetResources list with allResources=true means the quota (and so the plan)
// covers every resource of the product.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Paging, Repeated } from './common.ts';
import { Literals, AssetResource, Strict } from './catalogue.ts';
import { FILTER_SEARCH_MAX_LENGTH, MAX_PAGE_LIMIT, PLANS_PAGE_SIZE } from '../../../src/rules/constants.ts';

export const PLAN_TYPES = ['free', 'paid'] as const;
export const PLAN_STATES = ['active', 'draft', 'archived'] as const;
/** +sortOrder is the provider's own order of plans (the default). */
export const PLAN_SORTS = ['+sortOrder', '+title', '-title', '+metadata.createdAt', '-metadata.createdAt'] as const;
export const QUOTA_SORTS = ['+sortOrder', '+title', '-title'] as const;

const PageVariant = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT })),
};

export const PlansQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: PLANS_PAGE_SIZE })),
  offset: Paging.offset,
  ...PageVariant,
  'plan.state': Repeated(Literals(PLAN_STATES)),
  'plan.type': Repeated(Literals(PLAN_TYPES)),
  includePlansWithSubscriptions: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Literals(PLAN_SORTS)),
}, Strict);
export type PlansQuery = Static<typeof PlansQuery>;

export const PlanParams = Type.Object({ id: Id, planId: Id });
export const QuotaParams = Type.Object({ id: Id, planId: Id, quotaId: Id });
export const DefinitionParams = Type.Object({ id: Id, planId: Id, definitionId: Id });

export const QuotasQuery = Type.Object({
  ...Paging,
  ...PageVariant,
  /** Accepted for compatibility with the original client (it names the subscriber); quotas are
   * the same for every owner, usage against them is read from the usage API. */
  'owner.id': Type.Optional(Id),
  sort: Type.Optional(Literals(QUOTA_SORTS)),
}, Strict);
export type QuotasQuery = Static<typeof QuotasQuery>;
export const PlanResourcesQuery = Type.Object({ ...Paging, ...PageVariant, owner: Type.Optional(Id) }, Strict);

export const Quota = Type.Object({
  id: Type.String(),
  title: Type.String(),
  planId: Type.String(),
  unit: Type.Object({ name: Type.String(), title: Type.String() }),
  /** {type: fixed|unlimited|volume|graduated|perunit, interval, limit: {value, type, overages} | {tiers[]} | {cost}} */
  pricing: Type.Unknown(),
  assetResources: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  allResources: Type.Boolean(),
});
export type Quota = Static<typeof Quota>;

export const Plan = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  title: Type.String(),
  description: Type.String(),
  type: Type.String(),
  state: Type.String(),
  /** Active plan of a subscribable product whose latest version is active; paid plans need billing on. */
  canSubscribe: Type.Boolean(),
  approval: Type.String(),
  billing: Type.Unknown(),
  subscription: Type.Object({
    definitionId: Type.Union([Type.String(), Type.Null()]),
    cycles: Type.Optional(Type.Unknown()),
    intervalType: Type.Optional(Type.Unknown()),
  }),
  quotas: Type.Array(Quota),
  /** Live subscriptions of the caller's organisation to this plan. */
  subscriptions: Type.Object({ totalCount: Type.Integer() }),
  metadata: Type.Object({ createdAt: Type.String({ format: 'date-time' }) }),
});
export type Plan = Static<typeof Plan>;

export const SubscriptionRequestDefinition = Type.Object({
  id: Type.String(), title: Type.String(), schema: Type.Unknown(),
});

export const PlanResource = AssetResource;

export const UnitsQuery = Type.Object({
  ...Paging,
  ...PageVariant,
  /** Substring of the unit name or title. */
  'search.unit.name': Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  /** Unit names to leave out (e.g. transactions). */
  'excluded.resource.name': Repeated(Type.String({ minLength: 1, maxLength: 100 })),
}, Strict);
export type UnitsQuery = Static<typeof UnitsQuery>;
export const Unit = Type.Object({ name: Type.String(), title: Type.String() });
