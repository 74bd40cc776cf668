// The gateway's data plane in processes (GATEWAY_WORKERS, server/src/dataplane): the real server
// (main.ts) with 2 workers under gateway load. A worker stopped by SIGTERM hands over every record
// first; a worker killed by SIGKILL is replaced while the other keeps answering, and the only
// answered calls without a record are those of its last 100 ms. On PostgreSQL: 2 servers of 2
// workers each, 4 keys, 5,000 calls against a strict quota of 1,000: exactly 1,000 admitted; a
// server stopped by SIGTERM gives back its workers' unspent calls, which the other then spends.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { createScratchDatabase } from './helper.ts';
import { openStore } from '../../server/src/db/store.ts';
import { quotas } from '../../server/src/db/schema.ts';
import { scratchFolders } from './store.processes.ts';
import { parsePrometheus, valueOf } from './prometheus.ts';
import { killServers, prepareStore, startServer, type ServerChild, type Target } from './ops.processes.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const folders = scratchFolders('agora-plane-');
const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  killServers();
  for (const c of cleanups.reverse()) await c();
  folders.remove();
});

async function upstream(): Promise<string> {
  const server: Server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A store for this test: a scratch database on PostgreSQL runs, else an embedded folder. */
async function target(): Promise<{ target: Target; env: Record<string, string> }> {
  if (onPostgres) {
    const scratch = await createScratchDatabase(process.env.AGORA_PG_TEMPLATE);
    cleanups.push(scratch.drop);
    return { target: { databaseUrl: scratch.url }, env: { DATABASE_URL: scratch.url } };
  }
  // A copy of the migrated template (as the other process tests): a new folder would run initdb
  // and every migration in this process first (minutes on a loaded machine).
  const dataDir = await folders.store();
  return { target: { dataDir }, env: { DATA_DIR: dataDir } };
}

const TOKEN = 'dataplane-metrics-token-0123456789';
const PLANE_ENV = { GATEWAY_WORKERS: '2', SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: '5000', METRICS_TOKEN: TOKEN };
const pidsLine = (s: ServerChild) => s.output.map((l) => /data plane in \d+ worker processes \(GATEWAY_WORKERS; pids ([\d, ]+)\)/.exec(l)?.[1]).find(Boolean);
/** The workers' pids, from the line the primary logs once it forked them (it may come after the
 * line that says the server listens: the clean-clone CI read it too early once). */
async function pidsOf(s: ServerChild): Promise<number[]> {
  await expect.poll(() => pidsLine(s), { timeout: 30_000, message: 'the primary names its workers' }).toBeTruthy();
  return pidsLine(s)!.split(', ').map(Number);
}

async function countRecorded(t: Target, ids: string[]): Promise<Set<string>> {
  const store = await openStore(t);
  try {
    const rows = (await store.db.execute(sql`select id::text as id from transactions
      where id::text in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`) as unknown as { rows: Array<{ id: string }> }).rows;
    return new Set(rows.map((r) => r.id));
  } finally {
    await store.close();
  }
}

it('a worker stopped by SIGTERM loses no record; one killed by SIGKILL is replaced while the other answers, losing only its last 100 ms', { timeout: 600_000 }, async () => {
  const { target: t, env } = await target();
  const { apiKey, gatewayPath } = await prepareStore(t, await upstream());
  const server = startServer({ ...env, ...PLANE_ENV });
  const base = `http://127.0.0.1:${await server.port}`;
  const [termed, killed] = await pidsOf(server) as [number, number];

  // A call left unanswered counts as a failure, rather than holding the test for undici's 300 s.
  const agent = new Agent({ connections: 8, headersTimeout: 15_000 });
  cleanups.push(() => agent.close());
  const answered: Array<{ id: string; at: number }> = [];
  const failures: Array<{ at: number; what: string }> = [];
  let stop = false;
  const caller = async () => {
    while (!stop) {
      try {
        const res = await request(`${base}${gatewayPath}/v1/payments`, { dispatcher: agent, headers: { 'x-api-key': apiKey } });
        await res.body.dump();
        if (res.statusCode === 200) answered.push({ id: String(res.headers['x-agora-transaction-id']), at: Date.now() });
        else failures.push({ at: Date.now(), what: `status ${res.statusCode}` });
      } catch (error) {
        failures.push({ at: Date.now(), what: (error as Error).message });
      }
    }
  };
  const callers = Array.from({ length: 8 }, caller);
  const soon = (n: number) => expect.poll(() => answered.length, { timeout: 60_000 }).toBeGreaterThan(n);
  let killedAt = 0;
  try {
    await soon(200);
    process.kill(termed, 'SIGTERM');
    await expect.poll(() => server.output.some((l) => l.includes(`worker ${termed} ended (code 0)`)), { timeout: 60_000 }).toBe(true);
    // Its replacement answering too, so the SIGKILL below leaves a worker on the port.
    await expect.poll(() => server.output.some((l) => l.includes(`(replacing ${termed})`)), { timeout: 60_000 }).toBe(true);
    await soon(answered.length + 200);
    killedAt = Date.now();
    process.kill(killed, 'SIGKILL');
    const beforeKill = answered.length;
    await expect.poll(() => server.output.some((l) => l.includes(`(replacing ${killed})`)), { timeout: 60_000 }).toBe(true);
    // The other workers answer meanwhile, and the replacements too.
    await soon(beforeKill + 400);
  } catch (error) {
    console.log(`[dataplane] server output:\n${server.output.join('\n')}\nfailures: ${failures.slice(0, 5).map((f) => f.what).join('; ')}`);
    throw error;
  } finally {
    // Callers left running after a failed step would spin on refused connections until the file's time-out.
    stop = true;
    await Promise.all(callers);
  }
  // The workers' calls reach the server's /metrics with their records (once the last batch is in).
  const forwarded = async () => {
    const scrape = await request(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return valueOf(parsePrometheus(await scrape.body.text()), 'agora_gateway_calls_total', { product: 'prod-payments', outcome: 'forwarded' });
  };
  let metered = -1;
  await expect.poll(async () => metered === (metered = await forwarded()), { interval: 300, timeout: 30_000 }).toBe(true);
  server.proc.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  // Only calls on the connections of the stopped or killed workers failed (as their sockets closed).
  expect(failures.filter((f) => f.what.startsWith('status'))).toEqual([]);
  expect(failures.length).toBeLessThan(40);
  const recorded = await countRecorded(t, answered.map((a) => a.id));
  const lost = answered.filter((a) => !recorded.has(a.id));
  console.log(`[dataplane] ${answered.length} calls answered, ${failures.length} connection failures, ${lost.length} records lost (answered ${lost.map((l) => l.at - killedAt).join(', ')} ms from the SIGKILL)`);
  for (const l of lost) expect(l.at - killedAt).toBeGreaterThanOrEqual(-100);
  expect(metered).toBe(answered.length - lost.length);
});

it.skipIf(!onPostgres)('2 servers of 2 workers on one PostgreSQL: 5,000 calls with 4 keys, exactly 1,000 of a strict 1,000; a stopped server\'s lease spent by the other', { timeout: 600_000 }, async () => {
  const { target: t, env } = await target();
  const { apiKeys, gatewayPath } = await prepareStore(t, await upstream(), async (store) => {
    await store.db.delete(quotas).where(sql`${quotas.planId} = 'plan-payments-starter'`);
    await store.db.insert(quotas).values({
      id: 'q-plane', planId: 'plan-payments-starter', title: 'Plane', unitName: 'transactions', assetResourceIds: [], sortOrder: 0,
      pricing: { type: 'fixed', interval: 'daily', limit: { value: 1000, type: 'strict', overages: 0.01 } },
    });
  }, 4);
  const servers = [startServer({ ...env, ...PLANE_ENV }), startServer({ ...env, ...PLANE_ENV })];
  const bases = await Promise.all(servers.map(async (s) => `http://127.0.0.1:${await s.port}`));
  const agent = new Agent({ connections: 16 });
  cleanups.push(() => agent.close());
  const call = async (i: number, base = bases[i % 2]!) => {
    const res = await request(`${base}${gatewayPath}/v1/payments`, { dispatcher: agent, headers: { 'x-api-key': apiKeys[(i >> 1) % 4]! } });
    await res.body.dump();
    return res.statusCode;
  };
  const counter = async () => {
    const store = await openStore(t);
    try {
      return (await store.db.execute(sql`select count::int as count, leased::int as leased from quota_counters where quota_id = 'q-plane'`) as unknown as { rows: Array<{ count: number; leased: number }> }).rows[0]!;
    } finally {
      await store.close();
    }
  };

  const answers = await Promise.all(Array.from({ length: 5000 }, (_, i) => call(i)));
  expect(answers.filter((s) => s === 200)).toHaveLength(1000);
  expect(answers.filter((s) => s === 429)).toHaveLength(4000);

  // A fresh limit: one call on the second server leases blocks there (its primary from the store,
  // its worker from its primary); the first server spends all the rest.
  const store = await openStore(t);
  await store.db.execute(sql`update quotas set pricing = jsonb_set(pricing, '{limit,value}', '2000') where id = 'q-plane'`);
  await store.close();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // both servers' quota caches (1 s) see the new limit
  expect(await call(0, bases[1])).toBe(200);
  const held = (await counter()).count - 1000;
  expect(held).toBeGreaterThan(1);
  const first = await Promise.all(Array.from({ length: 1200 }, (_, i) => call(i, bases[0])));
  expect(first.filter((s) => s === 200)).toHaveLength(1000 - held);
  servers[1]!.proc.kill('SIGTERM');
  expect(await servers[1]!.exited).toBe(0);
  const after = await Promise.all(Array.from({ length: 100 }, (_, i) => call(i, bases[0])));
  expect(after.filter((s) => s === 200)).toHaveLength(held - 1);
  servers[0]!.proc.kill('SIGTERM');
  expect(await servers[0]!.exited).toBe(0);
  expect(await counter()).toEqual({ count: 2000, leased: 0 });
});
