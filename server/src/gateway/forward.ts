// One call to a real upstream: bounded in time and in size, the answer read whole (so its size
// is known for the record and a too-large answer never reaches the client half-sent).
import { clientResponseHeaders, type HeaderMap } from './headers.ts';

export type UpstreamFailure = 'timeout' | 'unreachable' | 'tooLarge';

export type UpstreamResult =
  | { ok: true; status: number; headers: HeaderMap; rawHeaders: HeaderMap; body: Buffer }
  | { ok: false; failure: UpstreamFailure; detail: string };

export interface ForwardOptions {
  url: string;
  method: string;
  headers: HeaderMap;
  body: Buffer | undefined;
  timeoutMs: number;
  maxBytes: number;
}

export async function forward(o: ForwardOptions): Promise<UpstreamResult> {
  const controller = new AbortController();
  // Why the call was aborted (a closure sets it, so it lives in an object TypeScript will not narrow).
  const aborted: { why: UpstreamFailure | null } = { why: null };
  const timer = setTimeout(() => {
    aborted.why = 'timeout';
    controller.abort();
  }, o.timeoutMs);
  try {
    const method = o.method.toUpperCase();
    const response = await fetch(o.url, {
      method,
      headers: o.headers,
      ...(o.body && o.body.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body: new Uint8Array(o.body) } : {}),
      redirect: 'manual',
      signal: controller.signal,
    });
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > o.maxBytes) {
      aborted.why = 'tooLarge';
      controller.abort();
      return tooLarge(o.maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (response.body) {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > o.maxBytes) {
          aborted.why = 'tooLarge';
          controller.abort();
          return tooLarge(o.maxBytes);
        }
        chunks.push(Buffer.from(chunk));
      }
    }
    const raw: HeaderMap = {};
    response.headers.forEach((v, k) => { raw[k] = v; });
    return { ok: true, status: response.status, headers: clientResponseHeaders(response.headers), rawHeaders: raw, body: Buffer.concat(chunks) };
  } catch (e) {
    if (aborted.why === 'timeout') return { ok: false, failure: 'timeout', detail: `The upstream did not answer within ${Math.round(o.timeoutMs / 1000)} seconds.` };
    if (aborted.why === 'tooLarge') return tooLarge(o.maxBytes);
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (e as Error).message;
    return { ok: false, failure: 'unreachable', detail: `The upstream could not be reached (${why}).` };
  } finally {
    clearTimeout(timer);
  }
}

const tooLarge = (max: number): UpstreamResult => ({
  ok: false, failure: 'tooLarge', detail: `The upstream's answer is larger than ${Math.round(max / 1024 / 1024)} MB.`,
});
