// The runtime gateway over the demo seed: an application's credential (API key, HTTP Basic, OAuth
// token, mTLS header) instead of a portal session, against a local upstream. What passes, what is
// a 401 or a 403, what reaches the upstream, and the transaction each call leaves.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { assetResources, productVersions, transactions } from '../../server/src/db/schema.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { flushTransactions } from '../../server/src/gateway/record.ts';
import { CREDENTIAL_PROVISION_DELAY_MS } from '../../src/rules/constants.ts';
import { TEST_CERTIFICATE, TEST_CERTIFICATE_SHA256 } from './credentials.fixtures.ts';

let seen: IncomingMessage['headers'][] = [];
let upstream: Server;
let t: TestApp;
const clock = new ManualClock(new Date());
const orgadmin = { id: USER.orgadmin!, orgId: ORG.acme };
let gw: string;
let sandboxGw: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, url: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); }, clock, allowHosts: ['127.0.0.1'] });
  // Every credential type offered on the payments resources, which call the local upstream.
  await t.db.update(assetResources).set({ upstreamUrl: base, credentialRequestDefinitionIds: ['crd-apikey', 'crd-oauth', 'crd-basic', 'crd-mtls'] })
    .where(sql`${assetResources.id} in ('res-payments', 'res-payments-sandbox')`);
  const [version] = await t.db.select({ id: assetResources.productVersionId }).from(assetResources).where(eq(assetResources.id, 'res-payments'));
  const [pv] = await t.db.select({ productId: productVersions.productId }).from(productVersions).where(eq(productVersions.id, version!.id));
  gw = `${API}/gateway/${pv!.productId}/${version!.id}/res-payments`;
  sandboxGw = `${API}/gateway/${pv!.productId}/${version!.id}/res-payments-sandbox`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** Creates a credential for the checkout application, runs its provisioning, returns it decrypted. */
async function credential(crdType: string, data: Record<string, unknown> = {}, resources = ['res-payments']) {
  const crdId = { APIKey: 'crd-apikey', OAuth: 'crd-oauth', HTTPBasic: 'crd-basic', MutualTLS: 'crd-mtls' }[crdType]!;
  const created = await t.request(orgadmin, {
    method: 'POST', url: `${API}/applications/app-acme-checkout/credentials`,
    payload: { title: `${crdType} ${Math.random()}`, credentialRequestDefinition: { crdId: { id: crdId }, crdType }, data, resources: resources.map((id) => ({ id })) },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return provisioned(created.body.id);
}

async function provisioned(id: string) {
  clock.advance(CREDENTIAL_PROVISION_DELAY_MS);
  await t.app.jobs.drain();
  const shown = await t.request(orgadmin, { url: `${API}/credentials/${id}?decrypt=true` });
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  expect(shown.body.provisioning.status).toBe('success');
  return shown.body;
}

const call = (url: string, headers: Record<string, string>) => t.app.inject({ url: `${url}/v1/payments?x=1`, headers });

/** The call's transaction: runtime rows are written in batches (record.ts), so the queue is
 * flushed first rather than waited for. */
async function transactionOf(res: { headers: Record<string, unknown> }) {
  await flushTransactions(t.db);
  const [row] = await t.db.select().from(transactions).where(eq(transactions.id, String(res.headers['x-agora-transaction-id'])));
  return row!;
}

describe('runtime gateway with an application credential', () => {
  it('API key: 2xx, the key is not forwarded, the transaction carries application, credential, subscription', async () => {
    const c = await credential('APIKey');
    const key = c.provisioning.data.apiKey as string;
    expect(key).toMatch(/^agk_/);
    seen = [];
    const res = await call(gw, { 'x-api-key': key, 'x-other': 'kept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, url: '/v1/payments?x=1' });
    expect(seen[0]!['x-api-key']).toBeUndefined();
    expect(seen[0]!['x-other']).toBe('kept');
    const tx = await transactionOf(res);
    expect(tx).toMatchObject({
      id: res.headers['x-agora-transaction-id'], applicationId: 'app-acme-checkout', credentialId: c.id,
      subscriptionId: 'sub-acme-payments-starter', orgId: ORG.acme, userId: null, status: 200,
    });
    expect(JSON.stringify(tx.requestHeaders)).not.toContain(key);
  });

  it('unknown key, no access to the resource, suspended, expired, rotated', async () => {
    const unknown = await call(gw, { 'x-api-key': 'agk_nope' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['www-authenticate']).toContain('ApiKey');
    expect(unknown.json().errors[0]).toMatchObject({ status: 401, detail: expect.any(String) });

    const c = await credential('APIKey');
    const key = c.provisioning.data.apiKey as string;
    // The credential is for res-payments only: the application holds approved access to the sandbox
    // too, yet the credential does not list it (its detail says "Resources (1)"), so it is refused
    // there (gateway README). A resource of another product without access: 403 too.
    const notListed = await call(sandboxGw, { 'x-api-key': key });
    expect(notListed.statusCode).toBe(403);
    expect(notListed.json().errors[0].detail).toMatch(/not valid for this resource/);
    expect(await transactionOf(notListed)).toMatchObject({ refusal: 'notForResource', credentialId: c.id, applicationId: 'app-acme-checkout', orgId: ORG.acme, status: 403 });
    const listedBoth = await credential('APIKey', {}, ['res-payments', 'res-payments-sandbox']);
    expect((await call(sandboxGw, { 'x-api-key': listedBoth.provisioning.data.apiKey as string })).statusCode).toBe(200);
    const [other] = await t.db.execute(sql`select ar.id, v.id as version_id, v.product_id from asset_resources ar
      join product_versions v on v.id = ar.product_version_id where ar.type = 'oas3' and ar.id not like 'res-payments%' limit 1`).then((r) => (r as unknown as { rows: Array<{ id: string; version_id: string; product_id: string }> }).rows);
    const denied = await call(`${API}/gateway/${other!.product_id}/${other!.version_id}/${other!.id}`, { 'x-api-key': key });
    expect(denied.statusCode).toBe(403);

    // suspend: 401 at once on this instance; enable: 200 again
    expect((await t.request(orgadmin, { method: 'POST', url: `${API}/credentials/${c.id}/suspend` })).status).toBe(200);
    const suspended = await call(gw, { 'x-api-key': key });
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json().errors[0].detail).toMatch(/suspended/);
    expect(await transactionOf(suspended)).toMatchObject({ refusal: 'suspended', credentialId: c.id, orgId: ORG.acme, status: 401, statusDetail: 'failure' });
    expect((await t.request(orgadmin, { method: 'POST', url: `${API}/credentials/${c.id}/enable` })).status).toBe(200);
    expect((await call(gw, { 'x-api-key': key })).statusCode).toBe(200);

    // rotate: the old key is refused at once, the new one works once provisioned
    const rotated = await t.request(orgadmin, { method: 'POST', url: `${API}/credentials/${c.id}/rotate`, payload: { title: 'Rotated key' } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.provisioning.status).toBe('pending');
    const old = await call(gw, { 'x-api-key': key });
    expect(old.statusCode).toBe(401);
    expect(old.json().errors[0].detail).toMatch(/rotated/);
    expect(await transactionOf(old)).toMatchObject({ refusal: 'rotated', credentialId: c.id });
    const fresh = await provisioned(c.id);
    const newKey = fresh.provisioning.data.apiKey as string;
    expect(newKey).not.toBe(key);
    expect((await transactionOf(await call(gw, { 'x-api-key': key }))).refusal).toBe('rotated');
    expect((await call(gw, { 'x-api-key': newKey })).statusCode).toBe(200);

    // expiry: past the API key's 90 days the key is refused (the cache lives ≤ 1 s)
    clock.advance(91 * 86_400_000);
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await call(gw, { 'x-api-key': newKey });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errors[0].detail).toMatch(/expired/);
  });

  it('refused calls: an API client\'s message, a reason filter in the traffic list, an unknown key for the provider only', async () => {
    const missing = await call(gw, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().errors[0].detail).toBe('Missing credential: send X-API-Key, HTTP Basic or a Bearer token.');
    expect(missing.headers['www-authenticate']).toContain('ApiKey');
    expect(await transactionOf(missing)).toMatchObject({ refusal: 'missingCredential', orgId: null, status: 401 });
    const unknown = await call(gw, { 'x-api-key': 'agk_unknown-for-insights' });
    const unknownTx = await transactionOf(unknown);
    expect(unknownTx).toMatchObject({ refusal: 'unknownCredential', orgId: null, credentialId: null });
    expect(JSON.stringify(unknownTx.requestHeaders)).not.toContain('agk_unknown-for-insights');
    const c = await credential('APIKey');
    await t.request(orgadmin, { method: 'POST', url: `${API}/credentials/${c.id}/suspend` });
    const suspended = await call(gw, { 'x-api-key': c.provisioning.data.apiKey as string });

    // Calls are stamped with the real time (the manual clock moved 91 days ahead above).
    const range = `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;
    const list = (user: { id: string; orgId: string }, query: string) => t.request(user, { url: `${API}/analytics/transactions?${range}&pageSize=100&query=${encodeURIComponent(query)}` });
    const ids = (res: { body: { items: Array<{ transactionId: string }> } }) => res.body.items.map((i) => i.transactionId);
    // The consumer finds its suspended key's call by its reason, with the application; not the unknown key's.
    const mine = await list(orgadmin, 'refusal==suspended');
    expect(mine.status).toBe(200);
    expect(ids(mine)).toContain(suspended.headers['x-agora-transaction-id']);
    expect(mine.body.items.find((i: { transactionId: string }) => i.transactionId === suspended.headers['x-agora-transaction-id']))
      .toMatchObject({ applicationId: 'app-acme-checkout', transactionSummary: { status: 401, statusDetail: 'failure', refusal: 'suspended' } });
    expect(mine.body.items.every((i: { transactionSummary: { refusal: string } }) => i.transactionSummary.refusal === 'suspended')).toBe(true);
    expect(ids(await list(orgadmin, 'refusal=exists=true'))).not.toContain(unknown.headers['x-agora-transaction-id']);
    // Another organisation sees neither; the product's provider sees the unknown key's call.
    const globex = { id: USER.globex!, orgId: ORG.globex };
    const theirs = await list(globex, 'refusal=exists=true');
    expect(ids(theirs)).not.toContain(unknown.headers['x-agora-transaction-id']);
    expect(ids(theirs)).not.toContain(suspended.headers['x-agora-transaction-id']);
    expect((await t.request(globex, { url: `${API}/analytics/transactionDetails/${unknown.headers['x-agora-transaction-id']}` })).status).toBe(404);
    const provider = { id: USER.admin!, orgId: ORG.provider };
    expect(ids(await list(provider, 'refusal==unknownCredential'))).toContain(unknown.headers['x-agora-transaction-id']);
    expect((await list(provider, 'refusal==nonsense')).status).toBe(400);
  });

  it('a change made elsewhere (another instance) takes effect within 1 s', async () => {
    const c = await credential('APIKey');
    const key = c.provisioning.data.apiKey as string;
    expect((await call(gw, { 'x-api-key': key })).statusCode).toBe(200);
    await t.db.execute(sql`update credentials set state = 'inactive' where id = ${c.id}`);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await call(gw, { 'x-api-key': key })).statusCode).toBe(401);
  });

  it('OAuth: a token from /oauth/token (form, Basic; JSON, body), then Bearer; a rotation revokes it', async () => {
    const c = await credential('OAuth', { grantTypes: ['client_credentials'] });
    const { clientId, clientSecret } = c.provisioning.data as { clientId: string; clientSecret: string };
    const form = await t.app.inject({
      method: 'POST', url: `${API}/oauth/token`, payload: 'grant_type=client_credentials&scope=payments.read',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    });
    expect(form.statusCode, form.body).toBe(200);
    const token = form.json();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), scope: 'payments.read' });
    expect(token.expires_in).toBeLessThanOrEqual(3600);
    const json = await t.app.inject({ method: 'POST', url: `${API}/oauth/token`, payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });
    expect(json.statusCode).toBe(200);

    seen = [];
    const ok = await call(gw, { authorization: `Bearer ${token.access_token}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(seen[0]!.authorization).toBeUndefined();

    const bad = await t.app.inject({ method: 'POST', url: `${API}/oauth/token`, payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await t.app.inject({ method: 'POST', url: `${API}/oauth/token`, payload: { grant_type: 'password', client_id: clientId, client_secret: clientSecret } });
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await t.app.inject({ method: 'POST', url: `${API}/oauth/token`, payload: 'scope=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    // The body's schema (the OpenAPI description's) is checked, and answered in the RFC's shape;
    // a parameter the server does not know is ignored (RFC 6749 §3.2).
    const asForm = (body: string) => t.app.inject({ method: 'POST', url: `${API}/oauth/token`, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const long = await asForm(`grant_type=client_credentials&client_id=${'x'.repeat(501)}&client_secret=s`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('client_id') });
    expect((await asForm(`grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}&audience=x`)).statusCode).toBe(200);

    expect((await t.request(orgadmin, { method: 'POST', url: `${API}/credentials/${c.id}/rotate`, payload: { title: 'Rotated client' } })).status).toBe(200);
    await provisioned(c.id);
    const revoked = await call(gw, { authorization: `Bearer ${token.access_token}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toContain('Bearer');
    // a forged token (not ours) is refused
    expect((await call(gw, { authorization: `Bearer ${token.access_token.slice(0, -3)}abc` })).statusCode).toBe(401);
  });

  it('HTTP Basic: username and the provisioned password; a wrong password is a 401', async () => {
    const c = await credential('HTTPBasic', { username: 'checkout-basic' });
    const password = c.provisioning.data.password as string;
    const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
    const ok = await call(gw, { authorization: basic('checkout-basic', password) });
    expect(ok.statusCode, ok.body).toBe(200);
    const wrong = await call(gw, { authorization: basic('checkout-basic', `${password}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Basic');
  });

  it('mTLS: the certificate hash in the proxy header (Envoy format); the header is not forwarded', async () => {
    await credential('MutualTLS', { certificate: TEST_CERTIFICATE });
    seen = [];
    const ok = await call(gw, { 'x-forwarded-client-cert': `By=spiffe://agora/gw;Hash=${TEST_CERTIFICATE_SHA256};Subject="CN=test"` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(seen[0]!['x-forwarded-client-cert']).toBeUndefined();
    expect((await call(gw, { 'x-forwarded-client-cert': `Hash=${'0'.repeat(64)}` })).statusCode).toBe(401);
  });

  it('a portal session keeps the try-it path (X-API-Key goes upstream as the API\'s own header)', async () => {
    seen = [];
    const res = await t.request(orgadmin, { url: `${gw}/v1/payments`, headers: { 'x-api-key': 'the-upstreams-own' } });
    expect(res.status).toBe(200);
    expect(seen[0]!['x-api-key']).toBe('the-upstreams-own');
    const tx = await transactionOf(res);
    expect(tx.userId).toBe(USER.orgadmin);
  });

  it('no credential and no session: the try-it answer for visitors (401)', async () => {
    expect((await call(gw, {})).statusCode).toBe(401);
  });
});
