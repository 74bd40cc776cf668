// Memory of the embedded default (issue 32, point 6): the server as `npm run serve` starts it, on
// a new DATA_DIR, so its first start creates, migrates and seeds the demo store; its RSS once it
// serves, then after bench/load's public lines (autocannon, BENCH_CONNECTIONS connections,
// BENCH_DURATION s a line); then, the server stopped, `npm run import` of a small description
// (the seed's 19 KB Petstore) into that store and into an empty one (--no-seed): wall time and
// peak RSS (VmHWM, threads included). RSS is the whole process, the database's thread with it.
//
//   node --import tsx bench/memory.ts          BENCH_DURATION=10 (s a line), BENCH_CONNECTIONS=50
// Targets: server ≤ 450 MB after its first start and after the load; the import ≤ 1.5 s and ≤ 350 MB.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMs, stopProcess } from './proc.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = { serverMb: 450, importMs: 1500, importMb: 350 };
const SMALL_FILE = join(ROOT, 'server/seed/specs/petstore.oas2.json');
const LINES = ['/api/v1/products?limit=10', '/api/v1/products/prod-payments', '/api/v1/search?search=payments', '/api/v1/marketplace'];
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

/** Resident memory now and its high-water mark, in MB (Linux /proc). */
function memory(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

const verdict = (ok: boolean, target: string) => (ok ? '  ok' : `  OVER TARGET (${target})`);

/** `npm run serve` on `dataDir`; resolves with its port once it prints its addresses. */
function startServer(dataDir: string): Promise<{ proc: ChildProcess; port: number; ms: number }> {
  const began = performance.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '' },
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

/** `npm run import` of one file: wall time, CPU time and peak RSS, polled from /proc until it exits
 * (the CPU time, unlike the wall time, hardly depends on what else the machine is doing). */
async function runImport(dataDir: string, extra: string[]): Promise<{ ms: number; cpu: number; peak: number; code: number | null }> {
  const began = performance.now();
  const proc = spawn(process.execPath, ['--max-old-space-size=512', '--import', 'tsx', 'server/src/cli/import.ts', SMALL_FILE, '--data-dir', dataDir, ...extra], {
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

const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
const dir = mkdtempSync(join(tmpdir(), 'agora-memory-'));
try {
  console.log(`memory of the embedded store (PGlite); load average ${load()}`);
  const dataDir = join(dir, 'data');
  const { proc, port, ms } = await startServer(dataDir);
  try {
    const first = memory(proc.pid);
    console.log(`  server, first start (new folder, seeded) in ${(ms / 1000).toFixed(1)} s: RSS ${first.rss.toFixed(0)} MB (peak ${first.peak.toFixed(0)} MB)`
      + verdict(first.rss <= TARGET.serverMb, `${TARGET.serverMb} MB`));
    let requests = 0;
    for (const path of LINES) {
      const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: DURATION, headers: BROWSER });
      requests += result.requests.total;
    }
    const after = memory(proc.pid);
    console.log(`  server, after the load (${LINES.length} lines × ${DURATION} s, ${CONNECTIONS} connections, ${requests} requests): RSS ${after.rss.toFixed(0)} MB`
      + verdict(after.rss <= TARGET.serverMb, `${TARGET.serverMb} MB`));
  } finally {
    await stopProcess(proc);
  }
  const seeded = await runImport(dataDir, []);
  console.log(`  npm run import of a 19 KB description into the seeded store: ${(seeded.ms / 1000).toFixed(2)} s (CPU ${(seeded.cpu / 1000).toFixed(2)} s), peak RSS ${seeded.peak.toFixed(0)} MB, exit ${seeded.code}`
    + verdict(seeded.ms <= TARGET.importMs && seeded.peak <= TARGET.importMb, `${TARGET.importMs / 1000} s, ${TARGET.importMb} MB`));
  const empty = await runImport(join(dir, 'empty'), ['--no-seed']);
  console.log(`  the same into a new, empty store (--no-seed): ${(empty.ms / 1000).toFixed(2)} s (CPU ${(empty.cpu / 1000).toFixed(2)} s), peak RSS ${empty.peak.toFixed(0)} MB, exit ${empty.code}`);
  console.log(`  load average after ${load()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
