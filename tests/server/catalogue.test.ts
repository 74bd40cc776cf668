// The read side of the catalogue: browse with each filter and sort, product details and fields,
// versions, documents, articles, resources, categories, stages, plans, quotas and units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ids, seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

const get = (user: { id: string; orgId: string } | null, url: string) => t.request(user, { url: `${API}${url}` });

describe('GET /products', () => {
  it('sorts by name ascending (case-insensitive) by default and pages with limit/offset', async () => {
    const all = await get(f.alice, '/products?limit=100');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(['p-apple', 'p-bank', 'p-gold', 'p-pets', 'p-cards', 'p-weather', 'p-zebra']);
    expect(all.body.totalCount).toBe(7);
    const page2 = await get(f.alice, '/products?limit=3&offset=3');
    expect(ids(page2.body)).toEqual(['p-pets', 'p-cards', 'p-weather']);
    expect(page2.body.totalCount).toBe(7);
    const beyond = await get(f.alice, '/products?limit=3&offset=30');
    expect(beyond.body).toEqual({ items: [], totalCount: 7 });
    const countOnly = await get(f.alice, '/products?limit=0');
    expect(countOnly.body).toEqual({ items: [], totalCount: 7 });
  });

  it('offers the four sort options', async () => {
    const order = async (sort: string) => ids((await get(f.alice, `/products?limit=100&sort=${encodeURIComponent(sort)}`)).body);
    expect(await order('-title')).toEqual(['p-zebra', 'p-weather', 'p-cards', 'p-pets', 'p-gold', 'p-bank', 'p-apple']);
    expect(await order('+title')).toEqual(['p-apple', 'p-bank', 'p-gold', 'p-pets', 'p-cards', 'p-weather', 'p-zebra']);
    expect(await order('-metadata.createdAt')).toEqual(['p-apple', 'p-gold', 'p-bank', 'p-weather', 'p-pets', 'p-cards', 'p-zebra']);
    expect(await order('-lastVersion.metadata.createdAt')).toEqual(['p-pets', 'p-apple', 'p-gold', 'p-bank', 'p-weather', 'p-cards', 'p-zebra']);
  });

  it('answers every field of a product, with the caller organisation counts', async () => {
    const res = await get(f.alice, '/products?title.search=pet');
    expect(res.body.totalCount).toBe(1);
    const p = res.body.items[0];
    expect(p).toMatchObject({
      id: 'p-pets', name: 'p-pets', title: 'Pet Store', status: 'success', tags: ['animals'], visibility: 'unrestricted',
      contact: { email: 'p-pets@provider.test', title: 'Support' },
      ratingInfo: { average: 4.5, total: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } },
      links: { icon: '/api/v1/images/pets' },
      latestVersion: { id: 'v-pets-2', label: 'v2', value: '2.0.0', state: 'active', metadata: { createdAt: '2026-01-21T00:00:00.000Z' } },
      resources: { totalCount: 3, groupBy: 'asset', byType: [{ type: 'asyncapi', totalCount: 1 }, { type: 'graphql', totalCount: 1 }, { type: 'oas3', totalCount: 1 }] },
      plans: { totalCount: 2 },
      // org A holds sub-a1, sub-a2 and sub-a-old live; sub-a-ended is archived
      subscriptions: { totalCount: 3 },
      applications: { totalCount: 1 },
      categories: [{ id: 'cat-maps', title: 'Maps' }, { id: 'cat-payments', title: 'Payments' }],
      owner: { type: 'team', id: 'team-prov', name: 'Provider team' },
      canSubscribe: true,
      canReview: true,
      metadata: { createdAt: '2026-01-04T00:00:00.000Z' },
    });
    expect(p).not.toHaveProperty('visibilityTeamIds');
    // org B: one pending subscription (live), one rejected (not counted); cannot review without an approved one
    const bob = (await get(f.bob, '/products/p-pets')).body;
    expect(bob.subscriptions.totalCount).toBe(1);
    expect(bob.applications.totalCount).toBe(1);
    expect(bob.canReview).toBe(false);
    const visitor = (await get(null, '/products/p-pets')).body;
    expect(visitor.subscriptions.totalCount).toBe(0);
    expect(visitor.applications.totalCount).toBe(0);
    expect(visitor.canReview).toBe(false);
  });

  it('shows the visibility team lists to provider administrators only', async () => {
    const admin = (await get(f.providerAdmin, '/products/p-cards')).body;
    expect(admin.visibilityTeamIds).toEqual(['team-a1']);
    expect(admin.visibilityTeamTags).toEqual([]);
    const alice = (await get(f.alice, '/products/p-cards')).body;
    expect(alice.visibility).toBe('restricted');
    expect(alice).not.toHaveProperty('visibilityTeamIds');
  });

  it('restricts the answer to `fields`', async () => {
    const res = await get(f.alice, '/products?fields=title,latestVersion.id&limit=1');
    expect(res.body.items[0]).toEqual({ id: 'p-apple', title: 'apple Maps', latestVersion: expect.objectContaining({ id: 'v-apple-1' }) });
    const one = await get(f.alice, '/products/p-pets?fields=ratingInfo');
    expect(one.body).toEqual({ id: 'p-pets', ratingInfo: { average: 4.5, total: 2, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } } });
  });

  it('filters by status, rating bucket, stage, resource state and full-text', async () => {
    const q = async (query: string) => ids((await get(f.alice, `/products?limit=100&${query}`)).body);
    expect(await q('status=warning&status=error')).toEqual(['p-apple', 'p-zebra']);
    expect(await q('status=success')).not.toContain('p-zebra');
    expect(await q('rating=4')).toEqual(['p-pets']);
    expect(await q('rating=3&rating=2')).toEqual(['p-bank', 'p-zebra']);
    expect(await q('rating=5')).toEqual([]);
    expect(await q('stage.id=stage-sandbox')).toEqual(['p-pets', 'p-cards']);
    expect(await q('assetResource.state=archived')).toEqual(['p-pets']);
    expect(await q('search=zebras')).toEqual(['p-zebra']);
    expect(await q('search=animals')).toEqual(['p-pets']);
    expect(await q(`sort=+title&query=${encodeURIComponent(JSON.stringify([{ value: 'zebra' }, { value: 'pet', operator: 'or' }]))}`)).toEqual(['p-pets', 'p-zebra']);
    expect(await q(`query=${encodeURIComponent(JSON.stringify([{ value: 'track' }, { value: 'savanna', comparison: 'notEquals' }]))}`)).toEqual([]);
  });

  it('filters by category, with descendants when include.child.categories is true', async () => {
    const q = async (query: string) => ids((await get(f.alice, `/products?limit=100&${query}`)).body);
    expect(await q('category.id=cat-finance')).toEqual(['p-bank']);
    expect(await q('category.id=cat-finance&include.child.categories=true')).toEqual(['p-bank', 'p-pets', 'p-cards']);
    expect(await q('category.id=cat-maps&category.id=cat-cards')).toEqual(['p-apple', 'p-pets', 'p-cards']);
  });

  it('filters by the caller organisation subscriptions and applications', async () => {
    expect(ids((await get(f.alice, '/products?subscriptions.exist=true')).body)).toEqual(['p-pets']);
    expect(ids((await get(f.alice, '/products?subscriptions.exist=false&limit=100')).body)).not.toContain('p-pets');
    expect(ids((await get(f.alice, '/products?application.id=app-a')).body)).toEqual(['p-pets']);
    // another organisation's application matches nothing
    expect(ids((await get(f.alice, '/products?application.id=app-b')).body)).toEqual([]);
    expect(ids((await get(null, '/products?subscriptions.exist=true')).body)).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await get(f.alice, '/products/nope');
    expect(res.status).toBe(404);
    expect(res.body.errors[0].status).toBe(404);
  });
});

describe('versions, overview and articles', () => {
  it('lists versions newest first, with limit 1 for the latest only', async () => {
    const all = await get(f.alice, '/products/p-pets/versions');
    expect(all.body.items.map((v: { id: string; latest: boolean }) => [v.id, v.latest])).toEqual([['v-pets-2', true], ['v-pets-1', false]]);
    expect(all.body.totalCount).toBe(2);
    const latest = await get(f.alice, '/products/p-pets/versions?limit=1');
    expect(ids(latest.body)).toEqual(['v-pets-2']);
    expect(latest.body.totalCount).toBe(2);
  });

  it('reads a version, its overview, and 404s a version of another product', async () => {
    const v = await get(f.alice, '/products/p-pets/versions/v-pets-1');
    expect(v.body).toMatchObject({ id: 'v-pets-1', state: 'deprecated', latest: false, metadata: { createdAt: '2026-01-04T00:00:00.000Z' } });
    const overview = await get(f.alice, '/products/p-pets/versions/v-pets-2/overview');
    expect(overview.body).toEqual({ productId: 'p-pets', versionId: 'v-pets-2', contentType: 'text/markdown', content: '# Pet Store\n\nAdopt a pet.' });
    expect((await get(f.alice, '/products/p-bank/versions/v-pets-2')).status).toBe(404);
  });

  it('reads an article by product, version and article id', async () => {
    const a = await get(f.alice, '/products/p-pets/versions/v-pets-2/articles/art-2');
    expect(a.body).toEqual({
      id: 'art-2', label: 'Vet visits', kind: 'markdown', content: 'Visit the veterinarian yearly.', articleIndex: 1,
      document: { id: 'doc-guide', title: 'Adoption guide' }, section: { id: 'sec-1', title: 'Getting started', sectionIndex: 0 },
    });
    expect((await get(f.alice, '/products/p-pets/versions/v-pets-2/articles/art-3?kind=markdown')).status).toBe(404);
    expect((await get(f.alice, '/products/p-pets/versions/v-pets-1/articles/art-2')).status).toBe(404);
  });
});

describe('documents', () => {
  it('lists the documents of a version by rank with sections and article links', async () => {
    const res = await get(f.alice, '/products/p-pets/versions/v-pets-2/documents');
    expect(ids(res.body)).toEqual(['doc-guide', 'doc-pdf', 'doc-link']);
    expect(res.body.items[0].sections).toEqual([
      { id: 'sec-1', sectionIndex: 0, title: 'Getting started', description: 'First steps', articleLinks: [
        { id: 'art-1', label: 'Choosing a leash', kind: 'markdown' }, { id: 'art-2', label: 'Vet visits', kind: 'markdown' }] },
      { id: 'sec-2', sectionIndex: 1, title: 'Feeding', description: 'Kibble and treats', articleLinks: [{ id: 'art-3', label: 'Treat guide', kind: 'url' }] },
    ]);
    const paged = await get(f.alice, '/products/p-pets/versions/v-pets-2/documents?limit=1&offset=1&sort=-rank');
    expect(ids(paged.body)).toEqual(['doc-pdf']);
    expect(paged.body.totalCount).toBe(3);
  });

  it('serves document content by kind, with type and file name', async () => {
    const text = await get(f.alice, '/documents/doc-guide/data');
    expect(text.body).toBe('# Adoption\n\nBring a leash.');
    expect(text.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(String(text.headers['content-disposition'])).toContain('filename="guide.md"');
    const pdf = await t.app.inject({ url: `${API}/documents/doc-pdf/data` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect([...pdf.rawPayload]).toEqual([37, 80, 68, 70, 45]);
    const url = await get(f.alice, '/documents/doc-link/data');
    expect(url.body).toBe('https://status.example.test');
    expect(String(url.headers['content-type'])).toContain('text/uri-list');
  });

  it('reads a stand-alone site document', async () => {
    const res = await get(null, '/documents/doc-site');
    expect(res.body).toMatchObject({ id: 'doc-site', title: 'Terms of use', productId: null, productVersionId: null, type: 'TEXT' });
  });

  it('reads a document as a version resource of kind DocumentResource', async () => {
    const res = await get(f.alice, '/products/p-pets/versions/v-pets-2/resources/doc-guide?kind=DocumentResource');
    expect(res.body).toMatchObject({ id: 'doc-guide', fileName: 'guide.md' });
    const data = await get(f.alice, '/products/p-pets/versions/v-pets-2/resources/doc-guide/data?kind=DocumentResource');
    expect(data.body).toBe('# Adoption\n\nBring a leash.');
    expect((await get(f.alice, '/products/p-pets/versions/v-pets-1/resources/doc-guide?kind=DocumentResource')).status).toBe(404);
  });
});

describe('asset resources', () => {
  const base = '/products/p-pets/versions/v-pets-2/assetresources';
  it('lists the resources of a version with each filter', async () => {
    const q = async (query = '') => ids((await get(f.alice, `${base}?${query}`)).body);
    expect(await q()).toEqual(['r-empty', 'r-pets', 'r-graph']);
    expect(await q('sort=-title')).toEqual(['r-graph', 'r-pets', 'r-empty']);
    expect(await q('assetResource.with.access.request=true')).toEqual(['r-pets']);
    expect(await q('assetResource.with.access.request=false')).toEqual(['r-empty', 'r-graph']);
    expect(await q('assetResource.with.credential.request.def=true')).toEqual(['r-pets']);
    expect(await q('assetResource.asset.id=asset-graph')).toEqual(['r-graph']);
    expect(await q('assetResource.state=archived')).toEqual(['r-graph']);
    expect(await q('assetResource.state=active')).toEqual(['r-empty', 'r-pets']);
    // sub-a1 is on the free plan whose quota names r-pets; sub-a2 (gold) has an all-resources quota
    expect(await q('subscription.id=sub-a1')).toEqual(['r-pets']);
    expect(await q('subscription.id=sub-a2')).toEqual(['r-empty', 'r-pets', 'r-graph']);
    // another organisation's subscription gives nothing
    expect(await q('subscription.id=sub-b1')).toEqual([]);
    expect(await q('source.assetResource.id=r-pets-old')).toEqual(['r-pets']);
    expect(await q('search=graph')).toEqual(['r-graph']);
    expect(await q('search=adopt')).toEqual(['r-pets']);
    const paged = await get(f.alice, `${base}?limit=1&offset=1`);
    expect(ids(paged.body)).toEqual(['r-pets']);
    expect(paged.body.totalCount).toBe(3);
  });

  it('answers a resource with its definitions, the caller organisation access and request rights', async () => {
    const alice = (await get(f.alice, `${base}/r-pets`)).body;
    expect(alice).toMatchObject({
      id: 'r-pets', type: 'oas3', stage: { id: 'stage-prod', title: 'Production' }, assetTitle: 'Pets asset',
      accessRequestDefinition: { id: 'ard-pets', title: 'Pets access' },
      credentialRequestDefinitions: [{ id: 'crd-key', title: 'API key', type: 'APIKey' }],
      accessInfos: [{ id: 'ar-a', applicationId: 'app-a', applicationTitle: 'Alpha app', approvalState: 'approved' }],
      hasEmptyDefinition: false, canRequestAccessOrCredential: true, sourceAssetResourceId: 'r-pets-old',
    });
    const bob = (await get(f.bob, `${base}/r-pets`)).body;
    expect(bob.accessInfos).toEqual([{ id: 'ar-b', applicationId: 'app-b', applicationTitle: 'Beta app', approvalState: 'pending' }]);
    // bob's subscription is still pending
    expect(bob.canRequestAccessOrCredential).toBe(false);
    expect((await get(null, `${base}/r-pets`)).body.canRequestAccessOrCredential).toBe(false);
    const empty = (await get(f.alice, `${base}/r-empty`)).body;
    expect(empty).toMatchObject({ hasEmptyDefinition: true, status: 'deleted', specificationSize: 0, importWarnings: [] });
    // What the import tolerated in the description, for the explorer's notices.
    await t.db.execute(sql`update asset_resources set import_warnings = ${JSON.stringify(['The description has no "info" object.'])}::jsonb where id = 'r-pets'`);
    expect((await get(null, `${base}/r-pets`)).body.importWarnings).toEqual(['The description has no "info" object.']);
    await t.db.execute(sql`update asset_resources set import_warnings = '[]'::jsonb where id = 'r-pets'`);
    // an older version's resource cannot be requested
    const old = (await get(f.alice, '/products/p-pets/versions/v-pets-1/assetresources/r-pets-old')).body;
    expect(old.canRequestAccessOrCredential).toBe(false);
    expect((await get(f.alice, `${base}/r-pets-old`)).status).toBe(404);
  });

  it('serves the specification with its content type and a file name', async () => {
    const res = await get(f.alice, `${base}/r-graph/data`);
    expect(res.body).toBe('type Query { pets: [String] }');
    expect(res.headers['content-type']).toBe('application/graphql; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain('filename="Pets-Graph.graphql"');
    const viaKind = await get(f.alice, '/products/p-pets/versions/v-pets-2/resources/r-graph/data?kind=Resource');
    expect(viaKind.body).toBe('type Query { pets: [String] }');
  });

  it('lists the assets of a version', async () => {
    const res = await get(f.alice, `${base}/assets`);
    expect(res.body.items).toEqual([
      { id: 'asset-graph', title: 'Graph asset', description: '', assetResources: { totalCount: 1, withAccessRequest: 0 } },
      { id: 'asset-pets', title: 'Pets asset', description: '', assetResources: { totalCount: 1, withAccessRequest: 1 } },
    ]);
  });

  it('lists catalogue-wide resources of latest versions by type and text', async () => {
    const all = await get(f.alice, '/resources?limit=100');
    expect(ids(all.body)).toEqual(['r-bank', 'r-cards', 'r-empty', 'r-pets', 'r-graph']);
    expect(all.body.items[0].product).toEqual({ id: 'p-bank', title: 'Banking Core', versionId: 'v-bank-1' });
    expect(ids((await get(f.alice, '/resources?type=oas2&type=graphql')).body)).toEqual(['r-bank', 'r-graph']);
    expect(ids((await get(f.alice, '/resources?query=card')).body)).toEqual(['r-cards']);
    expect(ids((await get(null, '/resources?limit=100')).body)).toEqual(['r-empty', 'r-pets', 'r-graph']);
  });
});

describe('categories and stages', () => {
  it('lists categories by name with children counts, ancestors and image hints', async () => {
    const res = await get(f.alice, '/categories');
    expect(ids(res.body)).toEqual(['cat-cards', 'cat-finance', 'cat-maps', 'cat-payments']);
    expect(res.body.items[0]).toEqual({
      id: 'cat-cards', title: 'Cards', description: 'Credit cards', parentId: 'cat-payments', childrenCount: 0,
      ancestors: [{ id: 'cat-finance', title: 'Finance' }, { id: 'cat-payments', title: 'Payments' }],
      links: { icon: null }, image: { fit: null, position: null }, featured: false,
    });
    expect(res.body.items[1]).toMatchObject({ id: 'cat-finance', childrenCount: 1, links: { icon: '/api/v1/images/finance' }, image: { fit: 'cover', position: 'center' } });
  });

  it('counts the visible products of each category subtree when fields asks for productCount', async () => {
    const res = await get(f.alice, '/categories?fields=title,productCount');
    expect(res.body.items).toEqual([
      { id: 'cat-cards', title: 'Cards', productCount: 1 },
      // Banking Core, and through its descendants Pet Store and Secret Cards
      { id: 'cat-finance', title: 'Finance', productCount: 3 },
      { id: 'cat-maps', title: 'Maps', productCount: 2 },
      { id: 'cat-payments', title: 'Payments', productCount: 2 },
    ]);
    // the visitor cannot see Banking Core or Secret Cards, so Finance counts only Pet Store
    const visitor = await get(null, '/categories?parentId=root&fields=productCount');
    expect(visitor.body.items).toEqual([{ id: 'cat-finance', productCount: 1 }, { id: 'cat-maps', productCount: 2 }]);
    expect((await get(null, '/categories/cat-payments?fields=productCount')).body).toEqual({ id: 'cat-payments', productCount: 1 });
  });

  it('filters categories and pages them with page and size', async () => {
    const q = async (query: string) => ids((await get(f.alice, `/categories?${query}`)).body);
    expect(await q('sort=-name')).toEqual(['cat-payments', 'cat-maps', 'cat-finance', 'cat-cards']);
    expect(await q('featured=true')).toEqual(['cat-finance']);
    expect(await q('parentId=cat-finance')).toEqual(['cat-payments']);
    expect(await q('parentId=cat-finance&includeChildCategories=true')).toEqual(['cat-cards', 'cat-payments']);
    expect(await q('searchText=paid')).toEqual(['cat-payments']);
    expect(await q('searchText=paid&titleMatchOnly=true')).toEqual([]);
    expect(await q('size=2&page=2')).toEqual(['cat-maps', 'cat-payments']);
    const count = await get(f.alice, '/categories?size=0');
    expect(count.body).toEqual({ items: [], totalCount: 4 });
    const fields = await get(f.alice, '/categories?fields=title,parentId&size=1');
    expect(fields.body.items).toEqual([{ id: 'cat-cards', title: 'Cards', parentId: 'cat-payments' }]);
  });

  it('reads one category and 404s an unknown one', async () => {
    expect((await get(null, '/categories/cat-payments')).body).toMatchObject({ id: 'cat-payments', ancestors: [{ id: 'cat-finance', title: 'Finance' }], childrenCount: 1 });
    expect((await get(null, '/categories/nope')).status).toBe(404);
  });

  it('lists stages in their order', async () => {
    const res = await get(null, '/stages');
    expect(res.body).toEqual({ items: [
      { id: 'stage-sandbox', title: 'Sandbox', description: '' }, { id: 'stage-prod', title: 'Production', description: '' },
    ], totalCount: 2 });
  });
});

describe('plans, quotas and units', () => {
  it('lists active plans to consumers, and subscribed ones with includePlansWithSubscriptions', async () => {
    const res = await get(f.alice, '/products/p-pets/plans');
    expect(ids(res.body)).toEqual(['plan-free', 'plan-gold']);
    expect(res.body.items[1]).toMatchObject({
      type: 'paid', state: 'active', canSubscribe: true, billing: { price: 10, currency: 'USD', interval: 'monthly' },
      quotas: [
        { id: 'q-gold', unit: { name: 'bytes', title: 'Bytes' }, pricing: { type: 'unlimited', interval: 'monthly' }, assetResources: [], allResources: true },
        { id: 'q-gold-2', assetResources: [{ id: 'r-graph', title: 'Pets Graph' }], allResources: false },
      ],
      subscriptions: { totalCount: 1 },
    });
    expect(ids((await get(f.alice, '/products/p-pets/plans?includePlansWithSubscriptions=true')).body)).toEqual(['plan-free', 'plan-gold', 'plan-old']);
    expect(ids((await get(f.bob, '/products/p-pets/plans?includePlansWithSubscriptions=true')).body)).toEqual(['plan-free', 'plan-gold']);
    expect(ids((await get(f.alice, '/products/p-pets/plans?plan.type=paid')).body)).toEqual(['plan-gold']);
    expect(ids((await get(f.alice, '/products/p-pets/plans?sort=-title')).body)).toEqual(['plan-gold', 'plan-free']);
    expect(ids((await get(f.alice, '/products/p-pets/plans?page=2&pageSize=1')).body)).toEqual(['plan-gold']);
  });

  it('lists every plan to provider users, filtered by state', async () => {
    expect(ids((await get(f.providerAdmin, '/products/p-pets/plans')).body)).toEqual(['plan-free', 'plan-gold', 'plan-draft', 'plan-old']);
    expect(ids((await get(f.providerAdmin, '/products/p-pets/plans?plan.state=draft&plan.state=archived')).body)).toEqual(['plan-draft', 'plan-old']);
  });

  it('paid plans cannot be subscribed when billing is off', async () => {
    await t.setSettings({ billing: { enabled: false } });
    try {
      const res = await get(f.alice, '/products/p-pets/plans');
      expect(res.body.items.map((p: { canSubscribe: boolean }) => p.canSubscribe)).toEqual([true, false]);
    } finally {
      await t.setSettings({ billing: { enabled: true } });
    }
  });

  it('reads a plan, its quotas, a quota, its resources and its subscription request definition', async () => {
    expect((await get(f.alice, '/products/p-pets/plans/plan-free')).body).toMatchObject({ id: 'plan-free', subscription: { definitionId: 'srd-pets' } });
    expect((await get(f.alice, '/products/p-pets/plans/plan-draft')).status).toBe(404);
    expect((await get(f.alice, '/products/p-pets/plans/plan-old')).status).toBe(200);
    expect((await get(f.bob, '/products/p-pets/plans/plan-old')).status).toBe(404);
    const quotas = await get(f.alice, '/products/p-pets/plans/plan-gold/quotas?sort=-title&owner.id=team-a1');
    expect(ids(quotas.body)).toEqual(['q-gold', 'q-gold-2']);
    expect((await get(f.alice, '/products/p-pets/plans/plan-gold/quotas/q-gold-2')).body.pricing).toEqual({ type: 'perunit', interval: 'monthly', limit: { cost: 0.01 } });
    expect((await get(f.alice, '/products/p-pets/plans/plan-free/quotas/q-gold')).status).toBe(404);
    expect(ids((await get(f.alice, '/products/p-pets/plans/plan-free/resources')).body)).toEqual(['r-pets']);
    expect(ids((await get(f.alice, '/products/p-pets/plans/plan-gold/resources')).body)).toEqual(['r-empty', 'r-pets', 'r-graph']);
    const srd = await get(f.alice, '/products/p-pets/plans/plan-free/subscriptionRequestDefinitions/srd-pets');
    expect(srd.body).toEqual({ id: 'srd-pets', title: 'Why', schema: { type: 'object', properties: { reason: { type: 'string' } } } });
    expect((await get(f.alice, '/products/p-pets/plans/plan-gold/subscriptionRequestDefinitions/srd-pets')).status).toBe(404);
  });

  it('lists units used by visible plans, searched and excluded by name', async () => {
    const names = async (user: CatalogueFixture['alice'] | null, query = '') =>
      (await get(user, `/productPlanUnits?${query}`)).body.items.map((u: { name: string }) => u.name);
    // messages is used only by a draft plan and by the restricted Secret Cards product
    expect(await names(null)).toEqual(['bytes', 'transactions']);
    expect(await names(f.alice)).toEqual(['bytes', 'messages', 'transactions']);
    expect(await names(f.alice, 'excluded.resource.name=transactions')).toEqual(['bytes', 'messages']);
    expect(await names(f.alice, 'search.unit.name=TRANS')).toEqual(['transactions']);
  });
});

describe('GET /search', () => {
  const key = (i: { type: string; id: string }) => `${i.type}:${i.id}`;

  it('finds products, resources of latest versions, documents, sections and articles, counted per type', async () => {
    const res = await get(f.alice, '/search?search=pets&pageSize=100');
    expect(res.status).toBe(200);
    const found = res.body.items.map(key);
    expect(found).toEqual(expect.arrayContaining(['product:p-pets', 'asset_resource:r-pets', 'asset_resource:r-graph']));
    // the old version's resource is not a hit of its own
    expect(found).not.toContain('asset_resource:r-pets-old');
    expect(res.body.counts).toEqual({
      product: found.filter((k: string) => k.startsWith('product:')).length,
      asset_resource: found.filter((k: string) => k.startsWith('asset_resource:')).length,
      document_resource: found.filter((k: string) => k.startsWith('document_resource:')).length,
    });
    expect(res.body.totalCount).toBe(found.length);
    // ranked: the best match first
    const ranks = res.body.items.map((i: { rank: number }) => i.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('answers the search result item shapes', async () => {
    const product = (await get(f.alice, '/search?search=parrots')).body.items[0];
    expect(product).toEqual({
      type: 'product', id: 'p-pets', title: 'Pet Store', description: 'Adopt animals: dogs, cats and parrots', rank: expect.any(Number),
      product: { id: 'p-pets', versionId: 'v-pets-2', title: 'Pet Store', contactEmail: 'p-pets@provider.test' },
    });
    const resource = (await get(f.alice, '/search?search=graph&type=asset_resource')).body.items[0];
    expect(resource.resource).toEqual({ id: 'r-graph', label: 'Pets Graph', description: '', type: 'graphql', version: 'v2', stage: 'Sandbox' });
    const article = (await get(f.alice, '/search?search=veterinarian')).body.items;
    expect(article).toEqual([expect.objectContaining({
      type: 'document_resource', id: 'art-2', title: 'Vet visits',
      resource: {
        id: 'art-2', label: 'Vet visits', description: 'Getting started', fileType: 'text/markdown', version: 'v2', articleId: 'art-2',
        document: { id: 'doc-guide', title: 'Adoption guide', description: 'How to adopt' },
        section: { title: 'Getting started', description: 'First steps', sectionIndex: 0 },
      },
    })]);
    const section = (await get(f.alice, '/search?search=kibble')).body.items;
    expect(section.map(key)).toEqual(['document_resource:sec-2']);
    expect(section[0].resource.section).toEqual({ title: 'Feeding', description: 'Kibble and treats', sectionIndex: 1 });
    const document = (await get(f.alice, '/search?search=adopt&type=document_resource')).body.items;
    expect(document.map(key)).toEqual(['document_resource:doc-guide']);
    expect(document[0].resource).toMatchObject({ label: 'Adoption guide', section: null, articleId: null });
  });

  it('filters by type, pages with page and pageSize, and sorts by title', async () => {
    const docs = await get(f.alice, '/search?search=leash%20OR%20kibble%20OR%20vet&type=document_resource&sort=%2Btitle');
    // two articles and a section (the document itself matches none of the words)
    expect(docs.body.items.map((i: { title: string }) => i.title)).toEqual(['Choosing a leash', 'Feeding', 'Vet visits']);
    expect(docs.body.counts).toEqual({ product: 0, asset_resource: 0, document_resource: 3 });
    const page2 = await get(f.alice, '/search?search=leash%20OR%20kibble%20OR%20vet&type=document_resource&sort=-title&page=2&pageSize=2');
    expect(page2.body.items.map((i: { title: string }) => i.title)).toEqual(['Choosing a leash']);
    expect(page2.body.totalCount).toBe(3);
  });

  it('runs advanced terms: equals, not equals, and, or', async () => {
    const terms = (t: unknown[]) => `/search?type=product&sort=%2Btitle&query=${encodeURIComponent(JSON.stringify(t))}`;
    const ids2 = async (t: unknown[]) => (await get(f.alice, terms(t))).body.items.map((i: { id: string }) => i.id);
    expect(await ids2([{ value: 'zebra' }, { value: 'pet', operator: 'or' }])).toEqual(['p-pets', 'p-zebra']);
    expect(await ids2([{ value: 'zebra' }, { value: 'savanna', operator: 'and' }])).toEqual(['p-zebra']);
    expect(await ids2([{ value: 'zebra' }, { value: 'savanna', comparison: 'notEquals' }])).toEqual([]);
    expect(await ids2([{ value: 'description' }, { value: 'maps', comparison: 'notEquals' }, { value: 'zebra', operator: 'or' }]))
      .toEqual(['p-bank', 'p-gold', 'p-cards', 'p-weather', 'p-zebra']);
  });

  it('finds the latest version of a product whose last-version time is not recorded', async () => {
    await t.db.execute(sql`update products set last_version_created_at = null where id = 'p-pets'`);
    try {
      const found = (await get(f.alice, '/search?search=pets&type=asset_resource&pageSize=50')).body.items.map(key);
      expect(found.sort()).toEqual(['asset_resource:r-graph', 'asset_resource:r-pets']);
    } finally {
      await t.db.execute(sql`update products set last_version_created_at = '2026-01-21T00:00:00Z' where id = 'p-pets'`);
    }
  });

  it('lists every visible item without a query, and nothing for a query of stop words only', async () => {
    const all = await get(null, '/search?type=product&pageSize=100&sort=%2Btitle');
    expect(all.body.items.map((i: { id: string }) => i.id)).toEqual(['p-apple', 'p-pets', 'p-zebra']);
    expect((await get(f.alice, '/search?search=the')).body.totalCount).toBe(0);
  });
});
