// A throwaway PostgreSQL server for the server suite and the benchmarks: finds the server
// binaries (installing Debian's `postgresql` where they are missing and apt-get is usable),
// runs initdb in a temp folder, starts it on a free loopback port, creates a database, and
// removes everything on stop. An existing TEST_DATABASE_URL is used as is.
//
// CLI:
//   node scripts/postgres.mjs                 start, print the URL, stop on Ctrl-C
//   node scripts/postgres.mjs -- <command…>   run a command with TEST_DATABASE_URL and
//                                              BENCH_DATABASE_URL set, then stop
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, chownSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt.mjs';
import { scratchDir } from './scratch.mjs';

const DB_NAME = 'agora_test';

function onPath(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The folder holding initdb and pg_ctl, or null. Debian keeps them out of PATH under
 * /usr/lib/postgresql/<major>/bin; the newest major wins. */
export function findPgBin() {
  const initdb = onPath('initdb');
  if (initdb && onPath('pg_ctl')) return dirname(realpathSync(initdb));
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).filter((d) => /^\d+(\.\d+)?$/.test(d)).sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = join(root, major, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

export const MISSING_MESSAGE =
  'PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or under /usr/lib/postgresql/*/bin, ' +
  'and apt-get cannot be used here. Install them (e.g. `sudo apt-get install postgresql`), or set ' +
  'TEST_DATABASE_URL to a PostgreSQL database the tests may use (its user must be able to create databases).';

export function ensurePgBin({ install = true } = {}) {
  let bin = findPgBin();
  if (!bin && install && aptInstall(['postgresql'], 'PostgreSQL is missing')) bin = findPgBin();
  if (!bin) throw new Error(MISSING_MESSAGE);
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: as root, everything runs as an unprivileged user (postgres,
 * which Debian's package creates, or one we create) that owns the cluster folder. */
function clusterUser() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'agora-pg']) {
    if (spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0) return name;
  }
  const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'agora-pg'], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('cannot create an unprivileged user for PostgreSQL (useradd failed); run as a normal user');
  return 'agora-pg';
}

function ids(user) {
  const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
  return { uid, gid };
}

function runAs(user, cmd, args, { quiet = false, cwd } = {}) {
  const [c, a] = user ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
  // cwd: the unprivileged user may not be allowed into the caller's folder (a clone under /root).
  const r = spawnSync(c, a, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd });
  if (r.status !== 0 && !quiet) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}${r.stderr}`);
  }
  return r;
}

/**
 * Starts a throwaway cluster, or reuses TEST_DATABASE_URL when it is set.
 * @returns {Promise<{ url: string, adminUrl: string, throwaway: boolean, stop: () => Promise<void> }>}
 */
export async function startPostgres({ install = true, reuseEnv = true, log = console.error } = {}) {
  if (reuseEnv && process.env.TEST_DATABASE_URL) {
    const url = process.env.TEST_DATABASE_URL;
    return { url, adminUrl: url, throwaway: false, stop: async () => {} };
  }
  const t0 = Date.now();
  const bin = ensurePgBin({ install });
  const user = clusterUser();
  // In memory when the machine has it (scripts/scratch.mjs): each test file creates and drops a database.
  const dir = mkdtempSync(join(scratchDir(), 'agora-pg-'));
  const data = join(dir, 'data');
  if (user) {
    const { uid, gid } = ids(user);
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  const superuser = 'postgres';
  let started = false;
  const stop = async () => {
    if (started) {
      runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { quiet: true, cwd: dir });
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runAs(user, join(bin, 'initdb'), ['-D', data, '-U', superuser, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'], { cwd: dir });
    // Durability is pointless for a throwaway cluster; turning it off makes the suite faster.
    const options = [
      `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off',
      '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=200',
    ].join(' ');
    runAs(user, join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'], { cwd: dir });
    started = true;
    const adminUrl = `postgres://${superuser}@127.0.0.1:${port}/postgres`;
    await createDatabase(adminUrl, DB_NAME);
    const url = `postgres://${superuser}@127.0.0.1:${port}/${DB_NAME}`;
    log?.(`[agora] PostgreSQL (${bin}) started on port ${port} in ${Date.now() - t0} ms`);
    return { url, adminUrl, throwaway: true, stop };
  } catch (error) {
    const log = join(dir, 'server.log');
    if (existsSync(log)) error.message += `\n--- PostgreSQL log ---\n${readFileSync(log, 'utf8').slice(-4000)}`;
    await stop();
    throw error;
  }
}

/** Creates a database on the server of `url` (whose user may create databases) and returns its
 * URL. Lets a test file own a fresh database while sharing one server. */
export async function createDatabase(url, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name: ${name}`);
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Drops a database made by createDatabase (connections to it are cut first). */
export async function dropDatabase(url, name) {
  const pg = (await import('pg')).default;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dash = process.argv.indexOf('--');
  const command = dash >= 0 ? process.argv.slice(dash + 1) : [];
  let server;
  try {
    server = await startPostgres();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const finish = async (code) => {
    await server.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => finish(130));
  process.on('SIGTERM', () => finish(143));
  if (command.length === 0) {
    console.log(server.url);
    console.error('[agora] PostgreSQL is running; Ctrl-C stops it and removes its data.');
  } else {
    const env = { ...process.env, TEST_DATABASE_URL: server.url, BENCH_DATABASE_URL: server.url };
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  }
}
