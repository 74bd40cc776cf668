// An example value built from a schema when the author gave none. Bounded on purpose: GitHub's
// description has response schemas of hundreds of kilobytes, and an example must cost a few
// milliseconds, never a frozen tab (depth, properties per object and total nodes are capped).
import type { Json } from './model.ts';

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SampleLimits {
  maxDepth: number;
  maxProperties: number;
  /** Total values produced before the rest is left out. */
  maxNodes: number;
}

export const SAMPLE_LIMITS: SampleLimits = { maxDepth: 8, maxProperties: 40, maxNodes: 2500 };

const FORMATS: Record<string, unknown> = {
  'date-time': '2025-06-02T09:00:00Z', date: '2025-06-02', time: '09:00:00', email: 'user@example.com',
  uri: 'https://example.com', url: 'https://example.com', uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'example.com', ipv4: '192.0.2.1', ipv6: '2001:db8::1', byte: 'U3dhZ2dlcg==', binary: '<binary>',
  password: '********',
};

/** The target of a `$ref` (the server's indexer passes the document's; the browser has none). */
export type ResolveRef = (ref: string) => unknown;

export function sampleOf(schema: Json, limits: SampleLimits = SAMPLE_LIMITS, resolve?: ResolveRef): unknown {
  let nodes = 0;
  /** References being sampled: one met again is a cycle, sampled as {}. */
  const open: string[] = [];

  function merge(parts: unknown[], seen: Set<string> = new Set()): Json {
    const out: Json = {};
    const properties: Json = {};
    for (const raw of parts) {
      let part = raw;
      if (isObject(raw) && typeof raw.$ref === 'string') {
        // An allOf member by reference; one already merged (allOf cycles) is left out.
        if (!resolve || seen.has(raw.$ref) || open.includes(raw.$ref)) continue;
        seen.add(raw.$ref);
        part = resolve(raw.$ref);
      }
      if (!isObject(part)) continue;
      const resolved = Array.isArray(part.allOf) ? merge(part.allOf, seen) : part;
      Object.assign(out, resolved);
      if (isObject(resolved.properties)) Object.assign(properties, resolved.properties);
    }
    delete out.allOf;
    if (Object.keys(properties).length) out.properties = properties;
    return out;
  }

  function walk(s: unknown, depth: number): unknown {
    if (!isObject(s)) return null;
    if (++nodes > limits.maxNodes) return undefined;
    if (typeof s.$ref === 'string' && s.example === undefined) {
      const target = resolve?.(s.$ref);
      if (!isObject(target) || open.includes(s.$ref) || depth >= limits.maxDepth) return {};
      open.push(s.$ref);
      const value = walk(target, depth);
      open.pop();
      return value;
    }
    if (s.example !== undefined) return s.example;
    if (s.const !== undefined) return s.const;
    if (s.default !== undefined) return s.default;
    if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
    if (s['x-circular'] === true) return {};
    if (Array.isArray(s.allOf)) return walk(merge(s.allOf), depth);
    for (const key of ['oneOf', 'anyOf'] as const) {
      const variants = s[key];
      if (Array.isArray(variants) && variants.length) {
        const first = variants.find((v) => isObject(v) && v.type !== 'null') ?? variants[0];
        return walk(isObject(s.properties) ? merge([{ ...s, [key]: undefined }, first]) : first, depth);
      }
    }
    let type = s.type;
    if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? type[0];
    if (type === undefined) type = isObject(s.properties) || s.additionalProperties ? 'object' : s.items ? 'array' : undefined;
    switch (type) {
      case 'object': {
        if (depth >= limits.maxDepth) return {};
        const out: Json = {};
        const props = isObject(s.properties) ? Object.entries(s.properties) : [];
        for (const [name, prop] of props.slice(0, limits.maxProperties)) {
          const value = walk(prop, depth + 1);
          if (value !== undefined) out[name] = value;
          if (nodes > limits.maxNodes) break;
        }
        if (!props.length && isObject(s.additionalProperties)) out.additionalProp1 = walk(s.additionalProperties, depth + 1);
        return out;
      }
      case 'array': {
        if (depth >= limits.maxDepth) return [];
        const item = walk(s.items, depth + 1);
        return item === undefined ? [] : [item];
      }
      case 'string': {
        const format = typeof s.format === 'string' ? s.format : '';
        return FORMATS[format] ?? 'string';
      }
      case 'integer': return typeof s.minimum === 'number' ? Math.ceil(s.minimum) : 0;
      case 'number': return typeof s.minimum === 'number' ? s.minimum : 0;
      case 'boolean': return true;
      case 'null': return null;
      default: return null;
    }
  }

  return walk(schema, 0);
}
