// The gateway's data plane (issue 31): a bare node:http handler for the runtime path
// (`/api/v1/gateway/{p}/{v}/{r}/…` with an application's credential), outside the portal's
// Fastify instance. It checks the credential, the resource and the quotas (strict ones from a
// lease of its own), forwards through the egress agent and queues the record, exactly as
// gateway/call.ts does; everything else — the portal's API and pages, try-it calls with a portal
// session, browser calls (Origin: CORS), mock upstreams, refusals and bad input — is passed to the
// portal's app untouched, which answers and records it as before. So the plane only ever answers a
// call the app would have answered the same way, and the rules live in one place.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import type { PlaneBackend, CountBatch, ForwardedCall, StrictCounter } from './backend.ts';
import type { Egress } from '../gateway/egress.ts';
import type { CredentialEntry } from '../credentials/lookup.ts';
import { lookupKeys, sameDigest, sha256 } from '../credentials/crypto.ts';
import { unusable, verifyToken } from '../credentials/tokens.ts';
import { certificateHash, isGatewayToken } from '../gateway/runtime.ts';
import { notForwarded, pathUnderResource, timeoutMs, upstreamAnswer, upstreamTarget } from '../gateway/call.ts';
import { forward } from '../gateway/forward.ts';
import { SAFETY_HEADERS, redactHeaders, redactQuery, upstreamRequestHeaders, type HeaderMap } from '../gateway/headers.ts';
import { isMockUpstream } from '../gateway/mock.ts';
import { rowJson, statusDetailOf, type Leg, type TransactionRow } from '../gateway/record.ts';
import { gatewayPath } from '../gateway/paths.ts';
import { CALL_UNIT } from '../quota/coverage.ts';
import { countWindow } from '../quota/counters.ts';
import { ApiError } from '../errors.ts';
import { API_POLICY, clientErrorHandler } from '../plugins/headers.ts';
import { tryItState } from '../../../src/rules/tryIt.ts';
import {
  GATEWAY_API_KEY_HEADER, GATEWAY_ENDPOINT_HEADER, GATEWAY_MAX_REQUEST_BYTES, GATEWAY_MAX_RESPONSE_BYTES, GATEWAY_TRANSACTION_HEADER,
} from '../../../src/rules/constants.ts';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, type HttpTimeouts } from '../httpTimeouts.ts';

/** Records and counts leave a plane at the latest this long after the call (what a killed worker
 * can lose: README). */
export const PLANE_FLUSH_MS = 20;
/** …or when this many rows wait. */
const PLANE_FLUSH_ROWS = 500;
/** Calls of a strict quota a plane leases at once from its server (the server leases blocks from
 * the store that shrink as the limit nears: quota/counters.ts). */
const PLANE_LEASE_CALLS = 8;

/** Where a request's body read by the plane waits for the app in the same process. */
export const READ_BODY = Symbol('agora.readBody');

/** Hop-by-hop headers: never passed on in either direction. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
/** What the portal's headers plugin adds to an API answer (plugins/headers.ts), the gateway's own
 * safety headers over it. */
const ANSWER_HEADERS: HeaderMap = { 'referrer-policy': 'strict-origin-when-cross-origin', 'content-security-policy': API_POLICY, 'x-frame-options': 'DENY', ...SAFETY_HEADERS };

export interface PlaneOptions {
  backend: PlaneBackend;
  egress: Egress;
  /** GATEWAY_MTLS_HEADER, lower case */
  mtlsHeader: string;
  /** The API's prefix, `/api/v1` (app.ts API_BASE). */
  apiBase: string;
  /** Where everything but the runtime path goes: the portal's app's own handler in its process
   * (./front.ts), or its origin over loopback (a worker process: ./cluster.ts). */
  app: string | RequestListener;
  /** A batch the backend refused (the calls were answered: only their records are lost). */
  log: (message: string, err: unknown) => void;
}

interface Lease { counter: StrictCounter; left: number; refill: Promise<number> | null }
type Scheme = 'ApiKey' | 'Basic' | 'Bearer' | 'MutualTLS';

export class DataPlane {
  private readonly pool: Pool | null;
  private readonly gatewayPrefix: string;
  private rows: string[] = [];
  private calls: ForwardedCall[] = [];
  private readonly counts = new Map<string, CountBatch>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly leases = new Map<string, Lease>();

  constructor(private readonly o: PlaneOptions) {
    this.pool = typeof o.app === 'string' ? new Pool(o.app, { connections: 128, keepAliveTimeout: 10_000 }) : null;
    this.gatewayPrefix = `${o.apiBase}/gateway/`;
  }

  /** The request listener of the plane's HTTP server. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const gateway = url.startsWith(this.gatewayPrefix);
    // A gateway body over the limit: the app's own 413, answered here (the app would stop reading
    // it half-way, and the stream passed on would break).
    if (gateway && Number(req.headers['content-length'] ?? 0) > GATEWAY_MAX_REQUEST_BYTES) return this.tooLarge(res);
    const scheme = gateway ? this.schemeOf(req.headers) : null;
    if (!scheme) return this.pass(req, res, null);
    // A call without a body (a GET: most of them) is answered without reading the stream.
    if (!hasBody(req.headers)) return void this.answer(req, res, scheme, url, EMPTY);
    readBody(req).then((body) => {
      if (body === null) return this.tooLarge(res);
      return this.answer(req, res, scheme, url, body);
    }).catch((err: unknown) => this.fail(res, err));
  };

  /** A runtime call answered here, or passed to the app with its body. */
  private answer(req: IncomingMessage, res: ServerResponse, scheme: Scheme, url: string, body: Buffer): Promise<void> {
    return this.runtime(req, res, scheme, url, body).then((answered) => { if (!answered) this.pass(req, res, body); }, (err: unknown) => this.fail(res, err));
  }

  /** The credential scheme of a runtime call, or null when the app must answer it: no credential,
   * a portal session or cookie (try-it), a browser's call (CORS), an explorer endpoint choice. */
  private schemeOf(h: IncomingHttpHeaders): Scheme | null {
    if (h.cookie !== undefined || h.origin !== undefined || h[GATEWAY_ENDPOINT_HEADER] !== undefined
      || h['x-agora-application'] !== undefined || h['x-agora-credential'] !== undefined) return null;
    const authorization = h.authorization;
    if (h[GATEWAY_API_KEY_HEADER] !== undefined) return authorization === undefined ? 'ApiKey' : null;
    if (authorization !== undefined) {
      if (/^Basic\s/i.test(authorization)) return 'Basic';
      return isGatewayToken(authorization) ? 'Bearer' : null;
    }
    return h[this.o.mtlsHeader] !== undefined ? 'MutualTLS' : null;
  }

  /** The credential's entry when it may call now, else null (the app refuses and records it). */
  private async credential(req: IncomingMessage, scheme: Scheme, now: Date): Promise<CredentialEntry | null> {
    const h = req.headers;
    const b = this.o.backend;
    let entry: CredentialEntry | null;
    if (scheme === 'ApiKey') entry = await b.credentialByKey(lookupKeys.apiKey(String(h[GATEWAY_API_KEY_HEADER])));
    else if (scheme === 'Basic') {
      const text = Buffer.from(h.authorization!.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
      const at = text.indexOf(':');
      if (at < 1) return null;
      entry = await b.credentialByKey(lookupKeys.basic(text.slice(0, at)));
      if (entry && (!entry.secretHash || !sameDigest(entry.secretHash, sha256(text.slice(at + 1))))) return null;
    } else if (scheme === 'Bearer') {
      const claims = await verifyToken(await b.tokenKey(), h.authorization!.replace(/^Bearer\s+/i, '').trim(), now);
      if (!claims) return null;
      entry = await b.credentialById(claims.credentialId);
      if (entry && entry.secretVersion !== claims.secretVersion) return null;
    } else {
      const hash = certificateHash(String(h[this.o.mtlsHeader]));
      if (!hash) return null;
      entry = await b.credentialByKey(lookupKeys.mtls(hash));
    }
    return unusable(entry, now) ? null : entry;
  }

  /** Answers a runtime call that passes every check; false (nothing sent, nothing counted) for any
   * other, which the app then answers. */
  private async runtime(req: IncomingMessage, res: ServerResponse, scheme: Scheme, url: string, body: Buffer): Promise<boolean> {
    const started = performance.now();
    const at = new Date();
    const segments = url.slice(this.gatewayPrefix.length).split(/[/?]/, 3);
    if (segments.length < 3 || segments.some((s) => s === '' || s.includes('%'))) return false;
    const [productId, versionId, resourceId] = segments as [string, string, string];
    const b = this.o.backend;
    const now = b.now();
    const entry = await this.credential(req, scheme, now);
    const subscriptionId = entry?.listed.has(resourceId) ? entry.access.get(resourceId) : undefined;
    if (!entry || !subscriptionId) return false;
    const visible = await b.resource(productId, versionId, resourceId);
    if (!visible || !tryItState({ signedIn: true, resource: visible.resource }).allowed) return false;
    const base = visible.resource.upstreamUrl;
    if (isMockUpstream(base)) return false;
    let path: string, query: string, target: URL;
    try {
      ({ path, query } = pathUnderResource(url));
      target = upstreamTarget(base!, path, query);
    } catch {
      return false; // the app's 400 (or 502) names why
    }
    if (!await this.charge(entry, subscriptionId, resourceId, now)) return false;

    const txId = randomUUID();
    const sent = upstreamRequestHeaders(req.headers, notForwarded([credentialHeader(scheme, this.o.mtlsHeader)], this.o.mtlsHeader));
    const recordedUpstream = `${target.origin}${target.pathname}${redactQuery(target.search)}`;
    const legStarted = performance.now();
    const result = await forward({ egress: this.o.egress, url: target, method: req.method!, headers: sent.headers, body, timeoutMs: timeoutMs(), maxBytes: GATEWAY_MAX_RESPONSE_BYTES });
    const gatewayBase = gatewayPath(this.o.apiBase, productId, versionId, resourceId);
    const { status, headers, payload, leg } = upstreamAnswer(result, base!, gatewayBase, recordedUpstream);
    const legMs = performance.now() - legStarted;
    const upstreamMs = Math.round(legMs);
    const answerHeaders: HeaderMap = { ...headers, ...ANSWER_HEADERS, [GATEWAY_TRANSACTION_HEADER]: txId };
    const durationMs = Math.round(performance.now() - started);
    const method = req.method!.toUpperCase();
    const recordedQuery = redactQuery(query);
    // The same row as gateway/call.ts writes for a runtime call.
    const row: TransactionRow = {
      id: txId, orgId: entry.orgId, at, userId: null,
      applicationId: entry.applicationId, credentialId: entry.id, subscriptionId,
      productId, productVersionId: versionId, assetResourceId: resourceId,
      protocol: 'http', method, path: `${path}${recordedQuery}`, upstreamUrl: recordedUpstream,
      status, statusDetail: statusDetailOf(status), durationMs,
      requestHeaders: redactHeaders(req.headers), responseHeaders: redactHeaders(answerHeaders),
      requestBytes: body.length, responseBytes: typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
      legs: [
        { timestamp: at.toISOString(), transactionEvent: { id: `${txId}:0`, parentId: null, source: req.socket.remoteAddress ?? '', destination: 'gateway', duration: durationMs, protocol: 'http', method, uri: `${gatewayBase}${path}${recordedQuery}`, status } },
        {
          timestamp: new Date(at.getTime() + Math.round(legStarted - started)).toISOString(),
          transactionEvent: { id: `${txId}:1`, parentId: `${txId}:0`, source: 'gateway', duration: upstreamMs, protocol: 'http', method, requestHeaders: redactHeaders(sent.headers, sent.mapped), ...leg },
        },
      ] satisfies Leg[],
    };
    const seconds = (performance.now() - started) / 1000;
    const call: ForwardedCall = [productId, result.ok ? '' : result.failure, seconds - legMs / 1000, method, status, seconds, url.charCodeAt(this.gatewayPrefix.length + productId.length + versionId.length + resourceId.length + 2) === SLASH];
    if (b.answered) b.answered(call);
    else this.calls.push(call);
    this.queue(rowJson(row));
    res.writeHead(status, answerHeaders);
    res.end(method === 'HEAD' ? undefined : payload);
    return true;
  }

  /** Takes the call from every strict quota (all or nothing) and counts it; false at a strict limit
   * (the app then answers the 429 with its Retry-After and records it). */
  private async charge(entry: CredentialEntry, subscriptionId: string, resourceId: string, now: Date): Promise<boolean> {
    const quotas = await this.o.backend.quotas(subscriptionId, resourceId);
    if (quotas.length === 0) return true;
    const taken: Lease[] = [];
    const counted: CountBatch['counted'] = [];
    for (const q of quotas) {
      const window = countWindow(q.interval, now);
      if (q.mode !== 'strict') {
        counted.push({ id: q.id, interval: q.interval, at: window.start.getTime() });
        continue;
      }
      const lease = this.leaseOf({ subscriptionId, quotaId: q.id, limit: q.limit!, interval: q.interval, at: window.start.getTime() }, window.startText);
      if (await this.take(lease)) {
        taken.push(lease);
        continue;
      }
      for (const t of taken) t.left += 1;
      return false;
    }
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    const recorded = quotas.map((q) => q.id);
    const key = `${subscriptionId}|${entry.applicationId}|${resourceId}|${minute}|${recorded.join(',')}`;
    const c = this.counts.get(key);
    if (c) c.n += 1;
    else this.counts.set(key, { orgId: entry.orgId, subscriptionId, applicationId: entry.applicationId, resourceId, unitName: CALL_UNIT, minute, counted, recorded, n: 1 });
    return true;
  }

  private leaseOf(counter: StrictCounter, windowText: string): Lease {
    const key = `${counter.subscriptionId}|${counter.quotaId}|${counter.limit}|${windowText}`;
    let lease = this.leases.get(key);
    if (!lease) this.leases.set(key, lease = { counter, left: 0, refill: null });
    return lease;
  }

  private async take(l: Lease): Promise<boolean> {
    for (;;) {
      if (l.left > 0) {
        l.left -= 1;
        return true;
      }
      l.refill ??= this.o.backend.lease(l.counter, PLANE_LEASE_CALLS).then((n) => { l.left += n; return n; }).finally(() => { l.refill = null; });
      if (await l.refill === 0 && l.left === 0) return false;
    }
  }

  private queue(json: string): void {
    this.rows.push(json);
    if (this.rows.length >= PLANE_FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), PLANE_FLUSH_MS);
  }

  /** Hands the queued records and counts to the backend now, and waits for what is under way. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.rows;
    this.rows = [];
    const calls = this.calls;
    this.calls = [];
    const counts = [...this.counts.values()];
    this.counts.clear();
    const write = rows.length || counts.length
      ? this.o.backend.write(rows, counts, calls).catch((err: unknown) => this.o.log(`data plane: ${rows.length} records could not be handed over`, err))
      : Promise.resolve();
    this.writing = Promise.all([this.writing, write]).then(() => undefined);
    await this.writing;
  }

  /** On stop: the records flushed and the unspent strict calls given back to the server. */
  async close(): Promise<void> {
    await this.flush();
    for (const l of this.leases.values()) {
      if (l.refill) await l.refill.catch(() => 0);
      const n = l.left;
      l.left = 0;
      if (n > 0) await this.o.backend.giveBack(l.counter, n).catch((err: unknown) => this.o.log('data plane: a lease could not be given back', err));
    }
    this.leases.clear();
    await this.pool?.close();
  }

  /** To the portal's app, as sent (the body already read, or streamed), the client's address in
   * X-Forwarded-For (the app trusts it from the plane only: ./cluster.ts). */
  private pass(req: IncomingMessage, res: ServerResponse, body: Buffer | null): void {
    if (typeof this.o.app === 'function') {
      // The app parses the body read here (./front.ts's preParsing hook).
      if (body !== null) (req as IncomingMessage & { [READ_BODY]?: Buffer })[READ_BODY] = body;
      return this.o.app(req, res);
    }
    const headers: Record<string, string | string[]> = {};
    // Headers the client's Connection names are hop-by-hop too (RFC 9110 §7.6.1).
    const listed = req.headers.connection?.toLowerCase().split(',').map((n) => n.trim());
    for (const name in req.headers) {
      const v = req.headers[name];
      if (v !== undefined && !HOP.has(name) && !listed?.includes(name)) headers[name] = v;
    }
    const client = req.socket.remoteAddress ?? '';
    const before = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client;
    const streamed = body === null && (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined);
    if (body !== null) headers['content-length'] = String(body.length);
    const options: Dispatcher.RequestOptions = { path: req.url ?? '/', method: req.method as Dispatcher.HttpMethod, headers, body: body ?? (streamed ? req : null) };
    this.pool!.request(options).then((answer) => {
      const out: Record<string, string | string[]> = {};
      for (const name in answer.headers) {
        const v = answer.headers[name];
        if (v !== undefined && !HOP.has(name)) out[name] = v;
      }
      res.writeHead(answer.statusCode, out);
      res.on('close', () => answer.body.destroy());
      answer.body.pipe(res);
    }).catch((err: unknown) => this.fail(res, err));
  }

  private fail(res: ServerResponse, err: unknown): void {
    this.o.log('data plane: a call failed', err);
    if (res.headersSent) return void res.destroy();
    this.answerError(res, new ApiError(502, 'Bad Gateway', 'The portal did not answer.'));
  }

  private tooLarge(res: ServerResponse): void {
    res.shouldKeepAlive = false;
    this.answerError(res, new ApiError(413, 'Payload Too Large', 'The request body is too large.', 'body'));
  }

  private answerError(res: ServerResponse, error: ApiError): void {
    res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', ...ANSWER_HEADERS });
    res.end(JSON.stringify({ errors: [error.toItem()] }));
  }
}

/** The request header that carried the credential (never forwarded upstream). */
function credentialHeader(scheme: Scheme, mtlsHeader: string): string {
  return scheme === 'ApiKey' ? GATEWAY_API_KEY_HEADER : scheme === 'MutualTLS' ? mtlsHeader : 'authorization';
}

/** The plane's HTTP server: the portal's limits for slow clients and its answers to malformed HTTP. */
export function planeServer(plane: DataPlane, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): Server {
  const server = createServer({ ...httpServerOptions(timeouts), keepAliveTimeout: 72_000 }, plane.handle);
  server.on('clientError', clientErrorHandler);
  return server;
}

const EMPTY = Buffer.alloc(0);
const SLASH = 0x2f;
/** Whether a request has a body to read (HTTP/1.1: only with Content-Length or Transfer-Encoding). */
const hasBody = (h: IncomingHttpHeaders) => (h['content-length'] !== undefined && h['content-length'] !== '0') || h['transfer-encoding'] !== undefined;

/** The request's body (empty without one); null past GATEWAY_MAX_REQUEST_BYTES. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= GATEWAY_MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > GATEWAY_MAX_REQUEST_BYTES ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
