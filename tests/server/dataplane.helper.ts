// The gateway's data plane is ahead of the app by default (server/src/dataplane/front.ts), but
// app.inject reaches Fastify directly. So buildTestApp sends every gateway URL of app.inject over
// real HTTP to a server whose request listener is the app's own (the plane's handle, passing the
// rest to Fastify), and the gateway suites run unchanged against the default path, on PGlite and
// on PostgreSQL (npm run test:pg). AGORA_TEST_DATAPLANE=0 injects them straight into Fastify.
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const dataPlaneTests = process.env.AGORA_TEST_DATAPLANE !== '0';

type DirectInject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const direct = new WeakMap<FastifyInstance, DirectInject>();

/** app.inject as Fastify has it, with no HTTP hop: for checks that time the server's own work in
 * the test's process (the event loop held), which the test's own client and socket would add to. */
export function injectDirectly(app: FastifyInstance): DirectInject {
  return direct.get(app) ?? (app.inject.bind(app) as DirectInject);
}

/** Routes the gateway URLs of `app.inject` through the app's request listener over HTTP; returns
 * what stops it (before the app closes). A separate server, so a test may still app.listen. */
export async function withDataPlane(app: FastifyInstance, apiBase: string): Promise<() => Promise<void>> {
  const [listener] = app.server.listeners('request') as RequestListener[];
  // As the app's own server: its keep-alive time (not node's 5 s: a pooled connection idle past
  // it races the next call on it, "socket hang up"), limits, and answers to malformed HTTP (a 1 MB
  // URL is a 431 in the error shape over a socket).
  const server = createServer({ keepAliveTimeout: app.server.keepAliveTimeout, headersTimeout: app.server.headersTimeout, requestTimeout: app.server.requestTimeout }, listener);
  for (const onError of app.server.listeners('clientError')) server.on('clientError', onError as (...args: unknown[]) => void);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const inject = app.inject.bind(app);
  direct.set(app, inject as DirectInject);
  const gateway = `${apiBase}/gateway/`;
  (app as { inject: unknown }).inject = (options: InjectOptions | string) => {
    const o = typeof options === 'string' ? { url: options } : options;
    const url = typeof o.url === 'string' ? o.url : undefined;
    return url?.startsWith(gateway) ? viaPlane(origin, o, url) : inject(options as InjectOptions);
  };
  return async () => {
    await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
  };
}

/** An inject call made over HTTP through the plane, answered in light-my-request's shape. */
async function viaPlane(origin: string, o: InjectOptions, url: string) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = String(v);
  let body: string | Buffer | undefined;
  if (o.payload !== undefined) {
    if (Buffer.isBuffer(o.payload) || typeof o.payload === 'string') body = o.payload as string | Buffer;
    else {
      body = JSON.stringify(o.payload);
      headers['content-type'] ??= 'application/json';
    }
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const query = o.query ? `${url.includes('?') ? '&' : '?'}${new URLSearchParams(o.query as Record<string, string>).toString()}` : '';
  // node:http, not undici: undici never sends the caller's Connection header, and the gateway's tests
  // send one naming headers the plane must then drop.
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(`${origin}${url}${query}`, { method: o.method ?? 'GET', headers, agent }, resolve).on('error', reject);
    req.end(body);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString('utf8');
  return {
    statusCode: res.statusCode!, headers: res.headers, body: text, payload: text, rawPayload: raw,
    json: () => JSON.parse(text) as unknown,
  };
}
const agent = new HttpAgent({ keepAlive: true });
