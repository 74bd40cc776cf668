// Access requests (registrations), their definitions and the provider's decision (spec 2 §3, §4,
// §7): the contract. An access request registers one resource of a subscribed product to an
// application; approval is automatic or manual per access request definition.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { Metadata } from './applications.ts';
import { ACCESS_REQUESTS_PAGE_SIZE, FILTER_SEARCH_MAX_LENGTH, MAX_PAGE_LIMIT, NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';

export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export const ACCESS_REQUEST_SORTS = ['+name', '-name'] as const;

export const HistoryEntry = Type.Object({
  type: Literals(['requested', 'approved', 'rejected'] as const),
  at: DateTime,
  user: Nullable(Type.Object({ id: Type.String(), name: Nullable(Type.String()) })),
  reason: Nullable(Type.String()),
});

export const AccessRequestDefinition = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** JSON schema of the additional information; may have no properties. */
  schema: Type.Unknown(),
  approval: Literals(['automatic', 'manual'] as const),
  applicationProfileDefinition: Nullable(Type.Object({ id: Type.String() })),
});

export const AccessRequest = Type.Object({
  id: Type.String(),
  title: Type.String(),
  application: Type.Object({ id: Type.String(), title: Type.String() }),
  subscription: Type.Object({ id: Type.String(), title: Type.String() }),
  product: Type.Object({ id: Type.String(), title: Type.String(), version: Type.Object({ id: Type.String() }) }),
  assetResource: Type.Object({
    id: Type.String(),
    title: Type.String(),
    type: Type.String(),
    productVersionId: Type.String(),
    stage: Nullable(Type.Object({ id: Type.String(), title: Type.String() })),
    status: Nullable(Type.String()),
    accessRequestDefinition: Nullable(Type.Object({ id: Type.String() })),
    credentialRequestDefinitions: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), crdType: Type.String() })),
    /** Approved, resource not deleted, latest version, subscription active: credentials may be created. */
    canRequestAccessOrCredential: Type.Boolean(),
  }),
  approval: Type.Object({ state: Literals(APPROVAL_STATES), reason: Nullable(Type.String()) }),
  metadata: Metadata,
  schema: Type.Unknown(),
  data: Type.Unknown(),
  provisioning: Type.Object({ status: Type.String(), schema: Type.Unknown(), data: Type.Unknown() }),
  applicationProfileDefinition: Nullable(Type.Object({ id: Type.String() })),
  /** requested first, then approved or rejected with the reason. */
  history: Type.Array(HistoryEntry),
  /** The caller may decide it (a provider Administrator, while pending). */
  rights: Type.Object({ approve: Type.Boolean(), delete: Type.Boolean() }),
});
export type AccessRequest = Static<typeof AccessRequest>;

export const AccessRequestsQuery = Type.Object({
  productIds: Repeated(Id),
  subscriptionIds: Repeated(Id),
  applicationIds: Repeated(Id),
  approvalStates: Repeated(Literals(APPROVAL_STATES)),
  resourceId: Type.Optional(Id),
  /** Matches the request's name or its subscription's name. */
  search: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: ACCESS_REQUESTS_PAGE_SIZE })),
  sort: Type.Optional(Literals(ACCESS_REQUEST_SORTS)),
}, Strict);
export type AccessRequestsQuery = Static<typeof AccessRequestsQuery>;
/** The nested variant under a resource takes the same filters but the resource. */
export const ResourceAccessRequestsQuery = Type.Omit(AccessRequestsQuery, ['resourceId'], Strict);

export const AccessRequestCreate = Type.Object({
  /** Default "resource - product". */
  title: Type.Optional(Type.String({ maxLength: NAME_MAX_LENGTH + 100 })),
  product: Type.Object({ id: Id, version: Type.Object({ id: Id }, Strict) }, Strict),
  assetResource: Type.Object({ id: Id }, Strict),
  subscription: Type.Object({ id: Id }, Strict),
  /** Validated against the resource's access request definition schema (400 naming data.<field>). */
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, Strict);
export type AccessRequestCreate = Static<typeof AccessRequestCreate>;
export const AccessRequestCreated = Type.Object({ id: Type.String(), approval: Type.Object({ state: Literals(APPROVAL_STATES) }) });

export const ApprovalDecision = Type.Object({
  state: Literals(['approved', 'rejected'] as const),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
}, Strict);

export const AccessRequestParams = Type.Object({ id: Id });
export const AccessRequestQuery = Type.Object({ decrypt: Type.Optional(Type.Boolean()) }, Strict);

/** Subscriptions as the wizard and the filters read them (spec 2 §3 "Subscription (as used here)").
 * The subscriptions issue owns the whole GET /subscriptions; this is the part spec 2 needs. */
export const SUBSCRIPTION_STATES = ['active', 'archiving', 'archived', 'migrating', 'migrated', 'deleting'] as const;
export const SubscriptionSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  product: Type.Object({ id: Type.String(), title: Type.String() }),
  plan: Type.Object({ id: Type.String(), title: Type.String() }),
  owner: Type.Object({ type: Type.String(), id: Type.String(), name: Nullable(Type.String()) }),
  state: Literals(SUBSCRIPTION_STATES),
  approval: Type.Object({ state: Literals(APPROVAL_STATES), reason: Nullable(Type.String()) }),
  /** Approved and active, and the caller may register resources under it. */
  canRequestAccess: Type.Boolean(),
  archival: Type.Object({ scheduledAt: Nullable(DateTime) }),
  migration: Type.Object({ to: Type.Object({ scheduledAt: Nullable(DateTime) }) }),
  metadata: Type.Object({ createdAt: DateTime }),
});
export const SubscriptionsQuery = Type.Object({
  product: Type.Optional(Id),
  resource: Type.Optional(Id),
  ownerId: Repeated(Id),
  states: Repeated(Literals(SUBSCRIPTION_STATES)),
  approvalStates: Repeated(Literals(APPROVAL_STATES)),
  search: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  sort: Type.Optional(Literals(['+metadata.createdAt', '-metadata.createdAt'] as const)),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
}, Strict);
export type SubscriptionSummary = Static<typeof SubscriptionSummary>;
export type SubscriptionsQuery = Static<typeof SubscriptionsQuery>;
export const SubscriptionParams = Type.Object({ id: Id });

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

export const AccessRequestDefinitionParams = Type.Object({ id: Id });
export const ResourceDefinitionParams = Type.Object({ id: Id, versionId: Id, resourceId: Id, definitionId: Id });
