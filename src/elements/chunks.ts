// Lazy screen chunks: a load that never answers fails after CHUNK_LOAD_TIMEOUT_MS (spec §9), and
// a failed load is reported as a ChunkLoadError that the element frame shows with a reload button.
// Before that, every dynamic import of the built bundle has asked once more for a module that
// failed, under `?agora-retry` (rollup.config.mjs dynamicImports), and a rebuild keeps the chunks
// of the builds of the last 7 days (scripts/builds.mjs), so a page open across a deploy, or one
// whose entry file came from a cache, still finds what it loads.
import { CHUNK_LOAD_TIMEOUT_MS } from '../rules/constants.ts';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** CSS_CHUNK_LOAD_FAILED for a style chunk (viewer CSS), otherwise undefined. `timedOut`: no
   * answer within the time allowed (the import may still arrive), rather than a refused one. */
  constructor(message: string, readonly code?: string, readonly timedOut = false) {
    super(message);
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`, undefined, true)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
        },
      );
    });
}

/** Marks a promise with its outcome as it settles, so React's use() reads a settled one at once
 * instead of suspending (React.lazy and a plain promise always suspend their first render). */
export function track<T>(promise: Promise<T>): Promise<T> {
  Object.assign(promise, { status: 'pending' });
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

/** `load`, run once for every caller: one shared promise, marked as it settles (track). A load that
 * timed out is forgotten, so the next call asks again: the import may have arrived since. One the
 * network refused (twice: plain and retried) stays the answer: the browser keeps a failed module
 * import until the page reloads (the error's reload button), and asking again would only make
 * React, which reads the promise with use(), suspend once more instead of showing the error. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      loading = track(withTimeout(load)());
      loading.catch((error: unknown) => {
        if (error instanceof ChunkLoadError && error.timedOut) loading = null;
      });
    }
    return loading;
  };
}
