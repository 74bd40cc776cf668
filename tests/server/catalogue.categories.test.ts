// Category product counts and the category-tree filter follow every write at once. Both read
// category_products, which the database keeps from product_categories, the category tree and
// each product's visibility (migration 0006).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { ids, seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';
import { categories, productCategories, products } from '../../server/src/db/schema.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const get = (user: TestUser | null, url: string) => t.request(user, { url: `${API}${url}` });
/** productCount of every category, as the caller sees them. */
const counts = async (user: TestUser | null) => {
  const res = await get(user, '/categories?size=50&fields=id,productCount');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.items as Array<{ id: string; productCount: number }>).map((c) => [c.id, c.productCount]));
};
const underTree = async (user: TestUser | null, id: string) =>
  ids((await get(user, `/products?limit=50&category.id=${id}&include.child.categories=true&sort=%2Btitle`)).body).sort();

describe('category product counts and the tree filter follow writes', () => {
  it('count each product once per subtree, as the caller may see it', async () => {
    // Finance > Payments > Cards; p-pets in Payments and Maps, p-bank in Finance, p-cards (restricted to A1) in Cards.
    expect(await counts(f.alice)).toEqual({ 'cat-finance': 3, 'cat-payments': 2, 'cat-cards': 1, 'cat-maps': 2 });
    expect(await counts(f.bob)).toEqual({ 'cat-finance': 2, 'cat-payments': 1, 'cat-cards': 0, 'cat-maps': 2 });
    expect(await counts(null)).toEqual({ 'cat-finance': 1, 'cat-payments': 1, 'cat-cards': 0, 'cat-maps': 2 });
    // Filed twice in one subtree, counted once.
    await t.db.insert(productCategories).values({ productId: 'p-pets', categoryId: 'cat-finance' });
    expect((await counts(null))['cat-finance']).toBe(1);
    expect(await underTree(null, 'cat-finance')).toEqual(['p-pets']);
    await t.db.delete(productCategories).where(and(eq(productCategories.productId, 'p-pets'), eq(productCategories.categoryId, 'cat-finance')));
    expect((await counts(null))['cat-finance']).toBe(1);
  });

  it('filing and unfiling a product updates its categories and their ancestors', async () => {
    await t.db.insert(productCategories).values({ productId: 'p-zebra', categoryId: 'cat-cards' });
    expect(await counts(null)).toEqual({ 'cat-finance': 2, 'cat-payments': 2, 'cat-cards': 1, 'cat-maps': 2 });
    expect(await underTree(null, 'cat-finance')).toEqual(['p-pets', 'p-zebra']);
    await t.db.delete(productCategories).where(eq(productCategories.productId, 'p-zebra'));
    expect(await counts(null)).toEqual({ 'cat-finance': 1, 'cat-payments': 1, 'cat-cards': 0, 'cat-maps': 2 });
    expect(await underTree(null, 'cat-finance')).toEqual(['p-pets']);
  });

  it("moving or deleting a category moves its products' counts", async () => {
    await t.db.update(categories).set({ parentId: 'cat-maps' }).where(eq(categories.id, 'cat-payments'));
    expect(await counts(f.alice)).toEqual({ 'cat-finance': 1, 'cat-payments': 2, 'cat-cards': 1, 'cat-maps': 3 });
    expect(await underTree(f.alice, 'cat-maps')).toEqual(['p-apple', 'p-cards', 'p-pets']);
    expect(await underTree(f.alice, 'cat-finance')).toEqual(['p-bank']);
    await t.db.update(categories).set({ parentId: 'cat-finance' }).where(eq(categories.id, 'cat-payments'));
    expect(await counts(f.alice)).toEqual({ 'cat-finance': 3, 'cat-payments': 2, 'cat-cards': 1, 'cat-maps': 2 });

    await t.db.insert(categories).values({ id: 'cat-tmp', title: 'Temporary', parentId: 'cat-maps' });
    await t.db.update(categories).set({ parentId: 'cat-tmp' }).where(eq(categories.id, 'cat-cards'));
    expect((await counts(f.alice))['cat-maps']).toBe(3);
    await t.db.delete(categories).where(eq(categories.id, 'cat-tmp'));
    // Cards lost its parent: its product no longer counts under Maps.
    expect(await counts(f.alice)).toEqual({ 'cat-finance': 2, 'cat-payments': 1, 'cat-cards': 1, 'cat-maps': 2 });
    await t.db.update(categories).set({ parentId: 'cat-payments' }).where(eq(categories.id, 'cat-cards'));
    expect(await counts(f.alice)).toEqual({ 'cat-finance': 3, 'cat-payments': 2, 'cat-cards': 1, 'cat-maps': 2 });
  });

  it("a product's visibility changes its counts at once", async () => {
    try {
      await t.db.update(products).set({ visibility: 'unrestricted' }).where(eq(products.id, 'p-cards'));
      expect(await counts(null)).toEqual({ 'cat-finance': 2, 'cat-payments': 2, 'cat-cards': 1, 'cat-maps': 2 });
      expect(await underTree(null, 'cat-payments')).toEqual(['p-cards', 'p-pets']);
      await t.db.update(products).set({ state: 'deleted' }).where(eq(products.id, 'p-pets'));
      expect(await counts(f.providerAdmin)).toEqual({ 'cat-finance': 2, 'cat-payments': 1, 'cat-cards': 1, 'cat-maps': 1 });
    } finally {
      await t.db.update(products).set({ visibility: 'restricted' }).where(eq(products.id, 'p-cards'));
      await t.db.update(products).set({ state: 'published' }).where(eq(products.id, 'p-pets'));
    }
    expect(await counts(null)).toEqual({ 'cat-finance': 1, 'cat-payments': 1, 'cat-cards': 0, 'cat-maps': 2 });
  });
});
