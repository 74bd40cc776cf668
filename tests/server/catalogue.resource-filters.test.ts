// The browse filters "has a resource in stage" and "has a resource in state" follow every write
// at once. They read the stages and states the database keeps on each product row from the
// resources of all its versions (migration 0008).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ids, seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';
import { assetResources, productVersions } from '../../server/src/db/schema.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const browse = async (query: string) => {
  const res = await t.request(f.alice, { url: `${API}/products?limit=50&sort=%2Btitle&${query}` });
  expect(res.status).toBe(200);
  expect(res.body.totalCount).toBe(res.body.items.length);
  return ids(res.body).sort();
};

describe('resource stage and state filters follow writes', () => {
  it('find a product by the stage or state of any resource of any of its versions', async () => {
    expect(await browse('stage.id=stage-sandbox')).toEqual(['p-cards', 'p-pets']);
    expect(await browse('stage.id=stage-prod')).toEqual(['p-bank', 'p-pets']);
    expect(await browse('assetResource.state=archived')).toEqual(['p-pets']);
    expect(await browse('assetResource.state=active')).toEqual(['p-bank', 'p-cards', 'p-pets']);
  });

  it('a resource added, moved to another stage or state, or deleted changes what the filters find', async () => {
    await t.db.insert(productVersions).values({ id: 'v-apple-2', productId: 'p-apple', label: 'v2', value: '2.0.0' });
    await t.db.insert(assetResources).values({ id: 'r-apple', productVersionId: 'v-apple-2', title: 'Apple tiles', type: 'oas3', stageId: 'stage-sandbox' });
    expect(await browse('stage.id=stage-sandbox')).toEqual(['p-apple', 'p-cards', 'p-pets']);

    await t.db.update(assetResources).set({ stageId: 'stage-prod', state: 'archiving' }).where(eq(assetResources.id, 'r-apple'));
    expect(await browse('stage.id=stage-sandbox')).toEqual(['p-cards', 'p-pets']);
    expect(await browse('stage.id=stage-prod')).toEqual(['p-apple', 'p-bank', 'p-pets']);
    expect(await browse('assetResource.state=archiving')).toEqual(['p-apple']);

    await t.db.delete(productVersions).where(eq(productVersions.id, 'v-apple-2'));
    expect(await browse('stage.id=stage-prod')).toEqual(['p-bank', 'p-pets']);
    expect(await browse('assetResource.state=archiving')).toEqual([]);

    await t.db.delete(assetResources).where(eq(assetResources.id, 'r-graph'));
    expect(await browse('stage.id=stage-sandbox')).toEqual(['p-cards']);
    expect(await browse('assetResource.state=archived')).toEqual([]);
  });
});
