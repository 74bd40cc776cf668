// One call to a real upstream: bounded in time and in size, the answer read whole (so its size
// is known for the record and a too-large answer never reaches the client half-sent).
// Calls go through the egress policy's undici Agent (egress.ts): a keep-alive connection pool per
// upstream origin, so a warm call costs no connection set-up and none of fetch's WHATWG streams and
// Headers objects, and a new connection only reaches an address the policy allows.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { clientResponseHeaders, type HeaderMap } from './headers.ts';
import type { Egress } from './egress.ts';
import { util, type Dispatcher } from 'undici';

export type UpstreamFailure = 'timeout' | 'unreachable' | 'tooLarge' | 'refused';

export type UpstreamResult =
  | { ok: true; status: number; headers: HeaderMap; rawHeaders: HeaderMap; body: Buffer }
  | { ok: false; failure: UpstreamFailure; detail: string };

export interface ForwardOptions {
  /** The server's egress policy (app.egress). */
  egress: Egress;
  /** A URL already parsed is not parsed again. */
  url: string | URL;
  method: string;
  headers: HeaderMap;
  body: Buffer | undefined;
  timeoutMs: number;
  maxBytes: number;
}

/** What fetch asked for (the body is sent on decoded, so any of these is fine). */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const DECODERS: Record<string, (b: Buffer, o: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync, 'x-gzip': gunzipSync, deflate: inflateSync, br: brotliDecompressSync,
};

/** One upstream call as an undici dispatch handler: the answer's head and chunks arrive as
 * callbacks, with no request promise, Readable body stream or abort signal made for it (each cost
 * a call of the hot path its objects and ticks: bench/README.md, "CPU a call"); the time limit is
 * one timer that aborts the request. */
class Call implements Dispatcher.DispatchHandler {
  private abort: ((err?: Error) => void) | null = null;
  private readonly timer: NodeJS.Timeout;
  private failure: UpstreamResult | null = null;
  private status = 0;
  private headers: Record<string, string | string[]> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private done = false;

  constructor(private readonly o: ForwardOptions, private readonly resolve: (r: UpstreamResult) => void) {
    this.timer = setTimeout(() => this.stop(timedOut(o.timeoutMs)), o.timeoutMs);
  }

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort;
    if (this.failure) abort(new Error('stopped'));
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    if (statusCode < 200) return true; // an interim answer (100 Continue, 103): the final one follows
    this.status = statusCode;
    this.headers = util.parseHeaders(rawHeaders) as Record<string, string | string[]>;
    if (Number(this.headers['content-length'] ?? 0) > this.o.maxBytes) this.stop(tooLarge(this.o.maxBytes));
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.o.maxBytes) this.stop(tooLarge(this.o.maxBytes));
    else this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.failure) return this.finish(this.failure);
    this.finish(answered(this.status, this.headers, this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks), this.o.maxBytes));
  }

  onError(e: Error): void {
    // A call stopped here (time-out, too large) ends with what stopped it, whatever undici reports.
    this.finish(this.failure ?? failed(e));
  }

  /** Ends the call with `failure` (answered at once; the request aborted, or once connected). */
  private stop(failure: UpstreamResult): void {
    if (this.failure || this.done) return;
    this.failure = failure;
    this.finish(failure);
    this.abort?.(new Error('stopped'));
  }

  private finish(result: UpstreamResult): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.resolve(result);
  }
}

export function forward(o: ForwardOptions): Promise<UpstreamResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = typeof o.url === 'string' ? new URL(o.url) : o.url;
    } catch (e) {
      return resolve(failed(e as Error));
    }
    const method = o.method.toUpperCase();
    const headers = 'accept-encoding' in o.headers ? o.headers : { ...o.headers, 'accept-encoding': ACCEPT_ENCODING };
    o.egress.agent.dispatch({
      origin: url.origin, path: `${url.pathname}${url.search}`, method: method as Dispatcher.HttpMethod, headers,
      body: o.body && o.body.length > 0 && method !== 'GET' && method !== 'HEAD' ? o.body : null,
    }, new Call(o, resolve));
  });
}

/** The upstream's answer, its body decoded, its headers as the client and the record get them. */
function answered(status: number, headers: Record<string, string | string[]>, received: Buffer, maxBytes: number): UpstreamResult {
  let body = received;
  const raw = flat(headers);
  const encoding = raw['content-encoding']?.trim().toLowerCase();
  const decode = encoding ? DECODERS[encoding] : undefined;
  if (decode) {
    try {
      body = decode(body, { maxOutputLength: maxBytes });
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(maxBytes);
      return { ok: false, failure: 'unreachable', detail: `The upstream's answer could not be decoded (${encoding}).` };
    }
  }
  const out = clientResponseHeaders(headers);
  // An encoding we could not undo stays declared, so the client can.
  if (encoding && encoding !== 'identity' && !decode) out['content-encoding'] = raw['content-encoding']!;
  return { ok: true, status, headers: out, rawHeaders: raw, body };
}

/** What undici reported, as the client is told it. */
function failed(e: Error): UpstreamResult {
  const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.code === 'EGRESS_REFUSED' || err.cause?.code === 'EGRESS_REFUSED') {
    return { ok: false, failure: 'refused', detail: `The upstream may not be called: ${err.cause?.code === 'EGRESS_REFUSED' ? err.cause.message : err.message}` };
  }
  const why = err.cause?.code ?? err.code ?? err.cause?.message ?? err.message;
  return { ok: false, failure: 'unreachable', detail: `The upstream could not be reached (${why}).` };
}

const timedOut = (ms: number): UpstreamResult => ({ ok: false, failure: 'timeout', detail: `The upstream did not answer within ${Math.round(ms / 1000)} seconds.` });

/** undici's header object (set-cookie and repeated headers as arrays) as one string each. */
function flat(headers: Record<string, string | string[] | undefined>): HeaderMap {
  const out: HeaderMap = {};
  for (const name in headers) {
    const v = headers[name];
    if (v !== undefined) out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

const tooLarge = (max: number): UpstreamResult => ({
  ok: false, failure: 'tooLarge', detail: `The upstream's answer is larger than ${Math.round(max / 1024 / 1024)} MB.`,
});
