// Collections made for downloads: each in a worker thread of its own (a conversion takes seconds of
// CPU on a large description, which in the server's thread would hold every request in flight),
// one at a time (two downloads do not take both cores of a small host), and the last few files
// kept in memory by resource, index etag, gateway and format (the same download again is free).
import { Worker } from 'node:worker_threads';
import type { CollectionFormat } from './collections.ts';

/** Heap of a converting worker: GitHub's 13 MB description peaks at ~270 MB RSS (issue 30: < 1 GB). */
export const COLLECTION_HEAP_MB = 768;
/** Files kept in memory (GitHub's Postman collection is ~10 MB of text). */
const KEPT = 4;

export interface CollectionRequest { key: string; format: CollectionFormat; gatewayUrl: string; text: () => Promise<string> }

export class CollectionMaker {
  private readonly kept = new Map<string, Promise<string>>();
  private queue: Promise<unknown> = Promise.resolve();

  /** The collection's JSON text; a request for a file being made waits for the same one. */
  make(request: CollectionRequest): Promise<string> {
    const key = `${request.key}|${request.format}|${request.gatewayUrl}`;
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last: the oldest goes first.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const made = this.queue.then(async () => convertInWorker(await request.text(), request.format, request.gatewayUrl));
    this.queue = made.catch(() => undefined);
    this.kept.set(key, made);
    made.catch(() => this.kept.delete(key));
    while (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return made;
  }
}

function convertInWorker(text: string, format: CollectionFormat, gatewayUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./collections.worker.mjs', import.meta.url), {
      workerData: { text, format, gatewayUrl }, resourceLimits: { maxOldGenerationSizeMb: COLLECTION_HEAP_MB },
    });
    worker.once('message', (answer: { text?: string; failed?: string }) => {
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.failed ?? 'the conversion failed'));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the converting worker ended (${code})`)));
  });
}
