// The catalogue's answer cache (server/src/catalogue/cache.ts): a write shows at once (on this
// instance and on another sharing the store), audiences never see each other's answers,
// ETag / If-None-Match, the compressed forms, the headers, and the memory bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { ids, seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';
import { buildApp } from '../../server/src/app.ts';
import { categories, documents, plans, productCategories, products, siteConfig } from '../../server/src/db/schema.ts';
import { publishProduct } from '../../server/src/publish/index.ts';
import { audienceKey, pickEncoding, requestKey } from '../../server/src/catalogue/cache.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) => t.request(user, { url: `${API}${url}`, headers });
const listed = async (user: TestUser | null, url = '/products?limit=100&sort=%2Btitle') => ids((await get(user, url)).body);

describe('audiences never share answers', () => {
  it('a restricted product cached for its team is not served to visitors, another team or another organisation', async () => {
    // Each asks twice: the second answer comes from the cache.
    for (let i = 0; i < 2; i++) {
      expect(await listed(f.alice)).toContain('p-cards');
      expect(await listed(null)).not.toContain('p-cards');
      expect(await listed(f.aaron)).not.toContain('p-cards');
      expect(await listed(f.bob)).not.toContain('p-cards');
      expect((await get(f.alice, '/products/p-cards')).status).toBe(200);
      expect((await get(null, '/products/p-cards')).status).toBe(404);
      expect((await get(f.bob, '/products/p-cards')).status).toBe(404);
      expect((await get(f.aaron, '/search?search=secret')).body.items).toEqual([]);
    }
  });

  it('counts of an organisation\'s subscriptions never reach another one with the same teams and roles', async () => {
    const product = async (user: TestUser) => (await get(user, '/products/p-pets?fields=subscriptions')).body.subscriptions.totalCount;
    const [a, b] = [await product(f.aaron), await product(f.loner)];
    expect(await product(f.aaron)).toBe(a);
    expect(await product(f.loner)).toBe(b);
    expect(audienceKey({ ...visitorLike(f.aaron), orgId: 'org-a' })).not.toBe(audienceKey({ ...visitorLike(f.aaron), orgId: 'org-b' }));
  });

  it('the key holds organisation, provider, roles, entitlements and teams (with tags and roles), not the user', () => {
    const base = { userId: 'u1', name: null, email: null, orgId: 'org-a', orgRoles: ['Consumer'], providerGuid: null, entitlements: [],
      teams: [{ guid: 't1', name: 'T', tags: ['gold'], roles: ['consumer'] }] };
    expect(audienceKey({ ...base, userId: 'u2' })).toBe(audienceKey(base));
    expect(audienceKey({ ...base, orgRoles: ['Consumer', 'Administrator'] })).not.toBe(audienceKey(base));
    expect(audienceKey({ ...base, providerGuid: 'p' })).not.toBe(audienceKey(base));
    expect(audienceKey({ ...base, entitlements: ['public_provider'] })).not.toBe(audienceKey(base));
    expect(audienceKey({ ...base, teams: [{ ...base.teams[0]!, tags: [] }] })).not.toBe(audienceKey(base));
    expect(audienceKey({ ...base, teams: [{ ...base.teams[0]!, roles: ['approver'] }] })).not.toBe(audienceKey(base));
    expect(audienceKey({ ...base, userId: null, orgId: null, orgRoles: [], teams: [] })).toBe('visitor');
  });
});

const visitorLike = (u: TestUser) => ({ userId: u.id, name: null, email: null, orgId: u.orgId, orgRoles: u.orgRoles, teams: [], providerGuid: null, entitlements: [] });

describe('a write is visible at once', () => {
  it('products, categories, documents and plans: the next read after each write sees it', async () => {
    const product = () => get(f.alice, '/products/p-pets?fields=title,categories,plans');
    expect((await product()).body.title).not.toBe('Pets renamed');
    await t.db.update(products).set({ title: 'Pets renamed' }).where(eq(products.id, 'p-pets'));
    expect((await product()).body.title).toBe('Pets renamed');

    await t.db.update(categories).set({ title: 'Finance renamed' }).where(eq(categories.id, 'cat-finance'));
    expect((await get(f.alice, '/categories/cat-finance')).body.title).toBe('Finance renamed');

    const before = (await product()).body.plans.totalCount;
    await t.db.insert(plans).values({ id: 'plan-pets-extra', productId: 'p-pets', title: 'Extra', type: 'free', state: 'active' });
    expect((await product()).body.plans.totalCount).toBe(before + 1);

    const [doc] = await t.db.select({ id: documents.id }).from(documents).limit(1);
    const title = `Renamed ${Date.now()}`;
    await t.db.update(documents).set({ title }).where(eq(documents.id, doc!.id));
    expect((await get(f.providerAdmin, `/documents/${doc!.id}`)).body.title).toBe(title);

    await t.db.delete(productCategories).where(eq(productCategories.productId, 'p-pets'));
    expect((await product()).body.categories).toEqual([]);
  });

  it('answers are served from memory: a write that did not bump the version would not show (what makes the tests above meaningful)', async () => {
    const title = async () => (await get(f.bob, '/products/p-zebra?fields=title')).body.title;
    const cached = await title();
    expect(t.app.catalogueCache.size).toBeGreaterThan(0);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table products disable trigger catalogue_version_bump`);
      await tx.update(products).set({ title: 'Zebra unseen' }).where(eq(products.id, 'p-zebra'));
      await tx.execute(sql`alter table products enable trigger catalogue_version_bump`);
    });
    expect(await title()).toBe(cached);
    // The embedded store pushes each bump (no read per request); PostgreSQL is read per request.
    expect(t.app.catalogueCache.versions.following).toBe(t.store.kind === 'pglite');
    await t.db.update(products).set({ title: 'Zebra seen' }).where(eq(products.id, 'p-zebra'));
    expect(await title()).toBe('Zebra seen');
  });

  it('a product published (the import path) is listed and found at once', async () => {
    const spec = JSON.stringify({ openapi: '3.0.3', info: { title: 'Freshly Cached', version: '1.0.0' }, paths: { '/x': { get: { responses: { 200: { description: 'ok' } } } } } });
    expect(await listed(null)).not.toContain('prod-freshly-cached');
    const published = await publishProduct(t.db, { content: spec, fileName: 'fresh.json', options: { visibility: 'unrestricted' } });
    expect(await listed(null)).toContain(published.productId);
    expect(ids((await get(null, '/search?search=freshly&type=product')).body)).toEqual([published.productId]);
  });

  it('site settings: the gate and the marketplace root follow at once', async () => {
    expect((await get(null, '/products')).status).toBe(200);
    expect((await get(null, '/marketplace')).body.settings.public).not.toBe(false);
    await t.setSettings({ public: false });
    try {
      expect((await get(null, '/products')).status).toBe(401);
      expect((await get(null, '/marketplace')).body.settings.public).toBe(false);
    } finally {
      await t.setSettings({ public: true });
    }
    expect((await get(null, '/products')).status).toBe(200);
  });

  it('another instance on the same store sees a write of this one on its next read', async () => {
    const other: FastifyInstance = await buildApp({ store: t.store, auth: { secret: t.app.authOptions.secret! }, runJobs: false });
    try {
      const title = async () => (await other.inject({ url: `${API}/products/p-apple?fields=title` })).json().title;
      expect(await title()).toBe(await title());
      await t.db.update(products).set({ title: 'Apple from elsewhere' }).where(eq(products.id, 'p-apple'));
      expect(await title()).toBe('Apple from elsewhere');
    } finally {
      await other.close();
    }
  });

  it('every table the catalogue\'s SQL reads bumps the version (a new table read there must be added to migration 0014)', async () => {
    const dir = join(import.meta.dirname, '../../server/src/catalogue');
    const named = new Set<string>();
    for (const file of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\b(?:from|join)\s+([a-z_]+)\s+[a-z]{1,3}\b/g)) named.add(m[1]!);
    }
    const found = (await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`)) as unknown as { rows: Array<{ table_name: string }> };
    const tables = new Set(found.rows.map((r) => r.table_name));
    const triggered = (await t.db.execute(sql`select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = 'catalogue_version_bump'`)) as unknown as { rows: Array<{ relname: string }> };
    const bumping = new Set(triggered.rows.map((r) => r.relname));
    // Kept by triggers from tables that bump the version themselves.
    const derived = ['search_entries', 'category_products', 'restricted_products', 'product_audience_counts'];
    const missing = [...named].filter((n) => tables.has(n) && !derived.includes(n) && !bumping.has(n));
    expect(named.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
    expect(bumping.has('site_config')).toBe(true);
  });

  it('a transaction that writes many rows bumps the version once, at commit', async () => {
    const version = async () => ((await t.db.execute(sql`select version::text as v from catalogue_version`)) as unknown as { rows: Array<{ v: string }> }).rows[0]!.v;
    const before = BigInt(await version());
    await t.db.transaction(async (tx) => {
      await tx.update(products).set({ description: 'one' }).where(eq(products.id, 'p-zebra'));
      await tx.update(products).set({ description: 'two' }).where(eq(products.id, 'p-apple'));
    });
    expect(BigInt(await version())).toBe(before + 1n);
    await t.db.update(siteConfig).set({ features: [] }).where(eq(siteConfig.id, 'nope'));
    expect(BigInt(await version())).toBe(before + 1n);
  });
});

describe('HTTP caching', () => {
  it('ETag, If-None-Match -> 304, and a new ETag once the answer changes', async () => {
    const first = await get(null, '/products?limit=5');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: `${API}/products?limit=5`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // One of several tags.
    expect((await t.app.inject({ url: `${API}/products?limit=5`, headers: { 'if-none-match': `"x", ${etag}` } })).statusCode).toBe(304);
    await t.db.update(products).set({ title: 'Zebra changed' }).where(eq(products.id, 'p-zebra'));
    const changed = await t.app.inject({ url: `${API}/products?limit=5`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('Vary and Cache-Control: per caller, revalidated on every use', async () => {
    const visitor = await get(null, '/products');
    expect(String(visitor.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(String(visitor.headers.vary)).toMatch(/Authorization/i);
    expect(String(visitor.headers.vary)).toMatch(/X-Tenant-Id/i);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const member = await get(f.alice, '/products');
    expect(member.headers['cache-control']).toBe('private, no-cache');
  });

  it('compressed once per encoding, the same JSON in each', async () => {
    const url = `${API}/products?limit=100`;
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (let i = 0; i < 2; i++) {
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(gz.headers.etag).toBe(plain.headers.etag);
    }
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
  });

  it('the query is normalised: parameter order does not matter, values do', () => {
    expect(requestKey('/api/v1/products?limit=10&offset=5')).toBe(requestKey('/api/v1/products?offset=5&limit=10'));
    expect(requestKey('/api/v1/products?status=a&status=b')).not.toBe(requestKey('/api/v1/products?status=b&status=a'));
    expect(requestKey('/api/v1/products?limit=10')).not.toBe(requestKey('/api/v1/products?limit=11'));
  });

  it('Accept-Language does not change catalogue answers (so it is not part of the key)', async () => {
    const en = await get(null, '/products?limit=3', { 'accept-language': 'en' });
    const fr = await get(null, '/products?limit=3', { 'accept-language': 'fr' });
    expect(fr.body).toEqual(en.body);
  });

  it('holds at most its byte budget, least recently used out first', async () => {
    const small = await buildApp({ store: t.store, auth: { secret: t.app.authOptions.secret! }, runJobs: false, catalogueCacheBytes: 8 * 1024 });
    try {
      for (let offset = 0; offset < 40; offset++) {
        expect((await small.inject({ url: `${API}/products?limit=3&offset=${offset % 8}&fields=id,title,description` })).statusCode).toBe(200);
        expect(small.catalogueCache.bytes).toBeLessThanOrEqual(8 * 1024);
      }
      expect(small.catalogueCache.size).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});
