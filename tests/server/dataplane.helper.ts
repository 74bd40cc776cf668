// With AGORA_TEST_DATAPLANE=1 (README: "Data plane"), buildTestApp puts the gateway's data plane
// (server/src/dataplane) in front of the test app, as GATEWAY_WORKERS does in production: the app
// listens on a loopback port, the plane on another, and app.inject sends every gateway URL through
// the plane over real HTTP (everything else stays injected). So the gateway suites run unchanged
// against the new path, on PGlite and on PostgreSQL (npm run test:pg).
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DataPlane, planeServer } from '../../server/src/dataplane/plane.ts';
import { localBackend } from '../../server/src/dataplane/backend.ts';
import { onFlush } from '../../server/src/gateway/record.ts';
import { credentialsRuntime } from '../../server/src/credentials/runtime.ts';

export const dataPlaneTests = process.env.AGORA_TEST_DATAPLANE === '1';

/** Starts the plane for `app`; returns what closes it (before the app). */
export async function withDataPlane(app: FastifyInstance, apiBase: string): Promise<() => Promise<void>> {
  // The app answers on a server of its own here (app.routing), so a test may still app.listen.
  const appServer = createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  const appPort = (appServer.address() as AddressInfo).port;
  const plane = new DataPlane({
    backend: localBackend(app), egress: app.egress, mtlsHeader: credentialsRuntime(app.db, app.credentialsOptions).mtlsHeader,
    apiBase, app: `http://127.0.0.1:${appPort}`, log: (message, err) => app.log.error({ err }, message),
  });
  const server = planeServer(plane);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stopFlush = onFlush(app.db, () => plane.flush());
  const inject = app.inject.bind(app);
  const gateway = `${apiBase}/gateway/`;
  (app as { inject: unknown }).inject = (options: InjectOptions | string) => {
    const o = typeof options === 'string' ? { url: options } : options;
    const url = typeof o.url === 'string' ? o.url : undefined;
    return url?.startsWith(gateway) ? viaPlane(origin, o, url) : inject(options as InjectOptions);
  };
  return async () => {
    stopFlush();
    await new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); });
    await plane.close();
    await new Promise<void>((resolve) => { appServer.close(() => resolve()); appServer.closeAllConnections(); });
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
