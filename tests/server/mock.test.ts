// The built-in mock upstreams, through the gateway as the explorer calls them: OpenAPI answers
// from the spec's examples or schemas; GraphQL executes against its SDL, introspection included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getIntrospectionQuery, buildClientSchema, printSchema } from 'graphql';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedExplorer, gatewayOf, type ExplorerFixture } from './explorer.fixtures.ts';
import { transactions } from '../../server/src/db/schema.ts';

let t: TestApp;
let f: ExplorerFixture;
let pets: string;
let shop: string;
beforeAll(async () => {
  t = await buildTestApp();
  f = await seedExplorer(t);
  pets = `${API}${gatewayOf(f.paths.oas3)}`;
  shop = `${API}${gatewayOf(f.paths.graphql)}`;
});
afterAll(() => t?.close());

describe('OpenAPI mock', () => {
  it("answers with the operation's example, status, content type and documented headers", async () => {
    const res = await t.request(f.alice, { url: `${pets}/pets`, headers: { 'x-agora-application': f.app.id } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-total']).toBe('2');
    expect(res.body).toEqual([{ id: 1, name: 'Rex' }, { id: 2, name: 'Tom' }]);
  });

  it('records the mocked call like a real one', async () => {
    const res = await t.request(f.alice, { url: `${pets}/pets?limit=5`, headers: { 'x-agora-credential': f.app.credentialId } });
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, String(res.headers['x-agora-transaction-id'])));
    expect(tx).toMatchObject({
      orgId: f.alice.orgId, userId: f.alice.id, applicationId: f.app.id, credentialId: f.app.credentialId,
      productId: 'p-open', productVersionId: 'v-open', assetResourceId: 'r-oas3',
      method: 'GET', path: '/pets?limit=5', status: 200, statusDetail: 'success', upstreamUrl: 'mock:oas3',
      responseBytes: Buffer.byteLength(JSON.stringify([{ id: 1, name: 'Rex' }, { id: 2, name: 'Tom' }])),
    });
    expect((tx!.legs as any[])[1].transactionEvent).toMatchObject({ destination: 'mock', status: 200, uri: 'mock:oas3/pets?limit=5' });
  });

  it('matches path templates, literal paths first', async () => {
    const one = await t.request(f.alice, { url: `${pets}/pets/42` });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: 1, name: 'string', born: '2024-01-15', tags: ['string'], parent: null });
    const mine = await t.request(f.alice, { url: `${pets}/pets/mine` });
    expect(mine.headers['content-type']).toMatch(/^text\/plain/);
    expect(mine.body).toBe('none yet');
  });

  it('generates the same value from the schema every time', async () => {
    const a = await t.request(f.alice, { method: 'POST', url: `${pets}/pets`, payload: { name: 'Rex' } });
    const b = await t.request(f.alice, { method: 'POST', url: `${pets}/pets`, payload: { name: 'Tom' } });
    expect(a.status).toBe(201);
    expect(a.body).toEqual(b.body);
  });

  it('answers another documented response when asked with Prefer', async () => {
    const res = await t.request(f.alice, { method: 'POST', url: `${pets}/pets`, payload: {}, headers: { prefer: 'code=400' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'name is required' });
    expect((await t.db.select().from(transactions).where(eq(transactions.id, String(res.headers['x-agora-transaction-id']))))[0]!.statusDetail).toBe('failure');
  });

  it('answers 204 with no body, and a server path prefix is tolerated', async () => {
    const gone = await t.request(f.alice, { method: 'DELETE', url: `${pets}/pets/3` });
    expect(gone.status).toBe(204);
    expect(gone.body).toBe('');
    expect((await t.request(f.alice, { url: `${pets}/v1/pets/3` })).status).toBe(200);
  });

  it('answers 404 JSON for an unknown path and 405 with Allow for an unknown method', async () => {
    const missing = await t.request(f.alice, { url: `${pets}/owners` });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].detail).toMatch(/No operation/);
    const wrong = await t.request(f.alice, { method: 'PATCH', url: `${pets}/pets/1` });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, DELETE');
  });

  it('answers OpenAPI 2 operations from their examples, under the basePath too', async () => {
    const oas2 = `${API}${gatewayOf(f.paths.oas2)}`;
    expect((await t.request(f.alice, { url: `${oas2}/orders/o-9` })).body).toEqual({ id: 'o-1', total: 12.5 });
    expect((await t.request(f.alice, { url: `${oas2}/store/orders/o-9` })).status).toBe(200);
  });
});

describe('GraphQL mock', () => {
  const gql = (query: string, variables?: object) =>
    t.request(f.alice, { method: 'POST', url: shop, payload: { query, variables } });

  it('answers a query with deterministic data of the right shapes', async () => {
    const query = '{ products(first: 2) { id title price inStock colour reviews { stars } } }';
    const res = await gql(query);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const list = res.body.data.products;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const p of list) {
      expect(typeof p.id).toBe('string');
      expect(typeof p.title).toBe('string');
      expect(typeof p.inStock).toBe('boolean');
      expect(['RED', 'GREEN', 'BLUE']).toContain(p.colour);
      expect(Number.isInteger(p.reviews[0].stars)).toBe(true);
    }
    expect((await gql(query)).body).toEqual(res.body);
  });

  it('echoes the arguments that name a field, as a real API would', async () => {
    const res = await gql('query($id: ID!) { product(id: $id) { id title } }', { id: 'p-7' });
    expect(res.body.data.product.id).toBe('p-7');
    const made = await gql('mutation { addProduct(input: { title: "Lamp", price: 9.5 }) { id title price } }');
    expect(made.body.data.addProduct).toMatchObject({ title: 'Lamp', price: 9.5 });
  });

  it('resolves unions to one of their members', async () => {
    const res = await gql('{ search(text: "x") { __typename ... on Product { title } ... on Review { stars } } }');
    expect(res.body.errors).toBeUndefined();
    for (const hit of res.body.data.search) expect(['Product', 'Review']).toContain(hit.__typename);
  });

  it('answers introspection, so GraphiQL can load the schema', async () => {
    const res = await gql(getIntrospectionQuery());
    expect(res.status).toBe(200);
    const printed = printSchema(buildClientSchema(res.body.data));
    expect(printed).toContain('addProduct(input: NewProduct!): Product!');
  });

  it('accepts queries by GET, but not mutations', async () => {
    const res = await t.request(f.alice, { url: `${shop}?query=${encodeURIComponent('{ product(id: "1") { id } }')}` });
    expect(res.body.data.product.id).toBe('1');
    const mutation = await t.request(f.alice, { url: `${shop}?query=${encodeURIComponent('mutation { addProduct(input: {title: "x"}) { id } }')}` });
    expect(mutation.status).toBe(405);
  });

  it('answers bad queries with GraphQL errors and 400, never 5xx', async () => {
    const syntax = await gql('{ products { ');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors[0].message).toMatch(/Syntax Error/);
    const unknown = await gql('{ nope }');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toMatch(/Cannot query field "nope"/);
    const noQuery = await t.request(f.alice, { method: 'POST', url: shop, payload: { variables: {} } });
    expect(noQuery.status).toBe(400);
    const badJson = await t.request(f.alice, { method: 'POST', url: shop, payload: '{"query":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    const wrongType = await t.request(f.alice, { method: 'POST', url: shop, payload: 'query', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
  });
});
