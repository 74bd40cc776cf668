// A new embedded store starts from a template: a PGlite data folder made by PostgreSQL's initdb
// and migrated (server/migrations/template/), loaded instead of running initdb again. initdb in
// WebAssembly was most of creating a store: ~2-3 s of CPU, and ~700 MB of memory (PGlite runs it
// in a second PostgreSQL instance whose 128 MB heap it copies and restores before each of
// PostgreSQL's runs; bench/README.md § memory.ts). Loading the template is a 1.8 MB read and
// ~0.1 s of decompression.
//
// The template is made by the PGlite version named in its file's name and used only with that
// version (another might hold another PostgreSQL). Migrations added since it was made are
// applied on top by openStore, as on any store: an older template is slower, never wrong.
// Made again by `node --import tsx server/src/db/template.ts` (after a migration or a PGlite upgrade).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const TEMPLATE_DIR = fileURLToPath(new URL('../../migrations/template/', import.meta.url));

/** The installed PGlite's version (its package.json, beside the entry point `require` finds). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The template's file for the installed PGlite. */
export function templateFile(): string {
  return join(TEMPLATE_DIR, `pglite-${pgliteVersion()}.tar.br`);
}

/** The template as a data-dir dump (an uncompressed tar), or undefined when there is none for
 * this PGlite (the store is then made by initdb). Decompressed at once into one buffer larger
 * than the dump (its untouched end costs no memory): in parts, then joined, it held twice the
 * dump's 43 MB for a while. */
export function readTemplate(): Uint8Array | undefined {
  let compressed: Buffer;
  try {
    compressed = readFileSync(templateFile());
  } catch {
    return undefined;
  }
  return brotliDecompressSync(compressed, { chunkSize: 64 * 1024 * 1024 });
}

/** Makes the template: a store created by initdb, migrated, dumped (without the lock file). */
export async function writeTemplate(): Promise<string> {
  const [{ openStore }, { sql }] = await Promise.all([import('./store.ts'), import('drizzle-orm')]);
  const store = await openStore({ initdb: true });
  let tar: Uint8Array;
  try {
    // Its rows frozen (hint bits set: the first start does not write every page it reads again)
    // and a checkpoint (a store made from it does not replay the migrations' WAL): ~0.1 s of CPU
    // off every new store's first start.
    await store.db.execute(sql`vacuum freeze`);
    await store.db.execute(sql`checkpoint`);
    tar = new Uint8Array(await (await store.dump()).arrayBuffer());
  } finally {
    await store.close();
  }
  // Brotli's best (~25 s to make; a 16 MB window finds the three databases' shared pages).
  const compressed = brotliCompressSync(tar, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: tar.length },
  });
  const file = templateFile();
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  for (const old of readdirSync(TEMPLATE_DIR)) if (old.endsWith('.tar.br')) rmSync(join(TEMPLATE_DIR, old));
  writeFileSync(file, compressed);
  return file;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void writeTemplate().then((file) => console.log(`${file}: the template of a new store`));
}
