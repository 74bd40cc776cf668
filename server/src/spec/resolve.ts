// One stored OpenAPI operation with its schema references resolved from the stored schema rows,
// for code that needs whole schemas on the server (the mock upstream's generated answers).
// Bounded: at most MAX_LEVELS levels of references and MAX_SCHEMAS rows are read; a reference
// past them stays a bare { $ref }.
import type { Db } from '../db/store.ts';
import { Dereferencer } from './deref.ts';
import { unescapePart } from './refs.ts';
import { readOperations, readSchemasJson } from './store.ts';

type Obj = Record<string, unknown>;

const MAX_LEVELS = 8;
const MAX_SCHEMAS = 400;

interface OperationPayload { operation: Obj; schemas?: Record<string, number> }
interface SchemaPayload { ref: string; schemas: Record<string, number>; schema: unknown }

export async function readResolvedOperation(db: Db, resourceId: string, ordinal: number): Promise<Obj | null> {
  const [row] = await readOperations(db, resourceId, [ordinal]);
  if (!row) return null;
  const payload = JSON.parse(row.json) as OperationPayload;
  const targets = new Map<string, unknown>();
  const read = new Set<number>();
  let frontier = Object.values(payload.schemas ?? {});
  for (let level = 0; level < MAX_LEVELS && frontier.length > 0; level++) {
    const ids = [...new Set(frontier)].filter((id) => !read.has(id)).slice(0, MAX_SCHEMAS - read.size);
    for (const id of ids) read.add(id);
    const next: number[] = [];
    for (const r of await readSchemasJson(db, resourceId, ids)) {
      const schema = JSON.parse(r.json) as SchemaPayload;
      targets.set(schema.ref, schema.schema);
      next.push(...Object.values(schema.schemas));
    }
    frontier = next;
  }
  return inline(payload.operation, targets) as Obj;
}

/** The operation dereferenced against the schemas read (Dereferencer: shared where it can be,
 * recursion cut as { $ref, 'x-circular': true }, as the mock's sampler expects). */
function inline(node: unknown, targets: Map<string, unknown>): unknown {
  // A document holding just the schemas read, each at its own pointer.
  const root: Obj = {};
  for (const [ref, schema] of targets) {
    const parts = ref.slice(1).split('/').slice(1).map(unescapePart);
    let at = root;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Obj;
    at[parts[parts.length - 1]!] = schema;
  }
  return new Dereferencer(root).resolve(node);
}
