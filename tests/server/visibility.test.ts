// Visibility and tenancy of the catalogue (spec 3 §6): who sees which product, through every
// path that reaches a product (browse, details, versions, documents, resources, plans, search,
// category counts), and that counts of subscriptions and applications never cross organisations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { ids, seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';
import { products, teams } from '../../server/src/db/schema.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const get = (user: TestUser | null, url: string) => t.request(user, { url: `${API}${url}` });
const visible = async (user: TestUser | null) => ids((await get(user, '/products?limit=100&sort=%2Btitle')).body).sort();

describe('product visibility kinds', () => {
  it('visitors see unrestricted published products only', async () => {
    expect(await visible(null)).toEqual(['p-apple', 'p-pets', 'p-zebra']);
  });

  it('signed-in users also see authenticated products', async () => {
    expect(await visible(f.loner)).toContain('p-bank');
  });

  it('restricted: only members of a listed team', async () => {
    expect(await visible(f.alice)).toContain('p-cards');
    expect(await visible(f.aaron)).not.toContain('p-cards');
    expect(await visible(f.bob)).not.toContain('p-cards');
  });

  it('restrictedExcluded: everyone but members of listed teams only', async () => {
    expect(await visible(f.aaron)).not.toContain('p-weather');
    expect(await visible(f.alice)).toContain('p-weather');
    expect(await visible(f.bob)).toContain('p-weather');
    // a user in no team is not in a listed team
    expect(await visible(f.loner)).toContain('p-weather');
    expect(await visible(null)).not.toContain('p-weather');
  });

  it('restrictedTags: members of a team carrying a listed tag', async () => {
    expect(await visible(f.alice)).toContain('p-gold');
    expect(await visible(f.bob)).not.toContain('p-gold');
  });

  it('exact sets per caller; the owner team and provider users see more; deleted products never show', async () => {
    expect(await visible(f.alice)).toEqual(['p-apple', 'p-bank', 'p-cards', 'p-gold', 'p-pets', 'p-weather', 'p-zebra']);
    expect(await visible(f.aaron)).toEqual(['p-apple', 'p-bank', 'p-pets', 'p-zebra']);
    expect(await visible(f.bob)).toEqual(['p-apple', 'p-bank', 'p-pets', 'p-weather', 'p-zebra']);
    expect(await visible(f.providerAdmin)).toEqual(['p-apple', 'p-bank', 'p-cards', 'p-draft', 'p-gold', 'p-internal', 'p-pets', 'p-weather', 'p-zebra']);
  });

  it('the owner team sees its product whatever its visibility, without provider rights', async () => {
    const member = await t.createUser({ orgId: 'org-prov' });
    await t.addToTeam('team-prov', member.id, ['developer']);
    expect(await visible(member)).toContain('p-internal');
    expect(await visible(member)).not.toContain('p-draft');
  });
});

describe('visibility follows every write at once', () => {
  // The audience the indexes test is derived by the database from state and visibility; team
  // lists, tags and the owner are decided per caller. Each change must show on the next call.
  const setProduct = (id: string, patch: Partial<typeof products.$inferInsert>) => t.db.update(products).set(patch).where(eq(products.id, id));
  const listed = async (user: TestUser | null) => {
    const body = (await get(user, '/products?limit=100&sort=%2Btitle')).body;
    expect(body.totalCount).toBe(body.items.length);
    return ids(body);
  };
  const searched = async (user: TestUser | null) => ids((await get(user, '/search?search=banking&type=product')).body);

  it("changing a product's visibility or state changes who sees it, in lists, counts, details and search", async () => {
    try {
      await setProduct('p-bank', { visibility: 'restricted', visibilityTeamIds: ['team-b1'] });
      expect(await listed(f.bob)).toContain('p-bank');
      expect(await listed(f.loner)).not.toContain('p-bank');
      expect(await listed(f.alice)).not.toContain('p-bank');
      expect((await get(f.alice, '/products/p-bank')).status).toBe(404);
      expect(await searched(f.bob)).toEqual(['p-bank']);
      expect(await searched(f.alice)).toEqual([]);

      await setProduct('p-bank', { visibility: 'unrestricted' });
      expect(await listed(null)).toContain('p-bank');
      expect(await searched(null)).toEqual(['p-bank']);
      // Finance holds p-bank, and p-pets in a subcategory.
      expect((await get(null, '/categories/cat-finance?fields=productCount')).body.productCount).toBe(2);

      await setProduct('p-bank', { state: 'unpublished' });
      for (const user of [null, f.alice, f.bob]) {
        expect(await listed(user)).not.toContain('p-bank');
        expect(await searched(user)).toEqual([]);
      }
      expect((await get(f.bob, '/categories/cat-finance?fields=productCount')).body.productCount).toBe(1);
      expect(await listed(f.providerAdmin)).toContain('p-bank');

      await setProduct('p-bank', { state: 'deleted' });
      expect(await listed(f.providerAdmin)).not.toContain('p-bank');
    } finally {
      await setProduct('p-bank', { state: 'published', visibility: 'authenticated', visibilityTeamIds: [] });
    }
    expect(await listed(f.loner)).toContain('p-bank');
    expect(await listed(null)).not.toContain('p-bank');
  });

  it('the unfiltered total follows products added and deleted', async () => {
    const total = async (user: TestUser | null) => (await get(user, '/products?limit=1')).body.totalCount;
    const [visitor, member] = [await total(null), await total(f.alice)];
    await t.db.insert(products).values([
      { id: 'p-new-open', name: 'new-open', title: 'New open' },
      { id: 'p-new-team', name: 'new-team', title: 'New team', visibility: 'restricted', visibilityTeamIds: ['team-a1'] },
    ]);
    expect([await total(null), await total(f.alice), await total(f.bob)]).toEqual([visitor + 1, member + 2, 6]);
    await t.db.delete(products).where(eq(products.id, 'p-new-open'));
    await t.db.delete(products).where(eq(products.id, 'p-new-team'));
    expect([await total(null), await total(f.alice), await total(f.bob)]).toEqual([visitor, member, 5]);
  });

  it("changing a team's tags, a product's tag or team lists, or its owner team changes who sees it", async () => {
    try {
      await t.db.update(teams).set({ tags: [] }).where(eq(teams.id, 'team-a1'));
      expect(await listed(f.alice)).not.toContain('p-gold');
      await t.db.update(teams).set({ tags: ['silver'] }).where(eq(teams.id, 'team-b1'));
      await setProduct('p-gold', { visibilityTeamTags: ['silver'] });
      expect(await listed(f.bob)).toContain('p-gold');
      expect(await listed(f.alice)).not.toContain('p-gold');

      await setProduct('p-weather', { visibilityTeamIds: ['team-a2', 'team-b1'] });
      expect(await listed(f.bob)).not.toContain('p-weather');
      expect(await listed(f.loner)).toContain('p-weather');

      await setProduct('p-cards', { ownerTeamId: 'team-b1' });
      expect(await listed(f.bob)).toContain('p-cards');
      expect((await get(f.bob, '/products/p-cards')).status).toBe(200);
    } finally {
      await t.db.update(teams).set({ tags: ['gold'] }).where(eq(teams.id, 'team-a1'));
      await t.db.update(teams).set({ tags: [] }).where(eq(teams.id, 'team-b1'));
      await setProduct('p-gold', { visibilityTeamTags: ['gold'] });
      await setProduct('p-weather', { visibilityTeamIds: ['team-a2'] });
      await setProduct('p-cards', { ownerTeamId: 'team-prov' });
    }
    expect((await listed(f.alice)).sort()).toEqual(['p-apple', 'p-bank', 'p-cards', 'p-gold', 'p-pets', 'p-weather', 'p-zebra']);
    expect((await listed(f.bob)).sort()).toEqual(['p-apple', 'p-bank', 'p-pets', 'p-weather', 'p-zebra']);
  });
});

describe('a product one cannot see is a 404 on every path', () => {
  const paths = [
    '/products/p-cards',
    '/products/p-cards/versions',
    '/products/p-cards/versions/v-cards-1',
    '/products/p-cards/versions/v-cards-1/overview',
    '/products/p-cards/versions/v-cards-1/documents',
    '/documents/doc-cards',
    '/documents/doc-cards/data',
    '/products/p-cards/versions/v-cards-1/assetresources',
    '/products/p-cards/versions/v-cards-1/assetresources/assets',
    '/products/p-cards/versions/v-cards-1/assetresources/r-cards',
    '/products/p-cards/versions/v-cards-1/assetresources/r-cards/data',
    '/products/p-cards/versions/v-cards-1/resources/r-cards',
    '/products/p-cards/versions/v-cards-1/resources/doc-cards/data?kind=DocumentResource',
    '/products/p-cards/versions/v-cards-1/articles/art-cards',
    '/products/p-cards/plans',
    '/products/p-cards/plans/plan-cards',
    '/products/p-cards/plans/plan-cards/quotas',
    '/products/p-cards/plans/plan-cards/resources',
  ];
  it.each(paths)('%s', async (path) => {
    const member = await get(f.alice, path);
    expect(member.status).toBe(200);
    for (const outsider of [f.bob, f.aaron, null]) {
      const res = await get(outsider, path);
      expect(res.status).toBe(404);
      expect(res.body.errors[0]).toMatchObject({ status: 404, title: 'Not Found' });
      expect(JSON.stringify(res.body)).not.toContain('Secret');
    }
  });

  it('unpublished and deleted products are 404 to consumers', async () => {
    expect((await get(f.alice, '/products/p-draft')).status).toBe(404);
    expect((await get(f.alice, '/products/p-gone')).status).toBe(404);
    expect((await get(f.providerAdmin, '/products/p-draft')).status).toBe(200);
    expect((await get(f.providerAdmin, '/products/p-gone')).status).toBe(404);
  });
});

describe('search and lists never leak a hidden product', () => {
  it('search finds a restricted product, its resources and documents only for members', async () => {
    const forAlice = await get(f.alice, '/search?search=secret%20OR%20card%20OR%20vault');
    expect(forAlice.body.items.map((i: { type: string; id: string }) => `${i.type}:${i.id}`).sort())
      .toEqual(['asset_resource:r-cards', 'document_resource:art-cards', 'document_resource:doc-cards', 'document_resource:sec-cards', 'product:p-cards']);
    for (const outsider of [f.bob, null]) {
      const res = await get(outsider, '/search?search=secret%20OR%20card%20OR%20vault');
      expect(res.body).toEqual({ items: [], totalCount: 0, counts: { product: 0, asset_resource: 0, document_resource: 0 } });
    }
  });

  it('filtering by a hidden category finds nothing, and category counts only count visible products', async () => {
    expect(ids((await get(f.bob, '/products?category.id=cat-cards')).body)).toEqual([]);
    expect((await get(f.bob, '/categories/cat-cards?fields=productCount')).body.productCount).toBe(0);
    expect((await get(f.alice, '/categories/cat-cards?fields=productCount')).body.productCount).toBe(1);
    expect((await get(f.bob, '/categories?fields=productCount&searchText=finance')).body.items).toEqual([{ id: 'cat-finance', productCount: 2 }]);
  });

  it('catalogue-wide resources and units skip hidden products', async () => {
    expect(ids((await get(f.bob, '/resources?limit=100')).body)).not.toContain('r-cards');
    expect((await get(f.bob, '/productPlanUnits')).body.items.map((u: { name: string }) => u.name)).not.toContain('messages');
  });
});

describe('tenancy', () => {
  it('subscription and application counts are those of the caller organisation', async () => {
    const a = (await get(f.alice, '/products/p-pets?fields=subscriptions,applications')).body;
    const b = (await get(f.bob, '/products/p-pets?fields=subscriptions,applications')).body;
    expect(a).toEqual({ id: 'p-pets', subscriptions: { totalCount: 3 }, applications: { totalCount: 1 } });
    expect(b).toEqual({ id: 'p-pets', subscriptions: { totalCount: 1 }, applications: { totalCount: 1 } });
    // per plan too
    const plansB = (await get(f.bob, '/products/p-pets/plans')).body.items;
    expect(plansB.map((p: { id: string; subscriptions: { totalCount: number } }) => [p.id, p.subscriptions.totalCount]))
      .toEqual([['plan-free', 1], ['plan-gold', 0]]);
  });

  it('access information of a resource is the caller organisation only', async () => {
    const url = '/products/p-pets/versions/v-pets-2/assetresources/r-pets';
    expect((await get(f.alice, url)).body.accessInfos.map((i: { id: string }) => i.id)).toEqual(['ar-a']);
    expect((await get(f.bob, url)).body.accessInfos.map((i: { id: string }) => i.id)).toEqual(['ar-b']);
    expect((await get(null, url)).body.accessInfos).toEqual([]);
  });

  it('another organisation subscription or application cannot be used as a filter', async () => {
    expect(ids((await get(f.bob, '/products/p-pets/versions/v-pets-2/assetresources?subscription.id=sub-a1')).body)).toEqual([]);
    expect(ids((await get(f.bob, '/products?application.id=app-a')).body)).toEqual([]);
  });

  it('a tenant header for another organisation is refused', async () => {
    const res = await t.request(f.alice, { url: `${API}/products`, headers: { 'x-tenant-id': 'org-b' } });
    expect(res.status).toBe(403);
  });
});

describe('private marketplace', () => {
  it('visitors get 401 on every catalogue call; signed-in users browse as usual', async () => {
    await t.setSettings({ public: false });
    try {
      for (const path of ['/products', '/products/p-pets', '/categories', '/stages', '/search?search=pets', '/resources',
        '/productPlanUnits', '/documents/doc-site', '/products/p-pets/plans', '/products/p-pets/versions/v-pets-2/assetresources']) {
        const res = await get(null, path);
        expect(res.status, path).toBe(401);
        expect(res.body.errors[0].status).toBe(401);
      }
      // even with bad parameters, the answer is the sign-in requirement
      expect((await get(null, '/products?limit=oops')).status).toBe(401);
      expect((await get(f.alice, '/products')).status).toBe(200);
      expect((await get(f.alice, '/documents/doc-site')).status).toBe(200);
    } finally {
      await t.setSettings({ public: true });
    }
    expect((await get(null, '/products')).status).toBe(200);
  });

  it('signed-in users need Administrator (provider) or Consumer or Subscriber (consumer) rights: 403 otherwise', async () => {
    const developer = await t.createUser({ orgId: 'org-b', orgRoles: [ORG_ROLES.Developer] });
    const subscriber = await t.createUser({ orgId: 'org-b', orgRoles: [ORG_ROLES.Subscriber] });
    const consumerAdmin = await t.createUser({ orgId: 'org-b', orgRoles: [ORG_ROLES.Administrator] });
    const providerDeveloper = await t.createUser({ orgId: 'org-prov', orgRoles: [ORG_ROLES.Developer], providerGuid: 'prov-guid' });
    const paths = ['/products', '/products/p-pets', '/categories', '/stages', '/search?search=pets', '/resources', '/documents/doc-site'];
    // A public marketplace asks for no role.
    expect((await get(developer, '/products')).status).toBe(200);
    await t.setSettings({ public: false });
    try {
      for (const path of paths) {
        for (const user of [developer, providerDeveloper]) {
          const res = await get(user, path);
          expect(res.status, path).toBe(403);
          expect(res.body.errors[0]).toMatchObject({ status: 403, title: 'Forbidden' });
        }
        for (const user of [subscriber, consumerAdmin, f.alice, f.providerAdmin]) expect((await get(user, path)).status, path).toBe(200);
      }
      expect(ids((await get(subscriber, '/products?limit=100')).body)).toContain('p-bank');
      // Without the consumer feature the catalogue is open to every signed-in user, never to visitors.
      await t.setSettings({ consumer: false });
      expect((await get(developer, '/products')).status).toBe(200);
      expect((await get(providerDeveloper, '/categories')).status).toBe(200);
      expect((await get(null, '/products')).status).toBe(401);
    } finally {
      await t.setSettings({ public: true, consumer: true });
    }
    expect((await get(developer, '/search?search=pets')).status).toBe(200);
  });
});
