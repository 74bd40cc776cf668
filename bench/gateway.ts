// Runtime gateway overhead, side by side in one run (issue 31): the same GETs straight to the
// upstream (direct), through nginx as a plain reverse proxy (Debian's package, keep-alive to the
// upstream, no access log: it checks, counts and records nothing), through the bare pass-through
// inside the server's process (ahead of Fastify: the least a gateway in that process could add),
// and through /api/v1/gateway/… with an application's API key (the default path: the data plane ahead
// of Fastify in the server's process). Separate processes, as in
// production: the marketplace server (its store, PGlite in memory or PostgreSQL, lives there), the
// upstream (node:http answering 1 KB of JSON), nginx, and this one, the load generator (undici
// pools, keep-alive). Loads: 32 callers back to back (closed loop: throughput) and an open loop at
// 500, 1000 and 2000 calls a second over 32 connections (timed from when each call was due), then
// the closed loop again with a strict quota counted on every gateway call. Every load runs in
// BENCH_ROUNDS rounds (default 3) that alternate the sides, so a burst of other work on the machine
// hits all of them; each figure is the median of the rounds; ratios to nginx are printed with the
// issue's targets. On the demo seed, on PGlite and on PostgreSQL (BENCH_DATABASE_URL; npm run bench
// starts a throwaway cluster).
//
//   node --import tsx bench/gateway.ts                 BENCH_SECONDS=2 (a side, a round, open loop), BENCH_ROUNDS=3
//   node --import tsx bench/gateway.ts --store=pglite  one store only
//   BENCH_RATES=500,1000,2000  BENCH_CLOSED_CALLS=3000  BENCH_CONCURRENCY=32
//   BENCH_CPU_PROF=dir                                 the server's CPU profile of the calls, into dir
//   BENCH_PIN=1                                        proxies on core 1, load generator and upstream on core 0
//   BENCH_WORKERS=2                                    the data plane's worker processes (the "workers" side; 0: none)
//   --cpu=gateway,fastify,inProcess[,workers]          those sides only, closed loop: the server's CPU a call by thread (BENCH_CPU_CALLS)
// Targets (issue 31), against nginx in the same run: closed-loop throughput ≥ 50% of nginx's (≥ 40%
// with strict quota counting); at 1000 calls a second added p50 ≤ 0.5 ms and added p99 ≤ 3× nginx's;
// at 2000 calls a second it keeps up; the portal's API p99 at 50 callers no worse beside the
// gateway at 1000 calls a second than alone.
import { profileUntilStopped } from './profiled.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants, createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { GCProfiler } from 'node:v8';
import { createInterface } from 'node:readline';
import { subscribe } from 'node:diagnostics_channel';
import { fileURLToPath } from 'node:url';
import { createDatabase, dropDatabase } from '../scripts/postgres.mjs';
import { ensureNginx } from '../scripts/nginx.mjs';
import { Pool, request } from 'undici';
import { npmScriptArgs } from '../tests/npmScript.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Calls a second of the open-loop runs, each BENCH_SECONDS long a side a round. */
const RATES = (process.env.BENCH_RATES ?? '500,1000,2000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CLOSED_CALLS = Number(process.env.BENCH_CLOSED_CALLS ?? 3000);
/** The gateway's data plane in this many worker processes (GATEWAY_WORKERS) beside the server: the
 * "workers" side, the same calls on the plane's port (0: no such side). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Issue 31's targets, against nginx in the same run. */
const TARGET = { throughput: 0.5, strictThroughput: 0.4, p50At1000: 0.5, p99TimesNginx: 3, keepUp: 0.97 };
/** BENCH_PIN=1: the proxies (server, reference) on core 1, the load generator and the upstream on
 * core 0 (taskset), so that no proxy shares a core with the client or the upstream it measures
 * against (bench/README.md, session 13). */
const PIN = Boolean(process.env.BENCH_PIN);
const UPSTREAM_PATH = '/v1/payments?limit=3';
/** Requests to the server under this path go to its in-process pass-through (serverRole). */
const INPROCESS_PREFIX = '/bench-inprocess';
/** Gateway calls carrying this header go to Fastify's handler, not the data plane (serverRole). */
const FASTIFY_HEADER = 'x-bench-fastify';
/** A GET of this path makes the server count a strict quota on the bench key's calls (serverRole). */
const STRICT_SWITCH = '/bench-control/strict';
/** The portal's API beside the gateway (issue 31): bench/load's catalogue list at its 50 callers,
 * alone and while gateway calls arrive at 1000 a second. */
const PORTAL_PATH = '/api/v1/products?limit=10';
const PORTAL_CALLERS = Number(process.env.BENCH_PORTAL_CALLERS ?? 50);
const PORTAL_GATEWAY_RATE = 1000;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const load1 = () => loadavg().map((v) => v.toFixed(2)).join(' ');

/** Child processes tell their address (and whatever else) on one `READY {json}` line. */
const ready = (info: Record<string, unknown>) => console.log(`READY ${JSON.stringify(info)}`);

// ── child roles ───────────────────────────────────────────────────────────────────────────────

async function upstreamRole(): Promise<void> {
  // 1 KB of JSON, as issue 31's comparison has it.
  const items = Array.from({ length: 12 }, (_, i) => ({ id: `pay_${String(i).padStart(6, '0')}`, amount: 1000 + i, currency: 'EUR', status: 'settled' }));
  const body = Buffer.from(JSON.stringify({ object: 'list', items, more: false }).padEnd(1024, ' '));
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
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

/** The marketplace server as `npm run serve` starts it (main.ts), on the bench's store, plus an
 * API key of the checkout application made and provisioned through the API. */
async function serverRole(upstream: string): Promise<void> {
  const { eq, sql } = await import('drizzle-orm');
  const { buildApp } = await import('../server/src/app.ts');
  const { openStore } = await import('../server/src/db/store.ts');
  const { assetResources, quotas, sessions } = await import('../server/src/db/schema.ts');
  const { forgetQuotaCoverage } = await import('../server/src/quota/coverage.ts');
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
  // The data plane (GATEWAY_WORKERS) on a port of its own, passing all but runtime calls to this app.
  // Its workers read their egress rules from the environment (as the server's config does).
  process.env.GATEWAY_ALLOW_HOSTS = '127.0.0.1';
  const { startPlaneWorkers } = await import('../server/src/dataplane/cluster.ts');
  const plane = WORKERS > 0 ? await startPlaneWorkers(app, { workers: WORKERS, port: 0, host: '127.0.0.1', log: (line) => console.log(line) }) : null;
  // The floor inside this process: the same pass-through as the reference, answering
  // INPROCESS_PREFIX before Fastify sees the request, on this server's heap, threads and store.
  const fastify = app.server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  const inProcess = passThrough(upstream, INPROCESS_PREFIX);
  app.server.removeAllListeners('request');
  // The strict quota the last load counts: a daily limit far above what the bench calls, on the
  // plan of the bench key's subscription (the checkout application's access to res-payments).
  const strict = async () => {
    await store.db.insert(quotas).values({ id: 'q-bench-strict', planId: 'plan-payments-starter', title: 'Bench strict', unitName: 'transactions',
      pricing: { type: 'fixed', interval: 'daily', limit: { value: 500_000_000, type: 'strict', overages: 0 } }, assetResourceIds: [], sortOrder: -1 }).onConflictDoNothing();
    forgetQuotaCoverage(store.db);
  };
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url!.startsWith(INPROCESS_PREFIX)) inProcess(req, res);
    // --cpu=fastify: the same gateway calls straight to Fastify's handler, the path before the
    // data plane was ahead of it (the default listener is the plane's: dataplane/front.ts).
    else if (req.headers[FASTIFY_HEADER] !== undefined) app.routing(req, res);
    else if (req.url === STRICT_SWITCH) void strict().then(() => res.end('ok'), (e) => { res.writeHead(500); res.end(String(e)); });
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
  await profileUntilStopped(`gateway-${store.kind}`, async () => { console.log(pauses()); await heap(); await plane?.stop(5000); await app.close(); await store.close(); });
  ready({
    port: (app.server.address() as AddressInfo).port, planePort: plane?.port, apiKey, seedS,
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

/** The heap sizes `npm run serve` starts the server with (its old-generation bound; a young-generation
 * size if one is set: today V8's default, bench/README.md says why), given to the bench's server too. */
const SERVE_FLAGS = npmScriptArgs('serve').filter((arg) => /^--max-(semi|old)-space-size=\d+$/.test(arg));

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

/** A free port on 127.0.0.1 for nginx (which cannot tell which port 0 gave it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** nginx as a plain reverse proxy to the upstream: a worker a core, kept-alive upstream
 * connections, no access log (it checks, counts and records nothing: the engine under the
 * gateways built on it). Its files in a temporary directory; stopped with the bench. */
async function startNginx(upstreamPort: number): Promise<{ proc: ChildProcess; port: number; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'agora-bench-nginx-'));
  chmodSync(dir, 0o777); // nginx's workers run as an unprivileged user when started as root
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), `worker_processes auto;
events { worker_connections 4096; }
http {
  access_log off;
  error_log ${dir}/error.log warn;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream up { server 127.0.0.1:${upstreamPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    keepalive_requests 1000000;
    location / { proxy_pass http://up; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`);
  const proc = spawn(ensureNginx(), ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${dir}/nginx.pid;`], { stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 10_000;
  for (;;) {
    const up = await request(`http://127.0.0.1:${port}${UPSTREAM_PATH}`).then((r) => r.body.dump().then(() => r.statusCode), () => 0);
    if (up === 200) break;
    if (Date.now() > until || proc.exitCode !== null) throw new Error(`nginx did not answer on ${port}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { proc, port, dir };
}

/** CPU time (user + system) a process and its children (nginx's workers), or only its main thread
 * (its JavaScript, without the database's and libuv's threads), has used so far, in ms (Linux
 * /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined, mainThread = false): number {
  try {
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    if (mainThread) return own;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
    return own + children.reduce((sum, c) => sum + cpuMs(Number(c)), 0);
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** CPU time (ms) of a process's threads, by name and number (after the main thread's; V8's GC
 * helpers, libuv's pool and worker threads are all `node`: the store's thread is the busy one), and
 * its children's. */
function threadsMs(pid: number | undefined, into = new Map<string, number>(), prefix = ''): Map<string, number> {
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const fields = stat.split(') ')[1]!.split(' ');
      const name = `${prefix}${task === String(pid) ? 'main' : `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}:${Number(task) - Number(pid)}`}`;
      into.set(name, (into.get(name) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    }
    for (const c of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean)) threadsMs(Number(c), into, 'child ');
  } catch {
    // the process ended
  }
  return into;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One load of one side: each call's latency (ms), and the calls a second it sustained. */
interface Run { times: number[]; perSecond: number }

/** `count` GETs through the pool, CONCURRENCY at a time, back to back (a closed loop). */
async function closed(pool: Pool, path: string, headers: Record<string, string>, count: number): Promise<Run> {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < count) {
      next++;
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.dump();
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { times, perSecond: (count * 1000) / (performance.now() - start) };
}

/** `count` GETs due at `rate` a second, over CONCURRENCY connections: an open loop, as real
 * clients call. A call's time runs from when it was due, so a stall counts for every call it
 * delays; perSecond below the rate means a queue grew (the side did not keep up). */
async function open(pool: Pool, path: string, headers: Record<string, string>, count: number, rate: number): Promise<Run> {
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
      await res.body.dump();
      times.push(performance.now() - began);
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { times, perSecond: (count * 1000) / (performance.now() - start) };
}

/** A fresh database on the bench's PostgreSQL server (scripts/postgres.mjs), dropped after. */
async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agora_bench_gw_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(adminUrl, name);
  return { url, drop: () => dropDatabase(adminUrl, name).catch(() => {}) };
}

type Side = 'direct' | 'nginx' | 'inProcess' | 'gateway' | 'workers';
const NAMES: Record<Side, string> = { direct: 'direct', nginx: 'nginx', inProcess: 'pass-through', gateway: 'gateway', workers: `workers ×${WORKERS}` };
/** A side's figures for one load: the median over the rounds of each. */
interface Figures { p50: number; p99: number; perSecond: number; cpu: number; main: number; calls: number }

async function measure(kind: 'pglite' | 'postgres'): Promise<void> {
  const db = kind === 'postgres' ? await createBenchDatabase(process.env.BENCH_DATABASE_URL!) : null;
  const procs: ChildProcess[] = [];
  let nginxDir = '';
  try {
    const upstream = await child('upstream', []);
    procs.push(upstream.proc);
    const upstreamBase = `http://127.0.0.1:${upstream.info.port}`;
    const nginx = await startNginx(upstream.info.port as number);
    procs.push(nginx.proc);
    nginxDir = nginx.dir;
    const server = await child('server', [`--upstream=${upstreamBase}`], db ? { DATABASE_URL: db.url } : {}, process.env.BENCH_SERVE_FLAGS?.split(' ').filter(Boolean) ?? SERVE_FLAGS);
    procs.push(server.proc);
    console.log(`  ${kind}: demo seed in ${(server.info.seedS as number).toFixed(1)} s; load average ${load1()}`);

    const serverBase = `http://127.0.0.1:${server.info.port}`;
    const pool = (base: string) => new Pool(base, { connections: CONCURRENCY, pipelining: 1 });
    const pools: Record<Side, Pool> = { direct: pool(upstreamBase), nginx: pool(`http://127.0.0.1:${nginx.port}`), inProcess: pool(serverBase), gateway: pool(serverBase),
      workers: pool(`http://127.0.0.1:${server.info.planePort as number | undefined ?? server.info.port}`) };
    const call: Record<Side, [string, Record<string, string>]> = {
      direct: [UPSTREAM_PATH, {}],
      nginx: [UPSTREAM_PATH, {}],
      inProcess: [`${INPROCESS_PREFIX}${UPSTREAM_PATH}`, {}],
      gateway: [server.info.path as string, { 'x-api-key': server.info.apiKey as string }],
      workers: [server.info.path as string, { 'x-api-key': server.info.apiKey as string }],
    };
    // The workers' CPU is counted with the server's (its children); "main thread" is the primary's.
    const pids: Record<Side, number | undefined> = { direct: upstream.proc.pid, nginx: nginx.proc.pid, inProcess: server.proc.pid, gateway: server.proc.pid, workers: server.proc.pid };
    const inServer = (side: Side) => side === 'inProcess' || side === 'gateway' || side === 'workers';
    const plane: Side[] = WORKERS > 0 ? ['workers'] : [];
    const all: Side[] = ['direct', 'nginx', 'inProcess', 'gateway', ...plane];
    const loads: Array<{ title: string; key: string; sides: Side[]; run: (side: Side) => Promise<Run>; before?: () => Promise<void> }> = [
      { title: `closed loop, ${CONCURRENCY} callers back to back`, key: 'closed', sides: all, run: (side) => closed(pools[side], call[side][0], call[side][1], CLOSED_CALLS) },
      ...RATES.map((rate) => ({ title: `open loop, ${rate} calls a second over ${CONCURRENCY} connections`, key: `open${rate}`, sides: all,
        run: (side: Side) => open(pools[side], call[side][0], call[side][1], Math.round(rate * SECONDS), rate) })),
      { title: `closed loop, ${CONCURRENCY} callers, a strict quota counted on every gateway call`, key: 'strict', sides: ['direct', 'nginx', 'gateway', ...plane],
        run: (side) => closed(pools[side], call[side][0], call[side][1], CLOSED_CALLS),
        before: async () => { await request(`${serverBase}${STRICT_SWITCH}`).then((r) => r.body.text()); } },
    ];
    const results: Record<string, Partial<Record<Side, Figures>>> = {};
    for (const { title, key, sides, run, before } of loads) {
      await before?.();
      // warm-up: connections, JIT, the credential and quota caches
      for (const side of sides) await run(side);
      const rounds: Record<Side, Array<Figures>> = { direct: [], nginx: [], inProcess: [], gateway: [], workers: [] };
      server.proc.kill('SIGUSR2'); // the server's pauses from here on (watchPauses)
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (let i = 0; i < ROUNDS; i++) {
        for (const side of sides) {
          const before = cpuMs(pids[side]);
          const mainBefore = inServer(side) ? cpuMs(pids[side], true) : 0;
          const { times, perSecond } = await run(side);
          times.sort((a, b) => a - b);
          rounds[side].push({ p50: percentile(times, 50), p99: percentile(times, 99), perSecond, calls: times.length,
            cpu: (cpuMs(pids[side]) - before) / times.length, main: inServer(side) ? (cpuMs(pids[side], true) - mainBefore) / times.length : 0 });
        }
      }
      server.proc.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const figures: Partial<Record<Side, Figures>> = {};
      for (const side of sides) {
        const r = rounds[side];
        figures[side] = { p50: median(r.map((x) => x.p50)), p99: median(r.map((x) => x.p99)), perSecond: median(r.map((x) => x.perSecond)),
          cpu: median(r.map((x) => x.cpu)), main: median(r.map((x) => x.main)), calls: r.reduce((s, x) => s + x.calls, 0) };
      }
      results[key] = figures;
      const d = figures.direct!;
      console.log(`   ${title} (median of ${ROUNDS} rounds):`);
      for (const side of sides) {
        const f = figures[side]!;
        const added = side === 'direct' ? '' : `   adds p50 ${(f.p50 - d.p50).toFixed(2).padStart(6)} p99 ${(f.p99 - d.p99).toFixed(2).padStart(6)} ms`;
        console.log(`    ${NAMES[side].padEnd(13)} p50 ${f.p50.toFixed(2).padStart(6)} ms  p99 ${f.p99.toFixed(2).padStart(6)} ms  ${Math.round(f.perSecond).toString().padStart(6)} calls/s${added}`
          + `   (CPU ${f.cpu.toFixed(3)} ms a call${inServer(side) ? `, main thread ${f.main.toFixed(3)}` : ''})`);
      }
    }
    // The ratios the issue judges by, all from this run.
    const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
    const c = results.closed!;
    const s = results.strict!;
    console.log(`   ratios (${kind}):`);
    console.log(`    closed loop: nginx ${(c.nginx!.perSecond / c.direct!.perSecond).toFixed(2)} of direct, pass-through ${(c.inProcess!.perSecond / c.direct!.perSecond).toFixed(2)}`);
    for (const g of ['gateway', ...plane] as const) {
      const name = NAMES[g];
      const through = c[g]!.perSecond / c.nginx!.perSecond;
      const strictThrough = s[g]!.perSecond / s.nginx!.perSecond;
      console.log(`    ${name}: closed loop ${(c[g]!.perSecond / c.direct!.perSecond).toFixed(2)} of direct; ${name} / nginx ${through.toFixed(2)} (target ≥ ${TARGET.throughput}: ${ok(through >= TARGET.throughput)}); `
        + `strict quota: ${name} / nginx ${strictThrough.toFixed(2)} (target ≥ ${TARGET.strictThroughput}: ${ok(strictThrough >= TARGET.strictThroughput)})`);
      for (const rate of RATES) {
        const o = results[`open${rate}`]!;
        const add = (side: Side, p: 'p50' | 'p99') => o[side]![p] - o.direct![p];
        // nginx's added p99 can be ~0 or below (noise): the ratio is taken against at least 0.1 ms.
        const p99x = add(g, 'p99') / Math.max(add('nginx', 'p99'), 0.1);
        const keeps = o[g]!.perSecond / rate;
        console.log(`     ${rate}/s: added p50 nginx ${add('nginx', 'p50').toFixed(2)}, ${name} ${add(g, 'p50').toFixed(2)} ms`
          + `${rate === 1000 ? ` (target ≤ ${TARGET.p50At1000}: ${ok(add(g, 'p50') <= TARGET.p50At1000)})` : ''}; `
          + `added p99 nginx ${add('nginx', 'p99').toFixed(2)}, ${name} ${add(g, 'p99').toFixed(2)} ms = ${p99x.toFixed(1)}× nginx's`
          + `${rate === 1000 ? ` (target ≤ ${TARGET.p99TimesNginx}×: ${ok(p99x <= TARGET.p99TimesNginx)})` : ''}; `
          + `sustained ${Math.round(o[g]!.perSecond)}/s${rate === Math.max(...RATES) ? ` (keeps up: ${ok(keeps >= TARGET.keepUp)})` : ''}`);
      }
    }
    await portalBeside(serverBase, pools.gateway, call.gateway);
    console.log(`    load average after: ${load1()}`);
    for (const p of Object.values(pools)) await p.close();
  } finally {
    for (const proc of procs.reverse()) await stopChild(proc);
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
    await db?.drop();
  }
}

/** Issue 31: the portal's API (bench/load's catalogue list, PORTAL_CALLERS callers back to back for
 * BENCH_SECONDS) alone and while gateway calls arrive at PORTAL_GATEWAY_RATE a second, rounds
 * alternating; the portal's p99 must not get worse beside the gateway. */
async function portalBeside(serverBase: string, gatewayPool: Pool, [gatewayPath, gatewayHeaders]: [string, Record<string, string>]): Promise<void> {
  const portal = new Pool(serverBase, { connections: PORTAL_CALLERS, pipelining: 1 });
  const portalFor = async (ms: number): Promise<Run> => {
    const times: number[] = [];
    const start = performance.now();
    const caller = async () => {
      while (performance.now() - start < ms) {
        const t0 = performance.now();
        const res = await portal.request({ method: 'GET', path: PORTAL_PATH, headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' } });
        await res.body.dump();
        if (res.statusCode !== 200) throw new Error(`${PORTAL_PATH} answered ${res.statusCode}`);
        times.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: PORTAL_CALLERS }, caller));
    return { times, perSecond: (times.length * 1000) / (performance.now() - start) };
  };
  const ms = SECONDS * 1000;
  await portalFor(ms); // warm-up: connections, the catalogue's cache
  const alone: Figures[] = [];
  const beside: Figures[] = [];
  const gatewayRates: number[] = [];
  const figures = ({ times, perSecond }: Run): Figures => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), perSecond, cpu: 0, main: 0, calls: times.length };
  };
  for (let i = 0; i < ROUNDS; i++) {
    alone.push(figures(await portalFor(ms)));
    const [portalRun, gatewayRun] = await Promise.all([portalFor(ms), open(gatewayPool, gatewayPath, gatewayHeaders, Math.round(PORTAL_GATEWAY_RATE * SECONDS), PORTAL_GATEWAY_RATE)]);
    beside.push(figures(portalRun));
    gatewayRates.push(gatewayRun.perSecond);
  }
  await portal.close();
  const line = (name: string, r: Figures[]) => console.log(`    ${name.padEnd(34)} p50 ${median(r.map((x) => x.p50)).toFixed(2).padStart(6)} ms  p99 ${median(r.map((x) => x.p99)).toFixed(2).padStart(6)} ms  ${Math.round(median(r.map((x) => x.perSecond))).toString().padStart(6)} requests/s`);
  console.log(`   the portal's API (${PORTAL_PATH}, ${PORTAL_CALLERS} callers back to back), alone and beside the gateway (median of ${ROUNDS} rounds):`);
  line('alone', alone);
  line(`beside gateway calls at ${PORTAL_GATEWAY_RATE}/s`, beside);
  const p99Alone = median(alone.map((x) => x.p99));
  const p99Beside = median(beside.map((x) => x.p99));
  console.log(`    p99 beside / alone ${(p99Beside / p99Alone).toFixed(2)} (target: no worse, ≤ 1: ${p99Beside <= p99Alone ? 'ok' : 'MISSED'}); gateway sustained ${Math.round(median(gatewayRates))}/s`);
}

/** `--cpu=side[,side…]`: those sides only (gateway: the default path, the data plane ahead of
 * Fastify in the server's process; fastify: the same calls through Fastify alone; workers: BENCH_WORKERS processes; inProcess: the bare pass-through), closed
 * loop, BENCH_CPU_CALLS calls a side a round after a warm-up, rounds alternating the sides, and the
 * server's CPU a call by thread (all its threads and children; the store's thread is the busiest
 * `node` one): the figure to compare before and after a change to the hot path on a shared machine.
 * With BENCH_CPU_PROF, the server's profile (scripts/cpuprofile.mjs reads it). */
type CpuSide = 'gateway' | 'fastify' | 'workers' | 'inProcess';
async function cpuPerCall(sides: CpuSide[]): Promise<void> {
  const calls = Number(process.env.BENCH_CPU_CALLS ?? 10_000);
  const upstream = await child('upstream', []);
  const env = { BENCH_WORKERS: sides.includes('workers') ? String(WORKERS || 2) : '0' };
  const server = await child('server', [`--upstream=http://127.0.0.1:${upstream.info.port}`], env, process.env.BENCH_SERVE_FLAGS?.split(' ').filter(Boolean) ?? SERVE_FLAGS);
  try {
    const runs = sides.map((side) => {
      const port = side === 'workers' ? server.info.planePort : server.info.port;
      const pool = new Pool(`http://127.0.0.1:${port as number}`, { connections: CONCURRENCY, pipelining: 1 });
      const key = { 'x-api-key': server.info.apiKey as string };
      const [path, headers] = side === 'inProcess' ? [`${INPROCESS_PREFIX}${UPSTREAM_PATH}`, {}] : [server.info.path as string, side === 'fastify' ? { ...key, [FASTIFY_HEADER]: '1' } : key];
      return { side, pool, run: (n: number) => closed(pool, path, headers, n) };
    });
    for (const r of runs) await r.run(Math.min(calls, 3000));
    for (let i = 0; i < ROUNDS; i++) {
      for (const { side, run } of runs) {
        const before = cpuMs(server.proc.pid);
        const threadsBefore = threadsMs(server.proc.pid);
        const { perSecond } = await run(calls);
        const threads = [...threadsMs(server.proc.pid)].map(([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / calls] as const)
          .filter(([, ms]) => ms >= 0.005).sort((a, b) => b[1] - a[1]);
        console.log(`  ${side}: ${Math.round(perSecond)} calls/s, CPU ${((cpuMs(server.proc.pid) - before) / calls).toFixed(3)} ms a call `
          + `(${threads.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(', ')}); load average ${load1()}`);
      }
    }
    for (const r of runs) await r.pool.close();
  } finally {
    await stopChild(server.proc);
    await stopChild(upstream.proc);
  }
}

const role = arg('role');
if (role === 'upstream') await upstreamRole();
else if (role === 'server') await serverRole(arg('upstream')!);
else if (arg('cpu')) await cpuPerCall(arg('cpu')!.split(',') as CpuSide[]);
else {
  const only = arg('store') as 'pglite' | 'postgres' | undefined;
  console.log(`gateway vs nginx: direct, nginx, the in-process pass-through, the gateway and its data plane's ${WORKERS} workers; closed loop ${CONCURRENCY} callers and open loop ${RATES.join('/')} calls a second, `
    + `${ROUNDS} rounds alternating the sides (medians); server, upstream, nginx and load generator in separate processes; ${cpus().length} cores, load average ${load1()}`);
  if (PIN) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  const stores: Array<'pglite' | 'postgres'> = only ? [only] : process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const store of stores) await measure(store);
}
