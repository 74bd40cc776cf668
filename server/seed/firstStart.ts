// What a server does to a store before it serves: the demo catalogue and its backfilled traffic
// when the store is empty. main.ts and `npm run import` (into an empty store) call seedStore; on
// a new embedded folder main.ts calls seedInProcess, which does the same in a child process that
// then exits: the seed's ~90 MB of V8 heap (GitHub's 13 MB description parsed and indexed among it)
// and the database thread it grew would otherwise stay with the server for its life.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/store.ts';
import { isSeeded } from './marker.ts';

/** Seeds an empty store (demo catalogue + traffic backfill); a seeded one is left alone. Instances
 * starting together on one empty PostgreSQL: the lock lets one seed while the others wait and then
 * find the catalogue there (the seed's own transaction nests as a savepoint). */
export async function seedStore(db: Db, options: { secretsKey?: Buffer | undefined; where: string; log: (line: string) => void }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4243)`);
    const w = tx as unknown as Db;
    if (await isSeeded(w)) return false;
    // Loaded only now: a server on a seeded store does not keep the seed's modules and data.
    const [{ seedDemo }, { backfillTraffic, BACKFILL_DAYS }] = await Promise.all([import('./index.ts'), import('./traffic.ts')]);
    options.log(`Seeding the demo catalogue into ${options.where}…`);
    await seedDemo(w, { secretsKey: options.secretsKey });
    // History for the insights on a fresh store: seeded calls, marked seed:backfill (README).
    const began = performance.now();
    const calls = await backfillTraffic(w);
    options.log(`Backfilled ${calls} seeded gateway calls over ${BACKFILL_DAYS} days in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
    return true;
  });
}

/** No database in this folder yet (PGlite writes PG_VERSION when it creates one). */
export const isNewDataDir = (dataDir: string): boolean => !existsSync(join(dataDir, 'PG_VERSION'));

/** Creates, migrates and seeds a new embedded store in `dataDir` in a child process, which exits
 * with it; the caller then opens the folder (a reopen, ~1 s). A process and not a worker thread:
 * the threads' C heaps (the seed's rows on their way to the database) stayed resident in the
 * server after a worker ended (~90 MB); an exit returns everything. SECRETS_KEY comes with the
 * environment the child inherits. */
export async function seedInProcess(dataDir: string, where: string): Promise<void> {
  const child = fork(fileURLToPath(new URL('./firstStart.child.mjs', import.meta.url)), [dataDir, where], { execArgv: [] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`seeding ${where} failed (exit code ${code}): see the lines above`);
}
