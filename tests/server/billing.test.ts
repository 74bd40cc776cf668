// Billing (spec 3 §2.1, §3, §4, §7.2; issue 11) on the demo seed with a ManualClock: invoices of
// every pricing model across a cycle boundary (usage_records written for the cycle), the setup
// price once, pastDue after the due date, the fake provider's checkout, the access block while an
// invoice is unpaid, GET /invoices filters and who sees which invoice (Globex nothing of Acme's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, TEAM, USER } from '../../server/seed/accounts.ts';
import { ManualClock } from '../../server/src/clock.ts';
import type { Db } from '../../server/src/db/store.ts';
import { subscriptions, usageRecords } from '../../server/src/db/schema.ts';
import { startBilling } from '../../server/src/billing/billing.ts';
import { PAY_INVOICE_FIRST } from '../../server/src/billing/invoices.ts';

let t: TestApp;
const DAY = 86_400_000;
const start = new Date('2026-03-01T12:00:00Z');
const clock = new ManualClock(start);
const acme = (key: string) => ({ id: USER[key]!, orgId: ORG.acme });
const orgadmin = acme('orgadmin');
const globex = { id: USER.globex!, orgId: ORG.globex };

beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
}, 120_000);
afterAll(() => t?.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A subscription of the team to the plan, billed from `at` (what POST /subscriptions does for paid plans). */
async function subscribe(planId: string, title: string, at: Date, owner: string = TEAM.acmePlatform): Promise<string> {
  const [plan] = await rowsOf<{ id: string; title: string; type: string; billing: unknown; product_id: string }>(sql`select id, title, type, billing, product_id from plans where id = ${planId}`);
  const id = `sub-test-${planId}`;
  await t.db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    await w.insert(subscriptions).values({ id, orgId: ORG.acme, title, productId: plan!.product_id, planId, ownerType: 'team', ownerId: owner,
      state: 'active', approvalState: 'approved', createdBy: USER.orgadmin!, createdAt: at, modifiedAt: at });
    await startBilling(w, { subscription: { id, orgId: ORG.acme, productId: plan!.product_id, planId, ownerId: owner }, plan: plan!, now: at });
  });
  return id;
}

/** Usage rows as the gateway writes them: per quota and minute. */
async function use(subscriptionId: string, quota: string, count: number, at: Date) {
  const [q] = await rowsOf<{ unit_name: string }>(sql`select unit_name from quotas where id = ${quota}`);
  await t.db.insert(usageRecords).values({ orgId: ORG.acme, at, subscriptionId, quotaId: quota, unitName: q!.unit_name, count });
}

const invoicesOf = async (subscriptionId: string) =>
  (await t.request(orgadmin, { url: `${API}/invoices?subscription.id=${subscriptionId}&sort=%2Bmetadata.createdAt&limit=100` })).body.items as any[];
const kinds = (inv: any) => inv.billing.lines.map((l: any) => [l.kind, l.amount]);

describe('GET /invoices: who sees what', () => {
  it('members see their teams\' invoices, Administrators their organisation\'s, Globex none of Acme\'s; visitors 401', async () => {
    const [counts] = await rowsOf<{ acme: number; platform: number; mobile: number; partners: number; globex: number }>(sql`select
      count(*) filter (where i.org_id = ${ORG.acme})::int as acme,
      count(*) filter (where s.owner_id = ${TEAM.acmePlatform})::int as platform,
      count(*) filter (where s.owner_id = ${TEAM.acmeMobile})::int as mobile,
      count(*) filter (where s.owner_id = ${TEAM.acmePartners})::int as partners,
      count(*) filter (where i.org_id = ${ORG.globex})::int as globex
      from invoices i join subscriptions s on s.id = i.subscription_id`);
    const c = counts!;
    const expected: Array<[string, { id: string; orgId: string }, number]> = [
      ['orgadmin', orgadmin, c.acme],
      ['consumer', acme('consumer'), c.platform],
      ['catalog', acme('catalog'), c.platform],
      ['subscriber', acme('subscriber'), c.mobile],
      ['developer', acme('developer'), c.mobile],
      ['teamadmin', acme('teamadmin'), c.mobile + c.partners],
      ['approver', acme('approver'), c.platform + c.partners],
      ['globex', globex, c.globex],
      ['globex-dev', { id: USER['globex-dev']!, orgId: ORG.globex }, c.globex],
      ['admin (provider)', { id: USER.admin!, orgId: ORG.provider }, 0],
      ['central (provider)', { id: USER.central!, orgId: ORG.provider }, 0],
    ];
    expect(c.acme).toBeGreaterThan(0);
    for (const [who, user, n] of expected) {
      const res = await t.request(user, { url: `${API}/invoices?limit=100` });
      expect(res.status, who).toBe(200);
      expect(res.body.totalCount, who).toBe(n);
      const orgs = new Set(res.body.items.map((i: any) => i.subscription.id.startsWith('sub-globex') ? ORG.globex : ORG.acme));
      if (n > 0) expect([...orgs], who).toEqual([user.orgId]);
    }
    expect((await t.request(null, { url: `${API}/invoices` })).status).toBe(401);
    expect((await t.request(globex, { url: `${API}/invoices/inv-001` })).status).toBe(404);
    expect((await t.request(globex, { url: `${API}/invoices?subscription.id=sub-acme-payments-starter` })).body.totalCount).toBe(0);
    expect((await t.request(globex, { method: 'POST', url: `${API}/invoices/inv-004/checkout` })).status).toBe(404);
    expect((await t.request(acme('developer'), { url: `${API}/invoices/inv-001` })).status).toBe(404); // Platform's, not his team
    const one = await t.request(acme('consumer'), { url: `${API}/invoices/inv-004` });
    expect(one.body).toMatchObject({ status: 'open', canPay: true, billing: { amount: { total: 4900, currency: 'USD' }, link: '/checkout/inv-004' } });
  });

  it('filters by every parameter of spec 3 §7.2, pages and sorts newest first', async () => {
    const get = async (query: string) => (await t.request(orgadmin, { url: `${API}/invoices?${query}` })).body;
    expect((await get('subscription.id=sub-acme-payments-growth')).totalCount).toBe(4);
    expect((await get('product.id=prod-payments&plan.id=plan-payments-starter')).totalCount).toBe(4);
    expect((await get('state=error')).items.map((i: any) => i.status).sort()).toEqual(['incomplete', 'pastDue']);
    expect((await get('status=open&status=incomplete')).totalCount).toBe(3);
    expect((await get('status=draft')).items.map((i: any) => i.id)).toEqual(['inv-008']);
    expect((await get(`owner.id=${TEAM.acmePartners}`)).items.map((i: any) => i.id)).toEqual(['inv-011']);
    const all = (await get('limit=100')).items as any[];
    const dates = all.map((i) => i.metadata.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const page2 = await get('limit=2&offset=2');
    expect(page2.items.map((i: any) => i.id)).toEqual(all.slice(2, 4).map((i) => i.id));
    const mid = all[3]!;
    const after = await get(`invoiceDateStart=${encodeURIComponent(mid.invoiceDate)}&limit=100`);
    expect(after.items.map((i: any) => i.id)).toEqual(all.filter((i) => i.invoiceDate >= mid.invoiceDate).map((i) => i.id));
    const before = await get(`invoiceDateEnd=${encodeURIComponent(mid.invoiceDate)}&limit=100`);
    expect(before.totalCount).toBe(all.filter((i) => i.invoiceDate <= mid.invoiceDate).length);
    const due = await get(`dueDateStart=${encodeURIComponent(mid.dueDate)}&dueDateEnd=${encodeURIComponent(mid.dueDate)}`);
    expect(due.items.map((i: any) => i.id)).toContain(mid.id);
    expect(due.items.every((i: any) => i.dueDate === mid.dueDate)).toBe(true);
  });
});

describe('invoices across a cycle boundary', () => {
  const subs: Record<string, string> = {};

  it('issues the first invoice at subscription: setup + first interval, open and due in 30 days; 0 is paid at once', async () => {
    subs.starter = await subscribe('plan-payments-starter', 'Starter', start);
    subs.growth = await subscribe('plan-payments-growth', 'Growth', start);
    subs.payg = await subscribe('plan-payments-payg', 'PAYG', start);
    subs.enterprise = await subscribe('plan-payments-enterprise', 'Enterprise', start);
    subs.weekly = await subscribe('plan-storefront-plus', 'Plus', start, TEAM.acmePartners);
    subs.annual = await subscribe('plan-payments-scale', 'Scale', start);
    const [growth] = await invoicesOf(subs.growth);
    expect(growth).toMatchObject({ status: 'open', state: 'ok', invoiceDate: start.toISOString(), dueDate: new Date(start.getTime() + 30 * DAY).toISOString() });
    expect(kinds(growth)).toEqual([['setup', 9900], ['interval', 19900]]);
    expect(growth.billing.amount).toEqual({ total: 29800, currency: 'USD' });
    expect((await invoicesOf(subs.payg))[0]).toMatchObject({ status: 'paid', billing: { amount: { total: 0 } } });
    const [sub] = await rowsOf<{ billing: any }>(sql`select billing from subscriptions where id = ${subs.growth}`);
    expect(sub!.billing).toMatchObject({ interval: 'monthly', cycle: { index: 0, start: start.toISOString() }, invoice: { id: growth.id }, link: growth.billing.link });
  });

  it('charges each pricing model from the cycle\'s usage, the next interval, the setup price once; pastDue after the due date', async () => {
    const inCycle = (days: number) => new Date(start.getTime() + days * DAY);
    await use(subs.starter!, 'plan-payments-starter-q1', 40_000, inCycle(1)); // fixed loose 50,000, $0.002 over
    await use(subs.starter!, 'plan-payments-starter-q1', 22_345, inCycle(20));
    await use(subs.starter!, 'plan-payments-starter-q2', 20_000, inCycle(2)); // fixed strict: never charged
    await use(subs.growth!, 'plan-payments-growth-q1', 250_000, inCycle(3)); // volume: tier 2 ($0.0015 + $25)
    await use(subs.growth!, 'plan-payments-growth-q2', 600_000, inCycle(4)); // fixed tiered 500,000, $0.0004 over
    await use(subs.payg!, 'plan-payments-payg-q1', 1_000, inCycle(5)); // per unit $0.004
    await use(subs.payg!, 'plan-payments-payg-q2', 250, inCycle(5)); // fixed perunit 200, $0.05 over
    await use(subs.enterprise!, 'plan-payments-enterprise-q1', 10_000_000, inCycle(6)); // unlimited
    await use(subs.weekly!, 'plan-storefront-plus-q1', 600_000, inCycle(2)); // graduated weekly
    await use(subs.starter!, 'plan-payments-starter-q1', 999_999, inCycle(40)); // next cycle: not in this one

    clock.set(new Date(start.getTime() + 31 * DAY + 1000)); // past March's end (31 days) and the 30-day due date
    await t.app.jobs.drain();

    const starter = await invoicesOf(subs.starter!);
    expect(starter[0].status).toBe('pastDue');
    expect(starter[0].state).toBe('error');
    expect(kinds(starter[1])).toEqual([['overage', 2469], ['interval', 4900]]);
    expect(starter[1]).toMatchObject({ status: 'open', invoiceDate: '2026-04-01T12:00:00.000Z', billing: { cycle: { index: 0 } } }); // dated at the cycle's end
    expect(starter[1].billing.lines[0]).toMatchObject({ quotaId: 'plan-payments-starter-q1', quantity: 12_345, unitPrice: '0.002' });

    const growth = await invoicesOf(subs.growth!);
    expect(kinds(growth[1])).toEqual([['tier', 37_500 + 2_500], ['overage', 4_000], ['interval', 19_900]]);
    expect(growth[1].billing.amount.total).toBe(63_900); // no setup price again

    const payg = await invoicesOf(subs.payg!);
    expect(kinds(payg[1])).toEqual([['usage', 400], ['overage', 250]]);

    const enterprise = await invoicesOf(subs.enterprise!);
    expect(kinds(enterprise[0])).toEqual([['setup', 100_000], ['interval', 250_000]]);
    expect(kinds(enterprise[1])).toEqual([['interval', 250_000]]);

    // Weekly: four cycles closed; the first carries the graduated usage ($180 + $20 + $20 flat).
    const weekly = await invoicesOf(subs.weekly!);
    expect(weekly).toHaveLength(5);
    expect(kinds(weekly[1])).toEqual([['tier', 18_000], ['tier', 4_000], ['interval', 2_500]]);
    expect(weekly.slice(2).map((i: any) => i.billing.amount.total)).toEqual([2_500, 2_500, 2_500]);

    // Annual: nothing closed yet.
    expect(await invoicesOf(subs.annual!)).toHaveLength(1);
    clock.set(new Date(start.getTime() + 366 * DAY));
    await use(subs.annual!, 'plan-payments-scale-q1', 1_500_000, inCycle(100)); // graduated: 1M × 0.0012 + 0.5M × 0.0009
    await t.app.jobs.drain();
    const annual = await invoicesOf(subs.annual!);
    expect(kinds(annual[1])).toEqual([['tier', 120_000], ['tier', 45_000], ['interval', 499_000]]);
  });

  it('issues nothing while billing is off', async () => {
    await t.setSettings({ billing: { enabled: false } });
    try {
      const id = await subscribe('plan-weather-pro', 'Weather', clock.now());
      expect(await invoicesOf(id)).toEqual([]);
    } finally {
      await t.setSettings({ billing: { enabled: true } });
    }
  });
});

describe('checkout and the access block', () => {
  let appId = '';
  let versionId = '';
  const request = () => t.request(orgadmin, { method: 'POST', url: `${API}/applications/${appId}/accessRequests`, payload: {
    product: { id: 'prod-payments', version: { id: versionId } }, assetResource: { id: 'res-payments-sandbox' }, subscription: { id: 'sub-acme-payments-starter' },
  } });

  beforeAll(async () => {
    appId = (await t.request(orgadmin, { method: 'POST', url: `${API}/applications`, payload: { title: 'Billing app', owner: { type: 'team', id: TEAM.acmePlatform } } })).body.id;
    const [v] = await rowsOf<{ product_version_id: string }>(sql`select product_version_id from asset_resources where id = 'res-payments-sandbox'`);
    versionId = v!.product_version_id;
  });

  it('blocks access requests under a paid plan while an invoice is unpaid, with the invoice link', async () => {
    const res = await request();
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ status: 409, detail: PAY_INVOICE_FIRST, source: { parameter: 'subscription.id' }, links: { about: '/checkout/inv-004' } });
    expect((await t.request(orgadmin, { url: `${API}/subscriptions/sub-acme-payments-starter` })).body.canRequestAccess).toBe(false);
  });

  it('pays through the fake provider\'s checkout page: only the owner, only with its link, escaped', async () => {
    await t.db.execute(sql`update subscriptions set title = ${'<script>alert(1)</script> & co'} where id = 'sub-acme-payments-starter'`);
    expect((await t.request(acme('developer'), { method: 'POST', url: `${API}/invoices/inv-004/checkout` })).status).toBe(404);
    expect((await t.request(acme('subscriber'), { method: 'POST', url: `${API}/invoices/inv-007/checkout` })).status).toBe(403);
    expect((await t.request(orgadmin, { method: 'POST', url: `${API}/invoices/inv-001/checkout` })).status).toBe(409); // paid
    const made = await t.request(acme('consumer'), { method: 'POST', url: `${API}/invoices/inv-004/checkout` });
    expect(made.status).toBe(200);
    const url = new URL(made.body.url, 'http://x');
    expect(url.pathname).toBe(`${API}/checkout/inv-004`);
    const token = url.searchParams.get('token')!;

    const page = await t.app.inject({ url: made.body.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('$49.00');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; co');
    expect(page.body).not.toContain('<script>');

    const forged = `${token.split('.')[0]}.AAAA`;
    expect((await t.app.inject({ url: `${API}/checkout/inv-004?token=${encodeURIComponent(forged)}` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${API}/checkout/inv-001?token=${encodeURIComponent(token)}` })).statusCode).toBe(403); // another invoice's

    const form = { method: 'POST' as const, url: `${API}/checkout/inv-004`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${encodeURIComponent(token)}` };
    const paid = await t.app.inject(form);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment received');
    // Not a dead end: the way back to the subscription's invoices in the portal.
    expect(paid.body).toContain('href="/subscriptions/sub-acme-payments-starter#invoices"');
    expect((await t.request(orgadmin, { url: `${API}/invoices/inv-004` })).body).toMatchObject({ status: 'paid', canPay: false });
    expect((await t.app.inject(form)).statusCode).toBe(409); // once

    expect((await t.request(orgadmin, { url: `${API}/subscriptions/sub-acme-payments-starter` })).body.canRequestAccess).toBe(true);
    const res = await request();
    expect([201, 200]).toContain(res.status);
  });

  it('a checkout link expires', async () => {
    const made = await t.request(orgadmin, { method: 'POST', url: `${API}/invoices/inv-011/checkout` });
    expect(made.status).toBe(200);
    clock.advance(31 * 60_000);
    expect((await t.app.inject({ url: made.body.url })).statusCode).toBe(403);
  });
});
