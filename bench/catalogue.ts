// Catalogue at scale: p50 and p95 latency of browse (no filter, each filter, each sort, a deep
// page), categories and full-text search over a generated catalogue of 10,000 products, through
// the real app (app.inject: routing, validation, auth, SQL, serialisation), as a signed-in
// consumer and as a visitor. Runs on the embedded store, and on PostgreSQL too when
// BENCH_DATABASE_URL is set (npm run bench starts a throwaway cluster for it).
//
//   node --import tsx bench/catalogue.ts            BENCH_PRODUCTS=10000 BENCH_RUNS=60
//   node --import tsx bench/catalogue.ts --store=postgres    one store only (each runs in its own process)
// Targets: p95 <= 50 ms on PGlite, <= 20 ms on PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { openStore, type Store } from '../server/src/db/store.ts';
import { organisations, sessions, teamMembers, teams, users } from '../server/src/db/schema.ts';
import { generateCatalogue } from '../server/seed/generate.ts';

const N = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const TARGET = { pglite: 50, postgres: 20 } as const;
const advanced = encodeURIComponent(JSON.stringify([
  { value: 'payments' }, { value: 'ledger', operator: 'or' }, { value: 'beta', comparison: 'notEquals' },
]));

/** [label, url under /api/v1, as visitor?] */
const SCENARIOS: Array<[string, string, boolean?]> = [
  // Not a catalogue query: what every call pays before its own SQL (routing, token, caller).
  ['floor: GET /stages (auth + routing)', '/stages'],
  ['browse, no filter (default sort)', '/products?limit=10'],
  ['browse, no filter, visitor', '/products?limit=10', true],
  ['browse, sort modified', '/products?limit=10&sort=-lastVersion.metadata.createdAt'],
  ['browse, sort created', '/products?limit=10&sort=-metadata.createdAt'],
  ['browse, sort name asc', '/products?limit=10&sort=%2Btitle'],
  ['browse, sort name desc', '/products?limit=10&sort=-title'],
  ['browse, deep page (offset 5000)', '/products?limit=10&offset=5000'],
  ['browse, status success+warning', '/products?limit=10&status=success&status=warning'],
  ['browse, category tree (root + children)', '/products?limit=10&category.id=gen-c1&include.child.categories=true'],
  ['browse, leaf category', '/products?limit=10&category.id=gen-c2-1-0'],
  ['browse, rating 4', '/products?limit=10&rating=4'],
  ['browse, stage', '/products?limit=10&stage.id=stage-production'],
  ['browse, resource state archived', '/products?limit=10&assetResource.state=archived'],
  ['browse, subscriptions exist', '/products?limit=10&subscriptions.exist=true'],
  ['browse, title contains', '/products?limit=10&title.search=ledger'],
  ['browse, all filters', '/products?limit=10&status=success&category.id=gen-c3&include.child.categories=true&rating=3&rating=4&rating=5&stage.id=stage-sandbox&sort=-metadata.createdAt'],
  ['browse, full-text', '/products?limit=10&search=payments%20orders'],
  ['browse, advanced terms', `/products?limit=10&query=${advanced}`],
  ['categories (page of 20)', '/categories?size=20'],
  ['categories with visible product counts', '/categories?size=20&fields=id,title,parentId,childrenCount,ancestors,productCount'],
  ['categories, children of a root', '/categories?parentId=gen-c4&includeChildCategories=true'],
  ['categories, featured', '/categories?featured=true&size=5'],
  ['category details', '/categories/gen-c5-2'],
  ['search, all types', '/search?search=payments&pageSize=10'],
  ['search, products only', '/search?search=ledger%20reconcile&type=product'],
  ['search, documents only', '/search?search=schedule%20invoices&type=document_resource'],
  ['search, advanced terms', `/search?query=${advanced}`],
  ['search, visitor', '/search?search=payments', true],
];

interface Fixture { app: FastifyInstance; headers: Record<string, string>; close(): Promise<void> }

async function openBenchStore(kind: 'pglite' | 'postgres'): Promise<{ store: Store; drop(): Promise<void> }> {
  if (kind === 'pglite') return { store: await openStore(), drop: async () => {} };
  const pg = (await import('pg')).default;
  const adminUrl = process.env.BENCH_DATABASE_URL!;
  const name = `agora_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try { await admin.query(`create database ${name}`); } finally { await admin.end(); }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    store: await openStore({ databaseUrl: url.toString() }),
    // Without `force`: a connection the app still holds must not be killed under it (that crashes
    // the process); if one lingers the database is left behind and named.
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name}`);
      } catch (error) {
        console.log(`  (could not drop ${name}: ${(error as Error).message})`);
      } finally {
        await c.end();
      }
    },
  };
}

async function setup(kind: 'pglite' | 'postgres'): Promise<Fixture> {
  const { store, drop } = await openBenchStore(kind);
  const db = store.db;
  // A consumer organisation with two teams, so restricted visibilities have members.
  await db.insert(organisations).values({ id: 'bench-org', name: 'Bench org' });
  await db.insert(teams).values([
    { id: 'bench-team-1', orgId: 'bench-org', name: 'Team one', tags: ['partner'] },
    { id: 'bench-team-2', orgId: 'bench-org', name: 'Team two' },
  ]);
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, orgId: 'bench-org', email: 'bench@agora.test', name: 'Bench', orgRoles: ['Consumer'] });
  await db.insert(teamMembers).values([{ teamId: 'bench-team-1', userId, roles: ['consumer'] }, { teamId: 'bench-team-2', userId, roles: ['developer'] }]);
  const t0 = performance.now();
  const generated = await generateCatalogue(db, N, { teamIds: ['bench-team-1', 'bench-team-2', 'other-team'] });
  // What autovacuum does on PostgreSQL after a bulk load (and what an embedded store should be given
  // after seeding): planner statistics, and the visibility map that lets index-only scans skip the heap.
  await db.execute(sql`vacuum analyze`);
  console.log(`  ${kind}: generated ${generated.products} products, ${generated.versions} versions, ${generated.resources} resources, `
    + `${generated.categories} categories, ${generated.documents} documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const app = await buildApp({ store, auth: { secret: randomBytes(32).toString('hex') } });
  await app.ready();
  const sessionId = randomUUID();
  await db.insert(sessions).values({ id: sessionId, userId, refreshTokenHash: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + 3_600_000) });
  const token = await app.auth.keys.sign({ userId, orgId: 'bench-org', sessionId });
  return {
    app,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'bench-org' },
    close: async () => { await app.close(); await store.close(); await drop(); },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Samples { times: number[]; cpu: number[]; count: number }

/** One call: wall time, and this process's CPU time (with PGlite the database runs in this
 * process, so on a busy machine the CPU time is close to what the call costs on an idle one). */
async function call(f: Fixture, url: string, visitor: boolean, into: Samples | null): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await f.app.inject({ url: `/api/v1${url}`, headers: visitor ? {} : f.headers });
  const ms = performance.now() - t0;
  const used = process.cpuUsage(c0);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (!into) return;
  into.times.push(ms);
  into.cpu.push((used.user + used.system) / 1000);
  into.count = (res.json() as { totalCount: number }).totalCount ?? 0;
}

async function run(kind: 'pglite' | 'postgres'): Promise<boolean> {
  const f = await setup(kind);
  const target = TARGET[kind];
  let worst = 0;
  try {
    // Round after round, each call once per round: a burst of other work on the machine then
    // slows one sample of every line rather than many samples of one line.
    const samples = SCENARIOS.map((): Samples => ({ times: [], cpu: [], count: 0 }));
    for (let round = 0; round < WARMUP + RUNS; round++) {
      for (const [i, [, url, visitor]] of SCENARIOS.entries()) await call(f, url, !!visitor, round < WARMUP ? null : samples[i]!);
    }
    const cpuLabel = kind === 'pglite' ? 'cpu p50' : 'node cpu';
    console.log(`  ${'call'.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${cpuLabel.padStart(8)} ${'matches'.padStart(8)}`);
    for (const [i, [label]] of SCENARIOS.entries()) {
      const { times, cpu, count } = samples[i]!;
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
      worst = Math.max(worst, p95);
      const flag = p95 > target ? '  <-- over target' : '';
      console.log(`  ${label.padEnd(44)} ${p50.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(7)} ${percentile(cpu, 50).toFixed(1).padStart(8)} ${String(count).padStart(8)}${flag}`);
    }
  } finally {
    await f.close();
  }
  console.log(`  ${kind}: worst p95 ${worst.toFixed(1)} ms (target ${target} ms) ${worst <= target ? 'OK' : 'OVER TARGET'}; load average now ${load()}`);
  return worst <= target;
}

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const STORE_ARG = '--store=';
const only = process.argv.find((a) => a.startsWith(STORE_ARG))?.slice(STORE_ARG.length) as 'pglite' | 'postgres' | undefined;
if (only) {
  await run(only);
} else {
  console.log(`Catalogue of ${N} products, ${RUNS} runs per call after ${WARMUP} warm-up, through app.inject`);
  console.log(`Machine: ${cpus().length} CPUs, load average ${load()} (latency on a busy machine is not latency on an idle one)`);
  // Each store in a process of its own: the embedded store's large heap (and its collections)
  // must not weigh on the PostgreSQL figures measured after it.
  const stores: Array<['pglite' | 'postgres', string]> = [['pglite', 'PGlite (embedded, in memory)']];
  if (process.env.BENCH_DATABASE_URL) stores.push(['postgres', 'PostgreSQL']);
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL, or run through npm run bench)');
  for (const [store, title] of stores) {
    console.log(`\n${title}`);
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), `${STORE_ARG}${store}`], { stdio: 'inherit' });
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  }
}
