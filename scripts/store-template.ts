// Vitest globalSetup of the server suite: makes the migrated PGlite template once per run (and
// keeps it in .tmp/ while the migrations stay the same) instead of once per test file. A fresh
// PGlite plus migrations costs seconds per file; loading this dump about one.
// Hands the file to the workers as AGORA_STORE_TEMPLATE (read by tests/server/helper.ts).
// On PostgreSQL (TEST_DATABASE_URL) the same idea: one migrated database per run, which every suite
// copies (CREATE DATABASE … TEMPLATE), handed over as AGORA_PG_TEMPLATE and dropped at the end.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, '.tmp');

function key(): string {
  const hash = createHash('sha256');
  const migrations = join(ROOT, 'server', 'migrations');
  const files = readdirSync(migrations).filter((f) => f.endsWith('.sql')).sort().map((f) => join(migrations, f));
  for (const file of [...files, join(ROOT, 'server', 'src', 'db', 'store.ts'), join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')]) {
    hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated template database on TEST_DATABASE_URL's server; returns its teardown. */
async function postgresTemplate(adminUrl: string): Promise<() => Promise<void>> {
  const { createDatabase, dropDatabase } = await import('./postgres.mjs');
  const name = `agora_template_${process.pid}`;
  await dropDatabase(adminUrl, name);
  const url = await createDatabase(adminUrl, name);
  const { openStore } = await import('../server/src/db/store.ts');
  // Migrated, then closed: a database with a session open on it cannot be copied.
  await (await openStore({ databaseUrl: url })).close();
  process.env.AGORA_PG_TEMPLATE = name;
  return () => dropDatabase(adminUrl, name);
}

export default async function setup(): Promise<void | (() => void | Promise<void>)> {
  if (process.env.TEST_DATABASE_URL) return postgresTemplate(process.env.TEST_DATABASE_URL);
  const file = join(CACHE, `store-template-${key()}.tar`);
  if (!existsSync(file)) {
    const { openStore } = await import('../server/src/db/store.ts');
    const store = await openStore();
    try {
      const data = Buffer.from(await (await store.dump()).arrayBuffer());
      mkdirSync(CACHE, { recursive: true });
      writeFileSync(`${file}.${process.pid}`, data);
      renameSync(`${file}.${process.pid}`, file);
      for (const old of readdirSync(CACHE)) {
        if (/^store-template-[0-9a-f]+\.tar(\.d)?$/.test(old) && !old.startsWith(basename(file))) rmSync(join(CACHE, old), { recursive: true, force: true });
      }
    } finally {
      await store.close();
    }
  }
  // Unpacked once here, so the workers' test stores open on copies of the folder (tests/storeFolder.ts).
  const { runCopies, templateFolder } = await import('../tests/storeFolder.ts');
  await templateFolder(file);
  process.env.AGORA_STORE_TEMPLATE = file;
  return runCopies();
}
