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

/** An application profile as an access request shows it: whose attributes, against which schema. */
export const ApplicationProfileGiven = Type.Object({ title: Type.String(), schema: Type.Unknown(), data: Type.Unknown() });

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
  /** The consumer organisation asking (the provider's list shows it). */
  organisation: Type.Object({ id: Type.String(), name: Type.String() }),
  /** The application's attributes the definition asks for (its profile, entered in the wizard),
   * with the profile definition's title and schema; null when none is asked or none was given. */
  applicationProfile: Nullable(ApplicationProfileGiven),
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

export const AccessRequestDefinitionParams = Type.Object({ id: Id });
export const ResourceDefinitionParams = Type.Object({ id: Id, versionId: Id, resourceId: Id, definitionId: Id });
