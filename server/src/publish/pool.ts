// Worker threads that prepare descriptions (prepare.ts): reading and indexing a large description
// takes the CPU for seconds, which in the server's thread would hold every request in flight.
// The import job uses one worker; the import command one per core.
import { Worker } from 'node:worker_threads';
import { fromRefusal, type Prepared, type PrepareInput, type Refusal } from './prepare.ts';

/** Heap of a preparing worker (issue 13: at most 1 GB for any one description). */
export const PREPARE_HEAP_MB = 768;
/** A worker that prepared a description this large (characters) is ended once it answers: its
 * heap, grown to several times the description and collected only when it next allocates, would
 * otherwise stay resident while the description is stored and through every later one (the
 * corpus run's floor rose from 0.6 to 1.6 GB over its largest descriptions). A new worker costs
 * a fraction of a second; a few descriptions in a corpus are this large. */
export const RECYCLE_AFTER_CHARS = 4 * 1024 * 1024;

interface Answer extends Partial<Refusal> { id: number; prepared?: Prepared; failed?: string }
/** `input` is let go once posted (the worker has its copy, or the bytes themselves): the description is not held here. */
interface Task { id: number; input: PrepareInput | null; chars: number; resolve(p: Prepared): void; reject(e: Error): void }

export class PreparePool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly waiting: Task[] = [];
  private workers = 0;
  private nextId = 1;

  constructor(private readonly size = 1) {}

  prepare(input: PrepareInput): Promise<Prepared> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, input, chars: input.content.length, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length) {
      const worker = this.idle.pop() ?? (this.workers < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const task = this.waiting.shift()!;
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage({ id: task.id, input: task.input }, transferable(task.input!.content));
      task.input = null;
    }
  }

  private spawn(): Worker {
    this.workers++;
    // The heap cap keeps one pathological description from taking the machine: it fails alone.
    const worker = new Worker(new URL('./prepare.worker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: PREPARE_HEAP_MB } });
    worker.on('message', (answer: Answer) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      if ((task?.chars ?? 0) >= RECYCLE_AFTER_CHARS) {
        this.workers--;
        void worker.terminate();
      } else {
        this.idle.push(worker);
      }
      if (task) {
        if (answer.prepared) task.resolve(answer.prepared);
        else if (answer.refused) task.reject(fromRefusal(answer.refused));
        else task.reject(new Error(answer.failed ?? 'preparing the description failed'));
      }
      this.dispatch();
    });
    // A worker that dies (out of memory on a pathological description) fails its task only.
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => { if (code !== 0) this.lost(worker, new Error(`the preparing worker stopped (exit code ${code})`)); });
    return worker;
  }

  private lost(worker: Worker, error: Error): void {
    const task = this.busy.get(worker);
    if (!this.busy.delete(worker) && !this.idle.includes(worker)) return;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    this.workers--;
    task?.reject(error);
    this.dispatch();
  }
}

/** A file's bytes go to the worker by transfer when their buffer is theirs alone (a pooled small
 * Buffer shares its ArrayBuffer with others, and is cloned: it is small). */
function transferable(content: string | Uint8Array): ArrayBuffer[] {
  if (typeof content === 'string' || !(content.buffer instanceof ArrayBuffer)) return [];
  return content.byteOffset === 0 && content.byteLength === content.buffer.byteLength ? [content.buffer] : [];
}
