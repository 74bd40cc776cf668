// One try-it call: permission, target, upstream (real, built-in mock, or the marketplace itself), record, answer.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest, forbidden, unauthorized } from '../errors.ts';
import type { Caller } from '../context.ts';
import { assertResourceVisible, type VisibleResource } from '../spec/access.ts';
import { ensureIndexed } from '../spec/read.ts';
import { tryItMethodAllowed, tryItState, type TryItBlock } from '../../../src/rules/tryIt.ts';
import {
  GATEWAY_ENDPOINT_HEADER, GATEWAY_MAX_RESPONSE_BYTES, GATEWAY_TIMEOUT_MS, GATEWAY_TRANSACTION_HEADER,
} from '../../../src/rules/constants.ts';
import type { GatewayHeaders, GatewayParams } from '../schemas/gateway.ts';
import { SAFETY_HEADERS, redactHeaders, redactQuery, upstreamRequestHeaders, type HeaderMap } from './headers.ts';
import { answerMock, isMockUpstream } from './mock.ts';
import { answerSelf, isSelfUpstream, SELF_UPSTREAM } from './self.ts';
import { forward, type UpstreamFailure, type UpstreamResult } from './forward.ts';
import { queueTransaction, recordTransaction, resolveCallerIds, statusDetailOf, type CallerIds, type Leg, type TransactionRow } from './record.ts';
import { missingCredential, Refusal, resourceUnder, runtimeCaller, type RefusedCaller, type RuntimeCaller } from './runtime.ts';
import type { RefusalReason } from '../../../src/rules/analytics.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import { gatewayPath } from './paths.ts';
import { chargeCall } from '../quota/charge.ts';
import { noteGatewayAnswer } from '../ops/metrics.ts';

const BLOCKED: Record<Exclude<TryItBlock, 'signin'>, string> = {
  deleted: 'This resource was deleted by its provider; it cannot be tried.',
  inactive: 'This resource is not active; it cannot be tried.',
  unsupportedType: 'This type of resource has no try-it console.',
};

/** The gateway's answer when the upstream call did not happen or did not end well. */
export const FAILURE_STATUS: Record<UpstreamFailure, [number, string]> = {
  timeout: [504, 'Gateway Timeout'], unreachable: [502, 'Bad Gateway'], tooLarge: [502, 'Bad Gateway'],
  // The egress policy (egress.ts) refused the upstream's address.
  refused: [403, 'Forbidden'],
};

/** Time-out of upstream calls; AGORA_GATEWAY_TIMEOUT_MS overrides it (tests, slow upstreams). */
export const timeoutMs = () => Number(process.env.AGORA_GATEWAY_TIMEOUT_MS) || GATEWAY_TIMEOUT_MS;

/** The resource, if the caller may try it (src/rules/tryIt.ts), else the matching 401/403/404. */
export async function assertMayTry(
  app: FastifyInstance, caller: Caller, productId: string, versionId: string, resourceId: string,
): Promise<VisibleResource> {
  const visible = await assertResourceVisible(app, caller, productId, versionId, resourceId);
  const rule = tryItState({ signedIn: caller.userId !== null, resource: visible.resource });
  if (!rule.allowed) {
    if (rule.reason === 'signin') throw unauthorized('Sign in to try this API.');
    throw forbidden(BLOCKED[rule.reason]);
  }
  return visible;
}

export async function handleTryIt(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: GatewayParams; Headers: GatewayHeaders }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const started = performance.now();
  const at = new Date();
  const caller = request.caller;
  const { productId, versionId, resourceId } = request.params;
  // An application's credential (runtime call) or a portal session (try-it): ./runtime.ts. A
  // refusal (401, 403, 429) is recorded as a transaction with its reason before it is answered.
  let runtime: RuntimeCaller | null;
  let visible: VisibleResource;
  try {
    runtime = await runtimeCaller(app, request, reply, productId, versionId, resourceId);
    if (!runtime && caller.userId === null) {
      // Neither a credential nor a session: an API client that forgot its key (a hidden resource
      // stays a 404, as for any visitor).
      await assertResourceVisible(app, caller, productId, versionId, resourceId);
      throw missingCredential(reply);
    }
    visible = runtime?.visible ?? await assertMayTry(app, caller, productId, versionId, resourceId);
  } catch (e) {
    if (e instanceof Refusal) await recordRefusal(app, request, reply, e.status, e.reason, e.who, { productId, versionId, resourceId }, at, started);
    throw e;
  }
  if (!runtime && !tryItMethodAllowed(visible.resource, request.method)) {
    throw forbidden('This specification is read-only: only GET, HEAD and OPTIONS calls can be tried.');
  }
  const orgId = runtime?.orgId ?? caller.orgId!;
  const ids: CallerIds = runtime
    ? { applicationId: runtime.applicationId, credentialId: runtime.credentialId, subscriptionId: runtime.subscriptionId }
    : await resolveCallerIds(app.db, orgId, resourceId, request.headers['x-agora-application'], request.headers['x-agora-credential']);
  const { path, query } = pathUnderResource(request.raw.url ?? '/');
  // The marketplace's own API (./self.ts) is answered in process, whichever server the console chose.
  const self = isSelfUpstream(visible.resource.upstreamUrl);
  const base = self ? SELF_UPSTREAM : targetOf(visible, request.headers[GATEWAY_ENDPOINT_HEADER]);
  // The URL as the upstream will read it (backslashes as slashes, dot segments resolved), sent
  // and recorded as such; 400 if it leaves the base path.
  const target = self || isMockUpstream(base) ? null : upstreamTarget(base!, path, query);
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const txId = randomUUID();
  const gatewayBase = gatewayPath(app.prefix, productId, versionId, resourceId);
  // The query as recorded (secret-looking values replaced), worked out once for every URI below.
  const recordedQuery = redactQuery(query);

  // Quotas (server/src/quota/): counted under the call's subscription; 429 past a strict limit.
  // The call named property by property: an object spread that lives across an await was promoted
  // by every scavenge of a busy gateway (~400 KB each; bench/README.md, session 12).
  const charged = { orgId, applicationId: ids.applicationId, subscriptionId: ids.subscriptionId, productId, resourceId };
  try {
    ids.subscriptionId = await chargeCall(app, caller, charged, reply);
  } catch (e) {
    if (e instanceof ApiError && e.status === 429) {
      await recordRefusal(app, request, reply, 429, 'quotaExceeded', { orgId, ...ids }, { productId, versionId, resourceId }, at, started);
    }
    throw e;
  }
  const mock = !self && isMockUpstream(base);
  const sent = upstreamRequestHeaders(request.headers, notForwarded(runtime?.credentialHeaders ?? [], credentialsRuntime(app.db, app.credentialsOptions).mtlsHeader));
  const upstreamUrl = mock ? `mock:${visible.resource.type}` : self ? SELF_UPSTREAM : '';
  const recordedUpstream = target ? `${target.origin}${target.pathname}${redactQuery(target.search)}` : upstreamUrl;
  let status: number;
  let headers: HeaderMap;
  let payload: string | Buffer;
  let leg: UpstreamLeg;
  const legStarted = performance.now();
  if (mock) {
    const etag = await ensureIndexed(app.db, resourceId);
    ({ status, headers, body: payload } = await answerMock(app.db, visible.resource, etag, {
      method: request.method, path, query: request.query as Record<string, unknown>, headers: request.headers, body,
    }));
    leg = { destination: 'mock', uri: `${upstreamUrl}${path}${recordedQuery}`, status, responseHeaders: headers };
  } else if (self) {
    // A try-it call carries the caller's portal session; a runtime call (an application's
    // credential, which /api/v1 does not read) only what it sent itself.
    ({ status, headers, body: payload } = await answerSelf(app, { method: request.method, path, query, headers: sent.headers, incoming: runtime ? null : request.headers, body }));
    leg = { destination: 'self', uri: `${upstreamUrl}${path}${recordedQuery}`, status, responseHeaders: redactHeaders(headers) };
  } else {
    const result = await forward({
      egress: app.egress, url: target!, method: request.method, headers: sent.headers, body, timeoutMs: timeoutMs(), maxBytes: GATEWAY_MAX_RESPONSE_BYTES,
    });
    ({ status, headers, payload, leg } = upstreamAnswer(result, base!, gatewayBase, recordedUpstream));
  }
  const upstreamMs = Math.round(performance.now() - legStarted);
  noteGatewayAnswer(request, performance.now() - legStarted, leg.error as UpstreamFailure | undefined); // metrics (ops/metrics.ts)
  const answerHeaders: HeaderMap = { ...headers, ...SAFETY_HEADERS, [GATEWAY_TRANSACTION_HEADER]: txId };
  const durationMs = Math.round(performance.now() - started);
  const responseBytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;

  // Each header map is redacted once, and stored once: the first leg's are the row's (Leg in record.ts).
  const recordedRequest = redactHeaders(request.headers);
  const recordedAnswer = redactHeaders(answerHeaders);
  const method = request.method.toUpperCase();
  const row: TransactionRow = {
    id: txId, orgId, at, userId: caller.userId,
    applicationId: ids.applicationId, credentialId: ids.credentialId, subscriptionId: ids.subscriptionId,
    productId, productVersionId: versionId, assetResourceId: resourceId,
    protocol: 'http', method, path: `${path}${recordedQuery}`,
    upstreamUrl: recordedUpstream,
    status, statusDetail: statusDetailOf(status), durationMs,
    requestHeaders: recordedRequest, responseHeaders: recordedAnswer,
    requestBytes: body?.length ?? 0, responseBytes,
    legs: [
      {
        timestamp: at.toISOString(),
        transactionEvent: {
          id: `${txId}:0`, parentId: null, source: request.ip, destination: 'gateway', duration: durationMs,
          protocol: 'http', method, uri: `${gatewayBase}${path}${recordedQuery}`, status,
          // Its header maps are the row's requestHeaders and responseHeaders (Leg in record.ts).
        },
      },
      {
        timestamp: new Date(at.getTime() + Math.round(legStarted - started)).toISOString(),
        transactionEvent: {
          id: `${txId}:1`, parentId: `${txId}:0`, source: 'gateway', duration: upstreamMs,
          protocol: 'http', method, requestHeaders: redactHeaders(sent.headers, sent.mapped), ...leg,
        },
      },
    ] satisfies Leg[],
  };
  // The caller still gets the upstream's answer; a lost record is logged, not turned into a 500.
  // Try-it answers after its record (the explorer shows it at once); runtime calls are recorded in
  // batches a few milliseconds later (record.ts queueTransaction): the hot path does not wait.
  if (runtime) queueTransaction(app.db, row, app.log);
  else {
    await recordTransaction(app.db, row)
      .catch((err: unknown) => request.log.error({ err, transaction: txId }, 'gateway: could not record the transaction'));
  }
  return reply.code(status).headers(answerHeaders).send(payload);
}

/** A refused call as a transaction (status 401/403/429 and its reason), with the application and
 * credential when known, so the insights' traffic list shows why an integration fails. An unknown
 * key has no organisation: the row is seen by the product's provider only (analytics/scope.ts).
 * Nothing is recorded for a resource that does not exist under the path's product and version.
 * The answer carries the record's id in X-Agora-Transaction-Id, as a call let through does. */
async function recordRefusal(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, status: number, reason: RefusalReason, who: RefusedCaller | null,
  target: { productId: string; versionId: string; resourceId: string }, at: Date, started: number,
): Promise<void> {
  try {
    if (!await resourceUnder(app, target.productId, target.versionId, target.resourceId)) return;
    const txId = randomUUID();
    const { path, query } = safePath(request.raw.url ?? '/');
    const method = request.method.toUpperCase();
    const durationMs = Math.round(performance.now() - started);
    const uri = `${gatewayPath(app.prefix, target.productId, target.versionId, target.resourceId)}${path}${query}`;
    const row: TransactionRow = {
      id: txId, orgId: who?.orgId ?? request.caller.orgId ?? null, at, userId: request.caller.userId,
      applicationId: who?.applicationId ?? null, credentialId: who?.credentialId ?? null, subscriptionId: who?.subscriptionId ?? null,
      productId: target.productId, productVersionId: target.versionId, assetResourceId: target.resourceId,
      protocol: 'http', method, path: `${path}${query}`, upstreamUrl: null,
      status, statusDetail: statusDetailOf(status), durationMs, refusal: reason,
      requestHeaders: redactHeaders(request.headers), responseHeaders: redactHeaders(reply.getHeaders() as HeaderMap),
      requestBytes: Buffer.isBuffer(request.body) ? request.body.length : 0, responseBytes: 0,
      legs: [{
        timestamp: at.toISOString(),
        transactionEvent: { id: `${txId}:0`, parentId: null, source: request.ip, destination: 'gateway', duration: durationMs, protocol: 'http', method, uri, status },
      }] satisfies Leg[],
    };
    reply.header(GATEWAY_TRANSACTION_HEADER, txId);
    queueTransaction(app.db, row, app.log);
  } catch (err) {
    // The refusal is answered all the same; only its record is lost.
    request.log.error({ err }, 'gateway: could not record a refused call');
  }
}

/** The path and query for a refusal's record: a path the gateway would refuse (dot segments) is
 * recorded as `/`, its query redacted. */
function safePath(rawUrl: string): { path: string; query: string } {
  try {
    const { path, query } = pathUnderResource(rawUrl);
    return { path, query: redactQuery(query) };
  } catch {
    return { path: '/', query: '' };
  }
}

/** The request headers that carried our credential and the proxy's certificate header (ours to
 * read, never the upstream's), as one set per combination (a handful: made once each). */
const notForwardedSets = new Map<string, ReadonlySet<string>>();
export function notForwarded(used: readonly string[], mtlsHeader: string): ReadonlySet<string> {
  const key = `${used.join(',')}|${mtlsHeader}`;
  let names = notForwardedSets.get(key);
  if (!names) notForwardedSets.set(key, names = new Set([...used, mtlsHeader]));
  return names;
}

/** The path (and query) after /gateway/{p}/{v}/{r}, as the client wrote it; 400 when it holds a
 * . or .. segment in any spelling an upstream may read as one. */
export function pathUnderResource(rawUrl: string): { path: string; query: string } {
  const q = rawUrl.indexOf('?');
  const pathPart = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const query = q < 0 ? '' : rawUrl.slice(q);
  const at = pathPart.indexOf('/gateway/');
  const rest = pathPart.slice(at + '/gateway/'.length).split('/').slice(3);
  const path = `/${rest.join('/')}`;
  if (hasDotSegment(path)) throw badRequest('path', 'The path must not contain . or .. segments (in any spelling: \\, %2e, %2f, %5c).');
  return { path, query: query === '?' ? '' : query };
}

const PERCENT = /%([0-9a-fA-F]{2})/g;
/** Whether some reading of the path has a . or .. segment: backslashes taken as slashes (URL
 * parsers and Windows servers do), percent-decoded once, twice or three times (%2e, %2f, %5c,
 * %252e…; a server that decodes before routing), a Tomcat-style ;parameter ignored. Overlong
 * UTF-8 (%c0%ae) is no path anyone writes: refused too. The usual path has none of . % \: skipped. */
export function hasDotSegment(path: string): boolean {
  if (!/[.%\\]/.test(path)) return false;
  if (/%c[01]/i.test(path)) return true;
  let text = path;
  for (let round = 0; round < 4; round++) {
    if (text.split(/[\\/]/).some((seg) => /^\.{1,2}$/.test(seg.split(';', 1)[0]!))) return true;
    const next = text.replace(PERCENT, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === text) return false;
    text = next;
  }
  return true; // still encoded after three decodings: nobody writes a path like that
}

/** The URL the upstream is called at, as the URL parser (undici's and the upstream's) reads it;
 * 400 naming the path if it is outside the base's path. */
export function upstreamTarget(base: string, path: string, query: string): URL {
  const { path: basePath } = baseOf(base);
  let url: URL;
  try {
    url = new URL(joinUrl(base, path, query));
  } catch {
    throw new ApiError(502, 'Bad Gateway', 'The resource\'s upstream URL is not a valid URL.');
  }
  if (basePath !== '' && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
    throw badRequest('path', 'The path leaves the API\'s base path.');
  }
  return url;
}

/** The upstream base: the resource's own, or one of its endpoints named by the explorer. */
function targetOf(visible: VisibleResource, endpoint: string | undefined): string | null {
  const own = visible.resource.upstreamUrl;
  if (!endpoint) return own;
  const offered = new Set<string>([own ?? '', ...endpointUrls(visible.resource.endpoints)].filter(Boolean).map(trimSlash));
  if (!offered.has(trimSlash(endpoint))) {
    throw badRequest(GATEWAY_ENDPOINT_HEADER, 'The endpoint is not one of this resource\'s endpoints.');
  }
  return endpoint;
}

export function endpointUrls(endpoints: unknown): string[] {
  if (!Array.isArray(endpoints)) return [];
  return endpoints.map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' ? (e as { url?: unknown }).url : undefined))
    .filter((u): u is string => typeof u === 'string' && u !== '');
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

/** host[:port] and path (no trailing slash) of an upstream base (they are few: remembered). */
const bases = new Map<string, { host: string; path: string }>();
function baseOf(base: string): { host: string; path: string } {
  let parts = bases.get(base);
  if (parts === undefined) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new ApiError(502, 'Bad Gateway', 'The resource\'s upstream URL is not a valid URL.');
    }
    parts = { host: url.host, path: url.pathname.replace(/\/+$/, '') };
    if (bases.size > 1000) bases.clear();
    bases.set(base, parts);
  }
  return parts;
}
export const hostOf = (base: string) => baseOf(base).host;

/** What a transaction records of its upstream leg. */
export type UpstreamLeg = Pick<Leg['transactionEvent'], 'destination' | 'uri' | 'status' | 'responseHeaders' | 'error'>;

/** An upstream's result as the gateway answers it (Location re-based on the gateway; a failure as
 * the gateway's own error) and records it: for the Fastify path and the data plane alike. */
export function upstreamAnswer(result: UpstreamResult, base: string, gatewayBase: string, recordedUpstream: string): {
  status: number; headers: HeaderMap; payload: string | Buffer; leg: UpstreamLeg;
} {
  if (result.ok) {
    return {
      status: result.status, headers: rewriteLocation(result.headers, base, gatewayBase), payload: result.body,
      leg: { destination: hostOf(base), uri: recordedUpstream, status: result.status, responseHeaders: redactHeaders(result.rawHeaders) },
    };
  }
  const [code, title] = FAILURE_STATUS[result.failure];
  return {
    status: code, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ errors: [new ApiError(code, title, result.detail).toItem()] }),
    leg: { destination: hostOf(base), uri: recordedUpstream, status: null, responseHeaders: {}, error: result.failure },
  };
}

export const joinUrl = (base: string, path: string, query: string) =>
  `${trimSlash(base)}${path === '/' && !base.endsWith('/') ? '' : path}${query}`;

/** A redirect inside the upstream stays inside the gateway. */
export function rewriteLocation(headers: HeaderMap, base: string, gateway: string): HeaderMap {
  const location = headers.location;
  if (!location || !location.startsWith(trimSlash(base))) return headers;
  return { ...headers, location: `${gateway}${location.slice(trimSlash(base).length)}` };
}
