// `npm run restore -- FILE`: a backup of `npm run backup` into DATA_DIR, which must be a fresh
// (absent or empty) folder: restoring never overwrites a store. The backup is migrated to this
// version on the way (a backup of a newer version is refused). Then start the server on it with
// the same SECRETS_KEY as before (or none, when the key was generated: it is in the backup).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, ConfigError } from '../config.ts';
import { NewerSchemaError, openStore } from '../db/store.ts';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error('Usage: npm run restore -- FILE   (into DATA_DIR, default ./data, which must be absent or empty)');
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" agora.dump\n(README, "Production").');
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`No such backup: ${file}`);
    return 2;
  }
  const where = relative(process.cwd(), config.dataDir) || '.';
  if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0) {
    console.error(`${where} is not empty: restore into a fresh folder (set DATA_DIR), then point the server at it.`);
    return 1;
  }
  const began = performance.now();
  const store = await openStore({ dataDir: config.dataDir, loadFrom: new Blob([readFileSync(file)]) });
  try {
    const counts = (await store.db.execute(sql`select
      (select count(*) from products)::int as products, (select count(*) from users)::int as users,
      (select count(*) from credentials)::int as credentials, (select count(*) from transactions)::int as transactions`) as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
    console.log(`Restored ${file} into ${where} in ${((performance.now() - began) / 1000).toFixed(1)} s: ${counts.products} products, ${counts.users} accounts, ${counts.credentials} credentials, ${counts.transactions} transactions.`);
  } finally {
    await store.close();
  }
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}`
    : error instanceof NewerSchemaError ? `Cannot restore: ${error.message}` : error);
  process.exit(1);
});
