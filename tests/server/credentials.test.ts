// Credentials through the API over the demo seed (spec 2 §3, §4, §6, §7): create and its checks,
// provisioning, every action rule and state transition, decrypt inside and outside the window,
// secrets at rest, the list's filters, and the authorization matrix (each seeded role, visitor,
// another organisation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { credentials, jobs } from '../../server/src/db/schema.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { ACTION_BLOCK_TEXT } from '../../src/rules/credentials.ts';
import { CREDENTIAL_DELETE_DELAY_MS, CREDENTIAL_PROVISION_DELAY_MS, CREDENTIAL_VISIBILITY_MS } from '../../src/rules/constants.ts';
import { TEST_CERTIFICATE } from './credentials.fixtures.ts';

const DAY = 86_400_000;
let t: TestApp;
const clock = new ManualClock(new Date());
const u = (key: string) => ({ id: USER[key]!, orgId: key.startsWith('globex') ? ORG.globex : ['admin', 'central'].includes(key) ? 'org-provider' : ORG.acme });
const orgadmin = u('orgadmin');

beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
});
afterAll(() => t?.close());

const create = (who: { id: string; orgId: string } | null, body: Record<string, unknown>, app = 'app-acme-checkout') =>
  t.request(who, { method: 'POST', url: `${API}/applications/${app}/credentials`, payload: body });
const apiKeyBody = (title = 'Key') => ({ title, credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, data: { environment: 'sandbox' } });
const act = (who: { id: string; orgId: string }, id: string, action: string, payload?: unknown) =>
  t.request(who, { method: 'POST', url: `${API}/credentials/${id}/${action}`, ...(payload ? { payload } : {}) });
const get = (who: { id: string; orgId: string } | null, url: string) => t.request(who, { url: `${API}${url}` });
async function runJobs(ms = CREDENTIAL_PROVISION_DELAY_MS) {
  clock.advance(ms);
  await t.app.jobs.drain();
}

describe('credentials: create and provisioning', () => {
  it('creates pending, the job provisions it, the secret shows only with decrypt', async () => {
    const res = await create(orgadmin, apiKeyBody('Checkout key'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: 'Checkout key', state: 'active', crdType: 'APIKey', provisioning: { status: 'pending' }, application: { id: 'app-acme-checkout' } });
    expect(res.body.resources.totalCount).toBeGreaterThan(0);
    expect(res.body.links.decrypt).toBeUndefined();
    // not before its delay
    await t.app.jobs.drain();
    expect((await get(orgadmin, `/credentials/${res.body.id}`)).body.provisioning.status).toBe('pending');
    await runJobs();
    const plain = await get(orgadmin, `/credentials/${res.body.id}`);
    expect(plain.body.provisioning).toMatchObject({ status: 'success', state: 'active', data: { header: 'X-API-Key' } });
    expect(plain.body.provisioning.data.apiKey).toBeUndefined();
    expect(plain.body.links.decrypt).toBe(`${API}/credentials/${res.body.id}?decrypt=true`);
    const open = await get(orgadmin, `/credentials/${res.body.id}?decrypt=true`);
    expect(open.body.provisioning.data.apiKey).toMatch(/^agk_[A-Za-z0-9_-]{43}$/);
    const policies = await get(orgadmin, `/credentials/${res.body.id}/policies`);
    expect(policies.body).toMatchObject({ renewable: true, suspendable: true, visibility: { time: expect.any(String) }, expiry: { time: expect.any(String) } });
    const resources = await get(orgadmin, `/credentials/${res.body.id}/resources`);
    expect(resources.body.items.map((r: { id: string }) => r.id)).toContain('res-payments');
  });

  it('refuses bad input and missing access', async () => {
    expect((await create(orgadmin, { ...apiKeyBody(), title: '   ' })).body.errors[0].source.parameter).toBe('title');
    expect((await create(orgadmin, { ...apiKeyBody(), title: 'x'.repeat(350) })).body.errors[0].source.parameter).toBe('title');
    const wrongType = await create(orgadmin, { ...apiKeyBody(), credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'OAuth' } });
    expect(wrongType.body.errors[0].source.parameter).toBe('credentialRequestDefinition.crdType');
    const badData = await create(orgadmin, { ...apiKeyBody(), data: { environment: 'moon' } });
    expect(badData.status).toBe(400);
    expect(badData.body.errors[0].source.parameter).toBe('data.environment');
    // the mobile application's access to the payments resource is pending: no credential for it
    const pending = await create(orgadmin, { ...apiKeyBody(), resources: [{ id: 'res-payments' }] }, 'app-acme-mobile');
    expect(pending.status).toBe(409);
    // a resource that does not offer the type
    const basic = await create(orgadmin, { title: 'b', credentialRequestDefinition: { crdId: { id: 'crd-basic' }, crdType: 'HTTPBasic' }, data: { username: 'abc' } });
    expect(basic.status).toBe(409);
    // archived application
    expect((await create(orgadmin, apiKeyBody(), 'app-acme-reporting')).status).toBe(409);
    // MutualTLS: the certificate must be one
    await t.db.execute(sql`update asset_resources set credential_request_definition_ids = array['crd-apikey','crd-oauth','crd-mtls','crd-basic'] where id = 'res-payments'`);
    const notCert = await create(orgadmin, { title: 'm', credentialRequestDefinition: { crdId: { id: 'crd-mtls' }, crdType: 'MutualTLS' }, data: { certificate: 'hello' } });
    expect(notCert.status).toBe(400);
    expect(notCert.body.errors[0].source.parameter).toBe('data.certificate');
    const cert = await create(orgadmin, { title: 'm', credentialRequestDefinition: { crdId: { id: 'crd-mtls' }, crdType: 'MutualTLS' }, data: { certificate: TEST_CERTIFICATE, commonName: 'someone-else' } });
    expect(cert.status).toBe(201);
    await runJobs();
    const failed = await get(orgadmin, `/credentials/${cert.body.id}`);
    expect(failed.body.provisioning.status).toBe('error');
    expect(failed.body.provisioning.error).toMatch(/CN=thermo-0042/);
    // HTTPBasic usernames are unique
    const b1 = await create(orgadmin, { title: 'b1', credentialRequestDefinition: { crdId: { id: 'crd-basic' }, crdType: 'HTTPBasic' }, data: { username: 'same-user' } });
    expect(b1.status).toBe(201);
    const b2 = await create(orgadmin, { title: 'b2', credentialRequestDefinition: { crdId: { id: 'crd-basic' }, crdType: 'HTTPBasic' }, data: { username: 'same-user' } });
    expect(b2.status).toBe(409);
    expect(b2.body.errors[0].source.parameter).toBe('data.username');
  });

  it('keeps no plaintext secret at rest (credentials rows, jobs payloads)', async () => {
    const res = await create(orgadmin, apiKeyBody('At rest'));
    await runJobs();
    const key = (await get(orgadmin, `/credentials/${res.body.id}?decrypt=true`)).body.provisioning.data.apiKey as string;
    const oauth = await create(orgadmin, { title: 'At rest client', credentialRequestDefinition: { crdId: { id: 'crd-oauth' }, crdType: 'OAuth' }, data: { grantTypes: ['client_credentials'] } });
    await runJobs();
    const secret = (await get(orgadmin, `/credentials/${oauth.body.id}?decrypt=true`)).body.provisioning.data.clientSecret as string;
    expect(secret.length).toBeGreaterThan(30);
    const rows = JSON.stringify(await t.db.select().from(credentials));
    const jobRows = JSON.stringify(await t.db.select().from(jobs));
    for (const plain of [key, secret]) {
      expect(rows).not.toContain(plain);
      expect(jobRows).not.toContain(plain);
    }
    const [row] = await t.db.select().from(credentials).where(eq(credentials.id, res.body.id));
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.lookupKey).toMatch(/^apikey:[0-9a-f]{64}$/);
    // seeded credentials have real secrets too
    const [seeded] = await t.db.select().from(credentials).where(eq(credentials.id, 'cred-warehouse-basic'));
    expect(seeded).toMatchObject({ lookupKey: 'basic:acme-warehouse', secretHash: expect.stringMatching(/^[0-9a-f]{64}$/), secretEncrypted: expect.stringMatching(/^v1\./) });
  });
});

describe('credentials: actions and states (spec 2 §4)', () => {
  it('renew, suspend, enable, rotate, delete and the refusals', async () => {
    const id = (await create(orgadmin, apiKeyBody('Actions'))).body.id as string;
    // pending: renew, rotate, suspend, enable refused; delete allowed
    for (const action of ['renew', 'suspend', 'enable']) {
      const r = await act(orgadmin, id, action);
      expect(r.status).toBe(409);
      expect(r.body.errors[0]).toMatchObject({ detail: ACTION_BLOCK_TEXT.pending, source: { parameter: action } });
    }
    expect((await act(orgadmin, id, 'rotate', { title: 'x' })).body.errors[0].detail).toBe(ACTION_BLOCK_TEXT.pending);
    await runJobs();
    const before = (await get(orgadmin, `/credentials/${id}?decrypt=true`)).body.provisioning.data.apiKey;
    // enable on an active credential: not suspended
    expect((await act(orgadmin, id, 'enable')).body.errors[0].detail).toBe(ACTION_BLOCK_TEXT.notInactive);
    // renew: expiry now + 90 days
    clock.advance(10 * DAY);
    const renewed = await act(orgadmin, id, 'renew');
    expect(renewed.status).toBe(200);
    expect(new Date(renewed.body.provisioning.policies.expiry.time).getTime()).toBe(clock.now().getTime() + 90 * DAY);
    // suspend -> inactive; enable -> active
    const suspended = await act(orgadmin, id, 'suspend');
    expect(suspended.body).toMatchObject({ state: 'inactive', provisioning: { state: 'inactive' } });
    const listed = await get(orgadmin, `/credentials?id=${id}&state=inactive`);
    expect(listed.body.totalCount).toBe(1);
    expect((await act(orgadmin, id, 'enable')).body.state).toBe('active');
    // rotate: renamed, pending, new secret version, new visibility window
    expect((await act(orgadmin, id, 'rotate', { title: '  ' })).body.errors[0].source.parameter).toBe('title');
    clock.advance(5 * DAY);
    const rotated = await act(orgadmin, id, 'rotate', { title: 'Actions v2' });
    expect(rotated.body).toMatchObject({ title: 'Actions v2', provisioning: { status: 'pending' } });
    expect((await get(orgadmin, `/credentials?id=${id}&state=pending`)).body.totalCount).toBe(1);
    await runJobs();
    const after = await get(orgadmin, `/credentials/${id}?decrypt=true`);
    expect(after.status).toBe(200);
    expect(after.body.provisioning.data.apiKey).not.toBe(before);
    const [row] = await t.db.select().from(credentials).where(eq(credentials.id, id));
    expect(row!.secretVersion).toBe(2);
    // expired: suspend and enable refused
    clock.advance(91 * DAY);
    expect((await act(orgadmin, id, 'suspend')).body.errors[0].detail).toBe(ACTION_BLOCK_TEXT.expired);
    expect((await get(orgadmin, `/credentials?id=${id}&expiryEnd=${encodeURIComponent(clock.now().toISOString())}`)).body.totalCount).toBe(1);
    // delete: 202, deleting, then gone; actions refused meanwhile
    const deleted = await t.request(orgadmin, { method: 'DELETE', url: `${API}/credentials/${id}` });
    expect(deleted.status).toBe(202);
    expect(deleted.body.state).toBe('deleting');
    expect((await act(orgadmin, id, 'renew')).body.errors[0].detail).toBe(ACTION_BLOCK_TEXT.deleting);
    expect((await t.request(orgadmin, { method: 'DELETE', url: `${API}/credentials/${id}` })).status).toBe(409);
    await runJobs(CREDENTIAL_DELETE_DELAY_MS);
    expect((await get(orgadmin, `/credentials/${id}`)).status).toBe(404);
  });

  it('HTTPBasic is not renewable; MutualTLS is not suspendable', async () => {
    const basic = await act(orgadmin, 'cred-warehouse-basic', 'renew');
    expect(basic.body.errors[0].detail).toBe(ACTION_BLOCK_TEXT.notRenewable);
    const mtls = await act(u('consumer'), 'cred-casey-mtls', 'suspend');
    expect(mtls.body.errors[0].detail).toBe(ACTION_BLOCK_TEXT.notSuspendable);
  });

  it('decrypt outside the visibility window is refused (409 naming decrypt)', async () => {
    const id = (await create(orgadmin, apiKeyBody('Window'))).body.id as string;
    await runJobs();
    expect((await get(orgadmin, `/credentials/${id}?decrypt=true`)).status).toBe(200);
    clock.advance(CREDENTIAL_VISIBILITY_MS + 1000);
    const late = await get(orgadmin, `/credentials/${id}?decrypt=true`);
    expect(late.status).toBe(409);
    expect(late.body.errors[0].source.parameter).toBe('decrypt');
    expect((await get(orgadmin, `/credentials/${id}`)).body.links.decrypt).toBeUndefined();
    // seeded credentials are past their window
    expect((await get(orgadmin, '/credentials/cred-checkout-oauth?decrypt=true')).status).toBe(409);
  });
});

describe('credentials: list and authorization matrix', () => {
  it('filters, sorts and pages', async () => {
    const all = await get(orgadmin, '/credentials?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.items.every((c: { application: { id: string } }) => c.application.id.startsWith('app-acme'))).toBe(true);
    const titles = all.body.items.map((c: { title: string }) => c.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect((await get(orgadmin, '/credentials?application=app-acme-warehouse')).body.items.map((c: { id: string }) => c.id)).toEqual(['cred-warehouse-basic']);
    expect((await get(orgadmin, '/credentials?search=kafka')).body.totalCount).toBe(1);
    expect((await get(orgadmin, '/credentials?search=warehouse&searchInAppName=true')).body.totalCount).toBe(1);
    // Casey's private application is Casey's alone (not even the org Administrator's)
    expect((await get(u('consumer'), '/credentials?status=error')).body.items.map((c: { id: string }) => c.id)).toContain('cred-casey-mtls');
    expect((await get(orgadmin, '/credentials?limit=100')).body.items.map((c: { id: string }) => c.id)).not.toContain('cred-casey-mtls');
    expect((await get(orgadmin, '/credentials?resource=res-order-events')).body.totalCount).toBe(1);
    expect((await get(orgadmin, '/credentials?product=prod-payments&limit=1')).body.items).toHaveLength(1);
    const bySort = await get(orgadmin, '/credentials?sort=-provisioning.policies.expiry.time&limit=100');
    expect(bySort.status).toBe(200);
  });

  it('each seeded role, a visitor and another organisation', async () => {
    const id = 'cred-checkout-apikey-old';
    // visitor: 401 everywhere
    for (const url of ['/credentials', `/credentials/${id}`, `/credentials/${id}/policies`, `/credentials/${id}/resources`, '/credentialRequestDefinitions/crd-apikey']) {
      expect((await get(null, url)).status, url).toBe(401);
    }
    expect((await create(null, apiKeyBody())).status).toBe(401);
    expect((await t.request(null, { method: 'POST', url: `${API}/credentials/${id}/renew` })).status).toBe(401);
    // Globex: Acme's credentials do not exist for them; their list leaks none
    const globex = u('globex');
    for (const url of [`/credentials/${id}`, `/credentials/${id}/policies`, `/credentials/${id}/resources`, `/credentials/${id}?decrypt=true`]) {
      expect((await get(globex, url)).status, url).toBe(404);
    }
    for (const action of ['renew', 'suspend', 'enable']) expect((await act(globex, id, action)).status).toBe(404);
    expect((await act(globex, id, 'rotate', { title: 'x' })).status).toBe(404);
    expect((await t.request(globex, { method: 'DELETE', url: `${API}/credentials/${id}` })).status).toBe(404);
    expect((await create(globex, apiKeyBody())).status).toBe(404);
    const theirs = await get(globex, '/credentials?limit=100');
    expect(theirs.body.items.map((c: { id: string }) => c.id)).toEqual(['cred-globex-apikey']);
    // Acme roles: the list for consumers and the Administrator; Subscriber refused
    const expected: Record<string, number> = { orgadmin: 200, consumer: 200, teamadmin: 200, approver: 200, developer: 200, catalog: 200, subscriber: 403, 'globex-dev': 200, admin: 200, central: 403 };
    for (const [key, status] of Object.entries(expected)) {
      expect((await get(u(key), '/credentials')).status, key).toBe(status);
    }
    // Casey's private application: seen by Casey, not by another consumer of Acme
    expect((await get(u('consumer'), '/credentials/cred-casey-mtls')).status).toBe(200);
    expect((await get(u('teamadmin'), '/credentials/cred-casey-mtls')).status).toBe(404);
    expect((await get(u('orgadmin'), '/credentials/cred-casey-mtls')).status).toBe(404);
    // create on the checkout application (Platform Engineering): its consumers and the org Administrator
    const createStatus: Record<string, number> = { orgadmin: 201, consumer: 201, subscriber: 403, developer: 403, teamadmin: 403 };
    for (const [key, status] of Object.entries(createStatus)) {
      expect((await create(u(key), apiKeyBody(`by ${key}`))).status, key).toBe(status);
    }
    // actions need the same right
    expect((await act(u('subscriber'), 'cred-checkout-oauth', 'suspend')).status).toBe(403);
  });

  it('credential request definitions of a resource and by id', async () => {
    const [v] = (await t.db.execute(sql`select product_version_id as v from asset_resources where id = 'res-payments'`) as unknown as { rows: Array<{ v: string }> }).rows;
    const list = await get(orgadmin, `/products/prod-payments/versions/${v!.v}/assetresources/res-payments/credentialRequestDefinitions`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { id: string }) => d.id)).toContain('crd-apikey');
    const one = await get(orgadmin, '/credentialRequestDefinitions/crd-mtls');
    expect(one.body).toMatchObject({ crdType: 'MutualTLS', policies: { renewable: true, suspendable: false, expiryDays: 730 } });
    expect(one.body.schema.required).toEqual(['certificate']);
    expect((await get(orgadmin, '/credentialRequestDefinitions/crd-nope')).status).toBe(404);
    expect((await get(null, `/products/prod-payments/versions/${v!.v}/assetresources/res-payments/credentialRequestDefinitions`)).status).toBe(401);
  });
});
