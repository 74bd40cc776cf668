// Access requests and the subscriptions the wizard reads (spec 2 §3–§7) on the demo seed:
// create (automatic and manual approval, with history), every refusal with its error shape,
// the provider's decision, the lists and who sees what (Globex sees nothing of Acme's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, TEAM, USER } from '../../server/seed/accounts.ts';
import { ALREADY_REGISTERED } from '../../server/src/access/requests.ts';
import { textArray } from '../../server/src/catalogue/sql.ts';

let t: TestApp;
const acme = (key: string) => ({ id: USER[key]!, orgId: ORG.acme });
const orgadmin = acme('orgadmin');
const consumer = acme('consumer');
const developer = acme('developer');
const subscriber = acme('subscriber');
const globex = { id: USER.globex!, orgId: ORG.globex };
const providerAdmin = { id: USER.admin!, orgId: ORG.provider };
const central = { id: USER.central!, orgId: ORG.provider };

let product = '';
let latest = '';
let older = '';
let appId = '';
const regulated = { purpose: 'ecommerce', environment: 'production', acceptsTerms: true };

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  const r = await t.db.execute(sql`select v.product_id, ar.product_version_id from asset_resources ar
    join product_versions v on v.id = ar.product_version_id where ar.id = 'res-payments'`);
  const row = (r as unknown as { rows: Array<{ product_id: string; product_version_id: string }> }).rows[0]!;
  product = row.product_id;
  latest = row.product_version_id;
  const v = await t.db.execute(sql`select id from product_versions where product_id = ${product} and id <> ${latest} limit 1`);
  older = (v as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
  const made = await t.request(orgadmin, { method: 'POST', url: `${API}/applications`, payload: { title: 'Wizard app', owner: { type: 'team', id: TEAM.acmePlatform } } });
  appId = made.body.id;
}, 120_000);
afterAll(() => t?.close());

const create = (user: { id: string; orgId: string } | null, body: Record<string, unknown>, app = appId) =>
  t.request(user, { method: 'POST', url: `${API}/applications/${app}/accessRequests`, payload: body });
const body = (resource: string, extra: Record<string, unknown> = {}) => ({
  product: { id: product, version: { id: latest } }, assetResource: { id: resource }, subscription: { id: 'sub-acme-payments-free' }, ...extra,
});
// Titles in the database's own order (its collation decides where '(' and '-' go: "Payments API
// (sandbox) - …" and "Payments API - …" differ there), case-insensitive like the list's sort.
const databaseOrder = async (titles: string[]) =>
  ((await t.db.execute(sql`select x from unnest(${textArray(titles)}) as x order by lower(x)`)) as unknown as { rows: Array<{ x: string }> }).rows.map((r) => r.x);
const expectError = (res: { status: number; body: any }, status: number, parameter: string, detail?: string | RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors[0]).toMatchObject({ status, title: expect.any(String), source: { parameter } });
  if (detail) expect(res.body.errors[0].detail).toMatch(detail);
};

describe('POST /applications/{id}/accessRequests', () => {
  it('approves at once under an automatic definition, with the default title and history', async () => {
    const res = await create(consumer, body('res-payments-sandbox'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.approval.state).toBe('approved');
    const got = await t.request(consumer, { url: `${API}/accessRequests/${res.body.id}` });
    expect(got.body).toMatchObject({
      title: 'Payments API (sandbox) - Payments API', approval: { state: 'approved' },
      assetResource: { id: 'res-payments-sandbox', canRequestAccessOrCredential: true }, rights: { approve: false, delete: true },
    });
    expect(got.body.history.map((h: { type: string }) => h.type)).toEqual(['requested', 'approved']);
    expect(got.body.history[0].user).toEqual({ id: USER.consumer, name: 'Casey Consumer' });
    const dup = await create(consumer, body('res-payments-sandbox'));
    expectError(dup, 409, 'assetResource.id', ALREADY_REGISTERED);
  });

  it('validates data against the definition and leaves a manual one pending', async () => {
    expectError(await create(consumer, body('res-payments', { data: { purpose: 'ecommerce' } })), 400, 'data.environment', /is required/);
    expectError(await create(consumer, body('res-payments', { data: { ...regulated, purpose: 'gambling' } })), 400, 'data.purpose',
      /^data\.purpose must be one of: ecommerce, marketplace, subscriptions, in_person, other\.$/);
    const res = await create(consumer, body('res-payments', { title: '  Regulated  ', data: regulated }));
    expect(res.status).toBe(201);
    expect(res.body.approval.state).toBe('pending');
    const got = await t.request(orgadmin, { url: `${API}/accessRequests/${res.body.id}` });
    expect(got.body).toMatchObject({ title: 'Regulated', data: regulated, applicationProfileDefinition: { id: 'apd-company' } });
    expect(got.body.history.map((h: { type: string }) => h.type)).toEqual(['requested']);
  });

  it('refuses what the rules forbid, naming the field', async () => {
    const fresh = (await t.request(orgadmin, { method: 'POST', url: `${API}/applications`, payload: { title: 'Refusals', owner: { type: 'team', id: TEAM.acmePlatform } } })).body.id;
    expectError(await create(orgadmin, body('res-payments-sandbox', { subscription: { id: 'sub-acme-payments-enterprise' } }), fresh), 409, 'subscription.id');
    expectError(await create(orgadmin, body('res-payments-sandbox', { subscription: { id: 'sub-globex-payments-scale' } }), fresh), 404, 'subscription.id');
    expectError(await create(orgadmin, body('res-payments-sandbox', { subscription: { id: 'sub-acme-weather-free' } }), fresh), 400, 'subscription.id');
    expectError(await create(orgadmin, body('res-payments-sandbox', { product: { id: product, version: { id: older } } }), fresh), 400, 'product.version.id');
    expectError(await create(orgadmin, body('res-nope'), fresh), 404, 'assetResource.id');
    expectError(await create(orgadmin, body('res-payments-sandbox', { product: { id: 'nope', version: { id: latest } } }), fresh), 404, 'product.id');
    expectError(await create(orgadmin, body('res-payments-sandbox', { title: 'x'.repeat(350) }), fresh), 400, 'title');
    expect((await create(null, body('res-payments-sandbox'), fresh)).status).toBe(401);
    expect((await create(globex, body('res-payments-sandbox'), fresh)).status).toBe(404);
    expect((await create(developer, body('res-payments-sandbox'), fresh)).status).toBe(403);
    const none = await t.request(orgadmin, { url: `${API}/accessRequests?applicationIds=${fresh}` });
    expect(none.body.totalCount).toBe(0);
  });
});

describe('POST /accessRequests/{id}/approval', () => {
  it('lets a provider Administrator decide a pending request, with reason and user in the history', async () => {
    const url = `${API}/accessRequests/acc-mobile-payments/approval`;
    expect((await t.request(orgadmin, { method: 'POST', url, payload: { state: 'approved' } })).status).toBe(403);
    expect((await t.request(globex, { method: 'POST', url, payload: { state: 'approved' } })).status).toBe(404);
    expect((await t.request(central, { method: 'POST', url, payload: { state: 'approved' } })).status).toBe(403);
    expect((await t.request(null, { method: 'POST', url, payload: { state: 'approved' } })).status).toBe(401);
    const res = await t.request(providerAdmin, { method: 'POST', url, payload: { state: 'rejected', reason: ' Use the sandbox first. ' } });
    expect(res.status).toBe(200);
    expect(res.body.approval).toEqual({ state: 'rejected', reason: 'Use the sandbox first.' });
    expect(res.body.history.at(-1)).toMatchObject({ type: 'rejected', reason: 'Use the sandbox first.', user: { id: USER.admin, name: 'Ada Admin' } });
    expectError(await t.request(providerAdmin, { method: 'POST', url, payload: { state: 'approved' } }), 409, 'state');
  });

  it('seeded requests carry their history', async () => {
    const got = await t.request(orgadmin, { url: `${API}/accessRequests/acc-mobile-payments-sandbox` });
    expect(got.body.history.map((h: { type: string; reason: string | null }) => [h.type, !!h.reason])).toEqual([['requested', false], ['rejected', true]]);
  });
});

describe('GET /accessRequests', () => {
  it('shows consumers their organisation\'s, sorted by name, filtered', async () => {
    const all = await t.request(orgadmin, { url: `${API}/accessRequests` });
    const titles: string[] = all.body.items.map((r: { title: string }) => r.title);
    expect(titles).toEqual(await databaseOrder(titles));
    expect(all.body.items.every((r: { id: string }) => r.id !== 'acc-globex-payments')).toBe(true);
    expect(all.body.items.some((r: { id: string }) => r.id === 'acc-casey-iot')).toBe(false); // Casey's private application
    const desc = await t.request(orgadmin, { url: `${API}/accessRequests?sort=-name&limit=1` });
    expect(desc.body.items[0].title).toBe(titles.at(-1));
    const pending = await t.request(orgadmin, { url: `${API}/accessRequests?approvalStates=pending` });
    expect(pending.body.items.every((r: { approval: { state: string } }) => r.approval.state === 'pending')).toBe(true);
    const bySub = await t.request(orgadmin, { url: `${API}/accessRequests?search=starter` });
    expect(bySub.body.items.map((r: { subscription: { id: string } }) => r.subscription.id)).toContain('sub-acme-payments-starter');
    const byRes = await t.request(orgadmin, { url: `${API}/accessRequests?resourceId=res-payments&applicationIds=app-acme-checkout` });
    expect(byRes.body.items.map((r: { id: string }) => r.id)).toEqual(['acc-checkout-payments']);
    expect((await t.request(orgadmin, { url: `${API}/accessRequests?offset=1&limit=1` })).body.items[0].title).toBe(titles[1]);
  });

  it('shows provider Administrators every organisation\'s; others 401/403; Globex nothing of Acme', async () => {
    const prov = await t.request(providerAdmin, { url: `${API}/accessRequests?productIds=${product}` });
    const ids = prov.body.items.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['acc-globex-payments', 'acc-checkout-payments']));
    expect((await t.request(null, { url: `${API}/accessRequests` })).status).toBe(401);
    expect((await t.request(subscriber, { url: `${API}/accessRequests` })).status).toBe(403);
    expect((await t.request(central, { url: `${API}/accessRequests` })).status).toBe(403);
    const g = await t.request(globex, { url: `${API}/accessRequests?limit=100` });
    expect(g.body.items.map((r: { id: string }) => r.id)).toEqual(['acc-globex-payments']);
    expect((await t.request(globex, { url: `${API}/accessRequests/acc-checkout-payments` })).status).toBe(404);
    expect((await t.request(globex, { method: 'DELETE', url: `${API}/accessRequests/acc-checkout-payments` })).status).toBe(404);
  });

  it('names the consumer organisation and gives the application attributes the definition asks for', async () => {
    const one = await t.request(providerAdmin, { url: `${API}/accessRequests/acc-mobile-payments` });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.organisation).toEqual({ id: ORG.acme, name: expect.any(String) });
    expect(one.body.applicationProfile).toMatchObject({ title: 'Company profile', data: { supportEmail: 'mobile@acme.test' }, schema: { properties: { companyName: expect.any(Object) } } });
    // A resource whose definition asks for no profile: none.
    const list = await t.request(orgadmin, { url: `${API}/accessRequests?resourceId=res-payments-sandbox` });
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((r: { applicationProfile: unknown }) => r.applicationProfile === null)).toBe(true);
  });

  it('nests under a resource, and gives access request definitions', async () => {
    const nested = await t.request(orgadmin, { url: `${API}/products/${product}/versions/${latest}/assetresources/res-payments/accessRequests` });
    expect(nested.status).toBe(200);
    expect(nested.body.items.every((r: { assetResource: { id: string } }) => r.assetResource.id === 'res-payments')).toBe(true);
    expect((await t.request(orgadmin, { url: `${API}/products/${product}/versions/${latest}/assetresources/res-nope/accessRequests` })).status).toBe(404);
    const def = await t.request(consumer, { url: `${API}/products/${product}/versions/${latest}/assetresources/res-payments/accessRequestDefinitions/ard-payments` });
    expect(def.body).toMatchObject({ id: 'ard-payments', approval: 'manual', applicationProfileDefinition: { id: 'apd-company' } });
    expect((await t.request(consumer, { url: `${API}/products/${product}/versions/${latest}/assetresources/res-payments/accessRequestDefinitions/ard-standard` })).status).toBe(404);
    expect((await t.request(consumer, { url: `${API}/accessRequestDefinitions/ard-standard` })).body.approval).toBe('automatic');
    expect((await t.request(null, { url: `${API}/accessRequestDefinitions/ard-standard` })).status).toBe(401);
  });

  it('refuses an archived resource, and the wizard\'s list leaves it out', async () => {
    expectError(await create(consumer, body('res-payments-compat')), 409, 'assetResource.id', /archived/);
    const listed = await t.request(orgadmin, { url: `${API}/subscriptions/sub-acme-payments-free/resources?pageSize=100` });
    expect(listed.body.items.map((r: { id: string }) => r.id)).not.toContain('res-payments-compat');
    expect(listed.body.items.map((r: { id: string }) => r.id)).toContain('res-payments-sandbox');
  });

  it('deletes with the right on the application', async () => {
    const id = (await t.request(orgadmin, { url: `${API}/accessRequests?applicationIds=${appId}&resourceId=res-payments-sandbox` })).body.items[0].id;
    expect((await t.request(developer, { method: 'DELETE', url: `${API}/accessRequests/${id}` })).status).toBe(403);
    expect((await t.request(providerAdmin, { method: 'DELETE', url: `${API}/accessRequests/${id}` })).status).toBe(403);
    expect((await t.request(orgadmin, { method: 'DELETE', url: `${API}/accessRequests/${id}` })).status).toBe(204);
    expect((await t.request(orgadmin, { url: `${API}/accessRequests/${id}` })).status).toBe(404);
  });
});

describe('GET /subscriptions', () => {
  it('lists the organisation\'s, newest first, with canRequestAccess', async () => {
    const res = await t.request(orgadmin, { url: `${API}/subscriptions?pageSize=100` });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((s: { id: string }) => s.id);
    expect(ids).not.toContain('sub-globex-payments-scale');
    expect(ids).not.toContain('sub-acme-iot-free'); // Casey's own
    const created = res.body.items.map((s: { metadata: { createdAt: string } }) => s.metadata.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const byId = new Map(res.body.items.map((s: { id: string }) => [s.id, s]));
    expect(byId.get('sub-acme-payments-free')).toMatchObject({ canRequestAccess: true, approval: { state: 'approved' }, state: 'active' });
    expect(byId.get('sub-acme-payments-enterprise')).toMatchObject({ canRequestAccess: false });
    expect(byId.get('sub-acme-sms-payg')).toMatchObject({ canRequestAccess: false, state: 'archiving', archival: { scheduledAt: expect.any(String) } });
    const casey = await t.request(consumer, { url: `${API}/subscriptions?product=${product}&approvalStates=approved&states=active` });
    const caseyById = new Map(casey.body.items.map((s: { id: string; canRequestAccess: boolean }) => [s.id, s.canRequestAccess]));
    expect(caseyById.get('sub-acme-payments-free')).toBe(true); // consumer in Platform Engineering
    expect(caseyById.get('sub-acme-payments-growth')).toBe(false); // Mobile Apps
    const byRes = await t.request(orgadmin, { url: `${API}/subscriptions?resource=res-payments-sandbox&ownerId=${TEAM.acmePlatform}&sort=%2Bmetadata.createdAt` });
    expect(byRes.body.items.map((s: { id: string }) => s.id)).toEqual(['sub-acme-payments-free', 'sub-acme-payments-starter']);
    expect((await t.request(null, { url: `${API}/subscriptions` })).status).toBe(401);
    expect((await t.request(globex, { url: `${API}/subscriptions/sub-acme-payments-free` })).status).toBe(404);
    expect((await t.request(orgadmin, { url: `${API}/subscriptions/sub-acme-payments-free` })).body.id).toBe('sub-acme-payments-free');
  });

  it('gives the resources a subscription lets one register, marking those already registered', async () => {
    const res = await t.request(orgadmin, { url: `${API}/subscriptions/sub-acme-payments-starter/resources?applicationId=app-acme-checkout` });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((r: { id: string; registered: boolean }) => [r.id, r]));
    expect(byId.get('res-payments')).toMatchObject({ registered: true, accessRequestDefinition: { id: 'ard-payments' }, versionId: latest });
    const titles = res.body.items.map((r: { title: string }) => r.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const search = await t.request(orgadmin, { url: `${API}/subscriptions/sub-acme-payments-starter/resources?searchTerm=sandbox` });
    expect(search.body.items.map((r: { id: string; registered: boolean }) => [r.id, r.registered])).toEqual([['res-payments-sandbox', false]]);
    const leak = await t.request(globex, { url: `${API}/subscriptions/sub-globex-payments-scale/resources?applicationId=app-acme-checkout` });
    expect(leak.body.items.every((r: { registered: boolean }) => !r.registered)).toBe(true);
    expect((await t.request(globex, { url: `${API}/subscriptions/sub-acme-payments-starter/resources` })).status).toBe(404);
  });
});
