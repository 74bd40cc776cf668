// Test stores opened on a copy of a template data folder. Loading a dump (`openStore({ loadFrom })`)
// unpacks the whole database into PGlite's memory file system first: 2–4 s a store, paid by every
// server and browser test file. Copying the unpacked folder and opening PGlite on the copy costs
// ~1 s, and the copy is the same database. The folder is made once from the template dump. Copies
// go to scripts/scratch.mjs's folder (memory when there is one: deleting them from disk cost seconds).
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
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

/** A store on a fresh copy of `folder`; closing it deletes the copy. */
export async function openStoreCopy(folder: string): Promise<Store> {
  const copy = mkdtempSync(join(scratchDir(), 'agora-test-store-'));
  try {
    cpSync(folder, copy, { recursive: true });
    const store = await openStore({ dataDir: copy });
    return {
      ...store,
      close: async () => {
        try { await store.close(); } finally { rmSync(copy, { recursive: true, force: true }); }
      },
    };
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}
