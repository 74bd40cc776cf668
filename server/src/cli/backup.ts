// `npm run backup -- FILE`: a backup of the embedded store (DATA_DIR) into FILE, consistent while
// the server runs (asked of the running server through the socket DATA_DIR.sock: ops/backup.ts), or
// taken from the folder directly when no server holds it. PostgreSQL (DATABASE_URL): use pg_dump
// (README "Production"). Restore with `npm run restore -- FILE` into a fresh folder.
import { renameSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { loadConfig, ConfigError } from '../config.ts';
import { openStore } from '../db/store.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { backupFromServer } from '../ops/backup.ts';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error('Usage: npm run backup -- FILE   (the embedded store of DATA_DIR, default ./data)');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g.\n  pg_dump --format=custom --file=agora.dump "$DATABASE_URL"\n(README, "Production").');
    return 2;
  }
  const began = performance.now();
  let bytes = await backupFromServer(config.dataDir);
  let how = 'from the running server';
  if (!bytes) {
    how = 'from the folder (no server running)';
    const store = await openStore({ dataDir: config.dataDir });
    try {
      bytes = Buffer.from(await (await store.dump()).arrayBuffer());
    } finally {
      await store.close();
    }
  }
  // Written whole or not at all: a half-written file is never taken for a backup.
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
  console.log(`Backed up ${relative(process.cwd(), config.dataDir) || '.'} ${how} into ${file}: ${(bytes.length / 1e6).toFixed(1)} MB in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}`
    : error instanceof DataDirLockedError ? `Cannot back up: ${error.message} (and it does not answer on its backup socket: is it an older version?)` : error);
  process.exit(1);
});
