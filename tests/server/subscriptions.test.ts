// Subscriptions (spec 3 §2.3, §4, §5, §6, §7.1) on the demo seed with a ManualClock: subscribing
// under every rule (each refusal in the one error shape), the side panel's options, unsubscribing
// (archiving, then archived by the job), the provider's decision with its history, the list's
// filters, the applications of a subscription, and who may do what (each seeded role, a visitor,
// Globex against Acme).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, TEAM, USER } from '../../server/seed/accounts.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { SUBSCRIPTION_ARCHIVE_DELAY_MS } from '../../src/rules/constants.ts';

let t: TestApp;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
type Who = { id: string; orgId: string } | null;
const acme = (key: string) => ({ id: USER[key]!, orgId: ORG.acme });
const orgadmin = acme('orgadmin');
const consumer = acme('consumer');
const developer = acme('developer');
const subscriber = acme('subscriber');
const teamadmin = acme('teamadmin');
const globex = { id: USER.globex!, orgId: ORG.globex };
const providerAdmin = { id: USER.admin!, orgId: ORG.provider };
const central = { id: USER.central!, orgId: ORG.provider };
const ALL: Array<[string, Who]> = [
  ['visitor', null], ['admin', providerAdmin], ['central', central], ['orgadmin', orgadmin], ['consumer', consumer], ['subscriber', subscriber],
  ['developer', developer], ['catalog', acme('catalog')], ['teamadmin', teamadmin], ['approver', acme('approver')], ['globex', globex],
  ['globex-dev', { id: USER['globex-dev']!, orgId: ORG.globex }],
];

beforeAll(async () => {
  t = await buildTestApp({ clock, demo: true });
}, 120_000);
afterAll(() => t?.close());

const subscribe = (who: Who, body: Record<string, unknown>) => t.request(who, { method: 'POST', url: `${API}/subscriptions`, payload: body });
const get = (who: Who, url: string) => t.request(who, { url: `${API}${url}` });
const expectError = (res: { status: number; body: any }, status: number, parameter?: string, detail?: RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors[0]).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  if (parameter) expect(res.body.errors[0].source).toEqual({ parameter });
  if (detail) expect(res.body.errors[0].detail).toMatch(detail);
};
const team = (id: string) => ({ type: 'team', id });

describe('POST /subscriptions', () => {
  it('approves a free plan with automatic approval at once, with the default title and history', async () => {
    const res = await subscribe(orgadmin, { product: { id: 'prod-internal-hr' }, plan: { id: 'plan-internal-hr-free' }, owner: team(TEAM.acmePlatform) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), approval: { state: 'approved' } });
    const got = await get(orgadmin, `/subscriptions/${res.body.id}`);
    expect(got.body).toMatchObject({
      title: 'Employee Directory - Free', state: 'active', approval: { state: 'approved', reason: null },
      plan: { id: 'plan-internal-hr-free', type: 'free' }, owner: { type: 'team', id: TEAM.acmePlatform, name: 'Platform Engineering' },
      rights: { unsubscribe: true }, canRequestAccess: true, product: { latestVersion: { state: 'active' } },
    });
    expect(got.body.history).toEqual([
      { type: 'requested', at: clock.now().toISOString(), user: { id: USER.orgadmin, name: 'Olivia Ortega' }, reason: null },
      { type: 'approved', at: clock.now().toISOString(), user: null, reason: null },
    ]);
  });

  it('refuses a free plan the owner already holds (409 naming the plan), not another owner', async () => {
    const again = await subscribe(consumer, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-free' }, owner: team(TEAM.acmePlatform) });
    expectError(again, 409, 'plan.id', /'Free' is already subscribed/);
    // The same plan for Casey's private team (as herself) is another owner.
    const own = await subscribe(consumer, { title: '  Casey payments  ', product: { id: 'prod-payments' }, plan: { id: 'plan-payments-free' }, owner: team(TEAM.caseyPrivate) });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const got = await get(consumer, `/subscriptions/${own.body.id}`);
    expect(got.body).toMatchObject({ title: 'Casey payments', owner: { type: 'user', id: USER.consumer, contextId: TEAM.caseyPrivate } });
    expect((await get(orgadmin, `/subscriptions/${own.body.id}`)).status).toBe(404); // a user's own is theirs only
  });

  it('offers teams by the product\'s visibility: restricted to Platform Engineering, Mobile Apps may not', async () => {
    const res = await subscribe(orgadmin, { product: { id: 'prod-internal-hr' }, plan: { id: 'plan-internal-hr-free' }, owner: team(TEAM.acmeMobile) });
    expectError(res, 403, 'owner.id', /visibility/);
    const tagged = await subscribe(teamadmin, { product: { id: 'prod-partner-pricing' }, plan: { id: 'plan-partner-pricing-partner' }, owner: team(TEAM.acmeMobile) });
    expectError(tagged, 403, 'owner.id');
    const options = await get(orgadmin, '/subscriptionOptions?product=prod-internal-hr&plan=plan-internal-hr-free');
    expect(options.body.owners.map((o: { id: string }) => o.id)).toEqual([TEAM.acmePlatform]);
  });

  it('lets non-administrators take paid plans only with the plan\'s special tag on their team', async () => {
    const paid = await subscribe(consumer, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-starter' }, owner: team(TEAM.acmePlatform) });
    expectError(paid, 403, 'plan.id', /not allowed/);
    const noData = await subscribe(teamadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-enterprise' }, owner: team(TEAM.acmePartners) });
    expectError(noData, 400, 'data.companyName');
    const badVat = await subscribe(teamadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-enterprise' }, owner: team(TEAM.acmePartners),
      data: { companyName: 'Acme', vatNumber: 'nope', acceptsDpa: true } });
    expectError(badVat, 400, 'data.vatNumber');
    // Manual approval: pending, history 'requested' only.
    const res = await subscribe(teamadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-enterprise' }, owner: team(TEAM.acmePartners),
      data: { companyName: 'Acme', vatNumber: 'FR40303265045', acceptsDpa: true } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.approval.state).toBe('pending');
    const got = await get(teamadmin, `/subscriptions/${res.body.id}`);
    expect(got.body.history.map((h: { type: string }) => h.type)).toEqual(['requested']);
    expect(got.body).toMatchObject({ data: { companyName: 'Acme' }, schema: { required: ['companyName', 'vatNumber', 'acceptsDpa'] }, canRequestAccess: false });
    // The mobile team has no partner tag: the same plan is not allowed there.
    const options = await get(teamadmin, '/subscriptionOptions?product=prod-payments&plan=plan-payments-enterprise');
    expect(options.status).toBe(200);
    const byId = new Map(options.body.owners.map((o: { id: string; block: unknown }) => [o.id, o.block]));
    expect(byId.get(TEAM.acmePartners)).toBeNull();
    expect(byId.get(TEAM.acmeMobile)).toEqual({ reason: 'notAllowed' });
    expect(options.body).toMatchObject({ teamRequired: true, consentRequired: false, block: null, plan: { approval: 'manual', definitionId: 'srd-enterprise' } });
  });

  it('lets an administrator take a paid plan (billing started) and subscribe without a team, with consent required', async () => {
    const options = await get(orgadmin, '/subscriptionOptions?product=prod-payments&plan=plan-payments-payg');
    expect(options.body).toMatchObject({ teamRequired: false, consentRequired: true, block: null, defaultTitle: 'Payments API - Pay as you go' });
    const res = await subscribe(orgadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-payg' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const got = await get(orgadmin, `/subscriptions/${res.body.id}`);
    expect(got.body).toMatchObject({ owner: { type: 'user', id: USER.orgadmin, contextId: null }, approval: { state: 'approved' } });
    expect(got.body.billing).toMatchObject({ link: expect.any(String) });
    const invoices = await t.db.execute(sql`select count(*)::int as n from invoices where subscription_id = ${res.body.id}`);
    expect((invoices as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('refuses paid plans while billing is off, plans not active, a product that cannot be subscribed to or whose latest version is not active', async () => {
    await t.setSettings({ billing: { enabled: false } });
    try {
      const off = await subscribe(orgadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-growth' }, owner: team(TEAM.acmePlatform) });
      expectError(off, 403, 'plan.id', /billing is off/);
      expect((await get(orgadmin, '/subscriptionOptions?product=prod-payments&plan=plan-payments-growth')).body.block).toEqual({ reason: 'billing' });
    } finally {
      await t.setSettings({ billing: { enabled: true } });
    }
    expectError(await subscribe(orgadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-payments-legacy' }, owner: team(TEAM.acmePlatform) }), 409, 'plan.id', /archived/);
    expectError(await subscribe(orgadmin, { product: { id: 'prod-legacy-billing' }, plan: { id: 'plan-legacy-billing-free' }, owner: team(TEAM.acmePlatform) }), 403, 'plan.id');
    expectError(await subscribe(orgadmin, { product: { id: 'prod-payments' }, plan: { id: 'plan-weather-free' }, owner: team(TEAM.acmePlatform) }), 404, 'plan.id');
    const latest = await t.db.execute(sql`select id from product_versions where product_id = 'prod-routing' order by created_at desc, id desc limit 1`);
    const versionId = (latest as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
    await t.db.execute(sql`update product_versions set state = 'deprecated' where id = ${versionId}`);
    try {
      expectError(await subscribe(orgadmin, { product: { id: 'prod-routing' }, plan: { id: 'plan-routing-free' }, owner: team(TEAM.acmePlatform) }), 409, 'product.id', /deprecated/);
    } finally {
      await t.db.execute(sql`update product_versions set state = 'active' where id = ${versionId}`);
    }
  });

  it('needs an owner from non-administrators, a team they hold a consumer or subscriber right in, and a consumer organisation', async () => {
    expectError(await subscribe(consumer, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' } }), 400, 'owner');
    expectError(await subscribe(consumer, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: team(TEAM.acmeMobile) }), 403, 'owner.id');
    expectError(await subscribe(consumer, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: { type: 'user', id: USER.orgadmin } }), 400, 'owner.id');
    expectError(await subscribe(null, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: team(TEAM.acmePlatform) }), 401);
    expectError(await subscribe(providerAdmin, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: team(TEAM.acmePlatform) }), 403);
    // Globex cannot see the product restricted to an Acme team: as unknown.
    expectError(await subscribe(globex, { product: { id: 'prod-internal-hr' }, plan: { id: 'plan-internal-hr-free' }, owner: team(TEAM.globexDev) }), 404, 'product.id');
    // A Subscriber in Mobile Apps (subscription_admin) may subscribe it to a free plan.
    const sam = await subscribe(subscriber, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: team(TEAM.acmeMobile) });
    expect(sam.status, JSON.stringify(sam.body)).toBe(201);
    // Nothing half-written by the refusals.
    const count = await t.db.execute(sql`select count(*)::int as n from subscriptions where plan_id = 'plan-weather-free' and org_id = ${ORG.acme}`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(2);
  });
});

describe('DELETE /subscriptions/{id}', () => {
  it('moves an active subscription to archiving, then the job archives it with the history entry', async () => {
    const res = await t.request(consumer, { method: 'DELETE', url: `${API}/subscriptions/sub-acme-iot-free` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ state: 'archiving', rights: { unsubscribe: false } });
    await t.app.jobs.drain();
    expect((await get(consumer, '/subscriptions/sub-acme-iot-free')).body.state).toBe('archiving');
    clock.advance(SUBSCRIPTION_ARCHIVE_DELAY_MS);
    await t.app.jobs.drain();
    const got = await get(consumer, '/subscriptions/sub-acme-iot-free');
    expect(got.body.state).toBe('archived');
    expect(got.body.history.at(-1)).toEqual({ type: 'archived', at: clock.now().toISOString(), user: { id: USER.consumer, name: 'Casey Consumer' }, reason: 'Unsubscribed' });
    expectError(await t.request(consumer, { method: 'DELETE', url: `${API}/subscriptions/sub-acme-iot-free` }), 409, 'state');
  });

  it('allows administrators, the owner user, or a consumer of the owning team on a free plan', async () => {
    const del = (who: Who, id: string) => t.request(who, { method: 'DELETE', url: `${API}/subscriptions/${id}` });
    expectError(await del(consumer, 'sub-acme-payments-starter'), 403); // paid, Casey a consumer of the team
    expectError(await del(developer, 'sub-acme-petstore-free'), 409, 'state'); // migrating
    expectError(await del(orgadmin, 'sub-acme-sms-payg'), 409, 'state'); // already archiving
    expectError(await del(globex, 'sub-acme-weather-free'), 404);
    expectError(await del(null, 'sub-acme-weather-free'), 401);
    expectError(await del(subscriber, 'sub-acme-weather-free'), 403); // not a consumer of Platform Engineering
    expect((await del(consumer, 'sub-acme-weather-free')).status).toBe(202); // free, Casey a consumer of the team
    expect((await del(orgadmin, 'sub-acme-payments-starter')).status).toBe(202); // the administrator, a paid plan
    // Billing ends with it: no open invoice left to pay.
    const open = await t.db.execute(sql`select count(*)::int as n from invoices where subscription_id = 'sub-acme-payments-starter' and status = 'open'`);
    expect((open as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe('POST /subscriptions/{id}/approval', () => {
  it('lets the provider\'s Administrator decide a pending subscription once, with reason and user in the history', async () => {
    const decide = (who: Who, body: Record<string, unknown>, id = 'sub-acme-payments-enterprise') =>
      t.request(who, { method: 'POST', url: `${API}/subscriptions/${id}/approval`, payload: body });
    expectError(await decide(orgadmin, { state: 'approved' }), 403);
    expectError(await decide(central, { state: 'approved' }), 404);
    expectError(await decide(globex, { state: 'approved' }), 404);
    expectError(await decide(null, { state: 'approved' }), 401);
    const ok = await decide(providerAdmin, { state: 'approved', reason: '  Welcome aboard  ' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ approval: { state: 'approved', reason: 'Welcome aboard' }, rights: { unsubscribe: false }, canRequestAccess: false });
    expect(ok.body.history.map((h: { type: string }) => h.type)).toEqual(['requested', 'approved']);
    expect(ok.body.history[1]).toMatchObject({ user: { id: USER.admin, name: 'Ada Admin' }, reason: 'Welcome aboard' });
    expectError(await decide(providerAdmin, { state: 'rejected' }), 409, 'state');
    const mine = await get(teamadmin, '/subscriptions/sub-acme-payments-enterprise');
    // Approved, but its first invoice (billing started on approval) is unpaid: access waits for it (spec 3 §2.1).
    expect(mine.body).toMatchObject({ approval: { state: 'approved' }, canRequestAccess: false });
    const rejected = await decide(providerAdmin, { state: 'rejected', reason: 'Finance team only' }, 'sub-globex-email-annual');
    expect(rejected.body.history.at(-1)).toMatchObject({ type: 'rejected', reason: 'Finance team only' });
    expect((await get(globex, '/subscriptions/sub-globex-email-annual')).body.approval).toEqual({ state: 'rejected', reason: 'Finance team only' });
  });
});

describe('GET /subscriptions', () => {
  it('filters by product, plan, owner, states, approval states and text; sorts; counts with page size 1', async () => {
    const list = async (query: string, who: Who = orgadmin) => (await get(who, `/subscriptions?${query}`)).body;
    const ids = (body: { items: Array<{ id: string }> }) => body.items.map((s) => s.id);
    expect(ids(await list('plan=plan-payments-growth'))).toEqual(['sub-acme-payments-growth']);
    expect(ids(await list(`productId=prod-weather&owner=${TEAM.acmePlatform}&approvalStates=rejected`))).toEqual(['sub-acme-weather-research']);
    expect(ids(await list('states=migrating&states=migrated&sort=%2Bmetadata.createdAt'))).toEqual(['sub-acme-shipping-free', 'sub-acme-petstore-free']);
    expect(ids(await list('searchText=STOREFRONT&sort=-metadata.createdAt'))).toEqual(['sub-acme-storefront-plus', 'sub-acme-storefront-free']);
    const count = await list('product=prod-payments&pageSize=1');
    expect(count.items).toHaveLength(1);
    const all = await list('product=prod-payments&pageSize=100');
    expect(count.totalCount).toBe(all.items.length);
    const second = await list('product=prod-payments&pageSize=1&currentPage=2');
    expect(second.items[0].id).toBe(all.items[1].id);
    // rows carry the application count and the owner's name
    const starter = all.items.find((s: { id: string }) => s.id === 'sub-acme-payments-starter');
    expect(starter).toMatchObject({ owner: { name: 'Platform Engineering' }, applications: { totalCount: expect.any(Number) } });
    expect(starter.applications.totalCount).toBeGreaterThan(0);
    // a provider administrator lists the subscriptions of the products they provide; Globex none of Acme's
    expect(ids(await list('plan=plan-payments-growth', providerAdmin))).toEqual(['sub-acme-payments-growth']);
    expect(ids(await list('pageSize=100', globex)).some((id) => id.startsWith('sub-acme'))).toBe(false);
    expect((await get(null, '/subscriptions')).status).toBe(401);
  });

  it('gives the applications of a subscription (page size 0 for the count), sorted by name', async () => {
    const res = await get(orgadmin, '/subscriptions/sub-acme-payments-starter/applications');
    expect(res.status).toBe(200);
    const titles = res.body.items.map((a: { title: string }) => a.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.body.items[0]).toEqual({ id: expect.any(String), title: expect.any(String), owner: { type: expect.any(String), id: expect.any(String), name: expect.any(String) } });
    const count = await get(orgadmin, '/subscriptions/sub-acme-payments-starter/applications?pageSize=0');
    expect(count.body).toEqual({ items: [], totalCount: res.body.totalCount });
    expect((await get(globex, '/subscriptions/sub-acme-payments-starter/applications')).status).toBe(404);
  });
});

describe('authorization of the subscription routes', () => {
  it('answers each seeded role, a visitor and Globex as the rules say, and leaks nothing of Acme to Globex', async () => {
    const expected: Record<string, { options: number; read: number; apps: number }> = {
      visitor: { options: 401, read: 401, apps: 401 },
      admin: { options: 403, read: 200, apps: 200 }, // the provider: their product's subscription
      central: { options: 403, read: 404, apps: 404 },
      orgadmin: { options: 200, read: 200, apps: 200 },
      consumer: { options: 200, read: 200, apps: 200 },
      subscriber: { options: 200, read: 200, apps: 200 },
      developer: { options: 200, read: 200, apps: 200 },
      catalog: { options: 200, read: 200, apps: 200 },
      teamadmin: { options: 200, read: 200, apps: 200 },
      approver: { options: 200, read: 200, apps: 200 },
      globex: { options: 200, read: 404, apps: 404 },
      'globex-dev': { options: 200, read: 404, apps: 404 },
    };
    for (const [key, who] of ALL) {
      const options = await get(who, '/subscriptionOptions?product=prod-payments&plan=plan-payments-free');
      const read = await get(who, '/subscriptions/sub-acme-payments-growth');
      const apps = await get(who, '/subscriptions/sub-acme-payments-growth/applications');
      expect([key, options.status, read.status, apps.status]).toEqual([key, expected[key]!.options, expected[key]!.read, expected[key]!.apps]);
      if (who?.orgId === ORG.globex) {
        expect(JSON.stringify(options.body)).not.toMatch(/team-acme|Platform Engineering/);
        // Answered as an unknown id is: nothing of the subscription but the id the caller sent.
        const unknown = await get(who, '/subscriptions/sub-nope');
        expect(JSON.stringify(read.body).replaceAll('sub-acme-payments-growth', 'sub-nope')).toBe(JSON.stringify(unknown.body));
        expect(JSON.stringify(apps.body)).not.toMatch(/app-acme|team-acme|Platform Engineering/);
      }
      // Refusals write nothing: decisions by non-providers, unsubscribing another organisation's.
      if (key !== 'admin') {
        const decide = await t.request(who, { method: 'POST', url: `${API}/subscriptions/sub-acme-payments-growth/approval`, payload: { state: 'rejected' } });
        expect([key, decide.status]).toEqual([key, who === null ? 401 : read.status === 404 ? 404 : 403]);
      }
      if (who?.orgId !== ORG.acme) {
        const del = await t.request(who, { method: 'DELETE', url: `${API}/subscriptions/sub-acme-payments-growth` });
        expect([key, del.status]).toEqual([key, who === null ? 401 : read.status === 404 ? 404 : 403]);
      }
    }
    expect((await get(orgadmin, '/subscriptions/sub-acme-payments-growth')).body).toMatchObject({ state: 'active', approval: { state: 'approved' } });
  });
});
