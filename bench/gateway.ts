// Runtime gateway overhead: calls through /api/v1/gateway/… with an application's API key vs the
// same calls straight to the upstream, at concurrency 32 over real HTTP (undici pools, keep-alive),
// side by side in one run. Three processes, as in production: the marketplace server (its store,
// PGlite in memory or PostgreSQL, lives there), the upstream (node:http answering a small JSON),
// and this one, the load generator, so the server's CPU is its own. Rounds alternate direct,
// reference, pass-through and gateway calls so a burst of other work on the machine hits all of
// them. The reference is a bare pass-through proxy (node:http + an undici pool, ~10 lines, in its
// own process): the least any Node proxy adds measured the same way. The pass-through is the same
// ten lines inside the server's process, ahead of Fastify: the least a gateway in this process
// could add, on its heap and beside its store's thread. On the demo seed, on PGlite and
// on PostgreSQL (BENCH_DATABASE_URL; npm run bench starts a throwaway cluster). Two loads: 32
// callers back to back (saturates the server's core: a throughput figure), and 32 connections
// calling at BENCH_RATE a second, an open loop timed from when each call was due (the latency a
// call pays for passing the gateway when the server is not overloaded).
//
//   node --import tsx bench/gateway.ts                 BENCH_CALLS=4000 (per side), BENCH_ROUNDS=8, BENCH_RATE=1000
//   node --import tsx bench/gateway.ts --store=pglite  one store only
//   BENCH_CPU_PROF=dir                                 the server's CPU profile of the calls, into dir
//   BENCH_PIN=1                                        proxies on core 1, load generator and upstream on core 0
// Target: the gateway adds at most 2 ms at p50 and 5 ms at p99.
import { profileUntilStopped } from './profiled.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants, createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { GCProfiler } from 'node:v8';
import { createInterface } from 'node:readline';
import { subscribe } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { createDatabase, dropDatabase } from '../scripts/postgres.mjs';
import { Pool } from 'undici';

const CALLS = Number(process.env.BENCH_CALLS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Calls a second of the open-loop runs (BENCH_RATE). */
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const TARGET = { p50: 2, p99: 5 };
/** BENCH_PIN=1: the proxies (server, reference) on core 1, the load generator and the upstream on
 * core 0 (taskset), so that no proxy shares a core with the client or the upstream it measures
 * against (bench/README.md, session 13). */
const PIN = Boolean(process.env.BENCH_PIN);
const UPSTREAM_PATH = '/v1/payments?limit=3';
/** Requests to the server under this path go to its in-process pass-through (serverRole). */
const INPROCESS_PREFIX = '/bench-inprocess';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const load1 = () => loadavg().map((v) => v.toFixed(2)).join(' ');

/** Child processes tell their address (and whatever else) on one `READY {json}` line. */
const ready = (info: Record<string, unknown>) => console.log(`READY ${JSON.stringify(info)}`);

// ── child roles ───────────────────────────────────────────────────────────────────────────────

async function upstreamRole(): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true,"items":[1,2,3]}');
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ready({ port: (server.address() as AddressInfo).port });
}

/** A bare pass-through to the upstream: no checks, no record. The path after `prefix` is the
 * upstream's. */
function passThrough(upstream: string, prefix: string): (req: IncomingMessage, res: ServerResponse) => void {
  const pool = new Pool(upstream, { connections: 64, pipelining: 1 });
  return (req, res) => {
    pool.request({ method: 'GET', path: req.url!.slice(prefix.length), headers: { accept: req.headers.accept ?? '*/*' } }).then(async (up) => {
      const body = Buffer.from(await up.body.arrayBuffer());
      res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type'] ?? ''), 'content-length': body.length });
      res.end(body);
    }, () => { res.writeHead(502); res.end(); });
  };
}

/** The reference line: the pass-through in a process of its own. */
async function bareRole(upstream: string): Promise<void> {
  const server = createServer(passThrough(upstream, ''));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ready({ port: (server.address() as AddressInfo).port });
}

/** The marketplace server as `npm run serve` starts it (main.ts), on the bench's store, plus an
 * API key of the checkout application made and provisioned through the API. */
async function serverRole(upstream: string): Promise<void> {
  const { eq, sql } = await import('drizzle-orm');
  const { buildApp } = await import('../server/src/app.ts');
  const { openStore } = await import('../server/src/db/store.ts');
  const { assetResources, sessions } = await import('../server/src/db/schema.ts');
  const { seedDemo } = await import('../server/seed/index.ts');
  const { USER, ORG } = await import('../server/seed/accounts.ts');
  const databaseUrl = process.env.DATABASE_URL;
  const store = await openStore(databaseUrl ? { databaseUrl } : {});
  const t0 = performance.now();
  await seedDemo(store.db);
  const seedS = (performance.now() - t0) / 1000;
  await store.db.update(assetResources).set({ upstreamUrl: upstream }).where(eq(assetResources.id, 'res-payments'));
  if (store.kind === 'pglite') await store.db.execute(sql`vacuum analyze`);
  const [resource] = await store.db.select({ versionId: assetResources.productVersionId }).from(assetResources).where(eq(assetResources.id, 'res-payments'));
  // The upstream listens on 127.0.0.1: allowed as GATEWAY_ALLOW_HOSTS=127.0.0.1 would (egress.ts).
  const app = await buildApp({ store, auth: { secret: randomBytes(32).toString('hex') }, serveStatic: true, logger: false, egress: { allowHosts: ['127.0.0.1'] } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The floor inside this process: the same pass-through as the reference, answering
  // INPROCESS_PREFIX before Fastify sees the request, on this server's heap, threads and store.
  const fastify = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  const inProcess = passThrough(upstream, INPROCESS_PREFIX);
  app.server.removeAllListeners('request');
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url!.startsWith(INPROCESS_PREFIX)) inProcess(req, res);
    else for (const listener of fastify) listener(req, res);
  });

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
  // BENCH_CPU_PROF: the server's CPU profile of the measured part only (not the seed).
  const pauses = watchPauses(app.server);
  const heap = await sampleAllocations(`gateway-${store.kind}`);
  await profileUntilStopped(`gateway-${store.kind}`, async () => { console.log(pauses()); await heap(); await app.close(); await store.close(); });
  ready({
    port: (app.server.address() as AddressInfo).port, apiKey, seedS,
    path: `/api/v1/gateway/prod-payments/${resource!.versionId}/res-payments${UPSTREAM_PATH}`,
  });
}

/** The server's pauses since the last report: garbage collections summed by kind (scavenges, of
 * the young generation, pause the thread for a few ms each under load) and the event loop's delay
 * (how late a 1 ms timer fired: any stall of the thread, GC or long work). Printed and reset when
 * the load generator sends SIGUSR2 around each measured mode, and at the end. */
function watchPauses(server: import('node:http').Server): () => string {
  const kinds = new Map<string, { n: number; ms: number; max: number }>();
  const names: Record<number, string> = { [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge', [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact', [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking' };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const name = names[((e as unknown as { detail: { kind: number } }).detail).kind] ?? 'other';
      const k = kinds.get(name) ?? { n: 0, ms: 0, max: 0 };
      k.n++; k.ms += e.duration; k.max = Math.max(k.max, e.duration);
      kinds.set(name, k);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  // What each scavenge moved into the old generation (its old space's growth): objects that lived
  // through two scavenges. A scavenge's pause grows with what survives it (bench/README.md).
  let profiler = new GCProfiler();
  profiler.start();
  const promotedKb = () => {
    const grown = profiler.stop().statistics.filter((s) => s.gcType === 'Scavenge').map((s) => {
      const old = (when: typeof s.beforeGC) => when.heapSpaceStatistics.find((x) => x.spaceName === 'old_space')?.spaceUsedSize ?? 0;
      return old(s.afterGC) - old(s.beforeGC);
    });
    profiler = new GCProfiler();
    profiler.start();
    return grown.length ? Math.round(grown.reduce((a, b) => a + b, 0) / grown.length / 1024) : 0;
  };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // Each gateway call's time in this process, from its request's head parsed to its answer handed
  // to the socket: what the load generator sees beyond it is the machine (scheduling, the wire).
  const inServer = createHistogram();
  // and of that, the upstream's part: from undici creating the request to the answer's head.
  const upstream = createHistogram();
  const sentAt = new WeakMap<object, bigint>();
  subscribe('undici:request:create', (m) => sentAt.set((m as { request: object }).request, process.hrtime.bigint()));
  subscribe('undici:request:headers', (m) => {
    const t0 = sentAt.get((m as { request: object }).request);
    if (t0 !== undefined) upstream.record(Number(process.hrtime.bigint() - t0) || 1);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.includes('/gateway/')) return;
    const began = process.hrtime.bigint();
    response.once('finish', () => inServer.record(Number(process.hrtime.bigint() - began) || 1));
  });
  const report = () => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    const line = `GC: ${[...kinds].map(([name, k]) => `${k.n} ${name} (${k.ms.toFixed(0)} ms, longest ${k.max.toFixed(1)} ms)`).join(', ') || 'none'}, `
      + `each scavenge promoting ~${promotedKb()} KB; `
      + `event-loop delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms; `
      + `calls in the server p50 ${ms(inServer.percentile(50))} p99 ${ms(inServer.percentile(99))} max ${ms(inServer.max)} ms, `
      + `of which upstream p50 ${ms(upstream.percentile(50))} p99 ${ms(upstream.percentile(99))} max ${ms(upstream.max)} ms`;
    kinds.clear();
    delay.reset();
    inServer.reset();
    upstream.reset();
    return line;
  };
  process.on('SIGUSR2', () => console.log(report()));
  return report;
}

/** BENCH_HEAP_PROF=dir: what the server allocates while measured (V8's sampling heap profiler,
 * all samples kept, collected or not: the young generation's churn), as a .heapprofile in dir. */
async function sampleAllocations(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_HEAP_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    writeFileSync(`${dir}/${name}-${process.pid}.heapprofile`, JSON.stringify(profile));
  };
}

// ── the load generator ────────────────────────────────────────────────────────────────────────

/** The young-generation size `npm run serve` starts the server with, if package.json sets one
 * (today it keeps V8's default: bench/README.md says why), given to the bench's server too. */
const SERVE_FLAGS: string[] = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts.serve!.match(/--max-semi-space-size=\d+/g) ?? [];

function child(role: string, args: string[], env: NodeJS.ProcessEnv = {}, flags: string[] = []): Promise<{ proc: ChildProcess; info: Record<string, unknown> }> {
  const node = [...flags, ...process.execArgv, fileURLToPath(import.meta.url), `--role=${role}`, ...args];
  const proc = spawn(PIN ? 'taskset' : process.execPath, PIN ? ['-c', role === 'upstream' ? '0' : '1', process.execPath, ...node] : node, {
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve({ proc, info: JSON.parse(line.slice(6)) });
      else console.log(`    [${role}] ${line}`);
    });
    proc.on('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

const stopChild = (proc: ChildProcess) => new Promise<void>((resolve) => {
  if (proc.exitCode !== null) return resolve();
  proc.removeAllListeners('exit');
  proc.on('exit', () => resolve());
  proc.kill('SIGTERM');
});

/** CPU time (user + system) a process (or only its main thread: its JavaScript, without the
 * database's and libuv's threads) has used so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined, mainThread = false): number {
  try {
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

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

/** `count` GETs due at `rate` a second, over CONCURRENCY connections: an open loop, as real
 * clients call. A call's time runs from when it was due, so a stall counts for every call it delays. */
async function paced(pool: Pool, path: string, headers: Record<string, string>, count: number, rate: number): Promise<number[]> {
  const times: number[] = [];
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const due = start + (next++ * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A timer may fire a little early: then the call's time runs from when it was sent.
      const began = Math.min(due, performance.now());
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.text();
      times.push(performance.now() - began);
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

/** A fresh database on the bench's PostgreSQL server (scripts/postgres.mjs), dropped after. */
async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agora_bench_gw_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(adminUrl, name);
  return { url, drop: () => dropDatabase(adminUrl, name).catch(() => {}) };
}

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  const db = kind === 'postgres' ? await createBenchDatabase(process.env.BENCH_DATABASE_URL!) : null;
  const procs: ChildProcess[] = [];
  try {
    const upstream = await child('upstream', []);
    procs.push(upstream.proc);
    const upstreamBase = `http://127.0.0.1:${upstream.info.port}`;
    const bare = await child('bare', [`--upstream=${upstreamBase}`]);
    procs.push(bare.proc);
    const server = await child('server', [`--upstream=${upstreamBase}`], db ? { DATABASE_URL: db.url } : {}, process.env.BENCH_SERVE_FLAGS?.split(' ').filter(Boolean) ?? SERVE_FLAGS);
    procs.push(server.proc);
    console.log(`  ${kind}: demo seed in ${(server.info.seedS as number).toFixed(1)} s; load average ${load1()}`);

    const pools = {
      direct: new Pool(upstreamBase, { connections: CONCURRENCY, pipelining: 1 }),
      bare: new Pool(`http://127.0.0.1:${bare.info.port}`, { connections: CONCURRENCY, pipelining: 1 }),
      inProcess: new Pool(`http://127.0.0.1:${server.info.port}`, { connections: CONCURRENCY, pipelining: 1 }),
      gateway: new Pool(`http://127.0.0.1:${server.info.port}`, { connections: CONCURRENCY, pipelining: 1 }),
    };
    const perRound = Math.ceil(CALLS / ROUNDS);
    const call = {
      direct: [pools.direct, UPSTREAM_PATH, {}],
      bare: [pools.bare, UPSTREAM_PATH, {}],
      inProcess: [pools.inProcess, `${INPROCESS_PREFIX}${UPSTREAM_PATH}`, {}],
      gateway: [pools.gateway, server.info.path as string, { 'x-api-key': server.info.apiKey as string }],
    } as const;
    type Side = keyof typeof call;
    // Two ways of loading: as fast as 32 callers can go (the server's core saturated: added
    // latency ≈ calls in flight × CPU per call, a throughput figure), and 32 connections calling at
    // RATE a second (an open loop below saturation: what one call pays for passing the gateway).
    const modes: Array<[string, (side: Side) => Promise<number[]>]> = [
      [`saturated, ${CONCURRENCY} callers back to back`, (side) => load(call[side][0], call[side][1], { ...call[side][2] }, perRound)],
      [`${RATE} calls a second over ${CONCURRENCY} connections`, (side) => paced(call[side][0], call[side][1], { ...call[side][2] }, perRound, RATE)],
    ];
    const pids = { direct: upstream.proc.pid, bare: bare.proc.pid, inProcess: server.proc.pid, gateway: server.proc.pid };
    const inServer = (side: Side) => side === 'inProcess' || side === 'gateway';
    for (const [title, run] of modes) {
      // warm-up: connections, JIT, the credential cache
      for (const side of Object.keys(call) as Side[]) await run(side);
      const times: Record<Side, number[]> = { direct: [], bare: [], inProcess: [], gateway: [] };
      // CPU the proxy process spends per call while its side runs, whatever else the machine does,
      // and for the server's sides its main thread's.
      const cpu = { direct: 0, bare: 0, inProcess: 0, gateway: 0 };
      const main = { inProcess: 0, gateway: 0 };
      server.proc.kill('SIGUSR2'); // the server's pauses from here on (watchPauses)
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let i = 0; i < ROUNDS; i++) {
        for (const side of Object.keys(call) as Side[]) {
          const before = cpuMs(pids[side]);
          const mainBefore = inServer(side) ? cpuMs(pids[side], true) : 0;
          times[side].push(...await run(side));
          cpu[side] += cpuMs(pids[side]) - before;
          if (inServer(side)) main[side as keyof typeof main] += cpuMs(pids[side], true) - mainBefore;
        }
      }
      server.proc.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const t of Object.values(times)) t.sort((a, b) => a - b);
      const names: Record<Side, string> = { direct: 'direct', bare: 'bare proxy', inProcess: 'pass-through', gateway: 'gateway' };
      const line = (label: Side, s: number[]) => `    ${names[label].padEnd(16)} p50 ${percentile(s, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(s, 99).toFixed(2).padStart(7)} ms   `
        + `(${s.length} calls; ${label === 'direct' ? 'upstream' : 'proxy'} CPU ${(cpu[label] / s.length).toFixed(3)} ms a call`
        + `${inServer(label) ? `, main thread ${(main[label as keyof typeof main] / s.length).toFixed(3)}` : ''})`;
      const added = (s: number[]) => [percentile(s, 50) - percentile(times.direct, 50), percentile(s, 99) - percentile(times.direct, 99)] as const;
      const mark = (v: number, target: number) => (v <= target ? 'ok' : `OVER ${target} ms`);
      console.log(`   ${title}:`);
      console.log(line('direct', times.direct));
      console.log(line('bare', times.bare));
      console.log(line('inProcess', times.inProcess));
      console.log(line('gateway', times.gateway));
      const [b50, b99] = added(times.bare);
      const [i50, i99] = added(times.inProcess);
      const [g50, g99] = added(times.gateway);
      console.log(`    bare proxy adds  p50 ${b50.toFixed(2).padStart(7)} ms        p99 ${b99.toFixed(2).padStart(7)} ms   (the floor of a Node proxy here)`);
      console.log(`    pass-through adds p50 ${i50.toFixed(2).padStart(6)} ms        p99 ${i99.toFixed(2).padStart(7)} ms   (the floor inside the server's process)`);
      console.log(`    gateway adds     p50 ${g50.toFixed(2).padStart(7)} ms (${mark(g50, TARGET.p50)})   p99 ${g99.toFixed(2).padStart(7)} ms (${mark(g99, TARGET.p99)})`);
    }
    console.log(`    load average after: ${load1()}`);
    for (const pool of Object.values(pools)) await pool.close();
  } finally {
    for (const proc of procs.reverse()) await stopChild(proc);
    await db?.drop();
  }
}

const role = arg('role');
if (role === 'upstream') await upstreamRole();
else if (role === 'bare') await bareRole(arg('upstream')!);
else if (role === 'server') await serverRole(arg('upstream')!);
else {
  const only = arg('store') as 'pglite' | 'postgres' | undefined;
  console.log(`gateway overhead: API key vs direct, concurrency ${CONCURRENCY}, ${CALLS} calls a side in ${ROUNDS} rounds; `
    + `server, upstream, reference proxy and load generator in separate processes; ${cpus().length} cores, load average ${load1()}`);
  if (PIN) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  const stores: Array<'pglite' | 'postgres'> = only ? [only] : process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const store of stores) await measure(store);
}
