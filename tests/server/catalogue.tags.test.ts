// GET /products?tag=: the featured-product carousel's tag filter (products carrying any given tag).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ids, seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const get = (url: string) => t.request(f.alice, { url: `${API}${url}` });

describe('GET /products?tag=', () => {
  it('keeps the products carrying the tag, with the other filters and sorts', async () => {
    const res = await get('/products?tag=animals&sort=-lastVersion.metadata.createdAt');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(['p-pets']);
    expect(res.body.totalCount).toBe(1);
  });

  it('treats repeated tags as alternatives and matches tags exactly', async () => {
    expect(ids((await get('/products?tag=nothing&tag=animals')).body)).toEqual(['p-pets']);
    expect((await get('/products?tag=anim')).body).toEqual({ items: [], totalCount: 0 });
    expect((await get('/products?tag=Animals')).body.totalCount).toBe(0);
  });

  it('refuses an empty tag with a 400 naming it', async () => {
    const res = await get('/products?tag=');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('tag');
  });
});
