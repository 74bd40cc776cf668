// How long indexing GitHub's REST description takes (once, when the resource is stored) and
// what the explorer then loads: the whole document vs the index head vs one operation.
// Runs on the embedded store, and on PostgreSQL too when BENCH_DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { stringify as toYaml } from 'yaml';
import { buildSpecIndex } from '../server/src/spec/build.ts';
import { indexSpecification, readHeadJson, readOperations } from '../server/src/spec/store.ts';
import { openStore, type Store } from '../server/src/db/store.ts';
import { assetResources, productVersions, products } from '../server/src/db/schema.ts';

const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const text = readFileSync(file, 'utf8');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

function best<T>(runs: number, f: () => T): { ms: number; value: T } {
  let ms = Infinity;
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = f();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms: Math.round(ms), value };
}

const { ms: jsonMs, value: index } = best(3, () => buildSpecIndex('oas3', text));
const ops = [...index.operations].sort((a, b) => a.size - b.size);
const largest = ops[ops.length - 1]!;
const median = ops[Math.floor(ops.length / 2)]!;
const headJson = JSON.stringify(index.head);

console.log(`GitHub REST description (${file.split('node_modules/')[1]})`);
console.log(`  operations ${index.operations.length}, tags ${index.head.tags.length}, schemas ${index.head.counts.schemas}`);
console.log(`  index build (parse + dereference + group), JSON: ${jsonMs} ms (best of 3)`);
const yaml = toYaml(JSON.parse(text), { aliasDuplicateObjects: false });
const { ms: yamlMs } = best(1, () => buildSpecIndex('oas3', yaml));
console.log(`  index build, same document as YAML (${mb(Buffer.byteLength(yaml))}): ${yamlMs} ms`);
console.log('sizes');
console.log(`  whole document      ${mb(index.head.sizes.document)}  (gzip ${mb(gzipSync(text).length)})`);
console.log(`  index head          ${kb(Buffer.byteLength(headJson))}  (gzip ${kb(gzipSync(headJson).length)}): what the explorer loads first`);
console.log(`  largest operation   ${kb(largest.size)}  (gzip ${kb(gzipSync(largest.json).length)}): ${largest.method.toUpperCase()} ${largest.path}`);
console.log(`  median operation    ${kb(median.size)}`);
console.log(`  all operations      ${mb(index.head.sizes.operations)} dereferenced`);

async function storeFigures(label: string, store: Store): Promise<void> {
  const db = store.db;
  const id = `bench-spec-${Date.now().toString(36)}`;
  await db.insert(products).values({ id, name: id, title: 'GitHub', state: 'unpublished' });
  await db.insert(productVersions).values({ id, productId: id, label: '1', value: '1' });
  await db.insert(assetResources).values({ id, productVersionId: id, title: 'GitHub', type: 'oas3', specification: text });
  try {
    const first = await indexSpecification(db, id);
    const again = await indexSpecification(db, id);
    let t0 = performance.now();
    const head = await readHeadJson(db, id);
    const headMs = performance.now() - t0;
    t0 = performance.now();
    await readOperations(db, id, [largest.ordinal]);
    const opMs = performance.now() - t0;
    console.log(`${label}`);
    console.log(`  store the index (indexSpecification): ${first.ms} ms; again (replacing it): ${again.ms} ms`);
    console.log(`  read the head: ${headMs.toFixed(1)} ms (${kb(head!.length)}); read the largest operation: ${opMs.toFixed(1)} ms`);
  } finally {
    await db.delete(products).where(eq(products.id, id));
  }
}

let store = await openStore();
try {
  await storeFigures('embedded store (PGlite, in memory)', store);
} finally {
  await store.close();
}
if (process.env.BENCH_DATABASE_URL) {
  store = await openStore({ databaseUrl: process.env.BENCH_DATABASE_URL });
  try {
    await storeFigures('PostgreSQL', store);
  } finally {
    await store.close();
  }
}
