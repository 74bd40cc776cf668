// `node --import tsx server/src/cli/template.ts`: makes the template a new embedded store starts
// from (db/template.ts reads it), after a migration or a PGlite upgrade: a store created by
// initdb, migrated, and dumped into server/migrations/template/pglite-<version>.tar.br, replacing
// the template of any other version.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openStore } from '../db/store.ts';
import { TEMPLATE_DIR, templateFile } from '../db/template.ts';

async function main(): Promise<void> {
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
  console.log(`${file}: the template of a new store`);
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
