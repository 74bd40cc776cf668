// The built-in upstream of an OpenAPI resource without a real one: it answers each documented
// operation with the spec's own example, or a value generated from the response schema, with
// the documented status and content type. Routes come from the stored index (spec_operations).
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { specOperations } from '../db/schema.ts';
import { parseHead, readHeadJson } from '../spec/store.ts';
import { readResolvedOperation } from '../spec/resolve.ts';
import { isObject } from '../spec/parse.ts';
import { sampleOf } from './sample.ts';
import type { MockAnswer } from './mock.ts';

interface Route {
  ordinal: number;
  method: string;
  template: string;
  regex: RegExp;
  params: number;
}

interface Compiled {
  etag: string;
  routes: Route[];
  /** Path prefixes of the documented servers (/v1…), tried when a path carries one. */
  prefixes: string[];
}

// Routes are derived from the index and keyed by its etag: dropping this cache changes nothing
// but speed, so it is safe with several instances.
const cache = new Map<string, Compiled>();
const CACHE_MAX = 50;

export interface MockRequest {
  method: string;
  /** Path under the resource, without the query (e.g. /pets/12). */
  path: string;
  accept: string | undefined;
  prefer: string | undefined;
}

export async function answerOpenApi(db: Db, resourceId: string, etag: string, req: MockRequest): Promise<MockAnswer> {
  const compiled = await compile(db, resourceId, etag);
  const method = req.method.toLowerCase();
  const matching = matchPath(compiled, req.path);
  if (matching.length === 0) {
    return jsonAnswer(404, { errors: [{ status: 404, title: 'Not Found', detail: `No operation of this API matches ${req.path}.` }] });
  }
  const route = matching.find((r) => r.method === method) ?? (method === 'head' ? matching.find((r) => r.method === 'get') : undefined);
  const allow = [...new Set(matching.map((r) => r.method.toUpperCase()))].join(', ');
  if (!route) {
    if (method === 'options') return { status: 204, headers: { allow }, body: '' };
    const detail = `${req.method.toUpperCase()} is not an operation of ${matching[0]!.template}; allowed: ${allow}.`;
    const answer = jsonAnswer(405, { errors: [{ status: 405, title: 'Method Not Allowed', detail }] });
    return { ...answer, headers: { ...answer.headers, allow } };
  }
  // Schemas are stored apart from operations (spec/refs.ts): resolved here, bounded.
  const operation = (await readResolvedOperation(db, resourceId, route.ordinal)) ?? {};
  const answer = exampleAnswer(operation, req);
  return method === 'head' ? { ...answer, body: '' } : answer;
}

async function compile(db: Db, resourceId: string, etag: string): Promise<Compiled> {
  const hit = cache.get(resourceId);
  if (hit && hit.etag === etag) return hit;
  const rows = await db.select({ ordinal: specOperations.ordinal, method: specOperations.method, path: specOperations.path })
    .from(specOperations).where(and(eq(specOperations.resourceId, resourceId), gte(specOperations.ordinal, 0)));
  const routes = rows.map((r) => {
    const { regex, params } = templateRegex(r.path);
    return { ordinal: r.ordinal, method: r.method, template: r.path, regex, params };
  });
  // Literal paths win over templated ones (/pets/mine before /pets/{id}).
  routes.sort((a, b) => a.params - b.params || b.template.length - a.template.length);
  const headJson = await readHeadJson(db, resourceId);
  const prefixes = headJson ? serverPrefixes(parseHead(headJson)) : [];
  const compiled = { etag, routes, prefixes };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(resourceId, compiled);
  return compiled;
}

function templateRegex(template: string): { regex: RegExp; params: number } {
  let params = 0;
  const body = template.replace(/\/+$/, '').split(/(\{[^}]+\})/).map((part) => {
    if (/^\{[^}]+\}$/.test(part)) {
      params++;
      return '([^/]+)';
    }
    return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  }).join('');
  return { regex: new RegExp(`^${body}/?$`), params };
}

function matchPath(compiled: Compiled, path: string): Route[] {
  const candidates = [path || '/'];
  for (const prefix of compiled.prefixes) {
    if (path.startsWith(`${prefix}/`) || path === prefix) candidates.push(path.slice(prefix.length) || '/');
  }
  for (const candidate of candidates) {
    const hits = compiled.routes.filter((r) => r.regex.test(candidate));
    if (hits.length > 0) {
      // Keep only the most specific template that matched.
      const best = hits[0]!.template;
      return hits.filter((r) => r.template === best);
    }
  }
  return [];
}

function serverPrefixes(head: { servers: unknown[]; basePath?: string }): string[] {
  const out = new Set<string>();
  if (head.basePath && head.basePath !== '/') out.add(head.basePath.replace(/\/+$/, ''));
  for (const server of head.servers) {
    if (!isObject(server) || typeof server.url !== 'string') continue;
    try {
      const p = new URL(server.url, 'http://x').pathname.replace(/\/+$/, '');
      if (p && p !== '/' && !p.includes('%7B')) out.add(p);
    } catch {
      // a templated or odd server URL: no prefix to strip
    }
  }
  return [...out];
}

// ---------------------------------------------------------------- answers from the operation

function exampleAnswer(operation: Record<string, unknown>, req: MockRequest): MockAnswer {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const prefer = parsePrefer(req.prefer);
  const codes = Object.keys(responses);
  const code = (prefer.code && codes.includes(prefer.code) ? prefer.code : undefined)
    ?? codes.filter((c) => /^[23]/.test(c)).sort()[0]
    ?? (codes.includes('default') ? 'default' : codes[0]);
  if (code === undefined) return { status: 200, headers: {}, body: '' };
  const status = code === 'default' ? 200 : Number(code.replace(/X/gi, '0')) || 200;
  const response = isObject(responses[code]) ? responses[code] : {};
  const headers = documentedHeaders(response.headers);
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return { status, headers, body: '' };

  let contentType: string | undefined;
  let value: unknown;
  if (isObject(response.content)) {
    // OpenAPI 3
    const types = Object.keys(response.content);
    contentType = pickContentType(types, req.accept);
    if (contentType === undefined) return { status, headers, body: '' };
    const media = response.content[contentType];
    value = mediaExample(isObject(media) ? media : {}, prefer.example);
  } else if (response.schema !== undefined || isObject(response.examples)) {
    // OpenAPI 2
    const produces = Array.isArray(operation.produces) ? operation.produces.filter((p): p is string => typeof p === 'string') : [];
    const examples = isObject(response.examples) ? response.examples : {};
    contentType = pickContentType(produces.length > 0 ? produces : Object.keys(examples).concat('application/json'), req.accept);
    value = contentType !== undefined && examples[contentType] !== undefined ? examples[contentType] : sampleOf(response.schema);
  } else {
    return { status, headers, body: '' };
  }
  return { status, ...encode(value, contentType ?? 'application/json', headers) };
}

function mediaExample(media: Record<string, unknown>, wanted: string | undefined): unknown {
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const names = Object.keys(media.examples);
    const name = wanted && names.includes(wanted) ? wanted : names[0];
    const example = name !== undefined ? media.examples[name] : undefined;
    if (isObject(example) && example.value !== undefined) return example.value;
  }
  return sampleOf(media.schema);
}

const isJson = (ct: string) => /[/+]json\b/i.test(ct) || ct === '*/*';

function encode(value: unknown, contentType: string, headers: Record<string, string>): Omit<MockAnswer, 'status'> {
  if (typeof value === 'string') {
    if (!isJson(contentType)) return { headers: { ...headers, 'content-type': contentType }, body: value };
    try {
      JSON.parse(value);
      return { headers: { ...headers, 'content-type': contentType }, body: value };
    } catch {
      return { headers: { ...headers, 'content-type': contentType }, body: JSON.stringify(value) };
    }
  }
  // A structured value for a non-JSON type (XML, form…) is still sent, as JSON, honestly labelled.
  const type = isJson(contentType) && contentType !== '*/*' ? contentType : 'application/json';
  return { headers: { ...headers, 'content-type': type }, body: JSON.stringify(value ?? null) };
}

function pickContentType(types: string[], accept: string | undefined): string | undefined {
  if (types.length === 0) return undefined;
  const ranges = (accept ?? '').split(',').map((a) => a.split(';')[0]!.trim().toLowerCase()).filter(Boolean);
  for (const range of ranges) {
    if (range === '*/*') break;
    const hit = types.find((t) => {
      const type = t.toLowerCase();
      return type === range || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));
    });
    if (hit) return hit;
  }
  return types.find((t) => isJson(t) && t !== '*/*') ?? types[0];
}

function documentedHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(headers)) return out;
  for (const [name, header] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type' || lower === 'content-length' || !isObject(header)) continue;
    const value = header.example !== undefined ? header.example : sampleOf(isObject(header.schema) ? header.schema : header);
    if (value !== null && typeof value !== 'object') out[lower] = String(value);
  }
  return out;
}

/** `Prefer: code=404, example=notFound` (the convention of Prism and other mock servers). */
function parsePrefer(prefer: string | undefined): { code?: string; example?: string } {
  const out: { code?: string; example?: string } = {};
  for (const part of (prefer ?? '').split(/[,;]/)) {
    const [k, v] = part.split('=').map((s) => s?.trim());
    if (k === 'code' && v) out.code = v;
    if (k === 'example' && v) out.example = v;
  }
  return out;
}

function jsonAnswer(status: number, body: unknown): MockAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
