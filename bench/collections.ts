// Collections of the largest real description (issue 30, point 4): GitHub's REST description
// (13 MB, @octokit/openapi in node_modules) as a Postman collection v2.1 and as the OpenAPI file
// re-based on the gateway, each made by the server's own code (server/src/collections) in a fresh
// process, so its peak memory is the conversion's alone. Prints wall time, CPU and peak RSS a run.
//
//   node --import tsx bench/collections.ts        BENCH_RUNS=3
// Target: each under 60 s and under 1 GB RSS.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLLECTION_FORMATS, collectionText, type CollectionFormat } from '../server/src/collections/collections.ts';

const TARGET = { ms: 60_000, mb: 1024 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GITHUB_JSON = join(dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json');
const GATEWAY = 'https://market.example.com/api/v1/gateway/prod-github/res-github';

interface Run { ms: number; cpuMs: number; mb: number; bytes: number }

/** In the child: one conversion, its figures as one JSON line. */
async function child(format: CollectionFormat): Promise<void> {
  const text = readFileSync(GITHUB_JSON, 'utf8');
  const started = performance.now();
  const out = await collectionText(text, format, GATEWAY);
  const ms = performance.now() - started;
  const usage = process.resourceUsage();
  const run: Run = { ms, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, mb: usage.maxRSS / 1024, bytes: out.length };
  console.log(JSON.stringify(run));
}

function parent(): void {
  const self = fileURLToPath(import.meta.url);
  console.log(`GitHub's description: ${(readFileSync(GITHUB_JSON).length / 1e6).toFixed(1)} MB; load average ${loadavg()[0]!.toFixed(1)}`);
  let ok = true;
  for (const format of COLLECTION_FORMATS) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = spawnSync(process.execPath, ['--import', 'tsx', self, format], { encoding: 'utf8', maxBuffer: 1 << 20 });
      const line = result.stdout.trim().split('\n').pop() ?? '';
      if (result.status !== 0 || !line.startsWith('{')) throw new Error(`${format}: the conversion failed\n${result.stderr.slice(-2000)}`);
      runs.push(JSON.parse(line) as Run);
    }
    const worst = { ms: Math.max(...runs.map((r) => r.ms)), mb: Math.max(...runs.map((r) => r.mb)) };
    const met = worst.ms < TARGET.ms && worst.mb < TARGET.mb;
    ok &&= met;
    console.log(`${format.padEnd(8)} ${runs.map((r) => `${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s), ${Math.round(r.mb)} MB`).join(' | ')}; `
      + `file ${(runs[0]!.bytes / 1e6).toFixed(1)} MB; worst ${(worst.ms / 1000).toFixed(1)} s, ${Math.round(worst.mb)} MB ${met ? 'meets' : 'MISSES'} < 60 s, < 1 GB`);
  }
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
  if (!ok) process.exitCode = 1;
}

const format = process.argv[2] as CollectionFormat | undefined;
if (format) await child(format);
else parent();
