// Migrations with several instances (server/src/db/store.ts migrate): two servers (main.ts)
// started at once on one empty PostgreSQL both become ready and the schema is migrated once (one
// runs the migrations under the advisory lock, the other waits and finds them applied); and a
// server refuses to start on a database that a newer version migrated, saying so.
import { readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from './helper.ts';
import { migrate, migrationFiles, NewerSchemaError, openStore } from '../../server/src/db/store.ts';
import { killServers, startServer } from './ops.processes.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  killServers();
  for (const c of cleanups) await c();
});

const FUTURE = '9999_from_a_newer_version.sql';

it('refuses to migrate a database migrated by a newer version, naming its migrations', { timeout: 180_000 }, async () => {
  let store;
  if (onPostgres) {
    const scratch = await createScratchDatabase(process.env.AGORA_PG_TEMPLATE);
    cleanups.push(scratch.drop);
    store = await openStore({ databaseUrl: scratch.url });
  } else {
    const template = process.env.AGORA_STORE_TEMPLATE;
    store = await openStore(template ? { loadFrom: new Blob([readFileSync(template)]) } : {});
  }
  try {
    await store.db.execute(sql`insert into schema_migrations (name) values (${FUTURE})`);
    // What openStore runs at every start (it closes the store and rethrows: main.ts says "Cannot start: …").
    const error = await migrate(store.db).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(NewerSchemaError);
    expect((error as Error).message).toMatch(/migrated by a newer version of Agora .*9999_from_a_newer_version\.sql/);
  } finally {
    await store.close();
  }
});

it.skipIf(!onPostgres)('two instances started at once on an empty PostgreSQL: both ready, the schema migrated once', { timeout: 300_000 }, async () => {
  const scratch = await createScratchDatabase();
  cleanups.push(scratch.drop);
  const env = { DATABASE_URL: scratch.url, SHUTDOWN_GRACE_MS: '0' };
  const servers = [startServer(env), startServer(env)];
  const ports = await Promise.all(servers.map((s) => s.port));
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).checks).toEqual({ store: 'ok', migrations: 'ok', jobs: 'ok' });
  }
  // Only one of them seeded: the demo catalogue once.
  expect(servers.filter((s) => s.output.some((line) => line.startsWith('Seeding the demo catalogue'))).length).toBe(1);

  const store = await openStore({ databaseUrl: scratch.url });
  try {
    const rows = (await store.db.execute(sql`select name, applied_at::text as at from schema_migrations order by name`) as unknown as { rows: Array<{ name: string; at: string }> }).rows;
    expect(rows.map((r) => r.name)).toEqual(await migrationFiles());
    // All applied in one transaction (now() is its start): by one instance, once.
    expect(new Set(rows.map((r) => r.at)).size).toBe(1);
    const products = (await store.db.execute(sql`select count(*)::int as n from products where id = 'prod-payments'`) as unknown as { rows: Array<{ n: number }> }).rows;
    expect(products[0]!.n).toBe(1);
    await store.db.execute(sql`insert into schema_migrations (name) values (${FUTURE})`);
  } finally {
    await store.close();
  }
  for (const s of servers) s.proc.kill('SIGTERM');
  expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);

  // An instance of this version on the database a newer one migrated: refused, and it says why.
  const late = startServer(env);
  expect(await late.exited).toBe(1);
  expect(late.output.join('\n')).toMatch(/Cannot start: The database was migrated by a newer version of Agora/);
});
