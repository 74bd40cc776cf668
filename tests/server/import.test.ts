// Publishing a specification file as a product: real OpenAPI 2 / 3.0 / 3.1, AsyncAPI and GraphQL
// documents become a product with its version, resource and free plan; a broken file is
// refused with a clear message and leaves nothing behind; `npm run import` does it end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { npmScriptArgs } from '../npmScript.ts';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { publishProduct } from '../../server/src/publish/index.ts';
import { ApiError } from '../../server/src/errors.ts';
import { openStore } from '../../server/src/db/store.ts';
import * as schema from '../../server/src/db/schema.ts';
import { secretBoxFor } from '../../server/src/credentials/crypto.ts';
import { scratchDir } from '../../scripts/scratch.mjs';
import { bundled } from '../../scripts/cli.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const SPECS = join(HERE, '../../server/seed/specs');
const ROOT = join(HERE, '../..');
const githubFile = join(dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json')), 'generated', 'ghes-3.17.json');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t?.close());

const counts = async () => ((await t.db.execute(sql`select
  (select count(*) from products)::int as products, (select count(*) from product_versions)::int as versions,
  (select count(*) from asset_resources)::int as resources, (select count(*) from plans)::int as plans,
  (select count(*) from quotas)::int as quotas, (select count(*) from product_categories)::int as links`)) as unknown as { rows: unknown[] }).rows[0];

async function publishFile(file: string, options = {}) {
  const content = await readFile(file, 'utf8');
  return { content, published: await publishProduct(t.db, { content, fileName: file.split('/').pop()!, options }) };
}

describe('publishProduct', () => {
  it('publishes a real OpenAPI 3 description (GitHub Enterprise REST) with its version, resource and free plan', async () => {
    const { content, published } = await publishFile(githubFile, { categoryIds: ['cat-devops'], title: 'GitHub Enterprise Server REST' });
    expect(published).toMatchObject({ productId: 'prod-github-enterprise-server-rest', type: 'oas3', title: 'GitHub Enterprise Server REST' });
    const [product] = await t.db.select().from(schema.products).where(eq(schema.products.id, published.productId));
    expect(product).toMatchObject({ name: 'github-enterprise-server-rest', visibility: 'unrestricted', state: 'published' });
    expect(product!.description.length).toBeGreaterThan(10);
    const [version] = await t.db.select().from(schema.productVersions).where(eq(schema.productVersions.productId, published.productId));
    expect(version).toMatchObject({ id: published.versionId, state: 'active' });
    expect(version!.overview).toMatch(/^# /);
    const [resource] = await t.db.select().from(schema.assetResources).where(eq(schema.assetResources.id, published.resourceId));
    expect(resource).toMatchObject({ productVersionId: published.versionId, type: 'oas3', contentType: 'application/json', specificationSize: Buffer.byteLength(content) });
    expect(resource!.specification).toBe(content);
    expect(resource!.endpoints).toEqual(expect.arrayContaining([expect.objectContaining({ url: expect.stringContaining('http') })]));
    const plans = await t.db.select().from(schema.plans).where(eq(schema.plans.productId, published.productId));
    expect(plans).toEqual([expect.objectContaining({ id: published.planId, type: 'free', state: 'active' })]);
    const quotas = await t.db.select().from(schema.quotas).where(eq(schema.quotas.planId, published.planId!));
    expect(quotas[0]!.pricing).toMatchObject({ type: 'fixed', limit: { type: 'strict' } });
    const links = await t.db.select().from(schema.productCategories).where(eq(schema.productCategories.productId, published.productId));
    expect(links).toEqual([{ productId: published.productId, categoryId: 'cat-devops' }]);

    // A visitor of the public demo marketplace reads it through the API, plans included.
    const res = await t.request(null, { url: `${API}/products/${published.productId}` });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('GitHub Enterprise Server REST');
    const planList = await t.request(null, { url: `${API}/products/${published.productId}/plans` });
    expect(planList.body.items.map((p: { id: string }) => p.id)).toEqual([published.planId]);
  });

  it('recognises OpenAPI 2, OpenAPI 3.1, AsyncAPI 2 and 3, and GraphQL SDL, JSON or YAML', async () => {
    const cases: Array<[string, string, string, string]> = [
      ['petstore.oas2.json', 'oas2', 'application/json', 'Petstore'],
      ['shipping.oas31.yaml', 'oas3.1', 'application/yaml', 'Shipping & Tracking API'],
      ['iot-telemetry.asyncapi.yaml', 'asyncapi', 'application/yaml', 'IoT Telemetry Streams'],
      ['order-events.asyncapi3.yaml', 'asyncapi', 'application/yaml', 'Order Events'],
      ['storefront.graphql', 'graphql', 'application/graphql', 'Storefront GraphQL API'],
    ];
    for (const [file, type, contentType, title] of cases) {
      const { published } = await publishFile(join(SPECS, file));
      expect(published.type, file).toBe(type);
      expect(published.title, file).toBe(title);
      const [resource] = await t.db.select({ type: schema.assetResources.type, contentType: schema.assetResources.contentType, tags: schema.products.tags })
        .from(schema.assetResources).innerJoin(schema.productVersions, eq(schema.productVersions.id, schema.assetResources.productVersionId))
        .innerJoin(schema.products, eq(schema.products.id, schema.productVersions.productId))
        .where(eq(schema.assetResources.id, published.resourceId));
      expect(resource, file).toMatchObject({ type, contentType });
      expect(resource!.tags.length, file).toBeGreaterThan(0);
    }
  });

  it('updates the product on a second import of the same description instead of duplicating it', async () => {
    const first = await publishFile(join(SPECS, 'storefront.graphql'), { title: 'Twice' });
    const before = await counts();
    const second = await publishFile(join(SPECS, 'storefront.graphql'), { title: 'Twice' });
    expect(first.published).toMatchObject({ productId: 'prod-twice', outcome: 'created' });
    expect(second.published).toMatchObject({ productId: 'prod-twice', resourceId: first.published.resourceId, outcome: 'replaced', planId: null });
    expect(await counts()).toEqual(before);
    const next = await publishProduct(t.db, { content: second.content, fileName: 'storefront.graphql', options: { title: 'Twice', version: '2.0.0' } });
    expect(next).toMatchObject({ productId: 'prod-twice', outcome: 'version', versionId: 'prod-twice-v2-0-0' });
  });

  it('publishes what can be read with a derived value and a warning, stored on the resource', async () => {
    const cases: Array<[string, string, Record<string, string>, RegExp, string]> = [
      ['untitled.json', '{"openapi":"3.0.3","info":{"version":"1"},"paths":{}}', {}, /no info\.title: published as "Untitled"/, 'Untitled'],
      ['x.json', '{"openapi":"3.0.3","info":{"version":"1"},"paths":{}}', { title: 'Given Title' }, /no info\.title/, 'Given Title'],
      ['nopaths.json', '{"openapi":"3.0.3","info":{"title":"No Paths","version":"1"}}', {}, /no "paths" object/, 'No Paths'],
      ['async.yaml', 'asyncapi: 2.6.0\ninfo:\n  title: No Channels\n  version: 1.0.0\n', {}, /no "channels" object/, 'No Channels'],
      ['dup.graphql', 'type Query {\n  a: Int\n  a: String\n}\n', { title: 'Dup' }, /1 duplicate definition ignored, the first kept: Query\.a \(line 3\)/, 'Dup'],
    ];
    for (const [fileName, content, options, warning, title] of cases) {
      const published = await publishProduct(t.db, { content, fileName, options });
      expect(published.title, fileName).toBe(title);
      expect(published.warnings.join(' '), fileName).toMatch(warning);
      const [row] = await t.db.select({ w: schema.assetResources.importWarnings, spec: schema.assetResources.specification }).from(schema.assetResources).where(eq(schema.assetResources.id, published.resourceId));
      expect(row!.w.join(' ')).toMatch(warning);
      if (fileName === 'dup.graphql') expect(row!.spec).not.toContain('a: String');
    }
  });

  it('accepts GraphQL introspection JSON, stored as the SDL it describes', async () => {
    const json = JSON.stringify({ data: { __schema: { queryType: { name: 'Query' }, types: [{ kind: 'OBJECT', name: 'Query', fields: [{ name: 'hello', args: [], type: { kind: 'SCALAR', name: 'String' }, isDeprecated: false }], interfaces: [] }, { kind: 'SCALAR', name: 'String' }], directives: [] } } });
    const published = await publishProduct(t.db, { content: json, fileName: 'hello.json', options: { title: 'Hello Introspection' } });
    expect(published.type).toBe('graphql');
    const [row] = await t.db.select({ spec: schema.assetResources.specification }).from(schema.assetResources).where(eq(schema.assetResources.id, published.resourceId));
    expect(row!.spec).toContain('hello: String');
  });

  it('refuses a broken file with a message naming the problem, and writes nothing', async () => {
    const before = await counts();
    const broken: Array<[string, string, RegExp]> = [
      ['empty.yaml', '   \n', /empty/],
      ['bad.json', '{"openapi": "3.0.3",\n "info": {', /not valid JSON at line 2, column 11/],
      ['bad.yaml', 'openapi: 3.0.3\ninfo: [unclosed\n', /not valid YAML at line \d+, column \d+/],
      ['notes.yaml', 'title: my notes\nitems: [1, 2]\n', /neither OpenAPI.*AsyncAPI.*GraphQL/],
      ['syntax.graphql', 'type Query {\n  a: Int\n', /GraphQL schema is not valid at line 3, column 1/],
      ['future.json', '{"openapi":"4.0.0","info":{"title":"X","version":"1"},"paths":{}}', /Unsupported OpenAPI version "4\.0\.0"/],
      ['old.json', '{"swagger":"1.2","info":{"title":"X","version":"1"},"paths":{}}', /Swagger version "1\.2"/],
      ['schema.graphql', 'type Query {\n  user(id: ID!): User\n}\n', /GraphQL schema is not valid.*Unknown type "User"/],
      ['noquery.graphql', 'type User { id: ID! }', /no Query type/],
    ];
    for (const [fileName, content, message] of broken) {
      const error = await publishProduct(t.db, { content, fileName }).then(() => null, (e: unknown) => e);
      expect(error, fileName).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).parameter).toBe('file');
      expect((error as ApiError).message, fileName).toMatch(message);
    }
    // A valid file with a bad reference fails inside the transaction: nothing is left half-written.
    const content = await readFile(join(SPECS, 'payments.oas3.yaml'), 'utf8');
    const error = await publishProduct(t.db, { content, fileName: 'payments.oas3.yaml', options: { categoryIds: ['cat-payments', 'cat-nope'] } }).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('No category with id "cat-nope".');
    expect((error as ApiError).parameter).toBe('category');
    expect(await counts()).toEqual(before);
  });
});

describe('npm run import', () => {
  const run = promisify(execFile);
  // npm's own command line (package.json): the command runs from its bundle, made on first use.
  const command = npmScriptArgs('import');
  const cli = (args: string[], env: Record<string, string> = {}) => run(process.execPath, [...command, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } })
    .then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));

  it('publishes into the embedded store of a data folder, and refuses a broken file with exit code 1', async () => {
    const dir = await mkdtemp(join(scratchDir(), 'agora-import-'));
    try {
      const dataDir = join(dir, 'data');
      const ok = await cli([join(SPECS, 'payments.oas3.yaml'), '--data-dir', dataDir, '--no-seed', '--title', 'Imported Payments']);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('Published "Imported Payments" (oas3) as product prod-imported-payments');
      expect(ok.stdout).toMatch(/portal: +http:\/\/127\.0\.0\.1:8080\/productDetails\/prod-imported-payments/);
      expect(ok.stdout).toContain('1 published, 0 published with warnings, 0 refused (of 1).');

      const badFile = join(dir, 'broken.json');
      await writeFile(badFile, '{"openapi": "3.0.3",\n  "info": ');
      const untitled = join(dir, 'untitled.yaml');
      await writeFile(untitled, 'openapi: 3.0.3\ninfo:\n  version: 1.0.0\n');
      const bad = await cli([badFile, untitled, '--data-dir', dataDir, '--no-seed']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Cannot publish');
      expect(bad.stderr).toMatch(/not valid JSON at line 2, column \d+/);
      expect(bad.stdout).toMatch(/untitled\.yaml +published with warnings +prod-untitled/);
      expect(bad.stdout).toContain('0 published, 1 published with warnings, 1 refused (of 2).');

      const missing = await cli([join(dir, 'nope.json'), '--data-dir', dataDir]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no such file');

      const usage = await cli([]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run import');

      const store = await openStore({ dataDir });
      try {
        const products = await store.db.select({ id: schema.products.id, title: schema.products.title }).from(schema.products);
        expect(products).toEqual([{ id: 'prod-imported-payments', title: 'Imported Payments' }, { id: 'prod-untitled', title: 'Untitled' }]);
        const [resource] = await store.db.select({ type: schema.assetResources.type, size: schema.assetResources.specificationSize }).from(schema.assetResources)
          .where(eq(schema.assetResources.productVersionId, 'prod-imported-payments-v3-2-0'));
        expect(resource).toEqual({ type: 'oas3', size: (await readFile(join(SPECS, 'payments.oas3.yaml'))).length });
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('adds the demo catalogue to a new folder first as npm start would: its SECRETS_KEY seals the demo credentials, its traffic backfilled', async () => {
    const dir = await mkdtemp(join(scratchDir(), 'agora-import-'));
    const key = randomBytes(32);
    try {
      const dataDir = join(dir, 'data');
      const ok = await cli([join(SPECS, 'petstore.oas2.json'), '--data-dir', dataDir, '--title', 'Seeded Pets'], { SECRETS_KEY: key.toString('hex') });
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('adding the demo catalogue first');
      expect(ok.stdout).toMatch(/Backfilled \d+ seeded gateway calls/);
      const store = await openStore({ dataDir });
      try {
        const sealed = await store.db.select({ secret: schema.credentials.secretEncrypted }).from(schema.credentials).where(sql`${schema.credentials.secretEncrypted} is not null`);
        expect(sealed.length).toBeGreaterThan(0);
        const box = await secretBoxFor(store.db, key);
        for (const { secret } of sealed) expect(() => box.open(secret!)).not.toThrow();
        const [backfilled] = await store.db.select({ n: sql<number>`count(*)::int` }).from(schema.transactions).where(eq(schema.transactions.upstreamUrl, 'seed:backfill'));
        expect(backfilled!.n).toBeGreaterThan(0);
        expect(await store.db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.title, 'Seeded Pets'))).toHaveLength(1);
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('runs from a bundle made again once one of its sources changed', async () => {
    const entry = 'server/src/cli/import.ts';
    const first = await bundled(entry);
    expect(await bundled(entry)).toBe(first);
    // A source edited (its modification time moved): a new bundle; the source itself is unchanged.
    const source = join(ROOT, 'server/src/gateway/host.ts');
    const { atime, mtime } = statSync(source);
    utimesSync(source, atime, new Date(mtime.getTime() + 1000));
    try {
      const second = await bundled(entry);
      expect(second).not.toBe(first);
      expect(existsSync(first)).toBe(true); // a run still using the older one keeps it
      const usage = await cli(['--help']);
      expect(usage.code).toBe(0);
      expect(usage.stdout).toContain('Usage: npm run import');
    } finally {
      utimesSync(source, atime, mtime);
    }
  }, 120_000);
});
