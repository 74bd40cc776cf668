// kill -9 during a burst of writes loses no acknowledged write (issue 12, Done when): a child
// process with concurrent writers prints each id once its transaction's commit returned; it is
// killed mid-burst, the store reopened (on PGlite that also takes over the dead owner's lock), and
// every acknowledged id must be there. On PGlite (a folder in the temp dir) and on PostgreSQL
// (TEST_DATABASE_URL).
import { afterAll, afterEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openStore } from '../../server/src/db/store.ts';
import { createScratchDatabase } from './helper.ts';
import { killChildren, scratchFolders, startChild } from './store.processes.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const folders = scratchFolders('agora-kill-');
const cleanups: Array<() => Promise<void> | void> = [() => folders.remove()];
afterEach(killChildren);
afterAll(async () => { for (const c of cleanups) await c(); });

const WRITERS = 6;
/** Killed once this many writes are acknowledged and the burst has run this long: counted, not
 * timed alone, so a loaded machine (CI beside other work) still kills mid-burst, never before it. */
const MIN_ACKED = 25;
const BURST_MS = 1500;
const BURST_LIMIT_MS = 30_000;

it(`keeps every acknowledged write of ${WRITERS} concurrent writers killed mid-burst (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
  let target: string;
  if (onPostgres) {
    const scratch = await createScratchDatabase();
    cleanups.unshift(scratch.drop);
    target = scratch.url;
  } else {
    target = await folders.store();
  }
  const writer = startChild('write', target, String(WRITERS));
  expect(await writer.first).toBe('ready');
  const started = Date.now();
  const ackedSoFar = () => writer.lines.filter((l) => l.startsWith('ack ')).length;
  while ((Date.now() - started < BURST_MS || ackedSoFar() < MIN_ACKED) && Date.now() - started < BURST_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 50));
  }
  writer.proc.kill('SIGKILL');
  await writer.done; // every line written before the kill, read to the end
  const acked = writer.lines.filter((l) => l.startsWith('ack ')).map((l) => l.slice(4));
  expect(acked.length, 'writes acknowledged before the kill').toBeGreaterThanOrEqual(MIN_ACKED);

  const store = await openStore(onPostgres ? { databaseUrl: target } : { dataDir: target });
  try {
    const { rows } = (await store.db.execute(sql`select id, body from kill_test`)) as unknown as { rows: Array<{ id: string; body: string }> };
    const present = new Map(rows.map((r) => [r.id, r.body]));
    const missing = acked.filter((id) => !present.has(id));
    expect(missing, `${missing.length} of ${acked.length} acknowledged writes lost`).toEqual([]);
    // Each acknowledged transaction is whole (its second statement too).
    const half = acked.filter((id) => !present.get(id)!.startsWith('done '));
    expect(half).toEqual([]);
  } finally {
    await store.close();
  }
}, 120_000);
