// "Agora Marketplace API" in its own catalogue (server/src/openapi/product.ts): on the demo store
// the server publishes it at start with package.json's version, the served description as its
// resource and the README's sections as documents; catalogue and search find it; try-it calls the
// real /api/v1 with the caller's session through the gateway (recorded like any call, no socket:
// gateway/self.ts); a restart with nothing changed writes nothing, a new package version adds one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { PACKAGE_VERSION } from '../../server/src/app.ts';
import { OWN_API, ownApiIds, syncOwnApiProduct } from '../../server/src/openapi/product.ts';
import { productVersions, transactions } from '../../server/src/db/schema.ts';

let t: TestApp;
const { versionId, resourceId } = ownApiIds(PACKAGE_VERSION);
const consumer = { id: 'user-consumer', orgId: 'org-acme' };

beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); }, ownApiProduct: true });
}, 300_000); // the demo seed takes a while on a busy machine
afterAll(async () => { await t?.close(); });

describe('the product "Agora Marketplace API"', () => {
  it('is in the catalogue and search, at the package version, with the live description and the README as documents', async () => {
    const product = await t.request(null, { url: `${API}/products/${OWN_API.productId}` });
    expect(product.status).toBe(200);
    expect(product.body.title).toBe('Agora Marketplace API');
    const listed = await t.request(null, { url: `${API}/products?search=${encodeURIComponent('Agora Marketplace API')}` });
    expect(listed.body.items.map((p: { id: string }) => p.id)).toContain(OWN_API.productId);
    const found = await t.request(null, { url: `${API}/search?search=marketplace` });
    expect(found.body.items.some((i: { product?: { id: string } }) => i.product?.id === OWN_API.productId)).toBe(true);

    const versions = await t.request(null, { url: `${API}/products/${OWN_API.productId}/versions` });
    expect(versions.body.items.map((v: { label: string }) => v.label)).toEqual([PACKAGE_VERSION]);
    const served = await t.app.inject({ url: `${API}/openapi.json` });
    const data = await t.app.inject({ url: `${API}/products/${OWN_API.productId}/versions/${versionId}/assetresources/${resourceId}/data` });
    expect(data.statusCode).toBe(200);
    expect(JSON.parse(data.body)).toEqual(JSON.parse(served.body));

    const docs = await t.request(null, { url: `${API}/products/${OWN_API.productId}/versions/${versionId}/documents` });
    const titles = docs.body.items.map((d: { title: string }) => d.title);
    expect(titles).toEqual(expect.arrayContaining(['Run it', 'Configuration', 'Test']));
  });

  it('try-it answers from the real /api/v1 with the caller\'s session, recorded as a gateway call', async () => {
    const gateway = `${API}/gateway/${OWN_API.productId}/${versionId}/${resourceId}`;
    expect((await t.request(null, { url: `${gateway}/marketplace` })).status).toBe(401);
    const tried = await t.request(consumer, { url: `${gateway}/marketplace` });
    expect(tried.status).toBe(200);
    expect(tried.body).toEqual((await t.request(consumer, { url: `${API}/marketplace` })).body);
    // The session is the caller's: the applications listed are the consumer's organisation's.
    const apps = await t.request(consumer, { url: `${gateway}/applications` });
    expect(apps.status).toBe(200);
    expect(apps.body.items.length).toBeGreaterThan(0);
    expect(apps.body.items.every((a: { organization?: { id: string }; orgId?: string }) => (a.organization?.id ?? a.orgId ?? 'org-acme') === 'org-acme')).toBe(true);
    const [row] = await t.db.select().from(transactions)
      .where(and(eq(transactions.assetResourceId, resourceId), eq(transactions.path, '/applications')));
    expect(row).toMatchObject({ status: 200, upstreamUrl: 'self:', userId: consumer.id });
    // The gateway through itself is refused rather than nested.
    expect((await t.request(consumer, { url: `${gateway}/gateway/${OWN_API.productId}/${versionId}/${resourceId}/marketplace` })).status).toBe(403);
  });

  it('a restart with nothing changed writes nothing; a new package version adds a version and deprecates the old', async () => {
    expect(await syncOwnApiProduct(t.app, t.db, PACKAGE_VERSION)).toBe('current');
    expect(await syncOwnApiProduct(t.app, t.db, '99.0.0')).toBe('updated');
    const versions = await t.db.select({ label: productVersions.label, state: productVersions.state }).from(productVersions)
      .where(eq(productVersions.productId, OWN_API.productId));
    expect(versions).toEqual(expect.arrayContaining([{ label: PACKAGE_VERSION, state: 'deprecated' }, { label: '99.0.0', state: 'active' }]));
  });
});
