// The embedded database in a thread of its own. PGlite is PostgreSQL compiled to WebAssembly and
// runs synchronously in whichever thread opened it: in the server's thread, every statement held
// every request in flight (a 100-row insert of gateway records stopped all calls for ~20 ms, the
// job runner's pass for a few more). Here it runs in a worker (pglite-thread.mjs) and the server
// talks to it by messages: the HTTP thread stays free, and the database gets the second core.
//
// ThreadedPGlite offers what Drizzle's PGlite driver uses of a PGlite client — query(text,
// params, {rowMode, parsers}) and transaction(fn) — plus exec, dumpDataDir and close. Parsers
// cannot cross threads: Drizzle's are all "keep the text" (dates, times, intervals and their
// arrays), so only the type ids travel and the worker keeps those as text.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { writeFolder } from './tar.ts';
import { readTemplate } from './template.ts';

/** PostgreSQL settings of the embedded database, over PGlite's defaults (128 MB of shared buffers
 * and 64 MB for maintenance, all of it resident from the start). The data folder's files are read
 * through the operating system's page cache, so a small buffer pool costs a system call on a miss,
 * not a disk read; it kept ~115 MB off the server's RSS (bench/memory.ts). */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];
/** Over PGLITE_SETTINGS for a short-lived process that writes little (npm run import of a small
 * file): PostgreSQL zeroes its whole shared memory at start, in WebAssembly (~6 ms a MB in V8's
 * baseline code: ~0.13 s), 24 MB with 16 MB of buffers and process and lock slots for 100
 * connections; these make it 4 MB. PGlite has one session; the lock table keeps room for ~1,500
 * locks (a new store's migrations take ~950 in one transaction); a short run's pages are few. */
export const SHORT_RUN_SETTINGS = ['shared_buffers=1MB', 'max_connections=4', 'autovacuum_worker_slots=1', 'max_wal_senders=0', 'max_locks_per_transaction=256'];
const startParams = (settings: readonly string[]) => settings.flatMap((setting) => ['-c', setting]);
const START_PARAMS = startParams(PGLITE_SETTINGS);
const WORKER = new URL('./pglite-thread.mjs', import.meta.url);
/** The thread is plain JavaScript: it does not inherit the process's module hooks (`--import tsx`
 * cost it ~0.4 s of its start, on the critical path of every store opening). Only the profiling
 * flags go with it (V8 and per-process options are refused in a worker's execArgv). */
const WORKER_ARGV = process.execArgv.filter((arg) => /^--(cpu|heap)-prof/.test(arg));

interface Results {
  rows: unknown[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface ThreadedPGliteOptions {
  dataDir?: string | undefined;
  loadFrom?: Blob | File | undefined;
  /** PostgreSQL settings over PGLITE_SETTINGS for the serving thread (SHORT_RUN_SETTINGS). */
  settings?: readonly string[] | undefined;
  /** A new database is made by PostgreSQL's initdb, not loaded from the template (cli/template.ts
   * makes the template so; tests compare the two). */
  initdb?: boolean | undefined;
}

/** The statements of one transaction, run in order on the worker's transaction. */
class TransactionClient {
  constructor(private readonly owner: ThreadedPGlite, readonly tx: number) {}
  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results & { rows: T[] }> {
    return this.owner.query<T>(text, params, options, this.tx);
  }
}

export class ThreadedPGlite {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly ready: Promise<void>;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** Told each statement's time, from sending to its answer (the metrics' query time). */
  onStatement: ((ms: number) => void) | undefined;

  /** Messages sent and not answered yet: the statement running and those queued behind it. */
  get inFlight(): number {
    return this.pending.size;
  }

  private constructor(options: ThreadedPGliteOptions, loadFrom: ArrayBuffer | undefined) {
    this.worker = new Worker(WORKER, {
      execArgv: WORKER_ARGV,
      workerData: { dataDir: options.dataDir, loadFrom, startParams: startParams([...PGLITE_SETTINGS, ...options.settings ?? []]) },
      ...(loadFrom ? { transferList: [loadFrom] } : {}),
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject);
      this.worker.once('message', () => resolve());
    });
    this.worker.on('message', (message: { id?: number; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
      if (message.notify !== undefined) {
        for (const callback of this.listeners.get(message.notify) ?? []) callback(message.payload ?? '');
        return;
      }
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      // Only a worker with work in hand keeps the process alive (an idle store never does).
      if (this.pending.size === 0) this.worker.unref();
      if (message.error) waiting.reject(Object.assign(new Error(String(message.error.message)), message.error));
      else waiting.resolve(message.result);
    });
    this.worker.on('error', (error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    });
  }

  static async create(options: ThreadedPGliteOptions = {}): Promise<ThreadedPGlite> {
    let loadFrom = options.loadFrom ? await options.loadFrom.arrayBuffer() : undefined;
    if (!loadFrom && !(options.dataDir && existsSync(join(options.dataDir, 'PG_VERSION')))) {
      // A new database: the template's (template.ts), else initdb's. A folder gets the template's
      // files written here and is then opened as any: loaded by PGlite (loadDataDir) it cost the
      // thread ~220 MB more (the dump's copies, and the files unpacked in its memory first).
      const template = options.initdb ? undefined : readTemplate();
      if (!template) loadFrom = await initialise(options.dataDir);
      else if (options.dataDir) writeFolder(template, options.dataDir);
      else loadFrom = template.slice().buffer; // its own buffer, to transfer
    }
    const client = new ThreadedPGlite(options, loadFrom);
    await client.ready;
    if (client.pending.size === 0) client.worker.unref();
    return client;
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    const sent = this.onStatement ? performance.now() : 0;
    const answer = new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
    if (!this.onStatement) return answer;
    const done = () => this.onStatement?.(performance.now() - sent);
    answer.then(done, done);
    return answer;
  }

  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results & { rows: T[] }> {
    const keepText = Object.keys(options.parsers ?? {}).map(Number);
    return this.send({ op: 'query', text, params, rowMode: options.rowMode ?? 'object', keepText, tx });
  }

  /** Runs fn on a transaction of the worker's PGlite: committed when fn resolves, rolled back
   * (and fn's error rethrown) when it throws. Other statements wait until it ends, as in PGlite. */
  async transaction<T>(fn: (client: TransactionClient) => Promise<T>): Promise<T> {
    const tx = this.nextId++;
    await this.send({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn(new TransactionClient(this, tx));
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  /** As PGlite's listen: `callback` hears each notification on `channel`, before the answer of
   * the statement whose commit sent it (db/version.ts relies on that order). */
  async listen(channel: string, callback: (payload: string) => void): Promise<void> {
    const known = this.listeners.get(channel);
    if (known) known.add(callback);
    else {
      this.listeners.set(channel, new Set([callback]));
      await this.exec(`LISTEN "${channel.replace(/"/g, '""')}"`);
    }
  }

  exec(text: string): Promise<Results[]> {
    return this.send({ op: 'exec', text });
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.send<Uint8Array<ArrayBuffer>>({ op: 'dump' })]);
  }

  /** The database's WebAssembly memory and its thread's V8 heap, in bytes (bench/memory.ts). */
  memory(): Promise<{ wasm: number; heap: number }> {
    return this.send({ op: 'memory' });
  }

  async close(): Promise<void> {
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}

/** Creates a new database (PGlite's initdb) in a thread that then ends. initdb's WebAssembly
 * memory, ~480 MB resident, never shrank while its thread lived: a first start held it for the
 * process's life. The folder's database is on disk when this returns; an in-memory one comes back
 * as a data-dir dump for the serving thread to load. */
async function initialise(dataDir: string | undefined): Promise<ArrayBuffer | undefined> {
  const worker = new Worker(WORKER, { execArgv: WORKER_ARGV, workerData: { dataDir, startParams: START_PARAMS, initOnly: true } });
  try {
    const message = await new Promise<{ dump?: Uint8Array }>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', resolve);
    });
    return message.dump?.buffer as ArrayBuffer | undefined;
  } finally {
    await worker.terminate();
  }
}
