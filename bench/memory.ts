// Memory of the embedded default (issue 32, point 6): the server as `npm run serve` starts it, on
// a new DATA_DIR, so its first start creates, migrates and seeds the demo store; its RSS once it
// serves, then after bench/load's public lines (autocannon, BENCH_CONNECTIONS connections,
// BENCH_DURATION s a line); then, the server stopped, `npm run import` (its command line from
// package.json, the bundle made beforehand) of a small description
// (the seed's 19 KB Petstore) into that store and into an empty one (--no-seed): wall time and
// peak RSS (VmHWM, threads included), and the wall time through npm as a user runs it. RSS is the
// whole process, the database's thread with it.
//
//   node --import tsx bench/memory.ts          BENCH_DURATION=10 (s a line), BENCH_CONNECTIONS=50
//   … bench/memory.ts --import-only             the import alone; BENCH_IMPORT_RUNS=3 (median)
// Targets: server ≤ 450 MB after its first start (once its start-up work settled) and after the load;
// the import ≤ 1.5 s and ≤ 350 MB.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMs, stopProcess } from './proc.ts';
import { bundled } from '../scripts/cli.mjs';
import { memoryMb as memory, rssVerdict, settled, startServe as startServer, verdict } from './served.ts';
import { npmScriptArgs } from '../tests/npmScript.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `--import-only`: the import's figures alone, into a store the command seeds itself (no server, no load). */
const IMPORT_ONLY = process.argv.includes('--import-only');
const IMPORT_RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const TARGET = { importMs: 1500, importMb: 350 };
const SMALL_FILE = join(ROOT, 'server/seed/specs/petstore.oas2.json');
const LINES = ['/api/v1/products?limit=10', '/api/v1/products/prod-payments', '/api/v1/search?search=payments', '/api/v1/marketplace'];
/** `npm run import`'s own command line (package.json), without its `node`. */
const IMPORT_ARGS = npmScriptArgs('import');
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

/** `npm run import` of one file: wall time, CPU time and peak RSS, polled from /proc until it exits
 * (the CPU time, unlike the wall time, hardly depends on what else the machine is doing). */
async function runImport(dataDir: string, extra: string[]): Promise<{ ms: number; cpu: number; peak: number; code: number | null }> {
  const began = performance.now();
  const proc = spawn(process.execPath, [...IMPORT_ARGS, SMALL_FILE, '--data-dir', dataDir, ...extra], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: '' },
  });
  let peak = 0;
  let cpu = 0;
  const poll = setInterval(() => {
    // A process starting or ending has no VmHWM line: NaN, not kept.
    try {
      peak = Math.max(peak, memory(proc.pid).peak || 0);
      cpu = cpuMs(proc.pid) || cpu;
    } catch { /* exited */ }
  }, 20);
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  clearInterval(poll);
  return { ms: performance.now() - began, cpu, peak, code };
}

/** The same import as a user types it, `npm run import`: wall time only (npm's own start, ~0.5 s of
 * CPU here, comes before the command's; the command's memory is measured above). */
async function runThroughNpm(dataDir: string): Promise<number> {
  const began = performance.now();
  const proc = spawn('npm', ['run', '-s', 'import', '--', SMALL_FILE, '--data-dir', dataDir], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: '' },
  });
  await new Promise((resolve) => proc.on('exit', resolve));
  return performance.now() - began;
}

/** The server's figures: RSS after its first start on `dataDir` (created and seeded), and after the load. */
async function measureServer(dataDir: string): Promise<void> {
  const { proc, port, ms } = await startServer(dataDir);
  try {
    const listening = memory(proc.pid);
    console.log(`  server, first start (new folder, seeded) in ${(ms / 1000).toFixed(1)} s: RSS ${listening.rss.toFixed(0)} MB once it listens (peak ${listening.peak.toFixed(0)} MB)`);
    // Its start-up work goes on after it listens: the job runner embeds the catalogue for the
    // assistant (a minute or more of one core) in the model's thread, which ends once idle.
    const settling = await settled(proc.pid);
    const first = memory(proc.pid);
    console.log(`  server, first start settled (${(settling / 1000).toFixed(0)} s after it listened; the embedding's thread ended): RSS ${first.rss.toFixed(0)} MB (peak ${first.peak.toFixed(0)} MB)`
      + rssVerdict(first.rss));
    let requests = 0;
    for (const path of LINES) {
      const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: DURATION, headers: BROWSER });
      requests += result.requests.total;
    }
    const after = memory(proc.pid);
    console.log(`  server, after the load (${LINES.length} lines × ${DURATION} s, ${CONNECTIONS} connections, ${requests} requests): RSS ${after.rss.toFixed(0)} MB`
      + rssVerdict(after.rss));
  } finally {
    await stopProcess(proc);
  }
}

const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
const dir = mkdtempSync(join(tmpdir(), 'agora-memory-'));
try {
  console.log(`memory of the embedded store (PGlite); load average ${load()}`);
  const dataDir = join(dir, 'data');
  if (IMPORT_ONLY) {
    // The demo store made by the command itself (an empty folder is seeded first, in its process).
    const first = await runImport(dataDir, []);
    console.log(`  npm run import into a new folder, the demo catalogue added first: ${(first.ms / 1000).toFixed(1)} s (CPU ${(first.cpu / 1000).toFixed(2)} s), peak RSS ${first.peak.toFixed(0)} MB, exit ${first.code}`);
  } else await measureServer(dataDir);
  // The command runs from a bundle made on its first use after a change (scripts/cli.mjs): made
  // here first, so the runs below are what every later `npm run import` costs.
  const building = performance.now();
  await bundled(IMPORT_ARGS.find((arg) => arg.endsWith('.ts'))!);
  console.log(`  the import command's bundle ready in ${((performance.now() - building) / 1000).toFixed(2)} s (made on the first run after a change to its sources)`);
  const runs = [];
  const npmRuns: number[] = [];
  const emptyRuns = [];
  // Interleaved, so all meet the same moments of a shared machine; each --no-seed run a new folder.
  for (let i = 0; i < IMPORT_RUNS; i++) {
    runs.push(await runImport(dataDir, []));
    npmRuns.push(await runThroughNpm(dataDir));
    emptyRuns.push(await runImport(join(dir, `empty-${i}`), ['--no-seed']));
  }
  const median = <T>(values: T[], by: (v: T) => number) => [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  const ms = median(runs, (r) => r.ms).ms;
  const cpu = median(runs, (r) => r.cpu).cpu;
  const peak = Math.max(...runs.map((r) => r.peak));
  console.log(`  npm run import's command line, a 19 KB description into the seeded store, median of ${runs.length}: ${(ms / 1000).toFixed(2)} s (CPU ${(cpu / 1000).toFixed(2)} s; runs ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s), peak RSS ${peak.toFixed(0)} MB, exit ${runs.map((r) => r.code).join(',')}`
    + verdict(ms <= TARGET.importMs && peak <= TARGET.importMb, `${TARGET.importMs / 1000} s, ${TARGET.importMb} MB`));
  console.log(`  the same through npm run import (npm's own start included), median of ${npmRuns.length}: ${(median(npmRuns, (v) => v) / 1000).toFixed(2)} s (runs ${npmRuns.map((v) => (v / 1000).toFixed(2)).join(', ')} s)`);
  const emptyMs = median(emptyRuns, (r) => r.ms).ms;
  const emptyPeak = Math.max(...emptyRuns.map((r) => r.peak));
  console.log(`  the same into a new, empty store (--no-seed; the store made from its template), median of ${emptyRuns.length}: ${(emptyMs / 1000).toFixed(2)} s (CPU ${(median(emptyRuns, (r) => r.cpu).cpu / 1000).toFixed(2)} s; runs ${emptyRuns.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s), peak RSS ${emptyPeak.toFixed(0)} MB, exit ${emptyRuns.map((r) => r.code).join(',')}`
    + verdict(emptyMs <= TARGET.importMs && emptyPeak <= TARGET.importMb, `${TARGET.importMs / 1000} s, ${TARGET.importMb} MB`));
  console.log(`  load average after ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
