// One call to a real upstream: bounded in time and in size, the answer read whole (so its size
// is known for the record and a too-large answer never reaches the client half-sent).
// Calls go through the egress policy's undici Agent (egress.ts): a keep-alive connection pool per
// upstream origin, so a warm call costs no connection set-up and none of fetch's WHATWG streams and
// Headers objects, and a new connection only reaches an address the policy allows.
import { EventEmitter } from 'node:events';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { clientResponseHeaders, type HeaderMap } from './headers.ts';
import type { Egress } from './egress.ts';
import type { Dispatcher } from 'undici';

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

/** The call's time limit as the abort signal undici takes. An EventEmitter rather than an
 * AbortController: with an AbortSignal (an EventTarget) handed to undici, every scavenge of a busy
 * gateway promoted ~180 KB of finished calls, and its pauses doubled (bench/README.md, session 12). */
class Deadline extends EventEmitter {
  aborted = false;
  abort(): void {
    this.aborted = true;
    this.emit('abort');
  }
}

export async function forward(o: ForwardOptions): Promise<UpstreamResult> {
  const deadline = new Deadline();
  const timer = setTimeout(() => deadline.abort(), o.timeoutMs);
  try {
    const method = o.method.toUpperCase();
    const url = typeof o.url === 'string' ? new URL(o.url) : o.url;
    const headers = 'accept-encoding' in o.headers ? o.headers : { ...o.headers, 'accept-encoding': ACCEPT_ENCODING };
    const response = await o.egress.agent.request({
      origin: url.origin, path: `${url.pathname}${url.search}`, method, headers,
      body: o.body && o.body.length > 0 && method !== 'GET' && method !== 'HEAD' ? o.body : null,
      signal: deadline,
    });
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > o.maxBytes) {
      response.body.destroy();
      return tooLarge(o.maxBytes);
    }
    const chunks = await readBody(response.body, o.maxBytes);
    if (chunks === null) return tooLarge(o.maxBytes);
    let body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const raw = flat(response.headers);
    const encoding = raw['content-encoding']?.trim().toLowerCase();
    const decode = encoding ? DECODERS[encoding] : undefined;
    if (decode) {
      try {
        body = decode(body, { maxOutputLength: o.maxBytes });
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(o.maxBytes);
        return { ok: false, failure: 'unreachable', detail: `The upstream's answer could not be decoded (${encoding}).` };
      }
    }
    const out = clientResponseHeaders(response.headers);
    // An encoding we could not undo stays declared, so the client can.
    if (encoding && encoding !== 'identity' && !decode) out['content-encoding'] = raw['content-encoding']!;
    return { ok: true, status: response.statusCode, headers: out, rawHeaders: raw, body };
  } catch (e) {
    // The deadline is the only abort: once it fired, whatever undici reports is the time-out.
    if (deadline.aborted) return { ok: false, failure: 'timeout', detail: `The upstream did not answer within ${Math.round(o.timeoutMs / 1000)} seconds.` };
    const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    if (err.code === 'EGRESS_REFUSED' || err.cause?.code === 'EGRESS_REFUSED') {
      return { ok: false, failure: 'refused', detail: `The upstream may not be called: ${err.cause?.code === 'EGRESS_REFUSED' ? err.cause.message : err.message}` };
    }
    const why = err.cause?.code ?? err.code ?? err.cause?.message ?? err.message;
    return { ok: false, failure: 'unreachable', detail: `The upstream could not be reached (${why}).` };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's chunks, or null (the body destroyed) once they pass maxBytes. Listeners rather
 * than `for await`: a stream's async iterator costs a few promises and objects a chunk, on every
 * call of the hot path, for an answer that is usually one chunk. */
function readBody(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer[] | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        body.destroy();
        resolve(null);
      } else chunks.push(chunk);
    });
    body.once('end', () => resolve(chunks));
    body.once('error', reject);
  });
}

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
