// One try-it call: permission, target, upstream (real or built-in mock), record, answer.
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
import { forward } from './forward.ts';
import { queueTransaction, recordTransaction, resolveCallerIds, statusDetailOf, type CallerIds, type Leg, type TransactionRow } from './record.ts';
import { runtimeCaller } from './runtime.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import { gatewayPath } from './paths.ts';
import { chargeCall } from '../quota/charge.ts';

const BLOCKED: Record<Exclude<TryItBlock, 'signin'>, string> = {
  deleted: 'This resource was deleted by its provider; it cannot be tried.',
  inactive: 'This resource is not active; it cannot be tried.',
  unsupportedType: 'This type of resource has no try-it console.',
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
  // An application's credential (runtime call) or a portal session (try-it): ./runtime.ts.
  const runtime = await runtimeCaller(app, request, reply, productId, versionId, resourceId);
  const visible = runtime?.visible ?? await assertMayTry(app, caller, productId, versionId, resourceId);
  if (!runtime && !tryItMethodAllowed(visible.resource, request.method)) {
    throw forbidden('This specification is read-only: only GET, HEAD and OPTIONS calls can be tried.');
  }
  const orgId = runtime?.orgId ?? caller.orgId!;
  const ids: CallerIds = runtime
    ? { applicationId: runtime.applicationId, credentialId: runtime.credentialId, subscriptionId: runtime.subscriptionId }
    : await resolveCallerIds(app.db, orgId, resourceId, request.headers['x-agora-application'], request.headers['x-agora-credential']);
  const { path, query } = pathUnderResource(request.raw.url ?? '/');
  const base = targetOf(visible, request.headers[GATEWAY_ENDPOINT_HEADER]);
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const txId = randomUUID();
  const gatewayBase = gatewayPath(app.prefix, productId, versionId, resourceId);
  // The query as recorded (secret-looking values replaced), worked out once for every URI below.
  const recordedQuery = redactQuery(query);

  // Quotas (server/src/quota/): counted under the call's subscription; 429 past a strict limit.
  ids.subscriptionId = await chargeCall(app, caller, { orgId, ...ids, productId, resourceId }, reply);
  const mock = isMockUpstream(base);
  const sent = upstreamRequestHeaders(withoutCredentials(request.headers, runtime?.credentialHeaders ?? [], credentialsRuntime(app.db, app.credentialsOptions).mtlsHeader));
  const upstreamUrl = mock ? `mock:${visible.resource.type}` : joinUrl(base!, path, query);
  const recordedUpstream = mock ? upstreamUrl : joinUrl(base!, path, recordedQuery);
  let status: number;
  let headers: HeaderMap;
  let payload: string | Buffer;
  let leg: Pick<Leg['transactionEvent'], 'destination' | 'uri' | 'status' | 'responseHeaders' | 'error'>;
  const legStarted = performance.now();
  if (mock) {
    const etag = await ensureIndexed(app.db, resourceId);
    ({ status, headers, body: payload } = await answerMock(app.db, visible.resource, etag, {
      method: request.method, path, query: request.query as Record<string, unknown>, headers: request.headers, body,
    }));
    leg = { destination: 'mock', uri: `${upstreamUrl}${path}${recordedQuery}`, status, responseHeaders: headers };
  } else {
    const result = await forward({
      url: upstreamUrl, method: request.method, headers: sent.headers, body, timeoutMs: timeoutMs(), maxBytes: GATEWAY_MAX_RESPONSE_BYTES,
    });
    if (result.ok) {
      status = result.status;
      headers = rewriteLocation(result.headers, base!, gatewayBase);
      payload = result.body;
      leg = { destination: hostOf(base!), uri: recordedUpstream, status, responseHeaders: redactHeaders(result.rawHeaders) };
    } else {
      const timeout = result.failure === 'timeout';
      const error = new ApiError(timeout ? 504 : 502, timeout ? 'Gateway Timeout' : 'Bad Gateway', result.detail);
      status = error.status;
      headers = { 'content-type': 'application/json' };
      payload = JSON.stringify({ errors: [error.toItem()] });
      leg = { destination: hostOf(base!), uri: recordedUpstream, status: null, responseHeaders: {}, error: result.failure };
    }
  }
  const upstreamMs = Math.round(performance.now() - legStarted);
  const answerHeaders: HeaderMap = { ...headers, ...SAFETY_HEADERS, [GATEWAY_TRANSACTION_HEADER]: txId };
  const durationMs = Math.round(performance.now() - started);
  const responseBytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;

  // Each header map is redacted once: the summary and the legs share them (they are only serialised).
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
          requestHeaders: recordedRequest, responseHeaders: recordedAnswer,
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
  const lost = (e: unknown) => request.log.error({ err: e, transaction: txId }, 'gateway: could not record the transaction');
  // Try-it answers after its record (the explorer shows it at once); runtime calls are recorded in
  // batches a few milliseconds later (record.ts queueTransaction): the hot path does not wait.
  if (runtime) queueTransaction(app.db, row, lost);
  else await recordTransaction(app.db, row).catch(lost);
  return reply.code(status).headers(answerHeaders).send(payload);
}

/** The incoming headers minus those that carried our credential and the proxy's certificate
 * header (ours to read, never the upstream's). */
function withoutCredentials(headers: FastifyRequest['headers'], used: string[], mtlsHeader: string): FastifyRequest['headers'] {
  const drop = new Set([...used, mtlsHeader]);
  if (![...drop].some((name) => name in headers)) return headers;
  const out: FastifyRequest['headers'] = {};
  for (const [name, value] of Object.entries(headers)) if (!drop.has(name)) out[name] = value;
  return out;
}

/** The path (and query) after /gateway/{p}/{v}/{r}, as the client wrote it. */
export function pathUnderResource(rawUrl: string): { path: string; query: string } {
  const q = rawUrl.indexOf('?');
  const pathPart = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const query = q < 0 ? '' : rawUrl.slice(q);
  const at = pathPart.indexOf('/gateway/');
  const rest = pathPart.slice(at + '/gateway/'.length).split('/').slice(3);
  if (rest.some((seg) => /^(\.|%2e){1,2}$/i.test(seg))) throw badRequest('path', 'The path must not contain . or .. segments.');
  return { path: `/${rest.join('/')}`, query: query === '?' ? '' : query };
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

/** host[:port] of an upstream base (they are few: remembered). */
const hosts = new Map<string, string>();
function hostOf(base: string): string {
  let host = hosts.get(base);
  if (host === undefined) {
    host = new URL(base).host;
    if (hosts.size > 1000) hosts.clear();
    hosts.set(base, host);
  }
  return host;
}

export const joinUrl = (base: string, path: string, query: string) =>
  `${trimSlash(base)}${path === '/' && !base.endsWith('/') ? '' : path}${query}`;

/** A redirect inside the upstream stays inside the gateway. */
function rewriteLocation(headers: HeaderMap, base: string, gateway: string): HeaderMap {
  const location = headers.location;
  if (!location || !location.startsWith(trimSlash(base))) return headers;
  return { ...headers, location: `${gateway}${location.slice(trimSlash(base).length)}` };
}
