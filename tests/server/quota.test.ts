// Quotas counted and enforced in the gateway (spec 3 §3, §4; server/src/quota/), over the demo
// seed, the payments resources answered by the built-in mock (counted like any upstream): strict limits refuse with 429 and Retry-After until the window rolls
// over with the clock, loose ones count the overage, unlimited ones only count; the usage records
// billing reads; try-it calls counted under the caller's team's subscription; the usage route and
// who may read it; and, on PostgreSQL, four gateways on one database never let more than the limit
// through, and one that stops gives its unspent lease back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, createScratchDatabase, API, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { assetResources, quotas, sessions, transactions, usageRecords, webhookDeliveries } from '../../server/src/db/schema.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { buildApp } from '../../server/src/app.ts';
import { openStore, type Db, type Store } from '../../server/src/db/store.ts';
import { flushTransactions } from '../../server/src/gateway/record.ts';
import { forgetQuotaCoverage } from '../../server/src/quota/coverage.ts';
import { CREDENTIAL_PROVISION_DELAY_MS } from '../../src/rules/constants.ts';

const MINUTE = 60_000;
const SECRET = 'test-secret-of-at-least-32-characters!';
const STARTER = 'plan-payments-starter';
const SUB = 'sub-acme-payments-starter';
const who = (id: string, orgId: string = ORG.acme) => ({ id: USER[id]!, orgId });
const orgadmin = who('orgadmin');

let t: TestApp;
const clock = new ManualClock(new Date());
let gw: string;
let sandboxGw: string;
let apiKey: string;

const fixed = (value: number, type: string, interval: string) => ({ type: 'fixed', interval, limit: { value, type, overages: 0.01 } });

/** Replaces a plan's quotas and makes this instance forget the cached ones. */
async function setQuotas(db: Db, planId: string, list: Array<{ id: string; pricing: unknown; unitName?: string; resources?: string[] }>) {
  await db.delete(quotas).where(eq(quotas.planId, planId));
  await db.insert(quotas).values(list.map((q, i) => ({
    id: q.id, planId, title: `Quota ${q.id}`, unitName: q.unitName ?? 'transactions', pricing: q.pricing, assetResourceIds: q.resources ?? [], sortOrder: i,
  })));
  forgetQuotaCoverage(db);
}

/** The payments resources answered by the built-in mock; the gateway paths. */
async function prepare(db: Db) {
  await db.update(assetResources).set({ upstreamUrl: null }).where(sql`${assetResources.id} in ('res-payments', 'res-payments-sandbox')`);
  const [r] = await db.execute(sql`select v.id as version_id, v.product_id from asset_resources ar join product_versions v on v.id = ar.product_version_id
    where ar.id = 'res-payments'`).then((x) => (x as unknown as { rows: Array<{ version_id: string; product_id: string }> }).rows);
  return { gw: `${API}/gateway/${r!.product_id}/${r!.version_id}/res-payments`, sandboxGw: `${API}/gateway/${r!.product_id}/${r!.version_id}/res-payments-sandbox` };
}

/** An API key of the checkout application (access to res-payments and the sandbox under the starter subscription). */
async function makeApiKey(app: FastifyInstance, db: Db, jobsClock: ManualClock): Promise<string> {
  const sessionId = randomUUID();
  await db.insert(sessions).values({ id: sessionId, userId: orgadmin.id, refreshTokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) });
  const headers = { authorization: `Bearer ${await app.auth.keys.sign({ userId: orgadmin.id, orgId: ORG.acme, sessionId })}`, 'x-tenant-id': ORG.acme };
  const created = await app.inject({
    method: 'POST', url: `${API}/applications/app-acme-checkout/credentials`, headers,
    payload: { title: `Quota key ${randomUUID()}`, credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, resources: [{ id: 'res-payments' }, { id: 'res-payments-sandbox' }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  jobsClock.advance(CREDENTIAL_PROVISION_DELAY_MS);
  await app.jobs.drain();
  const shown = await app.inject({ url: `${API}/credentials/${created.json().id}?decrypt=true`, headers });
  expect(shown.json().provisioning.status).toBe('success');
  return shown.json().provisioning.data.apiKey as string;
}

/** The clock at `seconds` into the next minute. */
const nextMinute = (c: ManualClock, seconds = 10) => c.set(Math.ceil((c.now().getTime() + 1) / MINUTE) * MINUTE + seconds * 1000);

beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); }, clock });
  ({ gw, sandboxGw } = await prepare(t.db));
  apiKey = await makeApiKey(t.app, t.db, clock);
});
afterAll(async () => { await t?.close(); });

const call = (url = gw, app: FastifyInstance = t.app, key = apiKey) => app.inject({ url: `${url}/payments`, headers: { 'x-api-key': key } });
const usage = (user: { id: string; orgId: string } | null, id = SUB) => t.request(user, { url: `${API}/subscriptions/${id}/usage` });
const itemOf = (body: { items: Array<{ quota: { id: string } }> }, id: string) => body.items.find((i) => i.quota.id === id) as Record<string, any>;

describe('quotas in the gateway', () => {
  it('a strict quota refuses the call after the limit with 429 and Retry-After; the window rolls over with the clock', async () => {
    await setQuotas(t.db, STARTER, [
      // only the sandbox: a limit of 0 stops every sandbox call, and none of res-payments
      { id: 'q-sandbox', pricing: fixed(0, 'strict', 'daily'), resources: ['res-payments-sandbox'] },
      { id: 'q-burst', pricing: fixed(3, 'strict', 'minute') },
    ]);
    // The provider's webhook hears of the first refusal of each quota and window (issue 33).
    const hook = await t.request({ id: USER.admin!, orgId: ORG.provider }, { method: 'POST', url: `${API}/webhooks`, payload: { url: 'https://hooks.invalid/agora', events: ['gateway.quota.exceeded'] } });
    expect(hook.status).toBe(201);
    nextMinute(clock, 10);
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.json().errors[0]).toMatchObject({ status: 429, title: 'Too Many Requests', detail: expect.stringContaining('Quota q-burst') });

    const sandbox = await call(sandboxGw);
    expect(sandbox.statusCode).toBe(429);
    expect(sandbox.json().errors[0].detail).toContain('Quota q-sandbox');
    // seconds to the end of the day (UTC)
    const endOfDay = Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), clock.now().getUTCDate() + 1);
    expect(Number(sandbox.headers['retry-after'])).toBe(Math.ceil((endOfDay - clock.now().getTime()) / 1000));

    clock.advance(49_000);
    expect((await call()).statusCode).toBe(429);
    const exceeded = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, 'gateway.quota.exceeded'));
    expect(exceeded.map((d) => (d.payload as { data: { quota: { id: string } } }).data.quota.id).sort()).toEqual(['q-burst', 'q-sandbox']);
    clock.advance(1_000);
    expect((await call()).statusCode).toBe(200);
    // a plan change takes effect at once here (forgotten) and within the cache time elsewhere
    await setQuotas(t.db, STARTER, [{ id: 'q-burst', pricing: fixed(5, 'strict', 'minute') }]);
    for (let i = 0; i < 4; i += 1) expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
  });

  it('loose quotas count the overage and let calls through, unlimited ones only count; usage states and usage records follow', async () => {
    await setQuotas(t.db, STARTER, [
      { id: 'q-loose', pricing: fixed(8, 'loose', 'monthly') },
      { id: 'q-unlimited', pricing: { type: 'unlimited', interval: 'daily', limit: { value: -1 } } },
      { id: 'q-threshold', pricing: fixed(999_999_999, 'strict', 'weekly') },
      { id: 'q-hourly', pricing: fixed(10, 'strict', 'hourly') },
      { id: 'q-megabytes', unitName: 'megabytes', pricing: fixed(100, 'strict', 'monthly') },
    ]);
    nextMinute(clock, 5);
    const minute = clock.now().getTime() - 5_000;
    for (let i = 0; i < 8; i += 1) expect((await call()).statusCode).toBe(200);

    let answer = await usage(orgadmin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(itemOf(answer.body, 'q-loose')).toMatchObject({ mode: 'loose', limit: 8, used: 8, state: 'reached', metered: true, interval: 'monthly' });
    expect(itemOf(answer.body, 'q-hourly')).toMatchObject({ mode: 'strict', limit: 10, used: 8, state: 'approaching' });

    expect((await call()).statusCode).toBe(200);
    answer = await usage(orgadmin);
    expect(itemOf(answer.body, 'q-loose')).toMatchObject({ used: 9, state: 'exceeded' });
    expect(itemOf(answer.body, 'q-unlimited')).toMatchObject({ mode: 'unlimited', limit: null, unlimited: true, used: 9, state: 'none' });
    expect(itemOf(answer.body, 'q-threshold')).toMatchObject({ mode: 'unlimited', limit: null, used: 9, state: 'none' });
    expect(itemOf(answer.body, 'q-megabytes')).toMatchObject({ metered: false, used: 0, limit: 100, state: 'none' });
    const hourly = itemOf(answer.body, 'q-hourly');
    expect(hourly.window.end).toBe(new Date(Math.ceil(clock.now().getTime() / 3_600_000) * 3_600_000).toISOString());
    expect(answer.body.items.map((i: { quota: { id: string } }) => i.quota.id)).toEqual(['q-loose', 'q-unlimited', 'q-threshold', 'q-hourly', 'q-megabytes']);
    expect(itemOf(answer.body, 'q-megabytes').quota.unit).toEqual({ name: 'megabytes', title: 'Megabytes' });

    // usage records: per (subscription, quota, resource, application, minute), summed
    await flushTransactions(t.db);
    const records = await t.db.select({ quotaId: usageRecords.quotaId, total: sql<number>`sum(${usageRecords.count})::int`, at: sql<string>`min(${usageRecords.at})` })
      .from(usageRecords)
      .where(and(eq(usageRecords.subscriptionId, SUB), eq(usageRecords.assetResourceId, 'res-payments'), eq(usageRecords.applicationId, 'app-acme-checkout'),
        sql`${usageRecords.at} = ${new Date(minute).toISOString()}::timestamptz`))
      .groupBy(usageRecords.quotaId);
    expect(Object.fromEntries(records.map((r) => [r.quotaId, r.total]))).toEqual({ 'q-loose': 9, 'q-unlimited': 9, 'q-threshold': 9, 'q-hourly': 9 });
    const [org] = await t.db.selectDistinct({ orgId: usageRecords.orgId, unit: usageRecords.unitName }).from(usageRecords).where(eq(usageRecords.quotaId, 'q-loose'));
    expect(org).toEqual({ orgId: ORG.acme, unit: 'transactions' });

    // the strict hourly limit still holds while the loose one is exceeded
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
    // a new month: the loose counter starts again
    clock.set(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth() + 1, 1, 0, 0, 30));
    answer = await usage(orgadmin);
    expect(itemOf(answer.body, 'q-loose')).toMatchObject({ used: 0, state: 'none' });
  });

  it('a try-it call is counted under the caller\'s team subscription covering the resource (the oldest), and recorded with it', async () => {
    await setQuotas(t.db, 'plan-payments-free', [{ id: 'q-free', pricing: fixed(1, 'strict', 'minute') }]);
    nextMinute(clock, 30);
    const consumer = who('consumer');
    const tryIt = () => t.request(consumer, { url: `${gw}/payments` });
    const first = await tryIt();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [row] = await t.db.select({ subscriptionId: transactions.subscriptionId }).from(transactions).where(eq(transactions.id, String(first.headers['x-agora-transaction-id'])));
    expect(row?.subscriptionId).toBe('sub-acme-payments-free');
    const second = await tryIt();
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('30');
  });
});

describe('GET /subscriptions/{id}/usage: who may read it', () => {
  it.each([
    ['orgadmin', 200], ['consumer', 200], ['approver', 200], ['catalog', 200],
    ['developer', 403], ['subscriber', 403], ['teamadmin', 403],
  ] as const)('%s of Acme: %i', async (id, status) => {
    const answer = await usage(who(id));
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    if (status !== 200) expect(answer.body.errors[0].status).toBe(status);
  });

  it('a visitor: 401; Globex and the provider: 404 as for an unknown id; another user\'s own subscription: 404', async () => {
    expect((await usage(null)).status).toBe(401);
    for (const [id, org] of [['globex', ORG.globex], ['globex-dev', ORG.globex], ['admin', ORG.provider]] as const) {
      const answer = await usage(who(id, org));
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('q-');
    }
    expect((await usage(orgadmin, 'sub-nope')).status).toBe(404);
    // sub-acme-iot-free is owned by the consumer as a user
    expect((await usage(who('consumer'), 'sub-acme-iot-free')).status).toBe(200);
    expect((await usage(orgadmin, 'sub-acme-iot-free')).status).toBe(404);
  });
});

// Four gateways (four apps, four connection pools: instances) on one PostgreSQL database, strict
// quotas taken in leases (server/src/quota/counters.ts): 4 keys, 5,000 calls at once against a
// strict limit of 1,000 let exactly 1,000 through; an instance that stops gives its unspent lease
// back and the others spend it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('four gateways on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const stores: Store[] = [];
  const apps: FastifyInstance[] = [];
  const shared = new ManualClock(new Date());
  let path: string;
  const keys: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    for (let i = 0; i < 4; i += 1) {
      const store = await openStore({ databaseUrl: scratch.url });
      if (i === 0) await seedDemo(store.db);
      stores.push(store);
      const app = await buildApp({ store, auth: { secret: SECRET }, serveStatic: false, runJobs: false, clock: shared });
      await app.ready();
      apps.push(app);
    }
    ({ gw: path } = await prepare(stores[0]!.db));
    for (let i = 0; i < 4; i += 1) keys.push(await makeApiKey(apps[0]!, stores[0]!.db, shared));
  }, 300_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await scratch?.drop();
  });

  const counter = async (id: string) => (await stores[1]!.db.execute(sql`select count, leased from quota_counters where quota_id = ${id}`)
    .then((x) => (x as unknown as { rows: Array<{ count: string; leased: string }> }).rows))[0]!;
  const ok = (answers: Array<{ statusCode: number }>) => answers.filter((a) => a.statusCode === 200).length;

  it('never exceeds a strict limit: 5,000 calls with 4 keys on 4 instances, exactly 1,000 admitted', { timeout: 300_000 }, async () => {
    await setQuotas(stores[0]!.db, STARTER, [{ id: 'q-shared', pricing: fixed(1000, 'strict', 'daily') }]);
    for (const store of stores) forgetQuotaCoverage(store.db);
    const answers = await Promise.all(Array.from({ length: 5000 }, (_, i) => call(path, apps[i % 4]!, keys[(i >> 2) % 4]!)));
    expect(ok(answers)).toBe(1000);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4000);
    for (const store of stores) await flushTransactions(store.db);
    expect(await counter('q-shared')).toEqual({ count: '1000', leased: '0' });
  });

  it('an instance that stops gives its unspent lease back; the others spend it', { timeout: 120_000 }, async () => {
    await setQuotas(stores[0]!.db, STARTER, [{ id: 'q-lease', pricing: fixed(100, 'strict', 'daily') }]);
    for (const store of stores) forgetQuotaCoverage(store.db);
    // One call on the last instance leases a block (a 16th of the limit) and spends one of it.
    expect((await call(path, apps[3]!, keys[3]!)).statusCode).toBe(200);
    const leased = Number((await counter('q-lease')).count);
    expect(leased).toBeGreaterThan(1);
    const first = await Promise.all(Array.from({ length: 150 }, (_, i) => call(path, apps[i % 3]!, keys[i % 3]!)));
    expect(ok(first)).toBe(100 - leased);
    await apps.splice(3, 1)[0]!.close(); // what SIGTERM ends with (ops/shutdown.ts)
    expect(await counter('q-lease')).toMatchObject({ count: String(101 - leased) });
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => call(path, apps[i % 3]!, keys[i % 3]!)));
    expect(ok(after)).toBe(leased - 1);
    for (const store of stores.slice(0, 3)) await flushTransactions(store.db);
    expect(await counter('q-lease')).toEqual({ count: '100', leased: '0' });
  });
});
