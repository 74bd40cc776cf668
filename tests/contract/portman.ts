// Portman's contract tests and fuzzed variations of every operation, run by newman against the
// server. Portman makes the Postman collection from the served description (minus the few
// operations excluded.json names, each with its reason) and portman-config.json; newman runs it in
// this process with the run's variables (tokens and ids, fixtures.ts). Every failed assertion and
// every 5xx is listed and counted.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../browser/harness.ts';

const HERE = join(ROOT, 'tests', 'contract');

interface NewmanItem { name: string }
interface NewmanRequestEvent { item: NewmanItem; request: { method: string; url: { toString(): string } }; response?: { code: number; text(): string } }
interface NewmanAssertionEvent { item: NewmanItem; assertion: string; error?: { message: string } }
interface NewmanRun {
  on(event: 'request', listener: (error: Error | null, args: NewmanRequestEvent) => void): NewmanRun;
  on(event: 'assertion', listener: (error: Error | null, args: NewmanAssertionEvent) => void): NewmanRun;
  on(event: 'done', listener: (error: Error | null, summary: { run: { stats: { requests: { total: number }; assertions: { total: number; failed: number } } } }) => void): NewmanRun;
}
const newman = createRequire(import.meta.url)('newman') as { run(options: Record<string, unknown>): NewmanRun };

interface Excluded { operations: Record<string, string>; variations: Record<string, string> }
interface Item { name: string; item?: Item[] }

/** The collection without the variations excluded.json names (each with its reason). */
function withoutExcludedVariations(collection: { item: Item[] }): { item: Item[] } {
  const names = new Set(Object.keys((JSON.parse(readFileSync(join(HERE, 'excluded.json'), 'utf8')) as Excluded).variations));
  const found = new Set<string>();
  const keep = (items: Item[]): Item[] => items.filter((item) => {
    if (names.has(item.name)) found.add(item.name);
    return !names.has(item.name);
  }).map((item) => (item.item ? { ...item, item: keep(item.item) } : item));
  const kept = { ...collection, item: keep(collection.item) };
  const missing = [...names].filter((name) => !found.has(name));
  if (missing.length) throw new Error(`excluded.json names variations the collection does not have: ${missing.join('; ')}`);
  return kept;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

interface Parameter { in: string; example?: unknown; schema?: { type?: unknown; enum?: unknown; const?: unknown; format?: unknown; pattern?: unknown; example?: unknown; examples?: unknown; minLength?: number; maxLength?: number } }

/** A fixed example for each free-text query or header parameter. Without one, the converter's
 * faker draws a random string of random length, and a run where it drew '' failed the "maximum
 * length" variation: Portman pads the drawn value to maxLength + 1, and '' has nothing to pad. */
function withFixedExamples(document: { paths: Record<string, Record<string, { parameters?: Parameter[] }>> }): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      for (const parameter of item[method]?.parameters ?? []) {
        const schema = parameter.schema;
        if (!['query', 'header'].includes(parameter.in) || !schema || schema.type !== 'string' || parameter.example !== undefined) continue;
        if ([schema.enum, schema.const, schema.format, schema.pattern, schema.example, schema.examples].some((v) => v !== undefined)) continue;
        parameter.example = 'contract'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);
      }
    }
  }
}

/** JSON first where a request body also takes JSON (POST /oauth/token: the RFC's form first, as
 * served). Portman's fuzzer reads the generated body as raw JSON only: a form body, generated
 * from the first media type, made it crash (JSON.parse of nothing). */
function withJsonBodiesFirst(document: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> }): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const content = item[method]?.requestBody?.content;
      if (!content || Object.keys(content)[0] === 'application/json' || !content['application/json']) continue;
      item[method]!.requestBody!.content = { 'application/json': content['application/json'], ...content };
    }
  }
}

/** The description Portman reads: without the operations excluded.json names ("METHOD /path":
 * reason), with fixed examples for free-text parameters and JSON bodies first. */
function forPortman(description: string, out: string): string {
  const excluded = (JSON.parse(readFileSync(join(HERE, 'excluded.json'), 'utf8')) as Excluded).operations;
  const document = JSON.parse(readFileSync(description, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  for (const key of Object.keys(excluded)) {
    const [method, path] = key.split(' ') as [string, string];
    const item = document.paths[path];
    if (!item?.[method.toLowerCase()]) throw new Error(`excluded.json names ${key}, which the description does not have`);
    delete item[method.toLowerCase()];
    if (!Object.keys(item).some((k) => METHODS.includes(k))) delete document.paths[path];
  }
  withFixedExamples(document as Parameters<typeof withFixedExamples>[0]);
  withJsonBodiesFirst(document as Parameters<typeof withJsonBodiesFirst>[0]);
  const file = join(out, 'openapi.portman.json');
  writeFileSync(file, JSON.stringify(document));
  return file;
}

/** The collection Portman makes of the description, kept in .tmp/ under a hash of its inputs (a
 * rerun with nothing changed skips the ~40 s conversion); the server's address is the variable
 * baseUrl, given to newman. */
function generateCollection(description: string, out: string): string {
  const hash = createHash('sha256');
  for (const file of [description, join(HERE, 'portman-config.json'), join(ROOT, 'node_modules', '@apideck', 'portman', 'package.json')]) hash.update(readFileSync(file));
  const collection = join(ROOT, '.tmp', `contract-collection-${hash.digest('hex').slice(0, 16)}.json`);
  if (existsSync(collection)) return collection;
  for (const old of readdirSync(join(ROOT, '.tmp'))) if (/^contract-collection-/.test(old)) rmSync(join(ROOT, '.tmp', old), { force: true });
  const t0 = Date.now();
  const result = spawnSync(process.execPath, [
    join(ROOT, 'node_modules', '@apideck', 'portman', 'bin', 'portman'), '--local', description, '--baseUrl', 'http://agora.invalid/api/v1',
    '--portmanConfigFile', join(HERE, 'portman-config.json'), '--output', `${collection}.${process.pid}`, '--warn', 'false',
  ], { cwd: out, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`portman failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  renameSync(`${collection}.${process.pid}`, collection);
  console.log(`[contract] portman wrote the collection in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return collection;
}

export async function runPortman(options: { api: string; description: string; variables: Record<string, string>; out: string }): Promise<number> {
  const collection = generateCollection(forPortman(options.description, options.out), options.out);
  const failures: string[] = [];
  /** The last request of each item, named in its failures. */
  const sent = new Map<string, string>();
  const t0 = Date.now();
  const summary = await new Promise<{ requests: number; assertions: number; failed: number }>((resolve, reject) => {
    newman.run({
      collection: withoutExcludedVariations(JSON.parse(readFileSync(collection, 'utf8'))),
      envVar: Object.entries({ ...options.variables, baseUrl: options.api }).map(([key, value]) => ({ key, value })),
      reporters: [], ignoreRedirects: true, timeoutRequest: 60_000,
    }).on('request', (error, args) => {
      sent.set(args.item.name, `${args.request.method} ${args.request.url.toString()} → ${args.response?.code ?? 'no answer'} ${args.response?.text().slice(0, 200) ?? ''}`);
      if (error) failures.push(`${args.item.name}: ${error.message}`);
      else if (args.response && args.response.code >= 500) failures.push(`${args.item.name}: ${args.request.method} ${args.request.url.toString()} answered ${args.response.code} ${args.response.text().slice(0, 300)}`);
    }).on('assertion', (_error, args) => {
      if (args.error) failures.push(`${args.item.name}: ${args.assertion}: ${args.error.message.slice(0, 400)}\n      (${sent.get(args.item.name)})`);
    }).on('done', (error, result) => {
      if (error) reject(error);
      else resolve({ requests: result.run.stats.requests.total, assertions: result.run.stats.assertions.total, failed: result.run.stats.assertions.failed });
    });
  });
  writeFileSync(join(options.out, 'portman-failures.txt'), failures.join('\n'));
  for (const failure of failures) console.log(`  ✖ ${failure}`);
  console.log(`[contract] portman + newman: ${summary.requests} requests, ${summary.assertions} assertions, ${failures.length} failure(s) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return failures.length;
}
