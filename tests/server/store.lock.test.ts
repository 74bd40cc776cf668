// An embedded store belongs to one process (issue 12, finding 1): a second server or import on the
// same DATA_DIR is refused with the owner's pid, a dead owner's lock is taken over, and two
// processes racing for one folder end with one owner. PGlite only: PostgreSQL has its own server.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../server/src/db/store.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../server/src/db/lock.ts';
import { runImport } from '../../server/src/cli/import.ts';
import { killChildren, scratchFolders, startChild } from './store.processes.ts';

const folders = scratchFolders('agora-lock-');
afterAll(() => folders.remove());
const { fresh: freshDir, store: storeDir } = folders;
const root = freshDir();
mkdirSync(root);

afterEach(killChildren);

describe.skipIf(!!process.env.TEST_DATABASE_URL)('the data folder lock', () => {
  it('refuses a second store on the same folder in the same process, naming the owner and DATABASE_URL; frees it on close', async () => {
    const dir = await storeDir();
    const first = await openStore({ dataDir: dir });
    let second: Store | undefined;
    try {
      const refused = await openStore({ dataDir: dir }).then((s) => { second = s; return null; }, (e: unknown) => e);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(`process ${process.pid}`);
      expect((refused as Error).message).toContain('DATABASE_URL');
    } finally {
      await second?.close();
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openStore({ dataDir: dir });
    await again.close();
  });

  it('refuses while a server process holds the folder, and takes over the lock once that process was killed (-9)', async () => {
    const dir = await storeDir();
    const { proc, first, done } = startChild('hold', dir);
    expect(await first).toBe('ready');
    const refused = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`process ${proc.pid}`);
    proc.kill('SIGKILL');
    await done;
    // The dead owner's lock is still there: stale, taken over.
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(proc.pid);
    const store = await openStore({ dataDir: dir });
    await store.close();
  });

  it('the import command refuses a folder the server holds, with the same message', async () => {
    const dir = await storeDir();
    const { proc, first } = startChild('hold', dir);
    await first;
    const spec = join(root, 'tiny.json');
    writeFileSync(spec, JSON.stringify({ openapi: '3.0.3', info: { title: 'Tiny', version: '1' }, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } }));
    const err: string[] = [];
    const code = await runImport([spec, '--data-dir', dir, '--no-seed'], {}, { out: () => {}, err: (l) => err.push(l) });
    expect(code).toBe(1);
    expect(err.join('\n')).toMatch(new RegExp(`in use by process ${proc.pid}.*DATABASE_URL`, 's'));
  });

  it('does not take a recycled pid for the owner: a live pid with another start time is a stale lock', () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    // pid 1 runs, but it is not the process that wrote this lock (its start time differs).
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: hostname(), started: '1', since: 'then', token: 'old' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    // A lock file that is not one (debris, an empty file) does not block either.
    writeFileSync(join(dir, LOCK_FILE), '');
    lockDataDir(dir).release();
  });

  it('of processes racing for one folder (free, or with a stale lock), exactly one gets it', async () => {
    for (const stale of [false, true]) {
      const dir = freshDir();
      mkdirSync(dir, { recursive: true });
      if (stale) writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 999_999_999, host: hostname(), started: null, since: 'then', token: 'dead' }));
      const answers = await Promise.all(Array.from({ length: 4 }, () => startChild('lock', dir).first));
      expect(answers.filter((a) => a === 'locked'), answers.join()).toHaveLength(1);
      expect(answers.filter((a) => a === 'refused')).toHaveLength(3);
      killChildren();
    }
  });
});
