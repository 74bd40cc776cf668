// Subscriptions (spec 3 §3, §4, §5, §7.1): the contract. A subscription is a team's (or a user's,
// in their private team) hold on one plan of a product; approval is automatic or manual per plan;
// unsubscribing moves it to archiving, and a job archives it. The access wizard (spec 2) reads the
// same list and detail.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { OwnerInput } from './applications.ts';
import { APPROVAL_STATES } from './accessRequests.ts';
import { FILTER_SEARCH_MAX_LENGTH, MAX_PAGE_LIMIT, SUBSCRIPTION_NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';

export const SUBSCRIPTION_STATES = ['active', 'archiving', 'archived', 'migrating', 'migrated', 'deleting'] as const;
export const SUBSCRIPTION_SORTS = ['+metadata.createdAt', '-metadata.createdAt'] as const;
export const SUBSCRIPTION_HISTORY_TYPES = ['requested', 'approved', 'rejected', 'archived', 'migrated'] as const;

/** Spec 3 §4: 'requested' first, then 'approved' or 'rejected' (with the reason), then 'archived'
 * (with the unsubscribe reason) or 'migrated'. `user` is who acted (null: the system). */
export const SubscriptionHistoryEntry = Type.Object({
  type: Literals(SUBSCRIPTION_HISTORY_TYPES),
  at: DateTime,
  user: Nullable(Type.Object({ id: Type.String(), name: Nullable(Type.String()) })),
  reason: Nullable(Type.String()),
});

/** A list row (GET /subscriptions) and the base of the detail. */
export const SubscriptionSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  product: Type.Object({ id: Type.String(), title: Type.String() }),
  plan: Type.Object({ id: Type.String(), title: Type.String(), type: Literals(['free', 'paid'] as const) }),
  /** A team, or a user (`contextId`: their private team). */
  owner: Type.Object({ type: Type.String(), id: Type.String(), contextId: Nullable(Type.String()), name: Nullable(Type.String()) }),
  state: Literals(SUBSCRIPTION_STATES),
  approval: Type.Object({ state: Literals(APPROVAL_STATES), reason: Nullable(Type.String()) }),
  /** Approved and active, and the caller may register resources under it. */
  canRequestAccess: Type.Boolean(),
  /** What the caller may do (src/rules/subscribe.ts mayUnsubscribe). */
  rights: Type.Object({ unsubscribe: Type.Boolean() }),
  /** Applications the caller can see that hold an access request under it. */
  applications: Type.Object({ totalCount: Type.Integer({ minimum: 0 }) }),
  archival: Type.Object({ scheduledAt: Nullable(DateTime), reason: Nullable(Type.String()) }),
  migration: Type.Object({ to: Type.Object({ scheduledAt: Nullable(DateTime) }) }),
  metadata: Type.Object({ createdAt: DateTime, modifiedAt: DateTime }),
});
export type SubscriptionSummary = Static<typeof SubscriptionSummary>;

/** GET /subscriptions/{id}: the row, plus what was submitted and how it went. */
export const Subscription = Type.Object({
  ...SubscriptionSummary.properties,
  product: Type.Object({
    id: Type.String(), title: Type.String(),
    latestVersion: Nullable(Type.Object({ id: Type.String(), state: Type.String() })),
  }),
  /** The additional information submitted, and the plan's subscription request schema it follows ({} for none). */
  data: Type.Unknown(),
  schema: Type.Unknown(),
  /** Billing facts kept by the billing area (e.g. link, currency); {} for free plans. */
  billing: Type.Unknown(),
  history: Type.Array(SubscriptionHistoryEntry),
});
export type Subscription = Static<typeof Subscription>;

export const SubscriptionsQuery = Type.Object({
  product: Type.Optional(Id),
  /** The same as product (the name the original client sends). */
  productId: Type.Optional(Id),
  plan: Type.Optional(Id),
  /** Subscriptions under which this resource can be requested (the wizard). */
  resource: Type.Optional(Id),
  /** Owner team or user ids (a user owner also matches by their private team). */
  owner: Repeated(Id),
  ownerId: Repeated(Id),
  states: Repeated(Literals(SUBSCRIPTION_STATES)),
  approvalStates: Repeated(Literals(APPROVAL_STATES)),
  /** Matches the subscription's or the product's title. */
  searchText: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  search: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  sort: Type.Optional(Literals(SUBSCRIPTION_SORTS)),
  /** Paging: page (or currentPage) and pageSize; pageSize 0 or 1 to read totalCount only. */
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
}, Strict);
export type SubscriptionsQuery = Static<typeof SubscriptionsQuery>;
export const SubscriptionParams = Type.Object({ id: Id });

export const SubscriptionCreate = Type.Object({
  /** Default 'product - plan'; trimmed. */
  title: Type.Optional(Type.String({ maxLength: SUBSCRIPTION_NAME_MAX_LENGTH + 100 })),
  product: Type.Object({ id: Id }, Strict),
  plan: Type.Object({ id: Id }, Strict),
  /** Required except for an organisation Administrator (who then subscribes as themselves). A
   * private team named as a team means its member, the caller, as the user owner. */
  owner: Type.Optional(OwnerInput),
  /** Validated against the plan's subscription request definition (400 naming data.<field>). */
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, Strict);
export type SubscriptionCreate = Static<typeof SubscriptionCreate>;
export const SubscriptionCreated = Type.Object({
  id: Type.String(),
  approval: Type.Object({ state: Literals(APPROVAL_STATES) }),
});

/** Why a plan cannot be subscribed to (src/rules/subscribe.ts PlanBlock): the disabled button's tooltip. */
export const PlanBlock = Nullable(Type.Object({
  reason: Literals(['state', 'version', 'billing', 'alreadySubscribed', 'notAllowed'] as const),
  /** The plan's or the latest version's state (reason state or version). */
  state: Type.Optional(Type.String()),
  /** The plan's title (reason alreadySubscribed). */
  plan: Type.Optional(Type.String()),
}));

/** GET /subscriptionOptions?product=&plan=: what the subscription side panel offers this caller
 * for one plan: the owners they may choose, each with the reason it is blocked (null: allowed),
 * the default title, whether a team is required and whether consent is. */
export const SubscriptionOptionsQuery = Type.Object({ product: Id, plan: Id }, Strict);
export const SubscriptionOptions = Type.Object({
  product: Type.Object({ id: Type.String(), title: Type.String() }),
  plan: Type.Object({ id: Type.String(), title: Type.String(), type: Type.String(), approval: Type.String(), definitionId: Nullable(Type.String()) }),
  defaultTitle: Type.String(),
  /** An organisation Administrator may subscribe without a team. */
  teamRequired: Type.Boolean(),
  consentRequired: Type.Boolean(),
  /** Blocked for any owner (plan or version state, billing off); null when some owner may subscribe. */
  block: PlanBlock,
  /** Private team first (as the user owner), then teams by name. */
  owners: Type.Array(Type.Object({
    type: Literals(['team', 'user'] as const),
    id: Type.String(),
    contextId: Nullable(Type.String()),
    name: Type.String(),
    private: Type.Boolean(),
    block: PlanBlock,
  })),
});
export type SubscriptionOptions = Static<typeof SubscriptionOptions>;

/** GET /subscriptions/{id}/applications: the applications holding an access request under it. */
export const SubscriptionApplicationsQuery = Type.Object({
  searchText: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  sort: Type.Optional(Literals(['+name', '-name'] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  /** 0 reads totalCount only. */
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
}, Strict);
export const SubscriptionApplication = Type.Object({
  id: Type.String(),
  title: Type.String(),
  owner: Type.Object({ type: Type.String(), id: Type.String(), name: Nullable(Type.String()) }),
});

/** GET /subscriptions/{id}/resources: the wizard's step 2. The resources of the subscription's
 * product's latest version that its plan covers (a quota naming none covers all) and that need
 * an access request. `registered` marks those `applicationId` already holds a request for;
 * `group` is the asset's title (the product's resources.groupBy says whether to show it). */
export const SubscriptionResource = Type.Object({
  id: Type.String(),
  title: Type.String(),
  group: Nullable(Type.String()),
  version: Type.String(),
  type: Type.String(),
  stage: Nullable(Type.Object({ id: Type.String(), title: Type.String() })),
  productId: Type.String(),
  versionId: Type.String(),
  status: Nullable(Type.String()),
  accessRequestDefinition: Type.Object({ id: Type.String() }),
  registered: Type.Boolean(),
});
export const SubscriptionResourcesQuery = Type.Object({
  applicationId: Type.Optional(Id),
  searchTerm: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  sort: Type.Optional(Literals(['+title', '-title'] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
}, Strict);
export const SubscriptionResources = Type.Object({
  items: Type.Array(SubscriptionResource),
  totalCount: Type.Integer({ minimum: 0 }),
  /** The product's resources.groupBy ('asset' or null): whether the wizard shows the group column. */
  groupBy: Nullable(Type.String()),
});
