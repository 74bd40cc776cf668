// The embedded server as a user runs it, for the benches that measure it (bench/memory, bench/load):
// `npm run serve`'s own command line (package.json: its V8 flags and environment included) on a DATA_DIR, whose
// first start creates, migrates and seeds the demo store; and what /proc says of its memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cpuMs } from './proc.ts';
import { MODEL_IDLE_MS } from '../server/src/assistant/modelThread.ts';
import { npmScriptArgs, npmScriptEnv } from '../tests/npmScript.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Issue 32, point 6: the embedded server's RSS after its first start and after a load. */
export const SERVER_RSS_TARGET_MB = 450;
/** Quiet time that counts as settled: longer than the model thread's idle time (MODEL_IDLE_MS). */
const SETTLE_MS = MODEL_IDLE_MS + 5_000;

/** How a bench marks a figure against its target, after the figure. */
export const verdict = (ok: boolean, target: string) => (ok ? '  ok' : `  OVER TARGET (${target})`);

/** A server's RSS against SERVER_RSS_TARGET_MB. */
export const rssVerdict = (mb: number) => verdict(mb <= SERVER_RSS_TARGET_MB, `${SERVER_RSS_TARGET_MB} MB`);

/** Resident memory now and its high-water mark, in MB (Linux /proc; threads included). */
export function memoryMb(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/** `npm run serve` on `dataDir` (the embedded store); resolves with its port once it prints its
 * addresses, and the time that took. Seeding and backfill lines are echoed. */
export function startServe(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<{ proc: ChildProcess; port: number; ms: number }> {
  const began = performance.now();
  const proc = spawn(process.execPath, npmScriptArgs('serve'), {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...npmScriptEnv('serve'), DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
  });
  return new Promise((resolve, reject) => {
    let port = 0;
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      const found = /portal:\s+http:\/\/[^:]+:(\d+)\//.exec(line);
      if (found) port = Number(found[1]);
      else if (/^(Seeding|Backfilled)/.test(line)) console.log(`    [server] ${line}`);
      if (line.startsWith('Ctrl-C')) resolve({ proc, port, ms: performance.now() - began });
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Waits until the process has used under 5 % of a core for SETTLE_MS in a row (at most 10
 * minutes): a server's start-up work after it listens (the job runner embedding the catalogue for
 * the assistant in the model's thread, which ends once idle). Resolves with the time it took. */
export async function settled(pid: number | undefined): Promise<number> {
  const began = performance.now();
  const samples: { at: number; cpu: number }[] = [];
  while (performance.now() - began < 600_000) {
    const now = performance.now();
    samples.push({ at: now, cpu: cpuMs(pid) });
    const from = samples.find((x) => now - x.at <= SETTLE_MS);
    if (from && now - samples[0]!.at >= SETTLE_MS && (samples.at(-1)!.cpu - from.cpu) / (now - from.at) < 0.05) return now - began;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return performance.now() - began;
}
