// Who may call each route of /api/v1: ONE line per route, read by the generated authorization
// matrix (authorization.test.ts) and the fuzz test (fuzz.test.ts). A route registered without a
// line here fails both suites, naming it; so does a path id with no fixture (FIXTURES below).
//
// Adding a route: add `'METHOD /path/{param}': 'policy'` to ACCESS (the policies are below; pick
// the check the route's code makes), a `{ policy, body }` entry when the route's body schema has
// no simple valid sample (the test says so), and a FIXTURES line for a new kind of path id.
import { isConsumer } from '../../src/rules/roles.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';
import type { RoleSession } from '../../src/rules/roles.ts';

/**
 * - public: anyone, visitors included, whatever the site settings (the answer may still be 401
 *   for wrong credentials, as sign-in's is).
 * - client: an OAuth client authenticating itself (RFC 6749 answers, not the API's error shape).
 * - catalogue: the catalogue gate (spec 1 §6) and product visibility: visitors on a public
 *   marketplace; on a private one visitors get 401 and signed-in users without catalogue rights 403.
 * - signedIn: any signed-in user (401 for visitors); objects scoped to the caller's organisation.
 * - consumer: signed in with a consumer right (isConsumer: Administrator or Consumer, or a
 *   consumer team role); others 403 (or 404 for an object they may not see).
 * - providerAdmin: a provider Administrator (Administrator or CentralAdmin of the provider).
 * - consumerOrg: a signed-in user of a consumer organisation (provider users 403: they do not subscribe).
 * - token: a page a link's token authenticates (the fake payment provider's checkout): its answers
 *   are HTML pages, a refused token a 403 page.
 * - tryIt: the try-it gateway: catalogue visibility, then signed in (401 for visitors).
 * - orgAdmin: the Administrator of a consumer organisation (inviting people into it).
 * - publisher: a provider Administrator, CentralAdmin or CatalogManager, or a provider user with
 *   the catalog_manager team role (publishing products, server/src/publish/imports.ts canImport).
 */
export type Policy = 'public' | 'client' | 'catalogue' | 'signedIn' | 'consumer' | 'consumerOrg' | 'providerAdmin' | 'token' | 'tryIt' | 'publisher' | 'orgAdmin';

/** Whether a signed-in caller (as roleSession gives it) holds the policy's right. */
export const POLICY_ALLOWS: Record<Policy, (session: RoleSession) => boolean> = {
  public: () => true,
  client: () => true,
  catalogue: () => true,
  signedIn: () => true,
  tryIt: () => true,
  token: () => true,
  consumer: (session) => isConsumer(session),
  consumerOrg: (session) => !session.provider_guid,
  orgAdmin: (session) => !session.provider_guid && session.roles.includes(ORG_ROLES.Administrator),
  publisher: (session) => !!session.provider_guid
    && ([ORG_ROLES.Administrator, ORG_ROLES.CentralAdmin, ORG_ROLES.CatalogManager] as string[]).some((r) => session.roles.includes(r))
    || (!!session.provider_guid && session.teams.some((team) => team.roles.includes('catalog_manager'))),
  providerAdmin: (session) => !!session.provider_guid
    && (session.roles.includes(ORG_ROLES.Administrator) || session.roles.includes(ORG_ROLES.CentralAdmin)),
};

export interface RouteAccess {
  policy: Policy;
  /** A valid body, when the schema's own sample (routes.ts sampleOf) is not accepted. */
  body?: unknown;
  /** A valid query (the required parameters), when the schema's own sample is not accepted. */
  query?: Record<string, string>;
  /** Raw request headers the route needs (e.g. a content type). */
  headers?: Record<string, string>;
}

const REQUEST = { product: { id: 'prod-payments', version: { id: '{versionId}' } }, assetResource: { id: 'res-payments' }, subscription: { id: 'sub-acme-payments-starter' } };

export const ACCESS: Record<string, Policy | RouteAccess> = {
  // e-mail (issue 33): the outbox is the provider Administrators'; asking for a link answers 202
  // to anyone whatever the address; a link's token is the secret of the other account routes
  'GET /outbox': 'providerAdmin',
  'GET /outbox/{id}': 'providerAdmin',
  'POST /auth/passwordReset': { policy: 'public', body: { email: 'matrix@reset.test' } },
  'POST /auth/verificationEmail': { policy: 'public', body: { email: 'matrix@reset.test' } },
  'POST /auth/resetPassword': { policy: 'public', body: { token: 'matrix-unknown-token-0123456789', password: 'Correct-horse-42' } },
  'POST /auth/verifyEmail': { policy: 'public', body: { token: 'matrix-unknown-token-0123456789' } },
  'GET /auth/verification': 'signedIn',
  // webhooks of the provider (issue 33): its Administrators'
  'GET /webhooks': 'providerAdmin',
  'POST /webhooks': { policy: 'providerAdmin', body: { url: 'https://hooks.example.com/agora', events: ['subscription.created'] } },
  'DELETE /webhooks/{id}': 'providerAdmin',
  'POST /webhooks/{id}/enable': 'providerAdmin',
  'GET /webhooks/{id}/deliveries': 'providerAdmin',
  'POST /webhooks/{id}/deliveries/{deliveryId}/redeliver': 'providerAdmin',
  // notification choices (issue 33): each signed-in user's own
  'GET /notificationSettings': 'signedIn',
  'PUT /notificationSettings': { policy: 'signedIn', body: { email: { 'invoice.paid': false } } },
  // sign-in and the site configuration
  'POST /auth/signin': 'public',
  // the refresh token in the body (or the cookie with X-Agora-Session: cookie, auth.cookie.test.ts)
  'POST /auth/refresh': { policy: 'public', body: { refreshToken: 'matrix-unknown-token' } },
  'POST /auth/signout': { policy: 'public', body: { refreshToken: 'matrix-unknown-token' } },
  // self-service registration: anyone while settings.signup is on (the demo's), 403 when off
  'POST /auth/register': { policy: 'public', body: { email: 'matrix@register.test', password: 'Correct-horse-42', name: 'Matrix', organisation: 'Matrix Ltd' } },
  'GET /auth/findSession': 'signedIn',
  // invitations into an organisation: its Administrator's; the lookup by code is public (the code is the secret)
  'GET /invitations': 'orgAdmin',
  'POST /invitations': { policy: 'orgAdmin', body: { email: 'invitee@matrix.test' } },
  'DELETE /invitations/{id}': 'orgAdmin',
  'GET /invitationLookup': { policy: 'public', query: { code: 'matrix-unknown-invitation-code' } },
  'GET /marketplace': 'public',
  'GET /features': 'public',
  // the OpenAPI description of /api/v1 (server/src/openapi)
  'GET /openapi.json': 'public',
  'GET /openapi.yaml': 'public',
  // an image an organisation uploaded is its own (others 404); catalogue images are public
  'GET /images/{id}': 'public',
  // platform look-ups
  'GET /team': 'signedIn',
  'GET /team/{id}': 'signedIn',
  'GET /org/{orgId}/user': 'signedIn',
  // catalogue
  'GET /products': 'catalogue',
  'GET /products/{id}': 'catalogue',
  'GET /products/{id}/versions': 'catalogue',
  'GET /products/{id}/versions/{versionId}': 'catalogue',
  'GET /products/{id}/versions/{versionId}/overview': 'catalogue',
  'GET /products/{id}/versions/{versionId}/articles/{articleId}': 'catalogue',
  'GET /products/{id}/versions/{versionId}/documents': 'catalogue',
  'GET /documents/{id}': 'catalogue',
  'GET /documents/{id}/data': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/assets': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/data': 'catalogue',
  'GET /products/{id}/versions/{versionId}/resources/{resourceId}': 'catalogue',
  'GET /products/{id}/versions/{versionId}/resources/{resourceId}/data': 'catalogue',
  'GET /resources': 'catalogue',
  'GET /categories': 'catalogue',
  'GET /categories/{id}': 'catalogue',
  'GET /stages': 'catalogue',
  'GET /search': 'catalogue',
  'GET /products/{id}/plans': 'catalogue',
  'GET /products/{id}/plans/{planId}': 'catalogue',
  'GET /products/{id}/plans/{planId}/quotas': 'catalogue',
  'GET /products/{id}/plans/{planId}/quotas/{quotaId}': 'catalogue',
  'GET /products/{id}/plans/{planId}/resources': 'catalogue',
  'GET /products/{id}/plans/{planId}/subscriptionRequestDefinitions/{definitionId}': 'catalogue',
  'GET /productPlanUnits': 'catalogue',
  // the explorer (reading a specification) and the try-it gateway
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/index': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/collection': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/operations/{ordinal}': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/operations': { policy: 'catalogue' },
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/tags/{tag}': 'catalogue',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/schemas/{schemaId}': 'catalogue',
  'POST /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/token': 'tryIt',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/spec/authorize': {
    policy: 'catalogue', query: { response_type: 'code', redirect_uri: '{publicOrigin}/cb', client_id: 'matrix' },
  },
  ...Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].flatMap((method) => [
    [`${method} /gateway/{productId}/{versionId}/{resourceId}`, 'tryIt'],
    [`${method} /gateway/{productId}/{versionId}/{resourceId}/*`, 'tryIt'],
  ])),
  // credentials
  'POST /applications/{id}/credentials': { policy: 'consumer', body: { title: 'Matrix key', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' } } },
  'GET /credentials': 'consumer',
  'GET /credentials/{id}': 'consumer',
  'GET /credentials/{id}/policies': 'consumer',
  'GET /credentials/{id}/resources': 'consumer',
  'POST /credentials/{id}/renew': 'consumer',
  'POST /credentials/{id}/suspend': 'consumer',
  'POST /credentials/{id}/enable': 'consumer',
  'POST /credentials/{id}/rotate': 'consumer',
  'DELETE /credentials/{id}': 'consumer',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/credentialRequestDefinitions': 'consumer',
  'GET /credentialRequestDefinitions/{id}': 'consumer',
  'POST /oauth/token': 'client',
  // applications
  'GET /applications': 'signedIn',
  'POST /applications': { policy: 'signedIn', body: { title: 'Matrix app', owner: { type: 'team', id: 'team-acme-platform' } } },
  'GET /applicationOwners': 'signedIn',
  'GET /applications/{id}': 'signedIn',
  'PUT /applications/{id}': 'signedIn',
  'DELETE /applications/{id}': 'signedIn',
  'GET /applications/{id}/resources': 'signedIn',
  'GET /applications/{id}/profiles': 'signedIn',
  'POST /applications/{id}/profiles': 'signedIn',
  'GET /applications/{id}/profiles/{profileId}': 'signedIn',
  'PUT /applications/{id}/profiles/{profileId}': 'signedIn',
  'DELETE /applications/{id}/profiles/{profileId}': 'signedIn',
  'GET /applicationProfileDefinitions/{id}': 'signedIn',
  // access requests and subscriptions
  'POST /applications/{id}/accessRequests': { policy: 'consumer', body: REQUEST },
  'GET /accessRequests': 'consumer',
  'GET /accessRequests/{id}': 'consumer',
  'DELETE /accessRequests/{id}': 'consumer',
  'POST /accessRequests/{id}/approval': { policy: 'providerAdmin', body: { state: 'rejected', reason: 'matrix' } },
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequests': 'consumer',
  'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequestDefinitions/{definitionId}': 'signedIn',
  'GET /accessRequestDefinitions/{id}': 'signedIn',
  'GET /subscriptions': 'signedIn',
  'POST /subscriptions': { policy: 'consumerOrg', body: { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-free' }, owner: { type: 'team', id: 'team-acme-platform' } } },
  'GET /subscriptionOptions': { policy: 'consumerOrg', query: { product: 'prod-payments', plan: 'plan-payments-free' } },
  'GET /subscriptions/{id}': 'signedIn',
  'DELETE /subscriptions/{id}': 'signedIn',
  'POST /subscriptions/{id}/approval': { policy: 'providerAdmin', body: { state: 'rejected', reason: 'matrix' } },
  'GET /subscriptions/{id}/applications': 'signedIn',
  'GET /subscriptions/{id}/resources': 'signedIn',
  'GET /subscriptions/{id}/usage': 'signedIn',
  // invoices and the (fake) payment provider's checkout page
  // publishing through the running server (issue 13)
  'POST /products/import': { policy: 'publisher', body: { content: 'type Query { matrix: Int }', fileName: 'matrix.graphql', title: 'Matrix Import' } },
  'GET /imports/{id}': 'publisher',
  'GET /invoices': 'signedIn',
  'GET /invoices/{id}': 'signedIn',
  // the invoice's document: its payer's organisation and its product's provider (others 404)
  'GET /invoices/{id}/pdf': 'signedIn',
  'POST /invoices/{id}/checkout': 'signedIn',
  // insights (issue 14): a consumer sees its organisation's traffic, a provider Administrator its products'
  'GET /analytics/chart': { policy: 'consumer', query: { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' } },
  'GET /analytics/summary': { policy: 'consumer', query: { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' } },
  'GET /analytics/transactions': { policy: 'consumer', query: { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' } },
  'GET /analytics/transactionDetails/{id}': 'consumer',
  'GET /analytics/usage': 'consumer',
  'GET /analytics/applications': 'consumer',
  // the AI assistant (AI enabled in the matrix's settings; 403 when off is tested in assistant.test.ts)
  'POST /ai/conversations': { policy: 'signedIn', body: { content: { messages: [{ role: 'user', parts: [{ type: 'text', mimeType: 'text/plain', data: 'How do I refund a payment?' }] }] } } },
  'GET /checkout/{id}': { policy: 'token', query: { token: 'matrix-not-a-token' } },
  'POST /checkout/{id}': { policy: 'token', body: { token: 'matrix-not-a-token' } },
  // reviews (catalogue gate; writing needs a subscription, editing authorship) and the provider's approvals
  'GET /products/{id}/reviews': 'catalogue',
  'POST /products/{id}/reviews': { policy: 'signedIn', body: { rating: 4, title: 'Matrix', comment: 'matrix' } },
  'PUT /products/{id}/reviews/{reviewId}': { policy: 'signedIn', body: { rating: 4, title: 'Matrix', comment: 'matrix' } },
  'POST /reviews/{id}/approval': { policy: 'providerAdmin', body: { state: 'rejected', reason: 'matrix' } },
  'GET /approvals': 'providerAdmin',
};

export const accessOf = (key: string): RouteAccess | undefined => {
  const entry = ACCESS[key];
  return typeof entry === 'string' ? { policy: entry } : entry;
};

/**
 * The ids put in a route's path, by `collection/:param` (the static segment before the param) or
 * by `:param` alone. Three sets:
 * - `seen`: an object the seeded Acme users work with (products everyone may see, Acme's objects);
 * - `acmeOnly`: an object Globex must not see (Acme's own, or a product restricted to an Acme team);
 *   null when the kind is shared by every organisation (definitions, categories);
 * - unknown ids are made up by the test.
 * Values in braces name a value the test reads from the seeded store (see fixtureValues there).
 */
export const FIXTURES: Record<string, { seen: string; acmeOnly: string | null }> = {
  'products/:id': { seen: 'prod-payments', acmeOnly: 'prod-internal-hr' },
  'versions/:versionId': { seen: '{versionId}', acmeOnly: '{hrVersionId}' },
  'assetresources/:resourceId': { seen: 'res-payments', acmeOnly: '{hrResourceId}' },
  'resources/:resourceId': { seen: 'res-payments', acmeOnly: '{hrResourceId}' },
  'articles/:articleId': { seen: '{articleId}', acmeOnly: '{hrArticleId}' },
  'documents/:id': { seen: '{documentId}', acmeOnly: '{hrDocumentId}' },
  'plans/:planId': { seen: 'plan-payments-free', acmeOnly: '{hrPlanId}' },
  'quotas/:quotaId': { seen: '{quotaId}', acmeOnly: '{hrQuotaId}' },
  'subscriptionRequestDefinitions/:definitionId': { seen: '{srdId}', acmeOnly: '{hrSrdId}' },
  'accessRequestDefinitions/:definitionId': { seen: '{ardId}', acmeOnly: '{hrArdId}' },
  'operations/:ordinal': { seen: '0', acmeOnly: '0' },
  'schemas/:schemaId': { seen: '0', acmeOnly: '0' },
  'tags/:tag': { seen: '{tag}', acmeOnly: '{hrTag}' },
  ':productId': { seen: 'prod-payments', acmeOnly: 'prod-internal-hr' },
  ':versionId': { seen: '{versionId}', acmeOnly: '{hrVersionId}' },
  ':resourceId': { seen: 'res-payments', acmeOnly: '{hrResourceId}' },
  ':*': { seen: 'payments', acmeOnly: 'payments' },
  'images/:id': { seen: 'img-app-co', acmeOnly: 'img-app-co' },
  'team/:id': { seen: 'team-acme-platform', acmeOnly: 'team-acme-platform' },
  'org/:orgId': { seen: 'org-acme', acmeOnly: 'org-acme' },
  'applications/:id': { seen: 'app-acme-checkout', acmeOnly: 'app-acme-checkout' },
  'profiles/:profileId': { seen: 'prof-acme-checkout-company', acmeOnly: 'prof-acme-checkout-company' },
  'credentials/:id': { seen: 'cred-checkout-apikey', acmeOnly: 'cred-checkout-apikey' },
  'accessRequests/:id': { seen: 'acc-mobile-payments', acmeOnly: 'acc-mobile-payments' },
  'subscriptions/:id': { seen: 'sub-acme-payments-starter', acmeOnly: 'sub-acme-payments-starter' },
  // a pending review of Acme's developer: only its author and the provider see it
  'reviews/:reviewId': { seen: 'rev-payments-developer', acmeOnly: 'rev-payments-developer' },
  'reviews/:id': { seen: 'rev-payments-developer', acmeOnly: 'rev-payments-developer' },
  'invoices/:id': { seen: '{invoiceId}', acmeOnly: '{invoiceId}' },
  'invitations/:id': { seen: '{invitationId}', acmeOnly: '{invitationId}' },
  // no transaction is seeded: the analytics tests check another organisation's id answers 404
  'transactionDetails/:id': { seen: 'tx-matrix-none', acmeOnly: null },
  'checkout/:id': { seen: '{invoiceId}', acmeOnly: null },
  'categories/:id': { seen: 'cat-payments', acmeOnly: null },
  // imports are the provider's: no consumer organisation holds one
  'imports/:id': { seen: 'imp-matrix-none', acmeOnly: null },
  'credentialRequestDefinitions/:id': { seen: 'crd-apikey', acmeOnly: null },
  'accessRequestDefinitions/:id': { seen: 'ard-payments', acmeOnly: null },
  'applicationProfileDefinitions/:id': { seen: 'apd-company', acmeOnly: null },
  // e-mails are the provider's record (issue 33): no consumer organisation reads one
  'outbox/:id': { seen: 'mail-matrix-none', acmeOnly: null },
  'webhooks/:id': { seen: 'wh-matrix-none', acmeOnly: null },
  'deliveries/:deliveryId': { seen: 'whd-matrix-none', acmeOnly: null },
};

/** Tables whose rows carry org_id but are public by design (a review and its author are shown
 * with the product to everyone), left out of the "no other organisation's id" scan. */
export const SHARED_ORG_TABLES = ['reviews', 'users'];
