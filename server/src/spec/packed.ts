// The index as it crosses from the preparing worker to the store's writer (store.ts writeSpecIndex).
// No database here: the worker loads it.
import type { IndexedOperation, IndexedSchema, SpecHead, SpecIndex, StoredOperation } from './types.ts';

/** An index packed to cross a thread (publish/prepare.ts, in a worker): each operation's and
 * schema's stored JSON, UTF-8, one after the other in the `payloads` chunks (operations in order,
 * then schemas, each `size` bytes, each whole within one chunk). The chunks are transferred, not
 * copied: as strings (80 MB for a 47 MB description) they were cloned and held by both threads. */
export interface PackedSpecIndex {
  head: SpecHead;
  operations: StoredOperation[];
  schemas: Array<Omit<IndexedSchema, 'json'>>;
  payloads: Uint8Array[];
}

const CHUNK_BYTES = 4 * 1024 * 1024;

/** Packs payloads as they are built, so the indexer never holds every operation's JSON and object
 * form at once (openapi.ts writes each here as it goes). */
export class PayloadPacker {
  private readonly chunks: Buffer[] = [];
  private chunk = Buffer.alloc(0);
  private at = 0;

  operation({ operation: _operation, json, ...stored }: IndexedOperation): StoredOperation {
    this.write(json, stored.size);
    return stored;
  }

  schema({ json, ...stored }: IndexedSchema): Omit<IndexedSchema, 'json'> {
    this.write(json, stored.size);
    return stored;
  }

  /** The chunks, each an ArrayBuffer of its own (unpooled), so they can be transferred. */
  finish(): Uint8Array[] {
    return this.chunks;
  }

  /** An item that does not fit in the rest of the chunk starts the next (payloadReader's rule). */
  private write(json: string, size: number): void {
    if (this.at + size > this.chunk.length) {
      this.chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, size));
      this.chunks.push(this.chunk);
      this.at = 0;
    }
    this.at += this.chunk.write(json, this.at);
  }
}

export function packSpecIndex(index: SpecIndex): PackedSpecIndex {
  const packer = new PayloadPacker();
  const operations = index.operations.map((op) => packer.operation(op));
  const schemas = index.schemas.map((schema) => packer.schema(schema));
  return { head: index.head, operations, schemas, payloads: packer.finish() };
}

/** Reads the payloads back in order, one item of `size` bytes per call. */
export function payloadReader(payloads: Uint8Array[]): (size: number) => Buffer {
  let chunk = 0;
  let at = 0;
  return (size) => {
    if (at + size > payloads[chunk]!.byteLength) {
      chunk++;
      at = 0;
    }
    const bytes = payloads[chunk]!;
    at += size;
    return Buffer.from(bytes.buffer, bytes.byteOffset + at - size, size);
  };
}
