// What `npm start` runs: read the environment, open the store (embedded PGlite in DATA_DIR, or
// PostgreSQL at DATABASE_URL), seed the demo catalogue when the store is empty, serve the API,
// the bundle and the demo pages, and shut down cleanly on SIGINT/SIGTERM.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, PACKAGE_VERSION } from './app.ts';
import { ConfigError, loadConfig, storeDescription } from './config.ts';
import { sql } from 'drizzle-orm';
import { NewerSchemaError, openStore } from './db/store.ts';
import { DataDirLockedError } from './db/lock.ts';
import { drainAndClose } from './ops/shutdown.ts';
import { startPlaneWorkers, trustThroughPlane } from './dataplane/cluster.ts';
import { serveBackups } from './ops/backup.ts';
import { accounts as DEMO_ACCOUNTS } from '../seed/accounts.ts';
import { isNewDataDir, seedInProcess, seedStore } from '../seed/firstStart.ts';
import { syncOwnApiProduct } from './openapi/product.ts';

interface Account { email: string; password: string; role: string }

function table(rows: Account[]): string {
  const head: Account = { email: 'e-mail', password: 'password', role: 'role' };
  const all = [head, ...rows];
  const w = (k: keyof Account) => Math.max(...all.map((r) => r[k].length));
  const line = (r: Account) => `  ${r.email.padEnd(w('email'))}  ${r.password.padEnd(w('password'))}  ${r.role}`;
  return [line(head), `  ${'-'.repeat(w('email'))}  ${'-'.repeat(w('password'))}  ${'-'.repeat(w('role'))}`, ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const where = storeDescription(config);
  const seedOptions = { secretsKey: config.credentials.secretsKey, where };
  // A new embedded folder is created and seeded by a process that then exits, memory and all (seed/firstStart.ts).
  if (!config.databaseUrl && isNewDataDir(config.dataDir)) await seedInProcess(config.dataDir, where);
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  await seedStore(store.db, { ...seedOptions, log: (line) => console.log(line) });
  // The embedded store has no autovacuum: give the planner its statistics (and index-only scans
  // their visibility map) at each start, as autovacuum would on PostgreSQL after the seed's bulk load.
  if (store.kind === 'pglite') await store.db.execute(sql`vacuum analyze`);
  // The accounts are fixed, so a restart on a seeded store prints them too.
  const accounts: Account[] = DEMO_ACCOUNTS;

  // GATEWAY_WORKERS: the gateway's data plane in processes of its own on the server's port, the
  // app behind it on loopback (server/src/dataplane/cluster.ts), trusting the plane's X-Forwarded-For.
  const workers = config.gatewayWorkers;
  const app = await buildApp({
    store, auth: config.auth, serveStatic: true, logger: config.logger, credentials: config.credentials,
    trustProxy: workers > 0 ? trustThroughPlane(config.trustProxy) : config.trustProxy,
    egress: config.egress, publicOrigins: config.publicOrigins, ai: config.ai, assistantVectors: config.assistantVectors, corsOrigins: config.corsOrigins, transactionsRetentionDays: config.transactionsRetentionDays,
    metricsToken: config.metricsToken,
    httpTimeouts: config.httpTimeouts,
    mail: config.mail,
    // Without workers the plane is ahead of the app in this process (dataplane/front.ts).
    dataPlane: workers === 0,
  });
  // The marketplace's own API as a product of the demo catalogue, kept current (openapi/product.ts).
  await app.ready();
  await syncOwnApiProduct(app, store.db, PACKAGE_VERSION);
  await app.listen(workers > 0 ? { port: 0, host: '127.0.0.1' } : { port: config.port, host: config.host });
  const plane = workers > 0 ? await startPlaneWorkers(app, { workers, port: config.port, host: config.host, log: (line) => console.log(line) }) : null;
  // `npm run backup` asks this server for a consistent dump of its embedded store (ops/backup.ts).
  const backups = store.kind === 'pglite' ? await serveBackups(store, config.dataDir) : undefined;
  const address = app.server.address();
  const port = plane?.port ?? (typeof address === 'object' && address ? address.port : config.port);
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;

  console.log(`\nAgora marketplace on ${where}`);
  console.log(`  portal:  http://${host}:${port}/`);
  console.log(`  embed:   http://${host}:${port}/embed`);
  console.log(`  API:     http://${host}:${port}/api/v1/marketplace`);
  if (!existsSync(join(process.cwd(), 'dist'))) console.log('  (dist/ is missing: run `npm run build` for the portal pages)');
  console.log(app.mailer.mode === 'smtp'
    ? `  e-mail:  sent through SMTP_URL's relay (every message also listed in the outbox: /outbox as a provider Administrator)`
    : `  e-mail:  no SMTP_URL, so messages stay in the outbox: http://${host}:${port}/outbox (sign in as admin@agora.test)`);
  if (plane) console.log(`  gateway: data plane in ${workers} worker processes (GATEWAY_WORKERS; pids ${plane.pids().join(', ')})`);
  if (accounts.length) console.log(`\nDemo accounts:\n${table(accounts)}`);
  console.log('\nCtrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.log('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping (server/src/ops/shutdown.ts)…`);
    try {
      backups?.close();
      // The workers first: their last records and unspent strict calls go into this process's
      // queues, which the app's close then writes (the gateway's onClose hook).
      await plane?.stop(config.shutdownTimeoutMs);
      await drainAndClose(app, store, { graceMs: config.shutdownGraceMs, timeoutMs: config.shutdownTimeoutMs, log: (line) => console.log(line) });
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}`
    : error instanceof DataDirLockedError || error instanceof NewerSchemaError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
