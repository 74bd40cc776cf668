// The catalogue API over the demo seed: crawls every product a provider administrator can see,
// with its versions, resources, documents, articles and plans, and checks each answer is a 200
// of the contract (the seed's real data, not hand-made fixtures: contacts, pricing, specs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { users } from '../../server/src/db/schema.ts';

let t: TestApp;
let admin: { id: string; orgId: string };
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  const provider = (await t.db.select({ id: users.id, orgId: users.orgId, providerGuid: users.providerGuid, orgRoles: users.orgRoles }).from(users))
    .find((u) => u.providerGuid && u.orgRoles.includes('Administrator'));
  if (!provider) throw new Error('the demo seed has no provider administrator');
  admin = provider;
});
afterAll(() => t?.close());

const get = async (url: string, user: { id: string; orgId: string } | null = admin) => {
  const res = await t.request(user, { url: `${API}${url}` });
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body;
};

describe('catalogue over the demo seed', () => {
  it('browses, filters and sorts the demo catalogue', async () => {
    const all = await get('/products?limit=100');
    expect(all.totalCount).toBeGreaterThanOrEqual(30);
    for (const sort of ['-lastVersion.metadata.createdAt', '-metadata.createdAt', '-title']) {
      const sorted = await get(`/products?limit=5&sort=${sort}`);
      expect(sorted.items).toHaveLength(5);
    }
    const visitor = await get('/products?limit=100', null);
    expect(visitor.totalCount).toBeGreaterThan(0);
    expect(visitor.totalCount).toBeLessThan(all.totalCount);
    const categories = await get('/categories?size=100');
    expect(categories.totalCount).toBeGreaterThanOrEqual(8);
    expect(categories.items.some((c: { ancestors: unknown[] }) => c.ancestors.length > 0)).toBe(true);
    const search = await get('/search?search=payments');
    expect(search.totalCount).toBeGreaterThan(0);
    await get('/stages');
    await get('/resources?limit=100');
    await get('/productPlanUnits');
  });

  it('reads every product with its versions, resources, documents, articles and plans', async () => {
    const { items } = await get('/products?limit=100&fields=id');
    let resources = 0;
    let documents = 0;
    for (const { id } of items as Array<{ id: string }>) {
      await get(`/products/${id}`);
      const versions = await get(`/products/${id}/versions`);
      for (const v of versions.items as Array<{ id: string }>) {
        const base = `/products/${id}/versions/${v.id}`;
        await get(`${base}/overview`);
        const res = await get(`${base}/assetresources?limit=100`);
        await get(`${base}/assetresources/assets`);
        for (const r of res.items as Array<{ id: string }>) {
          resources += 1;
          await get(`${base}/assetresources/${r.id}`);
          const data = await t.app.inject({ url: `${API}${base}/assetresources/${r.id}/data`, headers: await t.headersFor(admin) });
          expect(data.statusCode).toBe(200);
        }
        const docs = await get(`${base}/documents`);
        for (const d of docs.items as Array<{ id: string; sections: Array<{ articleLinks: Array<{ id: string }> }> }>) {
          documents += 1;
          await get(`/documents/${d.id}`);
          const data = await t.app.inject({ url: `${API}/documents/${d.id}/data`, headers: await t.headersFor(admin) });
          expect(data.statusCode).toBe(200);
          for (const a of d.sections.flatMap((s) => s.articleLinks)) await get(`${base}/articles/${a.id}`);
        }
      }
      const plans = await get(`/products/${id}/plans`);
      for (const p of plans.items as Array<{ id: string; subscription: { definitionId: string | null } }>) {
        await get(`/products/${id}/plans/${p.id}`);
        const quotas = await get(`/products/${id}/plans/${p.id}/quotas`);
        for (const q of quotas.items as Array<{ id: string }>) await get(`/products/${id}/plans/${p.id}/quotas/${q.id}`);
        await get(`/products/${id}/plans/${p.id}/resources`);
        if (p.subscription.definitionId) await get(`/products/${id}/plans/${p.id}/subscriptionRequestDefinitions/${p.subscription.definitionId}`);
      }
    }
    expect(resources).toBeGreaterThan(8);
    expect(documents).toBeGreaterThan(0);
  });
});
