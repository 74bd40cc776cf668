// The embedded store's first half: its folder locked and its database thread started, without the
// query builder's modules. A command starts it before loading the rest (cli/import.ts: the start is
// most of a short run, and runs on the other core meanwhile); openStore (store.ts) finishes it.
import { mkdir } from 'node:fs/promises';
import { lockDataDir, type DataDirLock } from './lock.ts';
import { ThreadedPGlite, type ThreadedPGliteOptions } from './pgliteThread.ts';

export interface StartedPglite {
  client: ThreadedPGlite;
  /** The folder's lock (db/lock.ts), released when the store closes; none in memory. */
  lock: DataDirLock | undefined;
}

export async function startPglite(options: ThreadedPGliteOptions): Promise<StartedPglite> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  // Before PGlite touches the files: a second process on this folder would lose writes silently.
  const lock = options.dataDir ? lockDataDir(options.dataDir) : undefined;
  try {
    return { client: await ThreadedPGlite.create(options), lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
