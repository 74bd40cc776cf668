// Health probes and the orderly stop (server/src/ops/health.ts, shutdown.ts). In process: what
// /health/live and /health/ready answer while starting, ready, missing a migration and draining.
// Then the real server (server/src/main.ts) as a child process under gateway load gets SIGTERM:
// readiness turns 503 while it still serves, a slow call in flight is answered, the process ends
// by itself with 0, and every call answered with an X-Agora-Transaction-Id has its transaction in
// the store (PGlite in a folder, or PostgreSQL with TEST_DATABASE_URL).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { buildTestApp, createDemoDatabase, demoDataDir } from './helper.ts';
import { openStore } from '../../server/src/db/store.ts';
import { LOCK_MS } from '../../server/src/jobs/runner.ts';
import { scratchFolders } from './store.processes.ts';
import { killServers, prepareStore, startServer, type Target } from './ops.processes.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const folders = scratchFolders('agora-ops-');
const cleanups: Array<() => Promise<unknown> | void> = [() => folders.remove()];
afterAll(async () => {
  killServers();
  for (const c of cleanups) await c();
});

describe('health probes', () => {
  it('live always; ready only when started, migrated, with the store answering and not draining', async () => {
    const t = await buildTestApp();
    cleanups.unshift(() => t.close());
    const get = async (url: string) => { const r = await t.app.inject({ url }); return { status: r.statusCode, body: r.json(), headers: r.headers }; };

    expect(await get('/health/live')).toMatchObject({ status: 200, body: { status: 'live' } });
    // A test app runs no jobs by itself: 'off' is not a failure (main.ts always runs them).
    expect(await get('/health/ready')).toMatchObject({ status: 200, body: { status: 'ready', checks: { store: 'ok', migrations: 'ok', jobs: 'off' } } });
    // A portal session's header does not matter to a probe (a stale token is no 401 here).
    expect((await t.app.inject({ url: '/health/ready', headers: { authorization: 'Bearer stale' } })).statusCode).toBe(200);

    t.app.lifecycle.state = 'starting';
    expect(await get('/health/ready')).toMatchObject({ status: 503, body: { status: 'starting' } });

    t.app.lifecycle.state = 'ready';
    const [last] = (await t.db.execute(sql`delete from schema_migrations where name = (select max(name) from schema_migrations) returning name`) as unknown as { rows: Array<{ name: string }> }).rows;
    const unmigrated = await get('/health/ready');
    expect(unmigrated).toMatchObject({ status: 503, body: { status: 'unready' } });
    expect(unmigrated.body.checks.migrations).toMatch(/^1 of \d+ not applied$/);
    await t.db.execute(sql`insert into schema_migrations (name) values (${last!.name})`);

    t.app.jobs.start();
    expect((await get('/health/ready')).body.checks.jobs).toBe('ok');
    await t.app.jobs.stop();

    // A job that never ends hangs the runner's pass: once no tick began or ended for LOCK_MS (the
    // clock moved on here), the instance is not ready and a balancer sends its traffic elsewhere.
    let release!: () => void;
    let began!: () => void;
    const taken = new Promise<void>((resolve) => { began = resolve; });
    t.app.jobs.register('test.hang', () => { began(); return new Promise<void>((resolve) => { release = resolve; }); });
    await t.app.jobs.enqueue(t.db, 'test.hang', {});
    t.app.jobs.start();
    await taken;
    expect((await get('/health/ready')).body.checks.jobs).toBe('ok');
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + LOCK_MS + 1000);
    try {
      expect(await get('/health/ready')).toMatchObject({ status: 503, body: { status: 'unready', checks: { jobs: 'stalled' } } });
    } finally {
      later.mockRestore();
    }
    release();
    await t.app.jobs.stop();

    t.app.lifecycle.state = 'draining';
    const draining = await get('/health/ready');
    expect(draining).toMatchObject({ status: 503, body: { status: 'draining' } });
    // While draining every answer closes its connection: clients reconnect (elsewhere, behind a balancer).
    expect(draining.headers.connection).toBe('close');
    expect((await get('/health/live')).status).toBe(200);
  });
});

describe('SIGTERM under gateway load', () => {
  it('stops readiness first, answers the calls in flight, then exits 0 with every answered call recorded', { timeout: 240_000 }, async () => {
    // The upstream: quick answers, and a slow one (…/slow) that is in flight when SIGTERM comes.
    let slowArrived: () => void = () => {};
    const slowSeen = new Promise<void>((resolve) => { slowArrived = resolve; });
    const upstream: Server = createServer((req, res) => {
      const answer = () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); };
      if (req.url?.includes('/slow')) { slowArrived(); setTimeout(answer, 1500); } else answer();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    cleanups.unshift(() => new Promise((resolve) => upstream.close(resolve)));
    let target: Target;
    if (onPostgres) {
      const scratch = await createDemoDatabase();
      cleanups.push(scratch.drop);
      target = { databaseUrl: scratch.url };
    } else {
      target = { dataDir: await folders.store() };
      await demoDataDir(target.dataDir);
    }
    const t0 = Date.now();
    const step = (what: string) => console.log(`[ops.lifecycle] ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const { apiKey, gatewayPath } = await prepareStore(target, `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);

    const server = startServer({
      ...('dataDir' in target ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.databaseUrl }),
      SHUTDOWN_GRACE_MS: '1000', SHUTDOWN_TIMEOUT_MS: '10000',
    });
    step('prepared');
    const base = `http://127.0.0.1:${await server.port}`;
    step('listening');
    const agent = new Agent({ connections: 16 });
    cleanups.unshift(() => agent.close());
    const call = (path: string) => request(`${base}${gatewayPath}${path}`, { dispatcher: agent, headers: { 'x-api-key': apiKey } });

    // Load: 8 callers back to back until their calls are refused (the listener closed).
    const answered: string[] = [];
    let failedAfterClose = 0;
    let stopLoad = false;
    const caller = async () => {
      while (!stopLoad) {
        try {
          const res = await call('/v1/payments');
          await res.body.dump();
          expect(res.statusCode).toBe(200);
          answered.push(String(res.headers['x-agora-transaction-id']));
        } catch (error) {
          if ((error as Error).name === 'AssertionError') throw error;
          failedAfterClose++; // a connection refused or reset once the server stopped listening
          return;
        }
      }
    };
    const callers = Array.from({ length: 8 }, caller);
    const started = Date.now();
    while (answered.length < 200 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    expect(answered.length).toBeGreaterThanOrEqual(200);

    step(`${answered.length} answered`);
    const slow = call('/slow');
    await slowSeen;
    server.proc.kill('SIGTERM');
    const termAt = answered.length;
    // Draining: not ready, yet still serving (the callers keep being answered).
    await expect.poll(async () => (await request(`${base}/health/ready`, { reset: true })).statusCode, { timeout: 900, interval: 50 }).toBe(503);
    const slowRes = await slow;
    await slowRes.body.dump();
    expect(slowRes.statusCode).toBe(200);
    answered.push(String(slowRes.headers['x-agora-transaction-id']));

    step('slow call answered');
    expect(await server.exited).toBe(0);
    step('exited');
    stopLoad = true;
    await Promise.all(callers);
    expect(answered.length).toBeGreaterThan(termAt); // calls were still answered after SIGTERM
    expect(server.output.join('\n')).toMatch(/draining: not ready/);

    const store = await openStore(target);
    try {
      const ids = [...new Set(answered)];
      expect(ids.length).toBe(answered.length);
      const rows = (await store.db.execute(sql`select count(*)::int as n from transactions where id::text in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`) as unknown as { rows: Array<{ n: number }> }).rows;
      expect(rows[0]!.n, `${answered.length} answered calls, ${failedAfterClose} refused after the close`).toBe(ids.length);
    } finally {
      await store.close();
    }
  });
});
