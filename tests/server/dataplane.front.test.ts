// The plane's front (server/src/dataplane/front.ts) builds the app's HTTP server in Fastify's
// place, copying the settings fastify/lib/server.js gives its own. This compares the two servers,
// so a setting Fastify adds or changes shows here instead of as a subtle difference in production.
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { buildTestApp, type TestApp } from './helper.ts';

const settings = (s: Server) => ({
  keepAliveTimeout: s.keepAliveTimeout,
  headersTimeout: s.headersTimeout,
  requestTimeout: s.requestTimeout,
  timeout: s.timeout,
  maxRequestsPerSocket: s.maxRequestsPerSocket,
  maxHeadersCount: s.maxHeadersCount,
  clientErrorListeners: s.listenerCount('clientError'),
});

describe('the data plane front', () => {
  const apps: TestApp[] = [];
  afterAll(async () => { for (const t of apps) await t.close(); });

  it('gives the app\'s server the settings Fastify gives its own', async () => {
    const httpTimeouts = { headersMs: 4_000, requestMs: 9_000 };
    const fronted = await buildTestApp({ httpTimeouts });
    apps.push(fronted);
    const plain = await buildTestApp({ httpTimeouts, dataPlane: false });
    apps.push(plain);
    expect(fronted.app.server.listeners('request')).toHaveLength(1);
    expect(settings(fronted.app.server)).toEqual(settings(plain.app.server));
    expect(fronted.app.server.headersTimeout).toBe(4_000);
    expect(fronted.app.server.requestTimeout).toBe(9_000);
  });
});
