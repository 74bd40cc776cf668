// Build records: what each build wrote into dist/, so a rebuild never removes what a page still
// running an earlier build (an open portal tab, an embed whose cached entry file is up to
// ENTRY_MAX_AGE old) may load next.
//
// Every build writes dist/builds/<time>-<kind>.json:
//   { kind, time, immutable: ['chunks/define-BdJO26vH.js', …], mutable: ['agora.js', 'elements/agora-carousel.js', …] }
// `immutable` are the files written under a content hash (rollup's chunkFileNames, and their source
// maps): the server (server/src/plugins/static.ts) caches exactly those for a year; everything
// else (entries, the manifest, the types) briefly.
//
// A build's chunks are kept until KEEP_MS after the build that replaced it (not after their own
// build: a build that stayed current for a month still gets its 7 days once replaced); then the
// record and the chunks no kept build names are removed. In watch mode (npm run dev) only the
// previous build is kept. Files in a kind's folders that no record names (a dist/ written before
// records existed) are recorded as a build replaced now, so they get their 7 days too.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How long the chunks of a replaced build stay served. */
export const KEEP_MS = 7 * 24 * 3600 * 1000;
export const RECORDS_DIR = 'builds';

/** A precompressed copy (x.js.br, x.js.gz) lives and dies with its file. */
const original = (file) => file.replace(/\.(?:br|gz)$/, '');

function readRecords(dist, kind) {
  const dir = join(dist, RECORDS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(`-${kind}.json`))
    .map((f) => ({ file: join(dir, f), ...JSON.parse(readFileSync(join(dir, f), 'utf8')) }))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

function listFiles(dist, folder) {
  const dir = join(dist, folder);
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => `${folder}/${d.name}`) : [];
}

function writeRecord(dist, record) {
  const dir = join(dist, RECORDS_DIR);
  mkdirSync(dir, { recursive: true });
  const stamp = record.time.replace(/[:.]/g, '-');
  writeFileSync(join(dir, `${stamp}-${record.kind}.json`), JSON.stringify(record, null, 1) + '\n');
}

/**
 * Records this build and prunes what no kept build needs. `folders` are the dist/ folders holding
 * only this kind's hashed files (pruned); `immutable` and `mutable` are paths relative to `dist`.
 * Returns the files removed.
 */
export function recordBuild({ dist, kind, folders, immutable, mutable, now = Date.now(), keepPrevious = false }) {
  const known = new Set(readRecords(dist, kind).flatMap((r) => r.immutable));
  const current = new Set(immutable);
  const adopted = folders.flatMap((f) => listFiles(dist, f)).map(original)
    .filter((f) => !known.has(f) && !current.has(f));
  if (adopted.length) writeRecord(dist, { kind, time: new Date(now - 1).toISOString(), adopted: true, immutable: [...new Set(adopted)], mutable: [] });
  writeRecord(dist, { kind, time: new Date(now).toISOString(), immutable: [...immutable].sort(), mutable: [...mutable].sort() });

  const records = readRecords(dist, kind);
  const kept = records.filter((r, i) => {
    const next = records[i + 1];
    if (!next) return true;
    if (keepPrevious) return i === records.length - 2;
    return now - Date.parse(next.time) <= KEEP_MS;
  });
  for (const r of records) if (!kept.includes(r)) rmSync(r.file, { force: true });
  const keep = new Set(kept.flatMap((r) => r.immutable));
  const removed = folders.flatMap((f) => listFiles(dist, f)).filter((f) => !keep.has(original(f)));
  for (const f of removed) rmSync(join(dist, f), { force: true });
  return removed;
}
