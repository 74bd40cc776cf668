// The assistant's sentence model runs in a worker thread that ends when it has been idle a while.
// Its WebAssembly memory grows to the largest batch it embedded (~100-170 MB on top of the 28 MB of
// weights) and a WebAssembly memory never shrinks: in the server's own thread that memory stayed
// resident for the process's life after the catalogue's first embedding (the server held ~530 MB
// instead of ~340 MB once the demo catalogue was embedded; issue 32). Ending the thread gives it
// back. A question after the pause waits for the model to load again (~0.3-1 s), once.
import { Worker } from 'node:worker_threads';

/** Idle time after which the thread ends (the embed job looks every 10 s but loads the model only
 * when a row changed; a conversation's questions come within a minute of each other). */
export const MODEL_IDLE_MS = 60_000;

/** Milliseconds the model took to load in its thread, the last time it loaded (bench/assistant.ts). */
export let modelLoadMs = 0;

interface Pending { resolve(vectors: number[][]): void; reject(error: Error): void }
interface Answer { id?: number; vectors?: number[][]; failed?: string; loadedMs?: number }

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;
let idleTimer: NodeJS.Timeout | undefined;

/** Sentence vectors of `texts` (512 numbers each), from the model's thread (started when needed). */
export function embedTexts(texts: string[]): Promise<number[][]> {
  const thread = worker ?? start();
  clearTimeout(idleTimer);
  thread.ref(); // a call in flight keeps the process alive; an idle thread does not
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, texts });
  });
}

function start(): Worker {
  const thread = new Worker(new URL('./model.worker.mjs', import.meta.url));
  worker = thread;
  thread.on('message', (answer: Answer) => {
    if (answer.loadedMs !== undefined) modelLoadMs = answer.loadedMs;
    if (answer.id === undefined) return;
    const call = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.vectors) call?.resolve(answer.vectors);
    else call?.reject(new Error(answer.failed ?? 'the sentence model failed'));
    if (!pending.size) idle(thread);
  });
  const lost = (error: Error) => {
    if (worker !== thread) return;
    worker = undefined;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  thread.on('error', lost);
  thread.on('exit', (code) => lost(new Error(`the sentence model's thread stopped (exit code ${code})`)));
  return thread;
}

function idle(thread: Worker): void {
  thread.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker !== thread || pending.size) return;
    worker = undefined;
    void thread.terminate();
  }, MODEL_IDLE_MS);
  idleTimer.unref();
}
