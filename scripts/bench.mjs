// `npm run bench [-- name… --option…]`: runs every bench/*.ts (or the ones named, e.g. `size
// catalogue`) with tsx, one after another, and prints their figures; options other than --no-pg
// are handed to each benchmark. Benchmarks that read BENCH_DATABASE_URL
// also run on PostgreSQL: when it is unset, a throwaway cluster is started for them
// (scripts/postgres.mjs) unless `--no-pg` is given.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = join(ROOT, 'bench');

const args = process.argv.slice(2);
const noPg = args.includes('--no-pg');
const names = args.filter((a) => !a.startsWith('--'));
/** Other options go to every benchmark run (e.g. `npm run bench -- size --no-build`). */
const forwarded = args.filter((a) => a.startsWith('--') && a !== '--no-pg');
const all = existsSync(BENCH) ? readdirSync(BENCH).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort() : [];
const chosen = names.length
  ? names.map((n) => {
      const file = all.find((f) => f === n || f === `${n}.ts` || basename(f, '.ts') === basename(n, '.ts'));
      if (!file) {
        console.error(`[bench] no benchmark "${n}"; there are: ${all.map((f) => basename(f, '.ts')).join(', ') || 'none'}`);
        process.exit(2);
      }
      return file;
    })
  : all;
if (chosen.length === 0) {
  console.error('[bench] no benchmarks in bench/');
  process.exit(2);
}

const wantsPg = chosen.some((f) => readFileSync(join(BENCH, f), 'utf8').includes('BENCH_DATABASE_URL'));
let pg = null;
if (wantsPg && !noPg && !process.env.BENCH_DATABASE_URL) {
  try {
    pg = await startPostgres({ reuseEnv: false });
    process.env.BENCH_DATABASE_URL = pg.url;
  } catch (error) {
    console.error(`[bench] PostgreSQL unavailable, its figures are skipped: ${error.message}`);
  }
}

let current = null;
process.on('SIGINT', () => current?.kill('SIGINT'));

const failed = [];
try {
  for (const file of chosen) {
    console.log(`\n━━ bench/${file} ━━`);
    const t0 = Date.now();
    const code = await new Promise((resolve) => {
      current = spawn(process.execPath, ['--import', 'tsx', join('bench', file), ...forwarded], { cwd: ROOT, stdio: 'inherit', env: process.env });
      current.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    console.log(`(bench/${file}: ${code === 0 ? 'done' : `FAILED with code ${code}`} in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    if (code !== 0) failed.push(file);
  }
} finally {
  await pg?.stop();
}
process.exitCode = failed.length ? 1 : 0;
