// The index as it crosses from the preparing worker to the store's writer (store.ts writeSpecIndex).
// No database here: the worker loads it.
import type { IndexedOperation, IndexedSchema, SpecHead, SpecIndex } from './types.ts';

/** An index packed to cross a thread (publish/prepare.ts, in a worker): each operation's and
 * schema's stored JSON, UTF-8, one after the other in `payloads` (operations in order, then
 * schemas, each `size` bytes). The buffer is transferred, not copied: the strings (80 MB for a
 * 47 MB description) were cloned and held whole by both threads, the largest part of the peak. */
export interface PackedSpecIndex {
  head: SpecHead;
  operations: Array<Omit<IndexedOperation, 'operation' | 'json'>>;
  schemas: Array<Omit<IndexedSchema, 'json'>>;
  payloads: Uint8Array;
}

export function packSpecIndex(index: SpecIndex): PackedSpecIndex {
  let total = 0;
  for (const item of [...index.operations, ...index.schemas]) total += item.size;
  // Unpooled: its ArrayBuffer is its own, so it can be transferred.
  const payloads = Buffer.allocUnsafeSlow(total);
  let at = 0;
  const operations = index.operations.map(({ operation: _operation, json, ...stored }) => { at += payloads.write(json, at); return stored; });
  const schemas = index.schemas.map(({ json, ...stored }) => { at += payloads.write(json, at); return stored; });
  return { head: index.head, operations, schemas, payloads };
}
