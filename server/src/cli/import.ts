// `npm run import -- <files, folders or globs> [options]`: publishes OpenAPI (2, 3.0, 3.1),
// AsyncAPI (2, 3) and GraphQL (SDL or introspection JSON) descriptions as products, in one
// process: up to one worker thread per core reads and indexes them (publish/pool.ts) while the
// store writes each in one transaction. Or, with --server URL --token T, through a running
// server's POST /products/import (the embedded store has one owner: this command never opens a
// store a server holds). Prints a progress bar and a summary table; exits 1 only if something
// was refused (or failed), 2 on bad usage. Re-importing a description updates its product.
import { readdir, readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
// Statically, only what starts the store (light modules); the rest loads while it starts.
import { loadConfig, ConfigError, storeDescription } from '../config.ts';
import { startPglite } from '../db/embedded.ts';
import { SHORT_RUN_SETTINGS } from '../db/pgliteThread.ts';
import type { Store } from '../db/store.ts';
import { VISIBILITIES, type Visibility } from '../publish/rows.ts';
import type { Published, PublishOptions } from '../publish/index.ts';
import type { PreparePool } from '../publish/pool.ts';
import type { PrepareInput, Prepared } from '../publish/prepare.ts';

const USAGE = `Usage: npm run import -- <file|folder|glob>... [options]

Publishes OpenAPI 2 / 3.0 / 3.1, AsyncAPI 2 / 3 and GraphQL (SDL or introspection JSON)
descriptions, JSON or YAML, as products (a version, its asset resource, a free plan). Folders are
read for .json, .yaml, .yml, .graphql, .graphqls and .gql files. Publishing a description again
updates its product (the same version replaced, another version added).

Options:
  --category <id>        put the products in this category (repeatable; default: from the
                         descriptions' categories and tags, else "Uncategorised")
  --title <text>         product title (default: the description's; given to untitled ones)
  --visibility <kind>    ${VISIBILITIES.join(' | ')} (default unrestricted)
  --jobs <n>             descriptions read in parallel (default: the core count)
  --server <url>         publish through a running server (POST /api/v1/products/import)
  --token <token>        an access token of a provider administrator or catalogue manager
  --database-url <url>   PostgreSQL to publish into (default: $DATABASE_URL)
  --data-dir <folder>    embedded store folder (default: $DATA_DIR or ./data)
  --no-seed              do not add the demo catalogue to an empty store first
  -h, --help             show this help
`;

/** Largest file accepted: the server's own request limit for specifications. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const EXTENSIONS = /\.(json|ya?ml|graphqls?|gql)$/i;

export interface ImportIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Redraws the progress line (a terminal); omitted: no progress bar. */
  progress?: (line: string) => void;
  /** Told as each description starts and ends being published (the corpus run's memory watch). */
  watch?: { start(file: string): void; end(file: string): void };
}

type Outcome = { file: string; state: 'published' | 'warnings' | 'refused'; detail: string; warnings: string[]; published?: Published | undefined };

/** Runs the command; returns the process exit code (0 all published, 1 something refused, 2 bad usage).
 * `standalone`: this process is the command itself (not a test or a server), so it may tune the
 * process's JavaScript engine for a short run (shortRun). */
export async function runImport(argv: string[], env: NodeJS.ProcessEnv = process.env, io: ImportIo = defaultIo(), standalone = false): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: {
        category: { type: 'string', multiple: true }, title: { type: 'string' }, visibility: { type: 'string' },
        jobs: { type: 'string' }, server: { type: 'string' }, token: { type: 'string' },
        'database-url': { type: 'string' }, 'data-dir': { type: 'string' },
        'no-seed': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!positionals.length) {
    io.err(`Give the files to publish.\n\n${USAGE}`);
    return 2;
  }
  if (values.visibility && !VISIBILITIES.includes(values.visibility as Visibility)) {
    io.err(`--visibility must be one of ${VISIBILITIES.join(', ')}.`);
    return 2;
  }
  if (values.server && !values.token) {
    io.err('--server needs --token (an access token of a provider administrator or catalogue manager).');
    return 2;
  }
  const jobs = Math.max(1, Number(values.jobs) || availableParallelism());
  const options: PublishOptions = {
    ...(values.category?.length ? { categoryIds: values.category } : {}),
    ...(values.title ? { title: values.title } : {}),
    ...(values.visibility ? { visibility: values.visibility as Visibility } : {}),
  };

  const { files, missing } = await expand(positionals);
  const outcomes: Outcome[] = missing.map((file) => ({ file, state: 'refused', detail: 'no such file', warnings: [] }));
  let done = 0;
  const tick = () => io.progress?.(bar(++done, files.length));

  // Nothing readable named: the store is left alone.
  if (!files.length) return report(io, outcomes);
  if (values.server) {
    const publish = (file: string) => publishThroughServer(values.server!, values.token!, file, options);
    await inParallel(files, jobs, async (file) => { outcomes.push(await publish(file)); tick(); });
    return report(io, outcomes);
  }

  let config;
  try {
    config = loadConfig({
      ...env,
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
      ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    });
  } catch (error) {
    io.err(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error));
    return 2;
  }

  const short = !config.databaseUrl && await shortRun(files);
  if (short && standalone) setFlagsFromString('--liftoff-only');
  let store: Store | undefined;
  let pool: PreparePool | undefined;
  // The embedded database starts in its thread first (a short run's with a smaller shared memory);
  // the store's and the publishing modules (query builder, parsers, indexing, writers) load meanwhile.
  const started = config.databaseUrl ? undefined : startPglite({ dataDir: config.dataDir, ...(short ? { settings: SHORT_RUN_SETTINGS } : {}) });
  started?.catch(() => undefined); // thrown by openStore below
  const loading = Promise.all([import('../publish/index.ts'), import('../publish/prepare.ts'), import('../../seed/marker.ts')]);
  loading.catch(() => undefined); // awaited below, unless opening the store failed first
  // One small file is read and prepared in this thread while the store opens (INLINE_BYTES): ready
  // when the store is, as the database's start is most of such a run.
  const inline = files.length === 1 && ((await stat(files[0]!).catch(() => null))?.size ?? 0) <= INLINE_BYTES ? files[0] : undefined;
  const preparedInline = inline === undefined ? undefined
    : loading.then(async ([, prepare]) => prepareHere(prepare, { content: await readDescription(inline), fileName: basename(inline), options: { title: options.title } }));
  preparedInline?.catch(() => undefined); // its refusal is the file's outcome, below
  let handedOver = false;
  try {
    const { openStore } = await import('../db/store.ts');
    handedOver = true;
    // A server holding the embedded store makes this throw DataDirLockedError: said, and nothing written.
    store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, started });
    const [{ publishPrepared }, , { isSeeded }] = await loading;
    const preparePool = async (input: PrepareInput): Promise<Prepared> => {
      pool ??= new (await import('../publish/pool.ts')).PreparePool(jobs);
      return pool.prepare(input);
    };
    if (!values['no-seed'] && !(await isSeeded(store.db))) {
      io.out('The store is empty: adding the demo catalogue first, as npm start would.');
      // As npm start seeds (its SECRETS_KEY sealing the demo credentials, its traffic backfill), so
      // a server started on this store later finds what it would have made. Loaded only here: the
      // seed's modules cost a publish of one small file ~1 s of CPU.
      await (await import('../../seed/firstStart.ts')).seedStore(store.db, { secretsKey: config.credentials.secretsKey, where: storeDescription(config), log: io.out });
    }
    const db = store.db;
    const origin = `http://${['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host}:${config.port}`;
    // Writes one at a time (one store), reads and indexing in parallel in the pool.
    let writing: Promise<unknown> = Promise.resolve();
    const serially = <T>(write: () => Promise<T>): Promise<T> => {
      const next = writing.then(write, write);
      writing = next.catch(() => undefined);
      return next;
    };
    const budget = new ByteBudget(IN_FLIGHT_BYTES);
    await inParallel(files, jobs, async (file) => {
      let outcome: Outcome;
      const size = (await stat(file).catch(() => null))?.size ?? 0;
      await budget.take(size);
      io.watch?.start(file);
      try {
        // The file's bytes go to the worker (transferred: not kept here); the text comes back compressed.
        const prepared = file === inline ? await preparedInline!
          : await preparePool({ content: await readDescription(file), fileName: basename(file), options: { title: options.title } });
        const published = await serially(() => publishPrepared(db, prepared, options));
        outcome = published.warnings.length
          ? { file, state: 'warnings', detail: describe(published), warnings: published.warnings, published }
          : { file, state: 'published', detail: describe(published), warnings: [], published };
      } catch (error) {
        outcome = { file, state: 'refused', detail: (error as Error).message, warnings: [] };
      } finally {
        io.watch?.end(file);
        budget.give(size);
      }
      outcomes.push(outcome);
      tick();
    });
    if (outcomes.length === 1 && outcomes[0]!.published) {
      const p = outcomes[0]!.published;
      io.out(`Published "${p.title}" (${p.type}) as product ${p.productId}\n  portal:    ${origin}/productDetails/${p.productId}\n  API:       ${origin}/api/v1/products/${p.productId}`);
    }
    return report(io, outcomes);
  } catch (error) {
    io.err(`Cannot publish: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await pool?.close();
    await store?.close();
    // Started and never handed to openStore (which closes what it fails to open): closed here.
    if (!handedOver) await started?.then(({ client, lock }) => client.close().finally(() => lock?.release()), () => undefined);
  }
}

/** prepareDescription in this thread, refused as the pool refuses (the same ApiError). */
function prepareHere({ prepareDescription, toRefusal, fromRefusal }: typeof import('../publish/prepare.ts'), input: PrepareInput): Prepared {
  try {
    return prepareDescription(input);
  } catch (error) {
    const refusal = toRefusal(error);
    throw refusal ? fromRefusal(refusal.refused) : error;
  }
}

function describe(p: Published): string {
  const how = p.outcome === 'created' ? 'new product' : p.outcome === 'version' ? 'new version' : 'version replaced';
  return `${p.productId} (${p.type}, ${how}, ${p.categoryIds.join(' ')})`;
}

/** Files named, files of folders (recursively), and glob matches, each once, in a stable order. */
async function expand(patterns: string[]): Promise<{ files: string[]; missing: string[] }> {
  const files = new Set<string>();
  const missing: string[] = [];
  for (const pattern of patterns) {
    const info = await stat(pattern).catch(() => null);
    if (info?.isFile()) files.add(pattern);
    else if (info?.isDirectory()) for (const f of await walk(pattern)) { if (EXTENSIONS.test(f)) files.add(f); }
    else {
      const matches = /[*?]/.test(pattern) ? await globFiles(pattern) : [];
      for (const f of matches) files.add(f);
      if (!matches.length) missing.push(pattern);
    }
  }
  return { files: [...files].sort(), missing };
}

async function walk(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
}

/** `*` within a name, `**` across folders, `?` one character (Node 20 has no fs.glob). */
async function globFiles(pattern: string): Promise<string[]> {
  const base = pattern.split('/').filter((_, i, parts) => !/[*?]/.test(parts.slice(0, i + 1).join('/'))).join('/') || '.';
  const source = relative(base, pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\u0000').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]').replace(/\u0000/g, '(?:.*/)?');
  const re = new RegExp(`^${source}$`);
  const folder = await stat(base).catch(() => null);
  if (!folder?.isDirectory()) return [];
  return (await walk(base)).filter((f) => re.test(relative(base, f)));
}

/** The file's bytes: decoded in the worker (publish/prepare.ts), never here. */
async function readDescription(file: string): Promise<Buffer> {
  const info = await stat(file);
  if (info.size > MAX_FILE_BYTES) throw new Error(`${info.size} bytes; the largest description accepted is ${MAX_FILE_BYTES} bytes`);
  return readFile(file);
}

/**
 * Bytes of descriptions in flight at once: reading, indexing and storing one costs about ten
 * times its size for a while, so two large ones together would double the peak. A description
 * larger than the budget is published alone; waiting is first come, first served.
 */
const IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/** One file up to this size is read in this thread, while the store opens: a worker would cost
 * more (its start and a second load of the modules, ~1 s of CPU) than reading it. */
const INLINE_BYTES = 1024 * 1024;

/** Descriptions up to this many bytes in all make a short run: the database's start is most of it,
 * and WebAssembly compiled by Liftoff alone (no optimising tier, whose background compilation of
 * PostgreSQL's hot functions took the second core for ~1 s) starts it in about half the CPU;
 * PostgreSQL starts with a smaller shared memory (SHORT_RUN_SETTINGS). The demo seed added first
 * to a new store makes no difference since a new store comes from its template (db/template.ts),
 * not initdb: runs one after the other, 19 KB into a new folder with the seed, 3.8-4.1 s of user CPU and
 * 356-395 MB against 5.2-6.0 s and 451-475 MB with the optimising tier and the server's settings.
 * A corpus keeps both: its statements outweigh the start. */
const SHORT_RUN_BYTES = 1024 * 1024;

async function shortRun(files: string[]): Promise<boolean> {
  let bytes = 0;
  for (const file of files) bytes += (await stat(file).catch(() => null))?.size ?? 0;
  return bytes <= SHORT_RUN_BYTES;
}

class ByteBudget {
  private used = 0;
  private running = 0;
  private readonly waiting: Array<{ bytes: number; go(): void }> = [];

  constructor(private readonly capacity: number) {}

  take(bytes: number): Promise<void> {
    return new Promise((go) => {
      this.waiting.push({ bytes, go });
      this.admit();
    });
  }

  give(bytes: number): void {
    this.used -= bytes;
    this.running--;
    this.admit();
  }

  private admit(): void {
    while (this.waiting.length && (this.running === 0 || this.used + this.waiting[0]!.bytes <= this.capacity)) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      this.running++;
      next.go();
    }
  }
}

async function inParallel<T>(items: T[], n: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await run(items[next++]!);
  }));
}

/** Through a running server: POST the description, poll the job to its outcome. */
async function publishThroughServer(server: string, token: string, file: string, options: PublishOptions): Promise<Outcome> {
  const api = `${server.replace(/\/+$/, '')}/api/v1`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  try {
    const content = (await readDescription(file)).toString('utf8');
    const body = { content, fileName: basename(file), ...(options.title ? { title: options.title } : {}), ...(options.categoryIds ? { categoryIds: options.categoryIds } : {}), ...(options.visibility ? { visibility: options.visibility } : {}) };
    let answer = await fetch(`${api}/products/import`, { method: 'POST', headers, body: JSON.stringify(body) });
    let job = await answer.json() as { id?: string; state?: string; warnings?: string[]; error?: string | null; result?: Published | null; errors?: Array<{ detail: string }> };
    if (!answer.ok) return { file, state: 'refused', detail: job.errors?.[0]?.detail ?? `the server answered ${answer.status}`, warnings: [] };
    while (job.state === 'queued' || job.state === 'running') {
      await new Promise((r) => setTimeout(r, 250));
      answer = await fetch(`${api}/imports/${job.id}`, { headers });
      job = await answer.json() as typeof job;
    }
    if (job.state !== 'published') return { file, state: 'refused', detail: job.error ?? job.state ?? 'failed', warnings: [] };
    const warnings = job.warnings ?? [];
    const r = job.result!;
    return { file, state: warnings.length ? 'warnings' : 'published', detail: `${r.productId} (${r.type}, ${r.outcome})`, warnings };
  } catch (error) {
    return { file, state: 'refused', detail: (error as Error).message, warnings: [] };
  }
}

function bar(done: number, total: number): string {
  const width = 30;
  const filled = Math.round((done / Math.max(total, 1)) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}

/** The summary table, and the exit code. */
function report(io: ImportIo, outcomes: Outcome[]): number {
  const sorted = [...outcomes].sort((a, b) => a.file.localeCompare(b.file));
  const label = { published: 'published', warnings: 'published with warnings', refused: 'refused' } as const;
  const width = Math.min(60, Math.max(4, ...sorted.map((o) => o.file.length)));
  for (const o of sorted) {
    io.out(`${o.file.padEnd(width)}  ${label[o.state].padEnd(23)}  ${o.detail}`);
    for (const w of o.warnings) io.out(`${''.padEnd(width)}  ${''.padEnd(23)}  warning: ${w}`);
    if (o.state === 'refused') io.err(`Cannot publish ${o.file}: ${o.detail}`);
  }
  const count = (s: Outcome['state']) => outcomes.filter((o) => o.state === s).length;
  io.out(`\n${count('published')} published, ${count('warnings')} published with warnings, ${count('refused')} refused (of ${outcomes.length}).`);
  return count('refused') ? 1 : 0;
}

function defaultIo(): ImportIo {
  const tty = process.stderr.isTTY;
  return {
    out: console.log, err: console.error,
    ...(tty ? { progress: (line: string) => process.stderr.write(`\r${line}`) } : {}),
  };
}

/** The command in a process of its own: `npm run import` (scripts/cli.mjs, bundled) or this file under tsx. */
export function main(argv: string[]): Promise<number> {
  return runImport(argv, process.env, defaultIo(), true).catch((error: unknown) => {
    console.error(error);
    return 1;
  });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) void main(process.argv.slice(2)).then((code) => process.exit(code));
