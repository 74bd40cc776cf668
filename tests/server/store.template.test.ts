// A new embedded store starts from the template (server/src/db/template.ts) instead of initdb:
// it must hold what a store made by initdb and migrated holds, and a folder written from it only
// in part (the process killed meanwhile) must be written again, not opened half made.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openStore, type Db } from '../../server/src/db/store.ts';
import * as schema from '../../server/src/db/schema.ts';
import { readTemplate, templateFile } from '../../server/src/db/template.ts';
import { writeFolder } from '../../server/src/db/tar.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const dirs: string[] = [];
afterAll(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

function scratchFolder(): string {
  mkdirSync('.tmp', { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), '.tmp', 'template-'));
  dirs.push(dir);
  return join(dir, 'data');
}

/** What a store holds, as text: databases, settings (not the `library.name` ones, there once the
 * session has loaded plpgsql), the public schema's definitions and every table's rows
 * (schema_migrations without its applied_at, the time it was made). */
async function contents(db: Db): Promise<Record<string, unknown>> {
  const q = async (text: string) => rows<Record<string, unknown>>(await db.execute(sql.raw(text)));
  const tables = (await q(`select tablename from pg_tables where schemaname = 'public' order by 1`)).map((r) => String(r.tablename));
  const data: Record<string, unknown> = {};
  for (const table of tables) {
    data[table] = table === 'schema_migrations'
      ? await q('select name from schema_migrations order by name')
      : await q(`select * from "${table}" order by 1`);
  }
  return {
    databases: await q('select datname, encoding, datcollate, datctype, datlocprovider from pg_database order by 1'),
    settings: await q(`select name, setting from pg_settings where name not like '%.%' order by 1`),
    columns: await q(`select table_name, column_name, data_type, column_default, is_nullable, ordinal_position from information_schema.columns where table_schema = 'public' order by 1, 2`),
    indexes: await q(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    constraints: await q(`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    triggers: await q(`select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`),
    functions: await q(`select proname, pg_get_functiondef(oid) as def from pg_proc where pronamespace = 'public'::regnamespace and prokind in ('f', 'p') order by 1, 2`),
    extensions: await q('select extname, extversion from pg_extension order by 1'),
    sequences: await q(`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`),
    data,
  };
}

describe.skipIf(onPostgres)('a new embedded store from the template', () => {
  it('has a template for the installed PGlite (made again by `node --import tsx server/src/cli/template.ts`)', () => {
    expect(existsSync(templateFile()), templateFile()).toBe(true);
  });

  it('holds what a store made by initdb and migrated holds', { timeout: 180_000 }, async () => {
    const byInitdb = await openStore({ initdb: true });
    const fromTemplate = await openStore();
    try {
      expect(await contents(fromTemplate.db)).toEqual(await contents(byInitdb.db));
    } finally {
      await Promise.all([byInitdb.close(), fromTemplate.close()]);
    }
  });

  it('writes a new folder whole before it counts as a database, and keeps what is written in it', { timeout: 120_000 }, async () => {
    const dir = scratchFolder();
    // As a process killed while writing the folder leaves it: some files, no PG_VERSION.
    const tar = readTemplate()!;
    writeFolder(tar, dir);
    rmSync(join(dir, 'PG_VERSION'));
    rmSync(join(dir, 'global', 'pg_control'));
    const first = await openStore({ dataDir: dir });
    await first.db.insert(schema.organisations).values({ id: 'kept', name: 'Kept' });
    await first.close();
    expect(readdirSync(dir)).toContain('PG_VERSION');
    const second = await openStore({ dataDir: dir });
    try {
      const [org] = await second.db.select().from(schema.organisations).where(eq(schema.organisations.id, 'kept'));
      expect(org?.name).toBe('Kept');
    } finally {
      await second.close();
    }
  });
});
