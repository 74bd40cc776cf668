// Runtime calls: the gateway route also accepts an application's credential instead of a portal
// session: `X-API-Key`, `Authorization: Basic`, `Authorization: Bearer <token of /oauth/token>`,
// or the client certificate's hash in the header a TLS-terminating proxy sets (GATEWAY_MTLS_HEADER,
// Envoy's x-forwarded-client-cert by default). One cached lookup per call (credentials/lookup.ts);
// the resource is cached the same way, so the hot path reads nothing from the store once warm.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, forbidden, notFound } from '../errors.ts';
import type { RefusalReason } from '../../../src/rules/analytics.ts';
import { one } from '../catalogue/sql.ts';
import type { VisibleResource } from '../spec/access.ts';
import { tryItState } from '../../../src/rules/tryIt.ts';
import { GATEWAY_API_KEY_HEADER } from '../../../src/rules/constants.ts';
import { TtlCache } from '../ttlCache.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import { lookupKeys, sameDigest, sha256 } from '../credentials/crypto.ts';
import { unusable, verifyToken, GATEWAY_TOKEN_KID } from '../credentials/tokens.ts';
import type { CredentialEntry } from '../credentials/lookup.ts';
import type { Db } from '../db/store.ts';
import { decodeProtectedHeader } from 'jose';

export interface RuntimeCaller {
  orgId: string;
  applicationId: string;
  credentialId: string;
  subscriptionId: string;
  visible: VisibleResource;
  /** Request headers that carried the credential: never forwarded upstream. */
  credentialHeaders: string[];
}

type Scheme = 'ApiKey' | 'Basic' | 'Bearer' | 'MutualTLS';

const CHALLENGE: Record<Scheme, string> = {
  ApiKey: 'ApiKey realm="agora", header="X-API-Key"',
  Basic: 'Basic realm="agora", charset="UTF-8"',
  Bearer: 'Bearer realm="agora", error="invalid_token"',
  MutualTLS: 'MutualTLS realm="agora"',
};

/** What the gateway knows of a refused caller: recorded with the refusal (call.ts recordRefusal).
 * orgId null: an unknown key, seen only by the provider of the product called. */
export interface RefusedCaller {
  orgId: string | null;
  applicationId: string | null;
  credentialId: string | null;
  subscriptionId: string | null;
}

/** A call the gateway refused (401, 403, 429), with the reason recorded in its transaction. */
export class Refusal extends ApiError {
  constructor(status: number, title: string, detail: string, readonly reason: RefusalReason, readonly who: RefusedCaller | null = null) {
    super(status, title, detail);
  }
}

const whoOf = (entry: CredentialEntry | null): RefusedCaller | null =>
  entry ? { orgId: entry.orgId, applicationId: entry.applicationId, credentialId: entry.id, subscriptionId: null } : null;

function denied(reply: FastifyReply, scheme: Scheme, detail: string, reason: RefusalReason = 'unknownCredential', entry: CredentialEntry | null = null): Refusal {
  reply.header('www-authenticate', CHALLENGE[scheme]);
  return new Refusal(401, 'Unauthorized', detail, reason, whoOf(entry));
}

/** A call with neither a credential nor a portal session: spoken to an API client (the portal's
 * console says "Sign in to try this API." itself, from its own messages). */
export const MISSING_CREDENTIAL = 'Missing credential: send X-API-Key, HTTP Basic or a Bearer token.';
export function missingCredential(reply: FastifyReply): Refusal {
  reply.header('www-authenticate', `${CHALLENGE.ApiKey}, ${CHALLENGE.Basic}, Bearer realm="agora"`);
  return new Refusal(401, 'Unauthorized', MISSING_CREDENTIAL, 'missingCredential');
}

/** The SHA-256 of the client certificate from the proxy's header: Envoy's `…;Hash=<hex>;…` (the last
 * element when several proxies appended theirs), or a bare hex fingerprint (colons allowed). */
export function certificateHash(value: string): string | null {
  const last = value.split(',').pop() ?? '';
  const m = /(?:^|;)\s*Hash=([0-9a-fA-F]{64})\s*(?:;|$)/.exec(last);
  if (m) return m[1]!.toLowerCase();
  const bare = value.trim().replace(/:/g, '');
  return /^[0-9a-fA-F]{64}$/.test(bare) ? bare.toLowerCase() : null;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The credential the call carries, checked; null when it carries none (a portal session or a
 * visitor: the try-it path). Throws 401 (unknown, wrong secret, suspended, expired, pending) with
 * WWW-Authenticate, 403 without an approved access to this resource. */
export async function runtimeCaller(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, productId: string, versionId: string, resourceId: string,
): Promise<RuntimeCaller | null> {
  // A portal session keeps the try-it behaviour, where X-API-Key is the upstream's own header.
  if (request.caller.userId) return null;
  const rt = credentialsRuntime(app.db, app.credentialsOptions);
  const now = app.clock.now();
  let scheme: Scheme;
  let entry: CredentialEntry | null;
  const used: string[] = [];
  const authorization = header(request, 'authorization');
  const apiKey = header(request, GATEWAY_API_KEY_HEADER);
  const mtls = header(request, rt.mtlsHeader);
  if (apiKey !== undefined) {
    scheme = 'ApiKey';
    used.push(GATEWAY_API_KEY_HEADER);
    entry = await rt.lookup.byKey(lookupKeys.apiKey(apiKey));
  } else if (authorization && /^Basic\s/i.test(authorization)) {
    scheme = 'Basic';
    used.push('authorization');
    const text = Buffer.from(authorization.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
    const at = text.indexOf(':');
    if (at < 1) throw denied(reply, scheme, 'The Basic credentials must be username:password.');
    entry = await rt.lookup.byKey(lookupKeys.basic(text.slice(0, at)));
    if (entry && (!entry.secretHash || !sameDigest(entry.secretHash, sha256(text.slice(at + 1))))) entry = null;
  } else if (authorization && isGatewayToken(authorization)) {
    scheme = 'Bearer';
    used.push('authorization');
    const claims = await verifyToken(await rt.tokenKey(), authorization.replace(/^Bearer\s+/i, '').trim(), now);
    if (!claims) throw denied(reply, scheme, 'The access token is not valid or has expired.');
    entry = await rt.lookup.byId(claims.credentialId);
    // A rotation bumps the version: tokens issued before it stop working.
    if (entry && entry.secretVersion !== claims.secretVersion) throw denied(reply, scheme, 'The access token was revoked by a rotation.', 'rotated', entry);
  } else if (mtls !== undefined) {
    scheme = 'MutualTLS';
    used.push(rt.mtlsHeader);
    const hash = certificateHash(mtls);
    if (!hash) throw denied(reply, scheme, `The ${rt.mtlsHeader} header carries no certificate hash.`);
    entry = await rt.lookup.byKey(lookupKeys.mtls(hash));
  } else {
    return null;
  }
  const why = unusable(entry, now);
  if (why || !entry) throw denied(reply, scheme, why?.detail ?? 'The credential is not known.', why?.reason, entry);
  // A credential is valid only on the resources it lists (its detail's "Resources"; README).
  if (!entry.listed.has(resourceId)) {
    throw new Refusal(403, 'Forbidden', 'This credential is not valid for this resource: use a credential created for it.', 'notForResource', whoOf(entry));
  }
  const subscriptionId = entry.access.get(resourceId);
  if (!subscriptionId) {
    throw new Refusal(403, 'Forbidden', 'This application has no approved access to this resource under an active subscription.', 'noAccess', whoOf(entry));
  }
  let visible: VisibleResource;
  try {
    visible = await runtimeResource(app, productId, versionId, resourceId);
  } catch (e) {
    if (e instanceof ApiError && e.status === 403) throw new Refusal(403, 'Forbidden', e.message, 'resourceUnavailable', { ...whoOf(entry)!, subscriptionId });
    throw e;
  }
  return { orgId: entry.orgId, applicationId: entry.applicationId, credentialId: entry.id, subscriptionId, visible, credentialHeaders: used };
}

export function isGatewayToken(authorization: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m) return false;
  try {
    return decodeProtectedHeader(m[1]!).kid === GATEWAY_TOKEN_KID;
  } catch {
    return false;
  }
}

/** Per store (tests run several apps in one process). */
const resourceCaches = new WeakMap<Db, TtlCache<VisibleResource | null>>();

/** The resource under its product and version (cached like credentials: server/src/ttlCache.ts).
 * Catalogue visibility is not checked again: an approved access request of the application for
 * this resource is enough (the provider granted it). A deleted or inactive resource, or one of a
 * type without HTTP calls, is a 403 as for try-it. */
export async function runtimeResource(app: FastifyInstance, productId: string, versionId: string, resourceId: string): Promise<VisibleResource> {
  const visible = await resourceUnder(app, productId, versionId, resourceId);
  if (!visible) throw notFound('The asset resource');
  const rule = tryItState({ signedIn: true, resource: visible.resource });
  if (!rule.allowed) throw forbidden('This resource cannot be called: it is deleted, inactive, or of a type without HTTP calls.');
  return visible;
}

/** The resource under its product and version, or null (cached). */
export function resourceUnder(app: FastifyInstance, productId: string, versionId: string, resourceId: string): Promise<VisibleResource | null> {
  let cache = resourceCaches.get(app.db);
  if (!cache) resourceCaches.set(app.db, cache = new TtlCache());
  return cache.get(`${productId}/${versionId}/${resourceId}`, () => readRuntimeResource(app.db, productId, versionId, resourceId));
}

async function readRuntimeResource(db: Db, productId: string, versionId: string, resourceId: string): Promise<VisibleResource | null> {
  const row = await one<{ id: string; title: string; type: string; state: string; status: string | null; upstream_url: string | null; endpoints: unknown; read_only: boolean }>(db, sql`
    select ar.id, ar.title, ar.type, ar.state, ar.status, ar.upstream_url, ar.endpoints, ar.read_only
    from asset_resources ar join product_versions v on v.id = ar.product_version_id
    where ar.id = ${resourceId} and v.id = ${versionId} and v.product_id = ${productId}`);
  return row ? {
    productId, versionId,
    resource: { id: row.id, title: row.title, type: row.type, state: row.state, status: row.status, upstreamUrl: row.upstream_url, endpoints: row.endpoints, readOnly: row.read_only === true },
  } : null;
}
