// Search follows every write at once. Search reads search_entries, a table the database keeps
// from products, versions, resources, documents, sections and articles (migration 0005): each
// change of a title, a text, a version, a document's place or a product's visibility must show
// on the next search, whoever writes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';
import { articles, assetResources, documents, documentSections, products, productVersions } from '../../server/src/db/schema.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
const hits = async (user: TestUser | null, text: string) => {
  const res = await t.request(user, { url: `${API}/search?search=${encodeURIComponent(text)}&pageSize=50` });
  expect(res.status).toBe(200);
  const items = res.body.items as Array<{ type: string; id: string }>;
  expect(res.body.totalCount).toBe(items.length);
  return items.map((i) => `${i.type}:${i.id}`).sort();
};

describe('search follows versions', () => {
  it("keeps only the product's latest version, as publishing records it", async () => {
    expect(await hits(f.alice, 'pets api')).toContain('asset_resource:r-pets');
    expect(await hits(f.alice, 'pets api')).not.toContain('asset_resource:r-pets-old');

    await t.db.insert(productVersions).values({ id: 'v-pets-3', productId: 'p-pets', label: 'v3', value: '3.0.0', createdAt: day(30) });
    await t.db.insert(assetResources).values({ id: 'r-pets-3', productVersionId: 'v-pets-3', title: 'Pets API three', type: 'oas3' });
    // Until the product records v3 as its last version, v2 stays the latest.
    expect(await hits(f.alice, 'pets api')).toContain('asset_resource:r-pets');
    expect(await hits(f.alice, 'pets api')).not.toContain('asset_resource:r-pets-3');

    await t.db.update(products).set({ lastVersionCreatedAt: day(30) }).where(eq(products.id, 'p-pets'));
    expect(await hits(f.alice, 'pets api')).toContain('asset_resource:r-pets-3');
    expect(await hits(f.alice, 'pets api')).not.toContain('asset_resource:r-pets');
    expect(await hits(f.alice, 'leash')).toEqual([]); // v2's documents went with it

    await t.db.update(products).set({ lastVersionCreatedAt: day(20) }).where(eq(products.id, 'p-pets'));
    await t.db.delete(productVersions).where(eq(productVersions.id, 'v-pets-3'));
    expect(await hits(f.alice, 'pets api')).toContain('asset_resource:r-pets');
    expect(await hits(f.alice, 'pets api')).not.toContain('asset_resource:r-pets-3');
    expect(await hits(f.alice, 'leash')).toEqual(['document_resource:art-1']);
  });

  it('takes the newest version when the product records none', async () => {
    await t.db.insert(products).values({ id: 'p-quokka', name: 'quokka', title: 'Quokka Hub', createdAt: day(1) });
    await t.db.insert(productVersions).values({ id: 'v-quokka-1', productId: 'p-quokka', label: 'v1', value: '1', createdAt: day(1) });
    await t.db.insert(assetResources).values({ id: 'r-quokka-1', productVersionId: 'v-quokka-1', title: 'Quokka feed', type: 'oas3' });
    expect(await hits(null, 'quokka')).toEqual(['asset_resource:r-quokka-1', 'product:p-quokka']);
    await t.db.insert(productVersions).values({ id: 'v-quokka-2', productId: 'p-quokka', label: 'v2', value: '2', createdAt: day(2) });
    await t.db.insert(assetResources).values({ id: 'r-quokka-2', productVersionId: 'v-quokka-2', title: 'Quokka feed two', type: 'oas3' });
    expect(await hits(null, 'quokka')).toEqual(['asset_resource:r-quokka-2', 'product:p-quokka']);
    await t.db.delete(products).where(eq(products.id, 'p-quokka'));
    expect(await hits(null, 'quokka')).toEqual([]);
  });
});

describe('search follows content', () => {
  it('finds renamed resources, rewritten articles and sections by their new text only', async () => {
    await t.db.update(assetResources).set({ title: 'Kitten Graph' }).where(eq(assetResources.id, 'r-graph'));
    expect(await hits(f.alice, 'kitten')).toEqual(['asset_resource:r-graph']);
    await t.db.update(articles).set({ content: 'Bring a hamster wheel.' }).where(eq(articles.id, 'art-2'));
    expect(await hits(f.alice, 'hamster')).toEqual(['document_resource:art-2']);
    expect(await hits(f.alice, 'veterinarian')).toEqual([]);
    await t.db.update(documentSections).set({ description: 'Biscuits for ferrets' }).where(eq(documentSections.id, 'sec-2'));
    expect(await hits(f.alice, 'ferrets')).toEqual(['document_resource:sec-2']);
  });

  it('moves a document with its sections and articles when it changes version, and drops them with it', async () => {
    expect(await hits(f.alice, 'price list')).toEqual(['document_resource:doc-pdf']);
    await t.db.update(documents).set({ productVersionId: 'v-pets-1' }).where(eq(documents.id, 'doc-pdf'));
    expect(await hits(f.alice, 'price list')).toEqual([]);
    await t.db.update(documents).set({ productVersionId: 'v-pets-1' }).where(eq(documents.id, 'doc-guide'));
    expect(await hits(f.alice, 'leash')).toEqual([]);
    await t.db.update(documents).set({ productVersionId: 'v-pets-2' }).where(eq(documents.id, 'doc-guide'));
    expect(await hits(f.alice, 'leash')).toEqual(['document_resource:art-1']);

    await t.db.delete(documents).where(eq(documents.id, 'doc-guide'));
    expect(await hits(f.alice, 'leash')).toEqual([]);
    expect(await hits(f.alice, 'getting started')).toEqual([]);
  });
});

describe('search follows visibility', () => {
  it("hides a product's resources and documents with the product", async () => {
    const pets = ['asset_resource:r-pets', 'product:p-pets'];
    expect(await hits(f.bob, 'pets adopt')).toEqual(pets);
    try {
      await t.db.update(products).set({ visibility: 'restricted', visibilityTeamIds: ['team-a1'] }).where(eq(products.id, 'p-pets'));
      expect(await hits(f.bob, 'pets adopt')).toEqual([]);
      expect(await hits(f.alice, 'pets adopt')).toEqual(pets);
      await t.db.update(products).set({ state: 'unpublished' }).where(eq(products.id, 'p-pets'));
      expect(await hits(f.alice, 'pets adopt')).toEqual([]);
      expect(await hits(f.providerAdmin, 'pets adopt')).toEqual(pets);
    } finally {
      await t.db.update(products).set({ state: 'published', visibility: 'unrestricted', visibilityTeamIds: [] }).where(eq(products.id, 'p-pets'));
    }
    expect(await hits(null, 'pets adopt')).toEqual(pets);
  });
});

describe('search pages', () => {
  it('pages through hits of equal rank in one order, each hit once', async () => {
    // Seven products of one title rank the same; ties follow the order their entries were written.
    const ids = Array.from({ length: 7 }, (_, i) => `p-wombat-${i}`);
    await t.db.insert(products).values(ids.map((id, i) => ({ id, name: id, title: 'Wombat Relay', createdAt: day(i) })));
    try {
      const page = async (n: number) => {
        const res = await t.request(f.alice, { url: `${API}/search?search=wombat&type=product&pageSize=3&page=${n}` });
        expect(res.status).toBe(200);
        expect(res.body.totalCount).toBe(7);
        return (res.body.items as Array<{ id: string; rank: number }>);
      };
      const paged = [...await page(1), ...await page(2), ...await page(3)];
      expect(new Set(paged.map((i) => i.rank)).size).toBe(1);
      expect(paged.map((i) => i.id)).toEqual(ids);
      // Asked again (on PostgreSQL the prepared statement has moved to its generic plan by now).
      for (let n = 0; n < 3; n++) expect((await page(2)).map((i) => i.id)).toEqual(ids.slice(3, 6));
    } finally {
      await t.db.delete(products).where(inArray(products.id, ids));
    }
  });
});
