// The store: the same migrations and queries on PGlite (default) and PostgreSQL
// (TEST_DATABASE_URL); state that several instances share lives in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { buildTestApp, createScratchDatabase, type TestApp } from './helper.ts';
import { migrate, openStore } from '../../server/src/db/store.ts';
import * as schema from '../../server/src/db/schema.ts';
import { getOrCreateSecret } from '../../server/src/db/secrets.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t?.close());

describe('migrations', () => {
  it('applies every numbered SQL file once and records it', async () => {
    const files = readdirSync('server/migrations').filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
    const applied = rows<{ name: string }>(await t.db.execute(sql`select name from schema_migrations order by name`));
    expect(applied.map((r) => r.name)).toEqual(files);
    await migrate(t.db); // a second run changes nothing
    expect(rows(await t.db.execute(sql`select name from schema_migrations`))).toHaveLength(files.length);
  });

  it('creates a table for every table of the schema', async () => {
    const expected = Object.values(schema).filter((v) => is(v, PgTable)).map((table) => getTableName(table as PgTable)).sort();
    const present = rows<{ table_name: string }>(await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema()`,
    )).map((r) => r.table_name);
    for (const name of expected) expect(present, name).toContain(name);
  });
});

describe('queries', () => {
  it('rolls a failed transaction back', async () => {
    await expect(t.db.transaction(async (tx) => {
      await tx.insert(schema.organisations).values({ id: 'tx-org', name: 'Tx' });
      throw new Error('abort');
    })).rejects.toThrow('abort');
    expect(await t.db.select().from(schema.organisations).where(eq(schema.organisations.id, 'tx-org'))).toEqual([]);
  });

  it('round-trips bytea, jsonb and text arrays', async () => {
    const data = Uint8Array.from([0, 1, 2, 250, 255]);
    await t.db.insert(schema.images).values({ id: 'bytes', contentType: 'application/octet-stream', data });
    const [image] = await t.db.select().from(schema.images).where(eq(schema.images.id, 'bytes'));
    expect(new Uint8Array(image!.data)).toEqual(data);
    await t.db.insert(schema.organisations).values({ id: 'arr-org', name: 'Arrays', entitlements: ['a', 'b c', 'd,e'] });
    const [org] = await t.db.select().from(schema.organisations).where(eq(schema.organisations.id, 'arr-org'));
    expect(org!.entitlements).toEqual(['a', 'b c', 'd,e']);
  });

  it('ranks full-text matches with websearch syntax', async () => {
    await t.db.insert(schema.products).values([
      { id: 'fts-1', name: 'payments', title: 'Payments API', description: 'Take card payments' },
      { id: 'fts-2', name: 'maps', title: 'Maps API', description: 'Geocoding, with payments of tolls' },
      { id: 'fts-3', name: 'weather', title: 'Weather', description: 'Forecasts' },
    ]);
    const found = rows<{ id: string }>(await t.db.execute(sql`
      select id from products where search @@ websearch_to_tsquery('english', 'payment -weather')
      order by ts_rank(search, websearch_to_tsquery('english', 'payment -weather')) desc, id`));
    expect(found.map((r) => r.id)).toEqual(['fts-1', 'fts-2']);
  });
});

describe('shared state', () => {
  it('creates a server secret once, whoever asks first', async () => {
    const [a, b] = await Promise.all([getOrCreateSecret(t.db, 'test.key'), getOrCreateSecret(t.db, 'test.key')]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(40);
    expect(await getOrCreateSecret(t.db, 'test.key')).toBe(a);
    expect(await getOrCreateSecret(t.db, 'other.key')).not.toBe(a);
  });
});

describe.skipIf(onPostgres)('embedded store in a data folder', () => {
  it('keeps its data across a restart', async () => {
    mkdirSync('.tmp', { recursive: true });
    const dir = mkdtempSync(join(process.cwd(), '.tmp', 'store-'));
    try {
      const first = await openStore({ dataDir: dir });
      await first.db.insert(schema.organisations).values({ id: 'kept', name: 'Kept' });
      const secret = await getOrCreateSecret(first.db, 'auth.signing-key');
      await first.close();
      const second = await openStore({ dataDir: dir });
      const [org] = await second.db.select().from(schema.organisations).where(eq(schema.organisations.id, 'kept'));
      expect(org?.name).toBe('Kept');
      expect(await getOrCreateSecret(second.db, 'auth.signing-key')).toBe(secret);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!onPostgres)('several instances on one PostgreSQL', () => {
  it('two instances starting together on an empty database migrate it once', async () => {
    const scratch = await createScratchDatabase();
    try {
      const [a, b] = await Promise.all([openStore({ databaseUrl: scratch.url }), openStore({ databaseUrl: scratch.url })]);
      const applied = rows<{ name: string }>(await a.db.execute(sql`select name from schema_migrations`));
      expect(applied.length).toBe(readdirSync('server/migrations').filter((f) => f.endsWith('.sql')).length);
      await a.db.insert(schema.organisations).values({ id: 'seen-by-b', name: 'Shared' });
      expect(await b.db.select().from(schema.organisations)).toHaveLength(1);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await scratch.drop();
    }
  });
});
