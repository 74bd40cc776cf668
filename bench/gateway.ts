// Runtime gateway overhead: calls through /api/v1/gateway/… with an application's API key vs the
// same calls straight to the upstream (a local node:http server answering a small JSON), at
// concurrency 32 over real HTTP (undici pools, keep-alive), side by side in one run: rounds
// alternate direct and gateway so a burst of other work on the machine hits both. On the demo
// seed, on PGlite and on PostgreSQL (BENCH_DATABASE_URL; npm run bench starts a throwaway cluster).
//
//   node --import tsx bench/gateway.ts                 BENCH_CALLS=4000 (per side), BENCH_ROUNDS=8
//   node --import tsx bench/gateway.ts --store=pglite  one store only (each runs in its own process)
// Target: the gateway adds at most 2 ms at p50 and 5 ms at p99.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { openStore, type Store } from '../server/src/db/store.ts';
import { assetResources, sessions } from '../server/src/db/schema.ts';
import { seedDemo } from '../server/seed/index.ts';
import { USER, ORG } from '../server/seed/accounts.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const TARGET = { p50: 2, p99: 5 };

async function openBenchStore(kind: 'pglite' | 'postgres'): Promise<{ store: Store; drop(): Promise<void> }> {
  if (kind === 'pglite') return { store: await openStore(), drop: async () => {} };
  const pg = (await import('pg')).default;
  const adminUrl = process.env.BENCH_DATABASE_URL!;
  const name = `agora_bench_gw_${randomBytes(4).toString('hex')}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try { await c.query(q); } finally { await c.end(); }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { store: await openStore({ databaseUrl: url.toString() }), drop: () => run(`drop database if exists ${name}`).catch(() => {}) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** `count` GETs through the pool, `CONCURRENCY` at a time; the latency of each, in ms. */
async function load(pool: Pool, path: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.text();
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  const upstream = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true,"items":[1,2,3]}');
  });
  upstream.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  const { store, drop } = await openBenchStore(kind);
  const t0 = performance.now();
  await seedDemo(store.db);
  console.log(`  ${kind}: demo seed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await store.db.update(assetResources).set({ upstreamUrl: upstreamBase }).where(eq(assetResources.id, 'res-payments'));
  const [resource] = await store.db.select({ versionId: assetResources.productVersionId }).from(assetResources).where(eq(assetResources.id, 'res-payments'));
  const app = await buildApp({ store, auth: { secret: randomBytes(32).toString('hex') }, runJobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // An API key of the checkout application, made and provisioned through the API.
  const sessionId = randomUUID();
  await store.db.insert(sessions).values({ id: sessionId, userId: USER.orgadmin!, refreshTokenHash: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + 3_600_000) });
  const portal = { authorization: `Bearer ${await app.auth.keys.sign({ userId: USER.orgadmin!, orgId: ORG.acme, sessionId })}`, 'x-tenant-id': ORG.acme };
  const created = await app.inject({
    method: 'POST', url: '/api/v1/applications/app-acme-checkout/credentials', headers: portal,
    payload: { title: 'Bench key', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, resources: [{ id: 'res-payments' }] },
  });
  if (created.statusCode !== 201) throw new Error(`credential: ${created.body}`);
  await new Promise((r) => setTimeout(r, 500));
  await app.jobs.drain();
  const shown = await app.inject({ url: `/api/v1/credentials/${created.json().id}?decrypt=true`, headers: portal });
  const apiKey = shown.json().provisioning.data.apiKey as string;

  const gatewayPath = `/api/v1/gateway/prod-payments/${resource!.versionId}/res-payments/v1/payments?limit=3`;
  const direct = new Pool(upstreamBase, { connections: CONCURRENCY, pipelining: 1 });
  const gateway = new Pool(appBase, { connections: CONCURRENCY, pipelining: 1 });
  const gatewayHeaders = { 'x-api-key': apiKey };
  // warm-up: connections, JIT, the credential cache
  await load(direct, '/v1/payments?limit=3', {}, 500);
  await load(gateway, gatewayPath, gatewayHeaders, 500);

  const d: number[] = [];
  const g: number[] = [];
  const perRound = Math.ceil(CALLS / ROUNDS);
  for (let i = 0; i < ROUNDS; i++) {
    d.push(...await load(direct, '/v1/payments?limit=3', {}, perRound));
    g.push(...await load(gateway, gatewayPath, gatewayHeaders, perRound));
  }
  d.sort((a, b) => a - b);
  g.sort((a, b) => a - b);
  const line = (label: string, s: number[]) => `    ${label.padEnd(10)} p50 ${percentile(s, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(s, 99).toFixed(2).padStart(7)} ms   (${s.length} calls)`;
  console.log(line('direct', d));
  console.log(line('gateway', g));
  const add50 = percentile(g, 50) - percentile(d, 50);
  const add99 = percentile(g, 99) - percentile(d, 99);
  const mark = (v: number, target: number) => (v <= target ? 'ok' : `OVER ${target} ms`);
  console.log(`    added      p50 ${add50.toFixed(2).padStart(7)} ms (${mark(add50, TARGET.p50)})   p99 ${add99.toFixed(2).padStart(7)} ms (${mark(add99, TARGET.p99)})`);
  console.log(`    load average after: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);

  await direct.close();
  await gateway.close();
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
  await store.close();
  await drop();
}

const STORE_ARG = '--store=';
const only = process.argv.find((a) => a.startsWith(STORE_ARG))?.slice(STORE_ARG.length) as 'pglite' | 'postgres' | undefined;
if (only) {
  await measure(only);
} else {
  console.log(`gateway overhead: API key vs direct, concurrency ${CONCURRENCY}, ${CALLS} calls a side in ${ROUNDS} rounds; `
    + `${cpus().length} cores, load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  const stores: Array<'pglite' | 'postgres'> = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const store of stores) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `${STORE_ARG}${store}`], { stdio: 'inherit' });
    if (child.status !== 0) process.exitCode = 1;
  }
}
