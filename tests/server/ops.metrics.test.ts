// GET /metrics (server/src/ops/metrics.ts): after a known mix of catalogue reads and gateway calls
// (forwarded, refused for a bad key, refused for an unknown product), the scrape parses as the
// Prometheus text format and holds exactly those counts, under route patterns and product ids,
// never a URL or an id a caller typed. Without the token, or with anything else, it is a 401.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { assetResources } from '../../server/src/db/schema.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { CREDENTIAL_PROVISION_DELAY_MS } from '../../src/rules/constants.ts';
import { parsePrometheus, valueOf, type Family } from './prometheus.ts';

const TOKEN = 'metrics-test-token-0123456789';
const clock = new ManualClock(new Date());
const orgadmin = { id: USER.orgadmin!, orgId: ORG.acme };
let t: TestApp;
let upstream: Server;
let gw: string;
let apiKey: string;

beforeAll(async () => {
  upstream = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({ demo: true, clock, allowHosts: ['127.0.0.1'], metricsToken: TOKEN });
  await t.db.update(assetResources).set({ upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` })
    .where(eq(assetResources.id, 'res-payments'));
  const [resource] = await t.db.select({ versionId: assetResources.productVersionId }).from(assetResources).where(eq(assetResources.id, 'res-payments'));
  gw = `${API}/gateway/prod-payments/${resource!.versionId}/res-payments`;
  const created = await t.request(orgadmin, {
    method: 'POST', url: `${API}/applications/app-acme-checkout/credentials`,
    payload: { title: 'Metrics key', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, resources: [{ id: 'res-payments' }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clock.advance(CREDENTIAL_PROVISION_DELAY_MS);
  await t.app.jobs.drain();
  apiKey = (await t.request(orgadmin, { url: `${API}/credentials/${created.body.id}?decrypt=true` })).body.provisioning.data.apiKey;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

async function scrape(): Promise<Map<string, Family>> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(res.body);
}

describe('GET /metrics', () => {
  it('counts a known mix of catalogue reads and gateway calls exactly, by route pattern and product', async () => {
    const before = await scrape();
    const reads = 7;
    const forwarded = 5;
    const badKey = 3;
    const unknownProduct = 2;
    for (let i = 0; i < reads; i++) expect((await t.app.inject({ url: `${API}/products?limit=${i + 1}` })).statusCode).toBe(200);
    for (let i = 0; i < forwarded; i++) {
      const res = await t.app.inject({ url: `${gw}/v1/payments?n=${i}`, headers: { 'x-api-key': apiKey } });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let i = 0; i < badKey; i++) expect((await t.app.inject({ url: `${gw}/v1/payments`, headers: { 'x-api-key': `agk_wrong${i}` } })).statusCode).toBe(401);
    const typed = 'prod-typed-by-a-caller';
    for (let i = 0; i < unknownProduct; i++) {
      const res = await t.app.inject({ url: `${gw.replace('prod-payments', `${typed}${i}`)}/v1/payments`, headers: { 'x-api-key': apiKey } });
      expect(res.statusCode).toBe(404);
    }
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(delta('agora_http_requests_total', { method: 'GET', route: `${API}/products`, status: '200' })).toBe(reads);
    expect(delta('agora_http_request_duration_seconds_count', { method: 'GET', route: `${API}/products` })).toBe(reads);
    const gatewayRoute = `${API}/gateway/:productId/:versionId/:resourceId/*`;
    expect(delta('agora_http_requests_total', { method: 'GET', route: gatewayRoute, status: '200' })).toBe(forwarded);
    expect(delta('agora_http_requests_total', { method: 'GET', route: gatewayRoute, status: '401' })).toBe(badKey);
    expect(delta('agora_gateway_calls_total', { product: 'prod-payments', outcome: 'forwarded', reason: '' })).toBe(forwarded);
    expect(delta('agora_gateway_calls_total', { product: 'prod-payments', outcome: 'refused', reason: 'unauthenticated' })).toBe(badKey);
    expect(delta('agora_gateway_calls_total', { product: 'unknown', outcome: 'refused', reason: 'not_found' })).toBe(unknownProduct);
    expect(delta('agora_gateway_added_seconds_count', { outcome: 'forwarded' })).toBe(forwarded);
    expect(delta('agora_gateway_added_seconds_count', { outcome: 'refused' })).toBe(badKey + unknownProduct);

    // No label value is a URL, a query or an id a caller typed.
    const values = [...after.values()].flatMap((f) => f.samples).flatMap((s) => Object.values(s.labels));
    expect(values.filter((v) => v.includes('?') || v.includes(typed) || v.includes('agk_') || v.includes('/v1/payments'))).toEqual([]);

    // The store, the job queue and the process are there too.
    expect(valueOf(after, 'agora_db_query_duration_seconds_count', { store: t.store.kind })).toBeGreaterThan(0);
    expect(valueOf(after, 'agora_db_pool_connections', { store: t.store.kind, state: 'max' })).toBeGreaterThan(0);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
    expect(after.get('process_cpu_user_seconds_total')?.type).toBe('counter');
  });

  it('reports the job queue by kind: due, scheduled, and the oldest due one\'s age', async () => {
    await t.db.execute(sql`insert into jobs (kind, payload, run_at) values
      ('metrics.probe', '{}'::jsonb, now() - interval '90 seconds'), ('metrics.probe', '{}'::jsonb, now() + interval '1 hour')`);
    try {
      const m = await scrape();
      expect(valueOf(m, 'agora_jobs_queued', { kind: 'metrics.probe', state: 'due' })).toBe(1);
      expect(valueOf(m, 'agora_jobs_queued', { kind: 'metrics.probe', state: 'scheduled' })).toBe(1);
      expect(valueOf(m, 'agora_jobs_oldest_due_age_seconds', { kind: 'metrics.probe' })).toBeGreaterThanOrEqual(89);
    } finally {
      await t.db.execute(sql`delete from jobs where kind = 'metrics.probe'`);
    }
  });

  it('is a 401 without the token, with another token or a portal session, and when METRICS_TOKEN is unset', async () => {
    const refused = async (app: TestApp['app'], headers: Record<string, string>) => {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().errors[0].status).toBe(401);
      expect(res.body).not.toContain('agora_');
    };
    await refused(t.app, {});
    await refused(t.app, { authorization: `Bearer ${TOKEN}x` });
    await refused(t.app, { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` });
    await refused(t.app, { authorization: 'Bearer' });
    await refused(t.app, await t.headersFor(orgadmin));
    const unset = await buildTestApp();
    try {
      await refused(unset.app, { authorization: `Bearer ${TOKEN}` });
      await refused(unset.app, {});
    } finally {
      await unset.close();
    }
  });
});
