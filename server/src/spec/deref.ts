// Resolves local JSON references (`#/components/...`, `#/definitions/...`) so one operation can be
// read, rendered and tried without the rest of its document.
//
// Why memoised: GitHub's description references the same few hundred schemas from 1,200
// operations; resolving each target once keeps indexing linear in the size of the document.
// Why the "cut depth": a resolution that was cut at an ancestor ref depends on where it was
// reached from, so only context-free resolutions are memoised.

type Json = unknown;

export interface CircularMarker {
  $ref: string;
  'x-circular': true;
}

interface Walked {
  value: Json;
  /** Smallest index in the ref stack this subtree was cut at; Infinity when none. */
  cut: number;
}

export class Dereferencer {
  private readonly memo = new Map<string, Json>();
  private readonly stack: string[] = [];

  constructor(private readonly root: Json) {}

  /** The node with every local $ref inside it replaced by its target (cycles cut by a marker). */
  resolve<T = Json>(node: Json): T {
    return this.walk(node).value as T;
  }

  /** The raw (unresolved) target of a local pointer, or undefined. */
  pointer(ref: string): Json {
    if (!ref.startsWith('#')) return undefined;
    const parts = ref.slice(1).split('/').slice(1).map(unescapePart);
    let node: Json = this.root;
    for (const part of parts) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, Json>)[part];
    }
    return node;
  }

  private walk(node: Json): Walked {
    if (node === null || typeof node !== 'object') return { value: node, cut: Infinity };
    if (Array.isArray(node)) {
      let out: Json[] | null = null;
      let cut = Infinity;
      for (let i = 0; i < node.length; i++) {
        const w = this.walk(node[i]);
        if (w.cut < cut) cut = w.cut;
        if (w.value !== node[i]) (out ??= node.slice())[i] = w.value;
      }
      return { value: out ?? node, cut };
    }
    const obj = node as Record<string, Json>;
    const ref = obj.$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) return this.walkRef(ref, obj);
    let out: Record<string, Json> | null = null;
    let cut = Infinity;
    for (const key in obj) {
      const child = obj[key];
      if (child === null || typeof child !== 'object') continue;
      const w = this.walk(child);
      if (w.cut < cut) cut = w.cut;
      if (w.value !== child) (out ??= { ...obj })[key] = w.value;
    }
    return { value: out ?? obj, cut };
  }

  private walkRef(ref: string, obj: Record<string, Json>): Walked {
    const at = this.stack.indexOf(ref);
    if (at >= 0) return { value: { $ref: ref, 'x-circular': true } satisfies CircularMarker, cut: at };
    let resolved: Walked;
    if (this.memo.has(ref)) {
      resolved = { value: this.memo.get(ref), cut: Infinity };
    } else {
      const target = this.pointer(ref);
      if (target === undefined) return { value: obj, cut: Infinity }; // dangling: keep as written
      const depth = this.stack.length;
      this.stack.push(ref);
      const w = this.walk(target);
      this.stack.pop();
      // A cut at this very ref is the same from anywhere; a cut above it is not.
      const cut = w.cut >= depth ? Infinity : w.cut;
      if (cut === Infinity) this.memo.set(ref, w.value);
      resolved = { value: w.value, cut };
    }
    // Siblings of $ref (allowed in OAS 3.1, description/summary in 3.0) override the target's.
    const siblings = Object.keys(obj).filter((k) => k !== '$ref');
    if (siblings.length === 0 || resolved.value === null || typeof resolved.value !== 'object' || Array.isArray(resolved.value)) {
      return resolved;
    }
    const merged: Record<string, Json> = { ...(resolved.value as Record<string, Json>) };
    let cut = resolved.cut;
    for (const k of siblings) {
      const w = this.walk(obj[k]);
      if (w.cut < cut) cut = w.cut;
      merged[k] = w.value;
    }
    return { value: merged, cut };
  }
}

const unescapePart = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
