// `npm run import -- … --server URL --token T` end to end: the command (in this process) posts each
// description to a server listening on a real socket, which publishes it in its import job (jobs
// running by themselves), polls the job to its outcome and prints the summary; a refused file and
// a token that may not publish make the exit code 1, and nothing of theirs is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { runImport } from '../../server/src/cli/import.ts';
import * as schema from '../../server/src/db/schema.ts';
import { scratchDir } from '../../scripts/scratch.mjs';

let t: TestApp;
let url: string;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); }, runJobs: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(scratchDir(), 'agora-import-server-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImport(args, { ...process.env, DATABASE_URL: '', DATA_DIR: join(dir, 'never-opened') }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run import --server', () => {
  it('publishes descriptions through the running server and reports each outcome', async () => {
    const token = await t.tokenFor({ id: USER.admin!, orgId: ORG.provider });
    const openapi = join(dir, 'through-server.json');
    await writeFile(openapi, JSON.stringify({
      openapi: '3.0.3', info: { title: 'Published Through The Server', version: '2.1.0' },
      paths: { '/invoices': { get: { operationId: 'listInvoices', summary: 'List invoices', responses: { 200: { description: 'ok' } } } } },
    }));
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{ "openapi": "3.0.0", "info": ');
    const result = await run([openapi, broken, '--server', url, '--token', token, '--jobs', '2']);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/1 published, 0 published with warnings, 1 refused/);
    expect(`${result.out}\n${result.err}`).toMatch(/broken\.json[\s\S]*line 1/);
    const [product] = await t.db.select().from(schema.products).where(eq(schema.products.title, 'Published Through The Server'));
    expect(product).toBeDefined();
    const ops = (await t.db.execute(sql`select count(*)::int as n from spec_operations o join asset_resources r on r.id = o.resource_id
      join product_versions v on v.id = r.product_version_id where v.product_id = ${product!.id} and o.ordinal >= 0`) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(ops).toBe(1);

    // Again: the same product's version is replaced, not duplicated.
    const again = await run([openapi, '--server', url, '--token', token]);
    expect(again.code).toBe(0);
    // The command never opened a store of its own.
    expect(existsSync(join(dir, 'never-opened'))).toBe(false);
    expect(again.out).toMatch(/replaced/);
    expect(await t.db.select().from(schema.products).where(eq(schema.products.title, 'Published Through The Server'))).toHaveLength(1);
  }, 120_000);

  it('refuses, with exit code 1 and the server\'s reason, a token that may not publish', async () => {
    const token = await t.tokenFor({ id: USER.consumer!, orgId: ORG.acme });
    const file = join(dir, 'consumer.json');
    await writeFile(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'Not Allowed Here', version: '1' }, paths: {} }));
    const result = await run([file, '--server', url, '--token', token]);
    expect(result.code).toBe(1);
    expect(`${result.out}\n${result.err}`).toMatch(/Only provider administrators and catalogue managers publish/);
    expect(await t.db.select().from(schema.products).where(eq(schema.products.title, 'Not Allowed Here'))).toHaveLength(0);
  }, 60_000);

  it('says how to use it when --token is missing', async () => {
    const result = await run(['whatever.json', '--server', url]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--server needs --token/);
  });
});
