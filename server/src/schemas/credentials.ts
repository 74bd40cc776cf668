// Credentials, their request definitions and the gateway's token endpoint (spec 2 §3, §4, §7):
// the contract. Secrets never appear in an answer except `GET /credentials/{id}?decrypt=true`
// inside the visibility window. Actions answer the credential after the change; an action the
// rules of src/rules/credentials.ts refuse is a 409 naming the action.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { Metadata, Owner, OwnerInput } from './applications.ts';
import { FILTER_SEARCH_MAX_LENGTH, MAX_PAGE_LIMIT, NAME_MAX_LENGTH, CREDENTIAL_RESOURCES_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { CREDENTIAL_TYPES, CREDENTIAL_STATES, CREDENTIAL_DISPLAY_STATES, PROVISIONING_STATUSES } from '../../../src/rules/credentials.ts';

/** title ascending is the default (spec 2 §9); expiry is provisioning.policies.expiry.time. */
export const CREDENTIAL_SORTS = ['+title', '-title', '+provisioning.policies.expiry.time', '-provisioning.policies.expiry.time'] as const;

export const CredentialPolicies = Type.Object({
  renewable: Type.Boolean(),
  suspendable: Type.Boolean(),
  /** Until when the secret may be viewed (decrypt); null when it never could. */
  visibility: Nullable(Type.Object({ time: DateTime })),
  /** When the credential expires; null for never. */
  expiry: Nullable(Type.Object({ time: DateTime })),
});
export type CredentialPolicies = Static<typeof CredentialPolicies>;

export const Credential = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** active | inactive | deleting (the display state adds pending: src/rules/credentials.ts). */
  state: Literals(CREDENTIAL_STATES),
  crdType: Literals(CREDENTIAL_TYPES),
  credentialRequestDefinition: Type.Object({ crdId: Type.Object({ id: Type.String() }), crdType: Literals(CREDENTIAL_TYPES), title: Type.String() }),
  /** What the consumer asked for (the definition's form data) and the definition's schema. */
  data: Type.Unknown(),
  schema: Type.Unknown(),
  metadata: Metadata,
  application: Type.Object({ id: Type.String(), title: Type.String() }),
  owner: Owner,
  provisioning: Type.Object({
    state: Literals(['active', 'inactive'] as const),
    status: Literals(PROVISIONING_STATUSES),
    /** Provisioned values. Secret fields (x-agora-encrypted in the schema) only with decrypt=true. */
    data: Type.Record(Type.String(), Type.Unknown()),
    schema: Type.Unknown(),
    provisionedAt: Nullable(DateTime),
    policies: CredentialPolicies,
    /** Why provisioning failed, when status is error. */
    error: Nullable(Type.String()),
  }),
  resources: Type.Object({ totalCount: Type.Integer() }),
  /** links.decrypt is present while the secret may be viewed (spec 2 §4). */
  links: Type.Object({ self: Type.String(), decrypt: Type.Optional(Type.String()) }),
  /** An OAuth credential's token endpoint on this server. */
  tokenUrl: Type.Optional(Type.String()),
});
export type Credential = Static<typeof Credential>;

export const CredentialsQuery = Type.Object({
  resource: Type.Optional(Id),
  product: Type.Optional(Id),
  version: Type.Optional(Id),
  application: Repeated(Id),
  /** Only these credentials (the "view credential" link after creation). */
  id: Repeated(Id),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
  sort: Type.Optional(Literals(CREDENTIAL_SORTS)),
  search: Type.Optional(Type.String({ maxLength: FILTER_SEARCH_MAX_LENGTH })),
  /** Search also matches the application's title. */
  searchInAppName: Type.Optional(Type.Boolean()),
  status: Repeated(Literals(PROVISIONING_STATUSES)),
  /** Display states: pending, active, inactive. */
  state: Repeated(Literals(CREDENTIAL_DISPLAY_STATES)),
  expiryStart: Type.Optional(Type.String({ format: 'date-time' })),
  expiryEnd: Type.Optional(Type.String({ format: 'date-time' })),
}, Strict);
export type CredentialsQuery = Static<typeof CredentialsQuery>;

export const CredentialQuery = Type.Object({ decrypt: Type.Optional(Type.Boolean()) }, Strict);

export const CredentialCreate = Type.Object({
  title: Type.String({ maxLength: NAME_MAX_LENGTH + 100 }),
  credentialRequestDefinition: Type.Object({ crdId: Type.Object({ id: Id }, Strict), crdType: Literals(CREDENTIAL_TYPES) }, Strict),
  /** Validated against the definition's schema (400 naming data.<field>). */
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** Resources the credential is for; each must hold an approved access request of the application. */
  resources: Type.Optional(Type.Array(Type.Object({ id: Id }, Strict), { maxItems: 100 })),
  /** Default: the application's owner. */
  owner: Type.Optional(OwnerInput),
}, Strict);
export type CredentialCreate = Static<typeof CredentialCreate>;

export const CredentialRotate = Type.Object({ title: Type.String({ maxLength: NAME_MAX_LENGTH + 100 }) }, Strict);

export const CredentialRequestDefinition = Type.Object({
  id: Type.String(), title: Type.String(), crdType: Literals(CREDENTIAL_TYPES), schema: Type.Unknown(), provisionSchema: Type.Unknown(),
  policies: Type.Object({ renewable: Type.Boolean(), suspendable: Type.Boolean(), expiryDays: Nullable(Type.Integer()), visibilityMs: Type.Integer() }),
});

export const CredentialResource = Type.Object({
  id: Type.String(), title: Type.String(), type: Type.String(), version: Type.String(),
  product: Type.Object({ id: Type.String(), title: Type.String() }), productVersionId: Type.String(),
  stage: Nullable(Type.Object({ id: Type.String(), title: Type.String() })), status: Nullable(Type.String()),
});
export const CredentialResourcesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: CREDENTIAL_RESOURCES_PAGE_SIZE })),
  sort: Type.Optional(Literals(['+title', '-title'] as const)),
}, Strict);

export const CredentialParams = Type.Object({ id: Id });

/** Longest client_id and client_secret the token endpoint reads (ours are far shorter). */
export const OAUTH_CLIENT_FIELD_MAX = 500;
/** The grants POST /oauth/token issues: client credentials only (an application's own token). */
export const OAUTH_GRANT_TYPES = ['client_credentials'] as const;

/** POST /oauth/token, RFC 6749 §4.4 (client_credentials), as a form (the RFC's) or JSON; client
 * authentication by HTTP Basic or client_id + client_secret in the body (§2.3.1). Not strict:
 * the RFC (§3.2) has the server ignore parameters it does not know. */
export const OAuthTokenRequest = Type.Object({
  grant_type: Type.Literal(OAUTH_GRANT_TYPES[0], { description: 'client_credentials: the only grant issued here (another answers unsupported_grant_type).' }),
  client_id: Type.Optional(Type.String({ maxLength: OAUTH_CLIENT_FIELD_MAX, description: 'The OAuth credential\'s client id, when the client does not authenticate with HTTP Basic.' })),
  client_secret: Type.Optional(Type.String({ maxLength: OAUTH_CLIENT_FIELD_MAX, description: 'Its client secret, with client_id.' })),
  scope: Type.Optional(Type.String({ maxLength: 2000, description: 'Space-separated scopes (RFC 6749 §3.3), returned as asked.' })),
});
export const OAuthTokenResponse = Type.Object({
  access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer(), scope: Type.Optional(Type.String()),
});
/** RFC 6749 §5.2 error answer of the token endpoint (not the API error shape: OAuth clients expect this one). */
export const OAuthTokenError = Type.Object({
  error: Literals(['invalid_request', 'invalid_client', 'unsupported_grant_type'] as const),
  error_description: Type.String(),
});
