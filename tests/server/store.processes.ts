// For tests of the store across processes (store.lock, store.kill): embedded store folders and
// child processes running tests/server/store.child.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../server/src/db/store.ts';
import { scratchDir } from '../../scripts/scratch.mjs';

/** A new PGlite folder takes 5-30 s to initialise on a busy machine, so one is made from the
 * migrated template (scripts/store-template.ts) once per test file and copied for each test. */
export function scratchFolders(prefix: string) {
  const root = mkdtempSync(join(scratchDir(), prefix));
  let n = 0;
  let base: Promise<string> | undefined;
  const fresh = () => join(root, `d${n++}`);
  return {
    /** A path in the scratch folder where nothing exists yet. */
    fresh,
    /** A folder holding a migrated embedded store, no process owning it. */
    async store(): Promise<string> {
      base ??= (async () => {
        const dir = fresh();
        const made = process.env.AGORA_STORE_TEMPLATE;
        const store = await openStore({ dataDir: dir, ...(made ? { loadFrom: new Blob([readFileSync(made)]) } : {}) });
        await store.close();
        return dir;
      })();
      const dir = fresh();
      cpSync(await base, dir, { recursive: true });
      return dir;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface Child {
  proc: ChildProcess;
  /** Every stdout line so far. */
  lines: string[];
  /** The first line (rejects when the process ends before it, with its stderr). */
  first: Promise<string>;
  /** Resolves once the process ended and its stdout was read to the end. */
  done: Promise<void>;
}

const running = new Set<ChildProcess>();
/** Kills (-9) every child still running; for afterEach. */
export function killChildren(): void {
  for (const proc of running) proc.kill('SIGKILL');
  running.clear();
}

/** `node --import tsx tests/server/store.child.ts ...args`. */
export function startChild(...args: string[]): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/server/store.child.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(proc);
  const lines: string[] = [];
  let stderr = '';
  proc.stderr!.on('data', (d) => { stderr += String(d); });
  const reader = createInterface({ input: proc.stdout! });
  reader.on('line', (line) => lines.push(line));
  const first = new Promise<string>((resolve, reject) => {
    reader.once('line', resolve);
    proc.once('exit', (code, signal) => reject(new Error(`child ended (${code ?? signal}) before a line: ${stderr}`)));
  });
  first.catch(() => {});
  const done = Promise.all([
    new Promise<void>((resolve) => reader.once('close', () => resolve())),
    new Promise<void>((resolve) => proc.once('exit', () => { running.delete(proc); resolve(); })),
  ]).then(() => {});
  return { proc, lines, first, done };
}
