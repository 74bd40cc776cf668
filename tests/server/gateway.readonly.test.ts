// A read-only specification (asset_resources.read_only) may be tried only with methods that
// change nothing: the gateway refuses the others, as the console hides their try-it
// (src/rules/tryIt.ts tryItMethodAllowed, shared by both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedExplorer, gatewayOf, type ExplorerFixture } from './explorer.fixtures.ts';
import { assetResources, transactions } from '../../server/src/db/schema.ts';
import { READ_ONLY_METHODS, tryItMethodAllowed } from '../../src/rules/tryIt.ts';

let t: TestApp;
let f: ExplorerFixture;
let pets: string;

beforeAll(async () => {
  t = await buildTestApp();
  f = await seedExplorer(t);
  pets = `${API}${gatewayOf(f.paths.oas3)}`;
  await t.db.update(assetResources).set({ readOnly: true }).where(eq(assetResources.id, 'r-oas3'));
});
afterAll(async () => {
  await t?.close();
});

describe('read-only specifications', () => {
  it('the rule: safe methods only, and only when the resource is read-only', () => {
    expect(READ_ONLY_METHODS).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(tryItMethodAllowed({ readOnly: true }, 'get')).toBe(true);
    expect(tryItMethodAllowed({ readOnly: true }, 'POST')).toBe(false);
    expect(tryItMethodAllowed({ readOnly: false }, 'DELETE')).toBe(true);
    expect(tryItMethodAllowed({}, 'PATCH')).toBe(true);
  });

  it('answers GET as usual and refuses POST, PUT, PATCH and DELETE with a 403, recording none of them', async () => {
    const before = (await t.db.select().from(transactions).where(eq(transactions.assetResourceId, 'r-oas3'))).length;
    expect((await t.request(f.alice, { url: `${pets}/pets` })).status).toBe(200);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.request(f.alice, { method, url: `${pets}/pets`, payload: { name: 'Rex' } });
      expect(res.status).toBe(403);
      expect(res.body.errors[0].detail).toBe('This specification is read-only: only GET, HEAD and OPTIONS calls can be tried.');
    }
    const after = (await t.db.select().from(transactions).where(eq(transactions.assetResourceId, 'r-oas3'))).length;
    expect(after - before).toBe(1);
  });

  it('lets a resource that is not read-only be written as before', async () => {
    await t.db.update(assetResources).set({ readOnly: false }).where(eq(assetResources.id, 'r-oas3'));
    expect((await t.request(f.alice, { method: 'POST', url: `${pets}/pets`, payload: { name: 'Rex' } })).status).toBe(201);
    await t.db.update(assetResources).set({ readOnly: true }).where(eq(assetResources.id, 'r-oas3'));
  });
});
