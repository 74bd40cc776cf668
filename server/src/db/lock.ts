// One process owns an embedded store. PGlite has no postmaster to refuse a second opener: two
// servers on one DATA_DIR each write their own view of the files and silently lose each other's
// transactions. So the folder holds a lock file naming its owner, created atomically (a hard link
// of a file we wrote completely, so no one ever reads a half-written lock), removed on close and
// at exit; a lock whose owner is gone (kill -9, crash, reboot) is taken over.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';

export const LOCK_FILE = 'agora.lock';

interface Owner {
  pid: number;
  host: string;
  /** The process's start time as the kernel counts it (Linux), so a recycled pid is not taken
   * for the owner; null where it cannot be read. */
  started: string | null;
  since: string;
  /** Told apart from any other lock, even one of the same process. */
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly owner: Owner | null) {
    const who = owner
      ? `process ${owner.pid}${owner.host !== hostname() ? ` on ${owner.host}` : ''} (since ${owner.since})`
      : 'another process';
    super(`The data folder ${dataDir} is in use by ${who}. An embedded store belongs to one process: stop that one first, or run several instances on PostgreSQL (set DATABASE_URL).`
      + (owner && owner.host !== hostname() ? ` If ${owner.host} no longer runs it, delete ${join(dataDir, LOCK_FILE)}.` : ''));
  }
}

/** The process start time of pid (field 22 of /proc/<pid>/stat), or null off Linux. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(owner: Owner): boolean {
  // Another machine's process (a shared network folder) cannot be checked: assume it runs.
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid is in use; by the owner only if it started when the owner did.
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function read(path: string): { owner: Owner | null; ino: number } | null {
  try {
    const ino = statSync(path).ino;
    try {
      return { owner: JSON.parse(readFileSync(path, 'utf8')) as Owner, ino };
    } catch {
      return { owner: null, ino };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the folder's lock or throws DataDirLockedError naming the owner. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const owner: Owner = {
    pid: process.pid, host: hostname(), started: startTimeOf(process.pid),
    since: new Date().toISOString(), token: randomBytes(12).toString('hex'),
  };
  const draft = `${path}.${owner.token}`;
  writeFileSync(draft, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = read(path);
      if (!held) continue; // released meanwhile
      // Locks are linked whole, so one without a readable owner is debris: stale like a dead owner's.
      if (held.owner && alive(held.owner)) throw new DataDirLockedError(dataDir, held.owner);
      if (attempt >= 5) throw new DataDirLockedError(dataDir, held.owner);
      // Stale: move that very file aside. Two processes recovering at once both rename "the
      // lock"; the second may move the first one's fresh lock instead, which the inode tells, and
      // puts it back.
      const aside = `${path}.stale.${owner.token}`;
      try {
        renameSync(path, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (statSync(aside).ino !== held.ino) {
        try { linkSync(aside, path); } catch { /* a third one took it: it wins */ }
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(draft);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one a later owner took after ours was (wrongly) judged stale.
    if (read(path)?.owner?.token === owner.token) {
      try { unlinkSync(path); } catch { /* gone already */ }
    }
  };
  process.on('exit', release);
  return { release };
}
