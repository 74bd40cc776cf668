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
// Made again by `node --import tsx server/src/cli/template.ts` (after a migration or a PGlite upgrade).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../migrations/template/', import.meta.url));

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
