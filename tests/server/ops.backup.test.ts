// Backup and restore of the embedded store (server/src/ops/backup.ts, cli/backup.ts, cli/restore.ts):
// `npm run backup -- FILE` while the real server (main.ts) takes 50 writes a second, then
// `npm run restore -- FILE` into a fresh folder: every write acknowledged before the backup began
// is there, with the same catalogue, accounts, credentials (the API key still decrypts: the
// generated SECRETS_KEY is in the backup) and transactions. PostgreSQL uses pg_dump (README).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { request } from 'undici';
import { buildApp } from '../../server/src/app.ts';
import { openStore, type Store } from '../../server/src/db/store.ts';
import { sessions } from '../../server/src/db/schema.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { demoDataDir } from './helper.ts';
import { scratchFolders } from './store.processes.ts';
import { killServers, prepareStore, startServer } from './ops.processes.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const folders = scratchFolders('agora-backup-');
afterAll(() => {
  killServers();
  folders.remove();
});

/** `npm run <script> -- file` with DATA_DIR: its exit code and output. */
function cli(script: 'backup' | 'restore', file: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, file], { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d) => { output += String(d); });
  proc.stderr.on('data', (d) => { output += String(d); });
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, output })));
}

const rows = async <T>(store: Store, query: ReturnType<typeof sql>) => (await store.db.execute(query) as unknown as { rows: T[] }).rows;
const summary = (store: Store) => rows<Record<string, number>>(store, sql`select
  (select count(*) from products)::int as products, (select count(*) from users)::int as users,
  (select count(*) from credentials)::int as credentials, (select count(*) from transactions)::int as transactions`);

it.skipIf(onPostgres)('a backup taken while 50 writes a second run, restored into a fresh folder, holds every write acknowledged before it began', { timeout: 600_000 }, async () => {
  const folder = await folders.store();
  await demoDataDir(folder);
  // The payments resource on the built-in mock (an empty upstream), so gateway calls leave transactions.
  const { apiKey, gatewayPath } = await prepareStore({ dataDir: folder }, '');
  const server = startServer({ DATA_DIR: folder, SHUTDOWN_GRACE_MS: '0' });
  const base = `http://127.0.0.1:${await server.port}`;
  for (let i = 0; i < 5; i++) expect((await request(`${base}${gatewayPath}/payments`, { headers: { 'x-api-key': apiKey } })).statusCode).toBe(200);

  const signin = await request(`${base}/api/v1/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'orgadmin@agora.test', password: 'agora-orgadmin' }) });
  const { accessToken } = await signin.body.json() as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'x-tenant-id': ORG.acme, 'content-type': 'application/json' };

  // 50 writes a second, each an application; acknowledged = answered 201, at that time.
  const acked: Array<{ title: string; at: number }> = [];
  const failed: string[] = [];
  let n = 0;
  const inFlight = new Set<Promise<void>>();
  const writer = setInterval(() => {
    const title = `backup-write-${n++}`;
    const write = request(`${base}/api/v1/applications`, { method: 'POST', headers, body: JSON.stringify({ title }) })
      .then(async (res) => { const text = await res.body.text(); if (res.statusCode === 201) acked.push({ title, at: Date.now() }); else failed.push(`${res.statusCode} ${text}`); },
        (error: Error) => { failed.push(error.message); })
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
  }, 20);
  try {
    await expect.poll(() => acked.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(25);
    const backupBegan = Date.now();
    const file = join(folders.fresh(), '..', `backup-${randomUUID()}.tar`);
    const backup = await cli('backup', file, folder);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/from the running server/);
    const before = acked.filter((w) => w.at < backupBegan).map((w) => w.title);
    const during = acked.filter((w) => w.at >= backupBegan).length;
    clearInterval(writer);
    await Promise.all(inFlight);
    expect(failed).toEqual([]);
    console.log(`[ops.backup] ${before.length} writes acknowledged before the backup began, ${during} while it ran`);

    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Restoring never overwrites a store; into a fresh folder it does.
    const refused = await cli('restore', file, folder);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty: restore into a fresh folder/);
    const fresh = folders.fresh();
    const restore = await cli('restore', file, fresh);
    expect(restore.code, restore.output).toBe(0);

    const original = await openStore({ dataDir: folder });
    let expected: Record<string, number>;
    try {
      expected = (await summary(original))[0]!;
    } finally {
      await original.close();
    }
    const restored = await openStore({ dataDir: fresh });
    try {
      const titles = new Set((await rows<{ title: string }>(restored, sql`select title from applications where title like 'backup-write-%'`)).map((r) => r.title));
      expect(before.filter((title) => !titles.has(title))).toEqual([]);
      // Catalogue, accounts, credentials and transactions as they were (the writes made no others).
      expect((await summary(restored))[0]).toEqual(expected);
      expect(expected.transactions).toBeGreaterThanOrEqual(5);
      // The API key decrypts in the restored store, with the key the backup carries.
      const app = await buildApp({ store: restored, auth: { secret: randomBytes(32).toString('hex') }, runJobs: false });
      try {
        const sessionId = randomUUID();
        await restored.db.insert(sessions).values({ id: sessionId, userId: USER.orgadmin!, refreshTokenHash: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + 3_600_000) });
        const portal = { authorization: `Bearer ${await app.auth.keys.sign({ userId: USER.orgadmin!, orgId: ORG.acme, sessionId })}`, 'x-tenant-id': ORG.acme };
        const [credential] = await rows<{ id: string }>(restored, sql`select id from credentials where title = 'Ops key 0'`);
        const shown = await app.inject({ url: `/api/v1/credentials/${credential!.id}?decrypt=true`, headers: portal });
        expect(shown.json().provisioning.data.apiKey).toBe(apiKey);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  } finally {
    clearInterval(writer);
  }
});
