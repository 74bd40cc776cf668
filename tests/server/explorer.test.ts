// The explorer's endpoints: index first, operations and tags on demand, cached by ETag, and
// never more than the catalogue lets the caller see.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, lt } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedExplorer, type ExplorerFixture } from './explorer.fixtures.ts';
import { assetResources, specOperations } from '../../server/src/db/schema.ts';
import { indexSpecification } from '../../server/src/spec/store.ts';

let t: TestApp;
let f: ExplorerFixture;
beforeAll(async () => {
  t = await buildTestApp();
  f = await seedExplorer(t);
});
afterAll(() => t?.close());

describe('GET …/spec/index', () => {
  it('gives the head, tags with operation summaries and the try-it state', async () => {
    const res = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/index` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      resourceId: 'r-oas3', type: 'oas3', format: 'openapi', specVersion: '3.0.3', info: { title: 'Pets' },
      counts: { operations: 5, tags: 2 },
      tryIt: {
        allowed: true, reason: null, gatewayUrl: '/api/v1/gateway/p-open/v-open/r-oas3', mock: true,
        tokenUrl: `${API}${f.paths.oas3}/spec/token`, authorizeUrl: `${API}${f.paths.oas3}/spec/authorize`,
      },
    });
    expect(res.body.tags.map((g: any) => [g.name, g.operations.map((o: any) => o.operationId)])).toEqual([
      ['pets', ['listPets', 'addPet', 'myPets', 'getPet']], ['admin', ['deletePet']],
    ]);
    expect(res.body.tags[0].operations[0]).toEqual({
      ordinal: 0, method: 'get', path: '/pets', operationId: 'listPets', summary: 'List pets', deprecated: false, size: expect.any(Number),
    });
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 when the browser already has it', async () => {
    const first = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/index` });
    const again = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/index`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('tells a visitor that try-it needs sign-in, with a different validator', async () => {
    const visitor = await t.request(null, { url: `${API}${f.paths.oas3}/spec/index` });
    const alice = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/index` });
    expect(visitor.body.tryIt).toMatchObject({ allowed: false, reason: 'signin' });
    expect(visitor.headers.etag).not.toBe(alice.headers.etag);
  });

  it('offers the mock authorization server only for a resource on the built-in mock', async () => {
    const real = await t.request(f.alice, { url: `${API}${f.paths.upstream}/spec/index` });
    expect(real.body.tryIt).toMatchObject({ allowed: true, mock: false, authorizeUrl: null });
  });

  it('says why try-it is off for deleted, archived and AsyncAPI resources', async () => {
    expect((await t.request(f.alice, { url: `${API}${f.paths.deleted}/spec/index` })).body.tryIt.reason).toBe('deleted');
    expect((await t.request(f.alice, { url: `${API}${f.paths.archived}/spec/index` })).body.tryIt.reason).toBe('inactive');
    expect((await t.request(f.alice, { url: `${API}${f.paths.asyncapi}/spec/index` })).body.tryIt.reason).toBe('unsupportedType');
  });

  it('indexes on first read a resource stored before indexing', async () => {
    expect(await t.db.select().from(specOperations).where(eq(specOperations.resourceId, 'r-graphql'))).toHaveLength(0);
    const res = await t.request(f.alice, { url: `${API}${f.paths.graphql}/spec/index` });
    expect(res.status).toBe(200);
    expect(res.body.format).toBe('graphql');
    expect(res.body.tags.map((g: any) => g.name)).toEqual(['Query', 'Mutation']);
    expect(res.body.graphql.types.map((x: any) => x.name)).toContain('Product');
  });

  it('reports a document that does not parse instead of failing', async () => {
    const res = await t.request(f.alice, { url: `${API}${f.paths.broken}/spec/index` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'text', tags: [], error: expect.stringMatching(/not valid JSON/) });
  });
});

describe('GET …/spec/operations and …/spec/tags', () => {
  it('gives one operation by ordinal: parameters and responses inlined, schemas by reference with their ids', async () => {
    const res = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/operations/3` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ordinal: 3, tag: 'pets', method: 'get', path: '/pets/{petId}', operationId: 'getPet' });
    expect(res.body.operation.parameters).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }]);
    expect(res.body.operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(res.body.schemas).toEqual({ '#/components/schemas/Pet': 0 });
    // The generated example went through the reference; the recursive parent is cut as {}.
    expect(res.body.samples['response|200|application/json']).toEqual({ id: 1, name: 'string', born: '2025-06-02', tags: ['string'], parent: {} });
    const { ordinal, method, path, operationId, summary, deprecated, size, tag, ...stored } = res.body;
    expect(size).toBe(Buffer.byteLength(JSON.stringify(stored)));
  });

  it('gives a referenced schema by id, as written, with the ids of its own references', async () => {
    const url = `${API}${f.paths.oas3}/spec/schemas/0`;
    const res = await t.request(f.alice, { url });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 0, ref: '#/components/schemas/Pet', schemas: { '#/components/schemas/Pet': 0 } });
    expect(res.body.schema.properties.parent).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await t.request(f.alice, { url, headers: { 'if-none-match': String(res.headers.etag) } })).status).toBe(304);
    expect((await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/schemas/99` })).status).toBe(404);
  });

  it("keeps the author's order of properties and responses", async () => {
    const res = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/operations/1` });
    expect(Object.keys(res.body.operation.responses)).toEqual(['201', '400']);
    const pet = (await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/schemas/0` })).body.schema;
    expect(Object.keys(pet.properties)).toEqual(['id', 'name', 'born', 'tags', 'parent']);
  });

  it('re-indexes lazily an index stored in the older layout (schemas inlined)', async () => {
    const rows = () => t.db.select().from(specOperations).where(eq(specOperations.resourceId, 'r-oas3'));
    await indexSpecification(t.db, 'r-oas3');
    const before = (await rows()).length;
    // The head row of the older layout had no format mark.
    await t.db.update(specOperations).set({ method: '' }).where(eq(specOperations.resourceId, 'r-oas3'));
    await t.db.delete(specOperations).where(and(eq(specOperations.resourceId, 'r-oas3'), lt(specOperations.ordinal, -1)));
    const res = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/schemas/0` });
    expect(res.status).toBe(200);
    expect((await rows()).length).toBe(before);
  });

  it('gives several operations at once, in ordinal order', async () => {
    const res = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/operations?ordinal=4&ordinal=1` });
    expect(res.status).toBe(200);
    expect(res.body.items.map((o: any) => o.operationId)).toEqual(['addPet', 'deletePet']);
    expect(res.body.totalCount).toBe(2);
  });

  it('revalidates an operation with its ETag', async () => {
    const url = `${API}${f.paths.oas3}/spec/operations/0`;
    const first = await t.request(f.alice, { url });
    expect((await t.request(f.alice, { url, headers: { 'if-none-match': String(first.headers.etag) } })).status).toBe(304);
    const other = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/operations/1` });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('gives the operations of a tag, paged', async () => {
    const res = await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/tags/pets?limit=2&offset=1` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'pets', description: 'Everything about pets', totalCount: 4 });
    expect(res.body.items.map((o: any) => o.operationId)).toEqual(['addPet', 'myPets']);
    expect(res.body.items[0].operation.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
  });

  it('answers 404 for an ordinal or tag that does not exist', async () => {
    expect((await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/operations/99` })).status).toBe(404);
    expect((await t.request(f.alice, { url: `${API}${f.paths.oas3}/spec/tags/nope` })).status).toBe(404);
  });

  it('answers malformed input with 400 naming the parameter', async () => {
    const bad = async (url: string, parameter: string) => {
      const res = await t.request(f.alice, { url: `${API}${url}` });
      expect(res.status, url).toBe(400);
      expect(res.body.errors[0].source).toEqual({ parameter });
    };
    await bad(`${f.paths.oas3}/spec/operations/abc`, 'ordinal');
    await bad(`${f.paths.oas3}/spec/operations/-1`, 'ordinal');
    await bad(`${f.paths.oas3}/spec/operations?ordinal=x`, 'ordinal.0');
    await bad(`${f.paths.oas3}/spec/tags/pets?limit=1000`, 'limit');
    await bad(`/products/${encodeURIComponent('bad id!')}/versions/v/assetresources/r/spec/index`, 'id');
  });
});

describe('visibility', () => {
  const endpoints = (p: string) => [`${p}/spec/index`, `${p}/spec/operations/0`, `${p}/spec/tags/pets`, `${p}/spec/schemas/0`];

  it('serves a restricted product to its team and hides it from others as not found', async () => {
    for (const url of endpoints(f.paths.restricted)) {
      expect((await t.request(f.alice, { url: `${API}${url}` })).status, url).toBe(200);
      expect((await t.request(f.bob, { url: `${API}${url}` })).status, url).toBe(404);
      expect((await t.request(null, { url: `${API}${url}` })).status, url).toBe(404);
    }
  });

  it('answers 404 when the resource is asked under another product or version', async () => {
    const res = await t.request(f.alice, { url: `${API}/products/p-open/versions/v-open/assetresources/r-secret/spec/index` });
    expect(res.status).toBe(404);
  });

  it('asks a visitor of a private marketplace to sign in', async () => {
    await t.setSettings({ public: false });
    try {
      for (const url of endpoints(f.paths.oas3)) expect((await t.request(null, { url: `${API}${url}` })).status, url).toBe(401);
      expect((await t.request(f.bob, { url: `${API}${f.paths.oas3}/spec/index` })).status).toBe(200);
    } finally {
      await t.setSettings({ public: true });
    }
  });
});

describe('indexSpecification', () => {
  it('is idempotent and follows a changed specification', async () => {
    const count = async () => (await t.db.select().from(specOperations).where(eq(specOperations.resourceId, 'r-oas2'))).length;
    await indexSpecification(t.db, 'r-oas2');
    await indexSpecification(t.db, 'r-oas2');
    expect(await count()).toBe(2); // one operation + the head row (its schemas are by example, no reference)
    const before = await t.request(f.alice, { url: `${API}${f.paths.oas2}/spec/index` });
    await t.db.update(assetResources).set({ specification: '{"swagger":"2.0","info":{"title":"Empty","version":"2"},"paths":{}}' })
      .where(eq(assetResources.id, 'r-oas2'));
    await indexSpecification(t.db, 'r-oas2');
    const after = await t.request(f.alice, { url: `${API}${f.paths.oas2}/spec/index`, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.status).toBe(200);
    expect(after.body.info.title).toBe('Empty');
    expect(await count()).toBe(1);
  });

  it("stores GitHub's REST description and serves its index and any operation", async () => {
    const text = readFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8');
    await t.db.insert(assetResources).values({ id: 'r-github', productVersionId: 'v-open', title: 'GitHub', type: 'oas3', specification: text });
    const result = await indexSpecification(t.db, 'r-github');
    console.log(`GitHub REST stored and indexed: ${result.operations} operations in ${result.ms} ms`);
    expect(result.operations).toBeGreaterThan(900);
    expect(result.ms).toBeLessThan(10_000);
    const base = `${API}/products/p-open/versions/v-open/assetresources/r-github/spec`;
    const started = performance.now();
    const index = await t.request(f.alice, { url: `${base}/index` });
    const indexMs = performance.now() - started;
    expect(index.status).toBe(200);
    expect(index.body.counts.operations).toBe(result.operations);
    const repos = index.body.tags.find((g: any) => g.name === 'repos');
    const get = repos.operations.find((o: any) => o.operationId === 'repos/get');
    const op = await t.request(f.alice, { url: `${base}/operations/${get.ordinal}` });
    expect(op.body).toMatchObject({ path: '/repos/{owner}/{repo}', method: 'get' });
    const id = op.body.schemas['#/components/schemas/full-repository'];
    const schema = await t.request(f.alice, { url: `${base}/schemas/${id}` });
    expect(schema.body.schema.properties.full_name.type).toBe('string');
    // Every schema it references is there by id, one level at a time.
    for (const next of Object.values(schema.body.schemas)) {
      expect((await t.request(f.alice, { url: `${base}/schemas/${next}` })).status).toBe(200);
    }
    const gz = await t.app.inject({ url: `${base}/index`, headers: { ...(await t.headersFor(f.alice)), 'accept-encoding': 'gzip' } });
    console.log(`GitHub index: ${index.body.sizes.index} B (${gz.rawPayload.length} B gzip) served in ${Math.round(indexMs)} ms`);
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});
