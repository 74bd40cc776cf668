// Which headers cross the gateway, and how they are kept in the transaction record.
// In: the portal's own headers (bearer token, tenant, cookies, X-Agora-*) stay here; the API's
// credentials travel as X-Agora-Upstream-<Name> and arrive upstream as <Name>.
// Out: hop-by-hop and encoding headers are dropped (the body is re-sent decoded), and cookies of
// the upstream never land on the portal's origin.
import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_UPSTREAM_HEADER_PREFIX } from '../../../src/rules/constants.ts';

export type HeaderMap = Record<string, string>;

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer',
  'transfer-encoding', 'upgrade',
]);
/** Who is calling and from where, as proxies tell it (and the method overrides a read-only
 * check must not be bypassed with): an upstream may trust these, so no caller chooses them,
 * neither directly nor as X-Agora-Upstream-<Name>. x-forwarded-* is dropped as a prefix. */
const IDENTITY = new Set([
  'host', 'content-length', 'x-tenant-id', 'origin', 'referer', 'forwarded', 'via', 'x-real-ip', 'x-client-ip',
  'true-client-ip', 'cf-connecting-ip', 'fastly-client-ip', 'x-cluster-client-ip', 'x-original-forwarded-for',
  'x-original-url', 'x-rewrite-url', 'x-original-host', 'x-host', 'x-http-method-override', 'x-http-method',
  'x-method-override',
]);
const isIdentity = (name: string) => IDENTITY.has(name) || name.startsWith('x-forwarded-') || name.startsWith('x-agora-') || name.startsWith('sec-');
/** The portal's own request headers, or ones the gateway sets itself. */
const PORTAL_ONLY = new Set(['authorization', 'cookie', 'accept-encoding']);
const NEVER_RETURNED = new Set(['content-length', 'content-encoding', 'set-cookie', 'alt-svc', 'strict-transport-security']);

const connectionListed = (value: string | string[] | undefined) =>
  new Set(String(value ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean));

/** The headers sent upstream for an incoming try-it request, and the names that came through
 * the X-Agora-Upstream- prefix (credentials by intent: the record redacts them). `omit`: request
 * headers that are ours to read (the runtime credential's), never sent. */
export function upstreamRequestHeaders(incoming: IncomingHttpHeaders, omit?: ReadonlySet<string>): { headers: HeaderMap; mapped: ReadonlySet<string> } {
  const listed = incoming.connection === undefined ? null : connectionListed(incoming.connection);
  const out: HeaderMap = {};
  let mapped: HeaderMap | null = null;
  for (const rawName in incoming) {
    const value = incoming[rawName];
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    if (omit?.has(name)) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (name.startsWith(GATEWAY_UPSTREAM_HEADER_PREFIX)) {
      const target = name.slice(GATEWAY_UPSTREAM_HEADER_PREFIX.length);
      if (target && !HOP_BY_HOP.has(target) && !isIdentity(target)) (mapped ??= {})[target] = text;
      continue;
    }
    if (HOP_BY_HOP.has(name) || listed?.has(name) || PORTAL_ONLY.has(name) || isIdentity(name)) continue;
    out[name] = text;
  }
  // Mapped headers win over the same header sent directly (the explorer's explicit choice).
  if (mapped === null) return { headers: out, mapped: NONE };
  return { headers: { ...out, ...mapped }, mapped: new Set(Object.keys(mapped)) };
}
const NONE: ReadonlySet<string> = new Set();

/** The upstream's response headers as the client gets them (undici's header object: repeated
 * headers, Set-Cookie among them, as arrays). */
export function clientResponseHeaders(upstream: Record<string, string | string[] | undefined>): HeaderMap {
  const connection = upstream.connection;
  const listed = connection === undefined ? null : connectionListed(connection);
  const out: HeaderMap = {};
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined || HOP_BY_HOP.has(name) || listed?.has(name) || NEVER_RETURNED.has(name) || name.startsWith('access-control-')) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const cookies = upstream['set-cookie'];
  if (cookies !== undefined && cookies.length > 0) out[`${GATEWAY_UPSTREAM_HEADER_PREFIX}set-cookie`] = Array.isArray(cookies) ? cookies.join(', ') : cookies;
  return out;
}

/** Headers every gateway answer carries: whatever the upstream sends is data, never a page of
 * the portal's origin that could run script. */
export const SAFETY_HEADERS: HeaderMap = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'no-store',
};

const SECRET_NAME = /auth|token|secret|password|passwd|api[-_]?key|apikey|cookie|session|signature|credential|private/i;
export const REDACTED = '[redacted]';

/** Whether a header's value is kept out of the record (by its lower-case name; the answers are
 * remembered: a call's header names are nearly always ones seen before). */
const secretNames = new Map<string, boolean>();
function isSecretName(name: string): boolean {
  let hidden = secretNames.get(name);
  if (hidden === undefined) {
    hidden = name.startsWith(GATEWAY_UPSTREAM_HEADER_PREFIX) || SECRET_NAME.test(name);
    if (secretNames.size >= 1000) secretNames.clear();
    secretNames.set(name, hidden);
  }
  return hidden;
}

/** A header map fit for the transaction record: credentials replaced, everything else kept. */
export function redactHeaders(headers: IncomingHttpHeaders | HeaderMap, secret?: ReadonlySet<string>): HeaderMap {
  const out: HeaderMap = {};
  for (const rawName in headers) {
    const value = headers[rawName];
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    out[name] = secret?.has(name) || isSecretName(name) ? REDACTED : Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** A path with query, its secret-looking parameter values replaced. */
export function redactQuery(pathWithQuery: string): string {
  const at = pathWithQuery.indexOf('?');
  if (at < 0) return pathWithQuery;
  const query = pathWithQuery.slice(at + 1);
  // No name can read as a secret one when the query's text has no secret word and nothing a
  // parser would decode into one (%xx, +): the usual query, kept as is without parsing it.
  if (!SECRET_NAME.test(query) && !/[%+]/.test(query)) return pathWithQuery;
  const params = new URLSearchParams(query);
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_NAME.test(key)) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${pathWithQuery.slice(0, at)}?${params.toString()}` : pathWithQuery;
}
