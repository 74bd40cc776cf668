// Opens the store: Drizzle over PGlite (embedded, the default) or over PostgreSQL when a
// connection string is given. Same schema, same migrations, same queries on both.
import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';
import type { PGlite } from '@electric-sql/pglite';
import { startPglite, type StartedPglite } from './embedded.ts';
import { LOCK_FILE } from './lock.ts';
import { withoutFiles } from './tar.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export { schema };

export interface StoreOptions {
  /** postgres://… : use PostgreSQL. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded store; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump (from dumpTemplate) to start from instead of an empty database. */
  loadFrom?: Blob | File | undefined;
  /** The embedded store already started on `dataDir` (embedded.ts), to finish opening. */
  started?: Promise<StartedPglite> | undefined;
  /** A new embedded database is made by initdb, not from the template (db/template.ts). */
  initdb?: boolean | undefined;
}

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Dump the embedded database (PGlite only) so tests can start from a migrated template. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
  /** Connections now (PostgreSQL's pool; the embedded store's one connection and what queues for it). */
  pool(): PoolUse;
  /** `observer` hears every statement's time in ms, from sending to its answer (ops/metrics.ts). */
  observeQueries(observer: (ms: number) => void): void;
  /** The embedded database's WebAssembly memory and its thread's V8 heap, in bytes (PGlite only). */
  memory?(): Promise<{ wasm: number; heap: number }>;
}

export interface PoolUse { max: number; open: number; in_use: number; waiting: number }

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  try {
    await migrate(store.db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function openPglite(options: StoreOptions): Promise<Store> {
  const starting = options.started ?? startPglite(options);
  starting.catch(() => undefined); // its failure is thrown below, once the driver has loaded
  let drizzle;
  try {
    // The driver's modules load while the database starts in its thread (the start is the longer).
    ({ drizzle } = await import('drizzle-orm/pglite'));
  } catch (error) {
    await starting.then(({ client, lock }) => client.close().finally(() => lock?.release()), () => undefined);
    throw error;
  }
  const { client, lock } = await starting;
  // Drizzle's driver only calls query() and transaction(), which ThreadedPGlite provides.
  const db = drizzle(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // Without this process's lock file (db/tar.ts): a restored folder must not name our owner.
    dump: async () => new Blob([withoutFiles(new Uint8Array(await (await client.dumpDataDir()).arrayBuffer()), new Set([LOCK_FILE]))]),
    pool: () => ({ max: 1, open: 1, in_use: Math.min(1, client.inFlight), waiting: Math.max(0, client.inFlight - 1) }),
    observeQueries: (observer) => { client.onStatement = observer; },
    memory: () => client.memory(),
    close: async () => {
      try { await client.close(); } finally { lock?.release(); }
    },
  };
}

async function openPostgres(url: string): Promise<Store> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const max = Number(process.env.DATABASE_POOL ?? 10);
  const pool = new pg.default.Pool({ connectionString: url, max });
  let observer: ((ms: number) => void) | undefined;
  // Every statement runs on a pooled client (pool.query checks one out too): timed there.
  pool.on('connect', (client) => timeQueries(client, () => observer));
  // An idle connection the database ended (a restart, an administrator, a dropped test database)
  // is left by the pool, which opens another when needed; unheard, its 'error' would end the process.
  pool.on('error', (error) => console.warn(`store: an idle PostgreSQL connection ended: ${error.message}`));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    dump: () => Promise.reject(new Error('dump is only for the embedded store')),
    pool: () => ({ max, open: pool.totalCount, in_use: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    observeQueries: (fn) => { observer = fn; },
    close: () => pool.end(),
  };
}

/** Wraps a pg client's query (callback or promise form) to tell `observer()` its time. */
function timeQueries(client: { query: (...args: unknown[]) => unknown }, observer: () => ((ms: number) => void) | undefined): void {
  const query = client.query;
  client.query = function timed(this: unknown, ...args: unknown[]) {
    const tell = observer();
    if (!tell) return query.apply(this, args);
    const sent = performance.now();
    const done = () => tell(performance.now() - sent);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => { done(); return (callback as (...a: unknown[]) => unknown)(...results); };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  };
}

/** The numbered SQL files of this version, in order. */
export async function migrationFiles(): Promise<string[]> {
  if (!existsSync(MIGRATIONS_DIR)) throw new Error(`migrations folder missing: ${MIGRATIONS_DIR}`);
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
}

/** The database holds migrations this version of the server does not have. */
export class NewerSchemaError extends Error {
  constructor(readonly migrations: string[]) {
    super(`The database was migrated by a newer version of Agora (migrations this version does not have: ${migrations.join(', ')}). `
      + 'Start that version (or a newer one), or restore a backup taken before the upgrade.');
  }
}

/** Applies the numbered SQL files of server/migrations that this database has not seen.
 * An advisory lock keeps two instances starting together on one PostgreSQL from racing. */
export async function migrate(db: Db): Promise<void> {
  const files = await migrationFiles();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    await tx.execute(sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
    const done = (await tx.execute(sql`select name from schema_migrations`)) as unknown as { rows: Array<{ name: string }> };
    const applied = new Set(done.rows.map((r) => r.name));
    // A newer version of the server migrated this database (a rolling upgrade under way, or a
    // rollback): this code does not know that schema, and must not write into it.
    const known = new Set(files);
    const newer = [...applied].filter((name) => !known.has(name)).sort();
    if (newer.length) throw new NewerSchemaError(newer);
    for (const file of files) {
      if (applied.has(file)) continue;
      const text = await readFile(join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (name) values (${file})`);
    }
  });
}
