// Schemas by reference: an OpenAPI operation is stored with its schema `$ref`s kept as written,
// and every schema they reach is stored once, as its own row, with the ids of the schemas *it*
// references. Nothing here ever copies a referenced schema into another: the work and the
// output are linear in the size of the description, however recursive or shared its schemas
// are (a 2.8 MB e-signature description expanded into 1.94 GB when schemas were inlined).
//
// What is inlined: references outside schemas (`#/components/parameters|responses|requestBodies|
// headers|…`, `#/parameters/…` in Swagger 2), so an operation still carries its own parameters
// and responses; a cycle among those is cut as { $ref, 'x-circular': true }.
import { isObject } from './parse.ts';

type Json = unknown;
type Obj = Record<string, Json>;

/** Where schemas live: a reference into these is a schema reference wherever it is written. */
const SCHEMA_POINTERS = ['#/components/schemas/', '#/definitions/'];
const isSchemaPointer = (ref: string) => SCHEMA_POINTERS.some((p) => ref.startsWith(p));

/** One stored schema: the referenced node as written (its own `$ref`s kept) and their ids. */
export interface IndexedSchema {
  id: number;
  ref: string;
  /** `{"ref":…,"schemas":{ref:id…},"schema":…}`: the stored payload, computed once. */
  json: string;
  size: number;
}

export class SchemaRefs {
  /** ref → schema id, in the order they were first met. */
  private readonly ids = new Map<string, number>();
  private readonly order: string[] = [];
  /** Non-schema references being inlined (to cut their cycles). */
  private readonly inlining: string[] = [];

  constructor(private readonly root: Json) {}

  /** The raw target of a local pointer, or undefined (external or dangling). */
  pointer(ref: string): Json {
    if (!ref.startsWith('#')) return undefined;
    let node: Json = this.root;
    for (const part of ref.slice(1).split('/').slice(1)) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Obj)[unescapePart(part)];
    }
    return node;
  }

  /** The id of a schema reference (registered on first sight), or undefined when it points nowhere. */
  idOf(ref: string): number | undefined {
    const known = this.ids.get(ref);
    if (known !== undefined) return known;
    if (this.pointer(ref) === undefined) return undefined;
    const id = this.order.length;
    this.ids.set(ref, id);
    this.order.push(ref);
    return id;
  }

  /**
   * A node of an operation with its non-schema references inlined and its schema references
   * kept; `refs` collects the ids of the schema references met. Copy-on-write: untouched
   * subtrees are the document's own objects.
   */
  localize(node: Json, refs: Map<string, number>, inSchema = false): Json {
    if (node === null || typeof node !== 'object') return node;
    if (inSchema) {
      this.collect(node, refs);
      return node;
    }
    if (Array.isArray(node)) {
      let out: Json[] | null = null;
      for (let i = 0; i < node.length; i++) {
        const v = this.localize(node[i], refs);
        if (v !== node[i]) (out ??= node.slice())[i] = v;
      }
      return out ?? node;
    }
    const obj = node as Obj;
    if (typeof obj.$ref === 'string') {
      const ref = obj.$ref;
      if (isSchemaPointer(ref)) {
        this.collect(obj, refs);
        return obj;
      }
      const target = this.pointer(ref);
      if (target === undefined) return obj;
      if (this.inlining.includes(ref)) return { $ref: ref, 'x-circular': true };
      this.inlining.push(ref);
      const inlined = this.localize(target, refs);
      this.inlining.pop();
      const siblings = Object.keys(obj).filter((k) => k !== '$ref');
      if (siblings.length === 0 || !isObject(inlined)) return inlined;
      // Siblings of $ref (summary, description) override the target's.
      const merged: Obj = { ...inlined };
      for (const k of siblings) merged[k] = this.localize(obj[k], refs);
      return merged;
    }
    let out: Obj | null = null;
    for (const key in obj) {
      const child = obj[key];
      if (child === null || typeof child !== 'object') continue;
      const v = this.localize(child, refs, key === 'schema');
      if (v !== child) (out ??= { ...obj })[key] = v;
    }
    return out ?? obj;
  }

  /** Registers every local reference inside a schema (not following them). */
  private collect(node: Json, refs: Map<string, number>): void {
    const stack: Json[] = [node];
    while (stack.length > 0) {
      const n = stack.pop();
      if (n === null || typeof n !== 'object') continue;
      if (Array.isArray(n)) {
        for (const v of n) if (v !== null && typeof v === 'object') stack.push(v);
        continue;
      }
      const obj = n as Obj;
      if (typeof obj.$ref === 'string' && obj.$ref.startsWith('#')) {
        const id = this.idOf(obj.$ref);
        if (id !== undefined) refs.set(obj.$ref, id);
      }
      for (const key in obj) {
        const v = obj[key];
        if (v !== null && typeof v === 'object') stack.push(v);
      }
    }
  }

  /**
   * Every schema reached from what was localized so far, transitively, one row each. Rows found
   * while walking are appended to the same list, so the loop ends when nothing new is met.
   */
  *schemas(): Generator<IndexedSchema> {
    for (let id = 0; id < this.order.length; id++) {
      const ref = this.order[id]!;
      const target = this.pointer(ref);
      const refs = new Map<string, number>();
      this.collect(target, refs);
      const json = `{"ref":${JSON.stringify(ref)},"schemas":${refsJson(refs)},"schema":${JSON.stringify(target)}}`;
      yield { id, ref, json, size: Buffer.byteLength(json) };
    }
  }

  get count(): number {
    return this.order.length;
  }
}

export const refsJson = (refs: Map<string, number>) => JSON.stringify(Object.fromEntries(refs));

/** One JSON-pointer segment of a `$ref`, unescaped. */
export function unescapePart(part: string): string {
  let decoded = part;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    // a stray % is a literal
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}
