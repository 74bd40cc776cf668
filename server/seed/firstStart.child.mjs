// The process of firstStart.ts seedInProcess: opens the new folder (argv: folder, description for
// the log), seeds it with SECRETS_KEY of the environment it inherits, gives the planner its
// statistics, closes it and exits. Plain JavaScript that registers tsx (as publish/prepare.worker.mjs).
import { register } from 'tsx/esm/api';

register();
const { sql } = await import('drizzle-orm');
const { openStore } = await import('../src/db/store.ts');
const { secretsKey } = await import('../src/config.ts');
const { seedStore } = await import('./firstStart.ts');

const [dataDir, where] = process.argv.slice(2);
const store = await openStore({ dataDir });
try {
  await seedStore(store.db, { secretsKey: secretsKey(process.env), where, log: (line) => console.log(line) });
  await store.db.execute(sql`vacuum analyze`);
} finally {
  await store.close();
}
