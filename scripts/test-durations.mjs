// `node scripts/test-durations.mjs`: writes tests/durations.json, each test file's time in the last
// `npm test` (.tmp/test-results/*.json), for tests/sequencer.ts to start the slowest files first on
// a clean clone, where vitest has no timings of its own yet. Run it after a full run when files
// were added or grew; a file missing from the table runs first, as vitest runs unknown files.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, '.tmp', 'test-results');
// The server suite runs on both stores; a file's slower time counts.
const STEPS = { unit: 'unit', server: 'server', 'server-pg': 'server', browser: 'browser' };

const table = {};
for (const [step, project] of Object.entries(STEPS)) {
  const file = join(RESULTS, `${step}.json`);
  if (!existsSync(file)) continue;
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
    const seconds = Math.round((suite.endTime - suite.startTime) / 100) / 10;
    const name = suite.name.slice(suite.name.lastIndexOf('/tests/') + 1);
    table[project] ??= {};
    table[project][name] = Math.max(table[project][name] ?? 0, seconds);
  }
}
for (const project of Object.keys(table)) {
  table[project] = Object.fromEntries(Object.entries(table[project]).sort(([a], [b]) => a.localeCompare(b)));
}
writeFileSync(join(ROOT, 'tests', 'durations.json'), `${JSON.stringify(table, null, 1)}\n`);
console.log(`tests/durations.json: ${Object.entries(table).map(([p, files]) => `${p} ${Object.keys(files).length} files`).join(', ')}`);
