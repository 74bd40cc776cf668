// A separate process for the store tests (store.lock.test.ts, store.kill.test.ts), run with
// `node --import tsx tests/server/store.child.ts <mode> …`; it talks through stdout lines.
//   hold <dataDir>                  open the store, print "ready", wait to be killed
//   lock <dataDir>                  take the folder's lock only; print "locked" or "refused", hold it
//   write <dataDir|postgres://…> N  N writers inserting rows in a loop; "ack <id>" once each commit returned
import { sql } from 'drizzle-orm';
import { openStore } from '../../server/src/db/store.ts';
import { DataDirLockedError, lockDataDir } from '../../server/src/db/lock.ts';

const [mode, where, count] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);
const forever = () => new Promise<never>(() => { setInterval(() => {}, 60_000); });

async function main(): Promise<void> {
  if (!where) throw new Error('usage: store.child.ts <mode> <dataDir|url> [writers]');
  if (mode === 'lock') {
    try {
      lockDataDir(where);
      say('locked');
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      say('refused');
    }
    return forever();
  }
  const store = await openStore(where.startsWith('postgres') ? { databaseUrl: where } : { dataDir: where });
  if (mode === 'hold') {
    say('ready');
    return forever();
  }
  if (mode === 'write') {
    await store.db.execute(sql`create table if not exists kill_test (id text primary key, body text not null)`);
    say('ready');
    const writer = async (w: number) => {
      for (let i = 0; ; i++) {
        const id = `${process.pid}-${w}-${i}`;
        // Two statements in one transaction, as a route's write would be.
        await store.db.transaction(async (tx) => {
          await tx.execute(sql`insert into kill_test (id, body) values (${id}, ${'x'.repeat(200)})`);
          await tx.execute(sql`update kill_test set body = ${`done ${w}`} where id = ${id}`);
        });
        say(`ack ${id}`);
      }
    };
    await Promise.all(Array.from({ length: Number(count ?? 4) }, (_, w) => writer(w)));
  }
  throw new Error(`unknown mode ${mode}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
