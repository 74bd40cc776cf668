// Insights (issue 14): every analytics answer equals a direct count over the raw transactions for
// random ranges, groupings and filters (seeded random, property style), over rows written through
// the gateway's write path (record.ts insertRows: transactions + rollups in one statement); tenant
// isolation (Globex sees none of Acme's traffic, a provider Administrator sees its products'); the
// custom-range rule; the 1,000 cap; the monthly-equivalent rule; and real runtime calls counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, buildTestApp, type TestApp } from './helper.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { insertRows, rowJson, type TransactionRow } from '../../server/src/gateway/record.ts';
import { rows } from '../../server/src/catalogue/sql.ts';
import { monthlyEquivalent, readPricing } from '../../src/rules/quota.ts';
import { buildFilter } from '../../src/rules/analytics.ts';
import { prune } from '../../server/src/analytics/rollups.ts';
import { seededRandom } from '../seededRandom.ts';

let t: TestApp;
const acme = { id: USER.orgadmin!, orgId: ORG.acme };
const globex = { id: USER.globex!, orgId: ORG.globex };
const provider = { id: USER.admin!, orgId: ORG.provider };
const HOUR = 3_600_000;
const NOW = Math.floor(Date.now() / HOUR) * HOUR;

const rnd = seededRandom(14); // the same "random" rows and ranges on every run
const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

interface Sub { id: string; org_id: string; product_id: string }
let subs: Sub[];
let apps: Array<{ id: string; org_id: string }>;
let resources: Array<{ id: string; product_id: string; version_id: string }>;

async function write(list: TransactionRow[]) {
  for (let i = 0; i < list.length; i += 100) await insertRows(t.db, list.slice(i, i + 100).map(rowJson));
}

function randomRow(i: number): TransactionRow {
  const sub = pick(subs);
  const res = pick(resources.filter((r) => r.product_id === sub.product_id).concat(resources.slice(0, 1)));
  const app = rnd() < 0.8 ? pick(apps.filter((a) => a.org_id === sub.org_id)) : undefined;
  const status = pick([200, 200, 201, 302, 400, 404, 429, 500, 503]);
  return {
    id: `tx-prop-${i}`, orgId: sub.org_id, at: new Date(NOW - Math.floor(rnd() * 20 * 24 * HOUR)),
    applicationId: app?.id ?? null, subscriptionId: rnd() < 0.9 ? sub.id : null, productId: res.product_id,
    productVersionId: res.version_id, assetResourceId: res.id, protocol: 'http', method: pick(['GET', 'POST', 'DELETE']), path: '/v1/x', requestBytes: 0, responseBytes: 0,
    status, statusDetail: status >= 500 ? 'exception' : status >= 400 ? 'failure' : 'success', durationMs: 1 + Math.floor(rnd() * 900),
    requestHeaders: {}, responseHeaders: {}, legs: [],
  };
}

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  subs = await rows<Sub>(t.db, sql`select id, org_id, product_id from subscriptions where org_id in (${ORG.acme}, ${ORG.globex}) order by id`);
  apps = await rows(t.db, sql`select id, org_id from applications where org_id in (${ORG.acme}, ${ORG.globex}) order by id`);
  resources = await rows(t.db, sql`select ar.id, v.product_id, v.id as version_id from asset_resources ar
    join product_versions v on v.id = ar.product_version_id where v.product_id in (select product_id from subscriptions) order by ar.id`);
  await write(Array.from({ length: 3000 }, (_, i) => randomRow(i)));
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();
const get = (user: { id: string; orgId: string } | null, url: string, query: Record<string, string | string[]>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) q.append(k, one);
  return t.request(user, { url: `${API}${url}?${q}` });
};
const count = async (where: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(t.db, sql`select count(*) as n from transactions t where ${where}`))[0]!.n);

describe('analytics numbers equal direct counts over raw transactions', () => {
  it('chart: random ranges, intervals and filters', async () => {
    for (let i = 0; i < 12; i++) {
      const from = NOW - Math.floor(rnd() * 20 * 24) * HOUR - Math.floor(rnd() * HOUR);
      const to = from + (1 + Math.floor(rnd() * 24 * (i % 3 === 0 ? 1 : 20))) * HOUR;
      const interval = pick(['1h', '1d', '7d'] as const);
      const app = rnd() < 0.5 ? pick(apps.filter((a) => a.org_id === ORG.acme)).id : undefined;
      const res = await get(acme, '/analytics/chart', { from: iso(from), to: iso(to), interval, ...(app ? { query: buildFilter({ applicationId: app }) } : {}) });
      if (res.status === 400) { expect(res.body.errors[0].source.parameter).toBe('interval'); continue; }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const point of res.body.items) {
        const start = Date.parse(point.timestamp);
        const end = start + { '1h': HOUR, '1d': 24 * HOUR, '7d': 7 * 24 * HOUR }[interval];
        const where = sql`t.org_id = ${ORG.acme} and t.at >= ${iso(start)}::timestamptz and t.at < ${iso(end)}::timestamptz ${app ? sql`and t.application_id = ${app}` : sql``}`;
        expect(point.totalCount).toBe(await count(where));
        expect(point.failureCount).toBe(await count(sql`${where} and t.status_detail = 'failure'`));
        expect(point.successCount + point.failureCount + point.exceptionCount).toBe(point.totalCount);
      }
    }
  });

  it('chart without an interval: minute buckets for a short recent range (raw rows), hours for an old one', async () => {
    await write(Array.from({ length: 400 }, (_, i) => ({ ...randomRow(200_000 + i), id: `tx-fine-${i}`, at: new Date(NOW - Math.floor(rnd() * 6 * HOUR)) })));
    const minute = 60_000;
    for (const [span, interval, step] of [[HOUR, '1m', minute], [6 * HOUR, '5m', 5 * minute], [HOUR + 7 * minute, '5m', 5 * minute]] as const) {
      const to = NOW - 3 * minute;
      const app = rnd() < 0.5 ? pick(apps.filter((a) => a.org_id === ORG.acme)).id : undefined;
      const res = await get(acme, '/analytics/chart', { from: iso(to - span), to: iso(to), ...(app ? { query: buildFilter({ applicationId: app }) } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.interval).toBe(interval);
      expect(res.body.items).toHaveLength((Math.ceil(to / step) - Math.floor((to - span) / step)));
      expect(Date.parse(res.body.from) % step).toBe(0);
      let seen = 0;
      for (const point of res.body.items) {
        const start = Date.parse(point.timestamp);
        const where = sql`t.org_id = ${ORG.acme} and t.at >= ${iso(start)}::timestamptz and t.at < ${iso(start + step)}::timestamptz ${app ? sql`and t.application_id = ${app}` : sql``}`;
        expect(point.totalCount).toBe(await count(where));
        expect(point.exceptionCount).toBe(await count(sql`${where} and t.status_detail = 'exception'`));
        seen += point.totalCount;
      }
      if (!app) expect(seen).toBeGreaterThan(0);
    }
    // Raw rows are kept TRANSACTIONS_RETENTION_DAYS (30 here): an hour 40 days ago is drawn from the hourly rollups.
    const old = await get(acme, '/analytics/chart', { from: iso(NOW - 40 * 24 * HOUR), to: iso(NOW - 40 * 24 * HOUR + HOUR) });
    expect(old.body).toMatchObject({ interval: '1h', items: [{ totalCount: 0 }] });
  });

  it('summary: random groupings, ranges and filters (durations included)', async () => {
    const dims = ['applicationId', 'subscriptionId', 'productId', 'productVersionId', 'assetResourceId', 'planId'] as const;
    const column = { applicationId: 't.application_id', subscriptionId: 't.subscription_id', productId: 't.product_id',
      productVersionId: 't.product_version_id', assetResourceId: 't.asset_resource_id', planId: '(select s.plan_id from subscriptions s where s.id = t.subscription_id)' };
    for (let i = 0; i < 10; i++) {
      const from = NOW - Math.floor(rnd() * 20 * 24) * HOUR;
      // Every third range reaches the present (its last day read from the daily rows: no calls after it).
      const to = i % 3 === 0 ? NOW + 37 * 60_000 : from + (1 + Math.floor(rnd() * 24 * 15)) * HOUR;
      const groupBy = dims.filter(() => rnd() < 0.4);
      const res = await get(acme, '/analytics/summary', { from: iso(from), to: iso(to), groupBy, durationDetails: 'true', pageSize: '100' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cols = groupBy.map((g) => sql.raw(`${column[g]} as "${g}"`));
      const direct = await rows<Record<string, string | null> & { n: string; mn: number; mx: number; sm: string }>(t.db, sql`
        select ${sql.join([...cols, sql`count(*) as n, min(duration_ms) as mn, max(duration_ms) as mx, sum(duration_ms) as sm`], sql`, `)}
        from transactions t where t.org_id = ${ORG.acme} and t.at >= ${iso(from)}::timestamptz and t.at < ${iso(to)}::timestamptz
        ${groupBy.length ? sql`group by ${sql.join(groupBy.map((_, k) => sql.raw(String(k + 1))), sql`, `)}` : sql``}`);
      const key = (r: Record<string, unknown>) => groupBy.map((g) => r[g] ?? '').join('|');
      const want = new Map(direct.filter((d) => Number(d.n) > 0).map((d) => [key(d), d]));
      expect(res.body.totalCount).toBe(want.size);
      for (const item of res.body.items) {
        const d = want.get(key(item))!;
        expect(d, key(item)).toBeDefined();
        expect(item.totalCount).toBe(Number(d.n));
        expect(item.minDurationMs).toBe(Number(d.mn));
        expect(item.maxDurationMs).toBe(Number(d.mx));
        expect(item.avgDurationMs).toBeCloseTo(Number(d.sm) / Number(d.n), 1);
      }
    }
  });

  it('summary by quota counts each call once per quota of its plan covering the resource', async () => {
    const from = NOW - 21 * 24 * HOUR;
    const res = await get(acme, '/analytics/summary', { from: iso(from), to: iso(NOW + HOUR), groupBy: ['subscriptionId', 'quotaId'], pageSize: '100' });
    expect(res.status).toBe(200);
    const direct = await rows<{ s: string; q: string | null; n: string }>(t.db, sql`
      select t.subscription_id as s, q.id as q, count(*) as n from transactions t
      left join quotas q on q.plan_id = (select s.plan_id from subscriptions s where s.id = t.subscription_id) and q.unit_name = 'transactions'
        and (cardinality(q.asset_resource_ids) = 0 or t.asset_resource_id = any(q.asset_resource_ids))
      where t.org_id = ${ORG.acme} group by 1, 2`);
    expect(res.body.totalCount).toBe(direct.length);
    for (const item of res.body.items) {
      expect(Number(direct.find((d) => d.s === item.subscriptionId && d.q === item.quotaId)?.n)).toBe(item.totalCount);
    }
  });

  it('transactions: filters, paging, newest first', async () => {
    const from = NOW - 10 * 24 * HOUR;
    const to = NOW - 9 * 24 * HOUR;
    const query = buildFilter({ statusDetail: ['failure', 'exception'], method: 'GET' });
    const res = await get(acme, '/analytics/transactions', { from: iso(from), to: iso(to), query, pageSize: '5', page: '2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const where = sql`t.org_id = ${ORG.acme} and t.at >= ${iso(from)}::timestamptz and t.at < ${iso(to)}::timestamptz and t.status_detail in ('failure', 'exception') and t.method = 'GET'`;
    expect(res.body.totalCount).toBe(await count(where));
    expect(res.body.overLimit).toBe(false);
    const ids = await rows<{ id: string }>(t.db, sql`select id from transactions t where ${where} order by t.at desc, t.id desc limit 5 offset 5`);
    expect(res.body.items.map((i: { transactionId: string }) => i.transactionId)).toEqual(ids.map((r) => r.id));
  });
});

describe('rules', () => {
  it('the custom range must end after it starts (400 naming to)', async () => {
    for (const url of ['/analytics/chart', '/analytics/summary', '/analytics/transactions']) {
      const res = await get(acme, url, { from: iso(NOW), to: iso(NOW) });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ source: { parameter: 'to' }, detail: 'The end of the range must be after its start.' });
    }
  });

  it('bad filter text is a 400 naming the parameter', async () => {
    const bad = await get(acme, '/analytics/transactions', { from: iso(NOW - HOUR), to: iso(NOW), query: 'owner==x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe('query');
    expect((await get(acme, '/analytics/summary', { from: iso(NOW - HOUR), to: iso(NOW), filter: 'statusDetail==great' })).body.errors[0].source.parameter).toBe('filter');
  });

  it('counts stop at 1,000 with the over-limit flag', async () => {
    const at = NOW - 25 * 24 * HOUR;
    await write(Array.from({ length: 1001 }, (_, i) => ({ ...randomRow(100_000 + i), id: `tx-cap-${i}`, orgId: ORG.globex, applicationId: null, subscriptionId: null, at: new Date(at + i) })));
    const range = { from: iso(at), to: iso(at + 1001) };
    const over = await get(globex, '/analytics/transactions', range);
    expect(over.body).toMatchObject({ totalCount: 1000, overLimit: true });
    const under = await get(globex, '/analytics/transactions', { from: iso(at), to: iso(at + 1000) });
    expect(under.body).toMatchObject({ totalCount: 1000, overLimit: false });
  });

  it('monthly usage: three months a resource, the quota\'s monthly equivalent by the spec 3 §5 rule', async () => {
    const res = await get(acme, '/analytics/usage', { groupBy: 'subscriptionId', interval: '1M', pageSize: '50' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.months).toHaveLength(3);
    expect(res.body.items.length).toBeGreaterThan(0);
    let checked = 0;
    for (const sub of res.body.items) {
      const n = await count(sql`t.subscription_id = ${sub.subscriptionId} and t.at >= ${res.body.months[0] + '-01'}::timestamptz`);
      expect(sub.totalCount).toBe(n);
      for (const r of sub.resources) {
        expect(r.months).toHaveLength(3);
        const pricing = r.quota ? readPricing(r.quota.pricing) : null;
        if (pricing?.type === 'fixed') {
          expect(r.quota.monthlyEquivalent).toEqual(monthlyEquivalent(pricing.value, pricing.interval));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(monthlyEquivalent(1200, 'annually').value).toBe(100);
    expect(monthlyEquivalent(10, 'hourly').value).toBe(7200);
    expect(monthlyEquivalent(999_999_999, 'daily')).toEqual({ value: 999_999_999, unlimited: true });
  });
});

describe('who sees what', () => {
  it('Globex sees none of Acme\'s traffic; Acme none of Globex\'s', async () => {
    const range = { from: iso(NOW - 30 * 24 * HOUR), to: iso(NOW + HOUR) };
    const acmeTx = (await rows<{ id: string }>(t.db, sql`select id from transactions where org_id = ${ORG.acme} limit 1`))[0]!.id;
    const theirs = await get(globex, `/analytics/transactionDetails/${acmeTx}`, {});
    expect(theirs.status).toBe(404);
    const mine = await get(acme, `/analytics/transactionDetails/${acmeTx}`, {});
    expect(mine.status).toBe(200);
    const summary = await get(globex, '/analytics/summary', { ...range, groupBy: ['applicationId', 'subscriptionId'], pageSize: '100' });
    const acmeIds = new Set([...apps.filter((a) => a.org_id === ORG.acme).map((a) => a.id), ...subs.filter((s) => s.org_id === ORG.acme).map((s) => s.id)]);
    expect(summary.body.items.filter((i: Record<string, string>) => acmeIds.has(i.applicationId!) || acmeIds.has(i.subscriptionId!))).toEqual([]);
    const total = (await get(globex, '/analytics/summary', range)).body.items[0].totalCount;
    expect(total).toBe(await count(sql`t.org_id = ${ORG.globex} and t.at >= ${range.from}::timestamptz and t.at < ${range.to}::timestamptz`));
    const list = await get(globex, '/analytics/transactions', { ...range, pageSize: '100' });
    expect(list.body.items.every((i: { transactionId: string }) => !i.transactionId.startsWith('tx-prop-') || !acmeIds.has(i.transactionId))).toBe(true);
    const appsSeen = await get(globex, '/analytics/applications', { pageSize: '100' });
    expect(appsSeen.body.items.every((a: { orgId: string }) => a.orgId === ORG.globex)).toBe(true);
  });

  it('a provider Administrator sees every organisation\'s calls to its products', async () => {
    const range = { from: iso(NOW - 30 * 24 * HOUR), to: iso(NOW + HOUR) };
    const res = await get(provider, '/analytics/summary', range);
    expect(res.status).toBe(200);
    expect(res.body.items[0].totalCount).toBe(await count(sql`t.at >= ${range.from}::timestamptz and t.at < ${range.to}::timestamptz`));
  });

  it('visitors 401; a signed-in user without a consumer right 403', async () => {
    expect((await get(null, '/analytics/usage', {})).status).toBe(401);
    const [plain] = await rows<{ id: string; org_id: string }>(t.db, sql`select id, org_id from users where provider_guid is not null
      and not ('Administrator' = any(org_roles)) limit 1`);
    if (plain) expect((await get({ id: plain.id, orgId: plain.org_id }, '/analytics/usage', {})).status).toBe(403);
  });
});

describe('retention', () => {
  it('prunes raw transactions past the retention and keeps the rollups', async () => {
    const before = (await get(acme, '/analytics/summary', { from: iso(NOW - 30 * 24 * HOUR), to: iso(NOW + HOUR) })).body.items[0].totalCount;
    await prune(t.db, new Date(NOW), 5);
    expect(await count(sql`t.at < ${iso(NOW - 5 * 24 * HOUR)}::timestamptz`)).toBe(0);
    const after = (await get(acme, '/analytics/summary', { from: iso(NOW - 30 * 24 * HOUR), to: iso(NOW + HOUR) })).body.items[0].totalCount;
    expect(after).toBe(before);
  });
});
