// Insights at a million transactions (issue 14): BENCH_INSIGHTS_ROWS (1,000,000) transactions over
// 30 days, 40 applications of two organisations, 12 resources, 3 outcomes, loaded through the
// gateway's write path (record.ts insertRows: the 100-row statements of the runtime batches, rollups
// included), then the 30-day chart (interval 1d) and the application summary (groupBy
// applicationId, durationDetails) asked BENCH_INSIGHTS_QUERIES (50) times each as Acme's
// Administrator, through the app (app.inject: routing, validation, serialisation included).
//
//   node --import tsx bench/insights.ts [--store=pglite|postgres]   (npm run bench -- insights)
// Targets: chart and summary p95 <= 100 ms on PGlite, <= 30 ms on PostgreSQL; writing a
// transaction (its share of a 100-row statement, rollups included) <= 1 ms p95. The write's CPU time
// per transaction (this process: PGlite runs in it; the client side only on PostgreSQL) is printed
// too, and so is each query's (this process's CPU per call, p50: app, driver and, on PGlite, the
// database): on a shared, loaded machine the wall-clock p95 mostly measures waiting for a core.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createDatabase, dropDatabase } from '../scripts/postgres.mjs';

const ROWS = Number(process.env.BENCH_INSIGHTS_ROWS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_INSIGHTS_QUERIES ?? 50);
const CHUNK = 100;
const TARGET = { pglite: 100, postgres: 30, writeMs: 1 };
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  const { openStore } = await import('../server/src/db/store.ts');
  const { seedDemo } = await import('../server/seed/index.ts');
  const { buildApp } = await import('../server/src/app.ts');
  const { insertRows, rowJson } = await import('../server/src/gateway/record.ts');
  let drop = async () => {};
  let url: string | undefined;
  if (kind === 'postgres') {
    const name = `agora_bench_insights_${randomBytes(4).toString('hex')}`;
    url = await createDatabase(process.env.BENCH_DATABASE_URL!, name);
    drop = () => dropDatabase(process.env.BENCH_DATABASE_URL!, name).catch(() => {});
  }
  const store = await openStore(url ? { databaseUrl: url } : {});
  try {
    await seedDemo(store.db);
    console.log(`insights on ${kind}: loading ${ROWS.toLocaleString('en')} transactions; load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
    const loadStart = performance.now();
    const now = Date.now();
    const start = now - 30 * 86_400_000;
    const orgs = ['org-acme', 'org-globex'];
    const statuses = [200, 200, 200, 201, 302, 400, 404, 429, 500, 503];
    const batchMs: number[] = [];
    let writeCpuUs = 0;
    let rowsJson: string[] = [];
    for (let i = 0; i < ROWS; i++) {
      const org = orgs[i % 2]!;
      const status = statuses[i % statuses.length]!;
      rowsJson.push(rowJson({
        id: `tx-bench-${i}`, orgId: org, at: new Date(start + Math.floor((i / ROWS) * 30 * 86_400_000)),
        applicationId: `app-bench-${org}-${i % 20}`, subscriptionId: `sub-bench-${org}-${i % 7}`, productId: `prod-bench-${i % 4}`,
        productVersionId: `ver-bench-${i % 4}`, assetResourceId: `res-bench-${i % 12}`, protocol: 'http', method: i % 3 ? 'GET' : 'POST',
        path: '/v1/items', status, statusDetail: status >= 500 ? 'exception' : status >= 400 ? 'failure' : 'success',
        durationMs: 5 + (i % 300), requestHeaders: { accept: 'application/json' }, responseHeaders: { 'content-type': 'application/json' },
        requestBytes: 0, responseBytes: 120, legs: [],
      }));
      if (rowsJson.length === CHUNK) {
        const began = performance.now();
        const cpu = process.cpuUsage();
        await insertRows(store.db, rowsJson);
        batchMs.push((performance.now() - began) / CHUNK);
        const used = process.cpuUsage(cpu);
        writeCpuUs += used.user + used.system;
        rowsJson = [];
      }
    }
    if (rowsJson.length) await insertRows(store.db, rowsJson);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    if (kind === 'pglite') await store.db.execute((await import('drizzle-orm')).sql`vacuum analyze`);
    else await store.db.execute((await import('drizzle-orm')).sql`analyze`);
    const app = await buildApp({ store, auth: { secret: 'bench-insights-secret-0123456789abcdef' }, runJobs: false });
    await app.ready();
    const signin = await app.inject({ method: 'POST', url: '/api/v1/auth/signin', payload: { username: 'orgadmin@agora.test', password: 'agora-orgadmin' } });
    const headers = { authorization: `Bearer ${signin.json().accessToken}` };
    const from = new Date(start).toISOString();
    const to = new Date(now).toISOString();
    const time = async (url: string) => {
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const began = performance.now();
        const used = process.cpuUsage();
        const res = await app.inject({ url, headers });
        times.push(performance.now() - began);
        const spent = process.cpuUsage(used);
        cpu.push((spent.user + spent.system) / 1000);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return { times, cpu };
    };
    const chart = await time(`/api/v1/analytics/chart?from=${from}&to=${to}&interval=1d`);
    const summary = await time(`/api/v1/analytics/summary?from=${from}&to=${to}&groupBy=applicationId&durationDetails=true&pageSize=50`);
    const target = TARGET[kind];
    const line = (label: string, ms: number, max: number, cpu?: number[]) => console.log(`  ${label.padEnd(34)} p95 ${ms.toFixed(2).padStart(8)} ms  (target <= ${max} ms) ${ms <= max ? 'ok  ' : 'OVER'}${
      cpu ? `  cpu p50 ${[...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)]!.toFixed(2)} ms` : ''}`);
    console.log(`insights on ${kind}: ${ROWS.toLocaleString('en')} transactions over 30 days loaded in ${loadSeconds.toFixed(0)} s; load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
    line('write a transaction (+ rollups)', p95(batchMs), TARGET.writeMs);
    console.log(`  ${'  its CPU time (mean)'.padEnd(34)}     ${(writeCpuUs / 1000 / batchMs.length / CHUNK).toFixed(3).padStart(8)} ms  (${kind === 'postgres' ? 'client side only' : 'PGlite included'})`);
    line('30-day chart (1d)', p95(chart.times), target, chart.cpu);
    line('application summary (30 days)', p95(summary.times), target, summary.cpu);
    console.log(`  (query cpu: ${kind === 'postgres' ? 'app and driver; the database is another process' : 'app and PGlite'})`);
    await app.close();
  } finally {
    await store.close().catch(() => {});
    await drop();
  }
}

const only = arg('store');
if (!only || only === 'pglite') await measure('pglite');
if ((!only || only === 'postgres') && process.env.BENCH_DATABASE_URL) await measure('postgres');
else if (only === 'postgres') console.log('insights on postgres: skipped (BENCH_DATABASE_URL unset; npm run bench starts one)');
