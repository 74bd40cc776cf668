// Test stores opened on a copy of a template data folder. Loading a dump (`openStore({ loadFrom })`)
// unpacks the whole database into PGlite's memory file system first: 2–4 s a store, paid by every
// server and browser test file. Copying the unpacked folder and opening PGlite on the copy costs
// ~1 s, and the copy is the same database. The folder is made once from the template dump. Copies
// go to scripts/scratch.mjs's folder (memory when there is one: deleting them from disk cost seconds).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, type Store } from '../server/src/db/store.ts';
import { scratchDir } from '../scripts/scratch.mjs';

/** The data folder unpacked from the dump at `tar` (made once, next to it: `<tar>.d`). Safe when two
 * processes make it at once: each unpacks into its own draft and the first rename wins. */
export async function templateFolder(tar: string, data?: Blob): Promise<string> {
  const folder = `${tar}.d`;
  if (existsSync(join(folder, 'PG_VERSION'))) return folder;
  const draft = `${folder}.${process.pid}`;
  rmSync(draft, { recursive: true, force: true });
  await (await openStore({ dataDir: draft, loadFrom: data ?? new Blob([readFileSync(tar)]) })).close();
  try {
    renameSync(draft, folder);
  } catch {
    rmSync(draft, { recursive: true, force: true }); // another process made it meanwhile
  }
  return folder;
}

/** A store on a fresh copy of `folder`; closing it deletes the copy.
 * A test process (a vitest worker runs its files one after another in one process) that asks for a
 * copy of a folder asks again for the next file: the next copy is opened while this one is in use
 * (PGlite's start is ~1-3 s of a thread, most of a short file's time), and handed out next. An idle
 * store keeps no process alive (pgliteThread.ts). Vitest ends its workers without their exit
 * handlers running, so a suite's copies go in one folder its globalSetup deletes (runCopies). */
export async function openStoreCopy(folder: string): Promise<Store> {
  const spare = spares.get(folder);
  spares.delete(folder);
  const store = (spare ? await spare.catch(() => undefined) : undefined) ?? await openCopy(folder);
  // Only inside a suite (its globalSetup set AGORA_TEST_STORES): a one-off caller (the contract
  // step, a bench) would pay for a spare it never takes.
  if (process.env.AGORA_TEST_STORES) {
    const next = openCopy(folder);
    next.catch(() => undefined); // an open that failed is retried when taken
    spares.set(folder, next);
  }
  return store;
}

const spares = new Map<string, Promise<Store>>();

/** For a suite's globalSetup: a folder for the copies its workers make (handed over as
 * AGORA_TEST_STORES), and the teardown that deletes it with the spares nobody took. */
export function runCopies(): () => void {
  const folder = mkdtempSync(join(scratchDir(), 'agora-test-stores-'));
  process.env.AGORA_TEST_STORES = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}

async function openCopy(folder: string): Promise<Store> {
  const parent = process.env.AGORA_TEST_STORES ?? scratchDir();
  mkdirSync(parent, { recursive: true });
  const copy = mkdtempSync(join(parent, 'agora-test-store-'));
  const remove = () => rmSync(copy, { recursive: true, force: true });
  try {
    cpSync(folder, copy, { recursive: true });
    const store = await openStore({ dataDir: copy });
    return {
      ...store,
      close: async () => {
        try { await store.close(); } finally { remove(); }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
