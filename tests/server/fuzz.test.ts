// Fuzz test generated from the route schemas (issue 12): for every route the real app registers,
// malformed requests built from its TypeBox schemas (params, querystring, body): wrong types for
// each field, sizes over maxLength and 1 MB strings, numbers out of range, bad enums, invalid
// UTF-8 and percent-encodings in path and query, NUL characters, 10,000-deep JSON, bodies over the
// limit, wrong and missing content types, empty bodies, arrays and scalars where objects go,
// prototype-pollution keys. Sent as a signed-in Administrator (so sign-in does not hide the
// validation) on the demo seed. Every answer: never a 5xx; every 4xx in the one error shape
// { errors: [{ status, title, detail, source? }] } with the HTTP status; the server still answers
// afterwards and no prototype was polluted. Cases per route are sampled deterministically
// (FUZZ_SEED, FUZZ_CASES_PER_ROUTE; FUZZ_CASES_PER_ROUTE=0 runs them all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API, type TestApp } from './helper.ts';
import { buildAppWithRoutes, sampleOf, type RegisteredRoute } from './routes.ts';
import { FIXTURES, accessOf } from './authorization.table.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { GATEWAY_TRANSACTION_HEADER } from '../../src/rules/constants.ts';
import { seededRandom } from '../seededRandom.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 12);
const PER_ROUTE = Number(process.env.FUZZ_CASES_PER_ROUTE ?? 30);
const MB = 'x'.repeat(1024 * 1024);
const overLimit = new Map<number, Buffer>();
/** A body one byte over the limit (made once per limit: the same bytes serve every route). */
const over = (limit: number) => overLimit.get(limit) ?? overLimit.set(limit, Buffer.alloc(limit + 1, 0x20)).get(limit)!;

interface Case { name: string; method: string; url: string; payload?: string | Buffer; contentType?: string }
type Schema = Record<string, any>;

let t: TestApp;
let routes: RegisteredRoute[];
let asAdmin: Record<string, string>;
let asProvider: Record<string, string>;

/** Properties of an object schema, with their paths (nested objects and array items too). */
function fields(schema: Schema | undefined, path: string[] = [], depth = 0): Array<{ path: string[]; schema: Schema }> {
  if (!schema || depth > 3) return [];
  const out: Array<{ path: string[]; schema: Schema }> = [];
  for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    out.push({ path: [...path, key], schema: child });
    if (child.type === 'object') out.push(...fields(child, [...path, key], depth + 1));
  }
  return out;
}

/** Values a field must refuse, from its schema. */
function badValues(schema: Schema): Array<[string, unknown]> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type ?? (schema.anyOf ? 'union' : 'unknown');
  const out: Array<[string, unknown]> = [];
  if (type !== 'string' && type !== 'unknown') out.push(['a string', 'zz-not-a-value']);
  if (type !== 'number' && type !== 'integer' && type !== 'unknown') out.push(['a number', 12345]);
  if (type !== 'object' && type !== 'unknown') out.push(['an object', { a: 1 }]);
  if (type !== 'array' && type !== 'unknown') out.push(['an array', ['x']]);
  if (type !== 'boolean' && type !== 'unknown') out.push(['a boolean', true]);
  out.push(['null', null]);
  if (type === 'string') {
    if (schema.maxLength !== undefined) out.push([`maxLength+1 (${schema.maxLength + 1})`, 'x'.repeat(schema.maxLength + 1)]);
    out.push(['1 MB', MB], ['a NUL character', 'a\u0000b'], ['a lone surrogate', '\ud800x'], ['markup', '<script>alert(1)</script>']);
    if (schema.pattern || schema.format) out.push(['off pattern', 'a b/../%00 ;']);
  }
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) out.push(['minimum-1', schema.minimum - 1]);
    if (schema.maximum !== undefined) out.push(['maximum+1', schema.maximum + 1]);
    out.push(['1e308', 1e308], ['-1e308', -1e308], ['2^63', 2 ** 63]);
    if (type === 'integer') out.push(['a fraction', 1.5]);
  }
  if (schema.enum || schema.anyOf?.every((b: Schema) => b.const !== undefined)) out.push(['not one of the choices', 'zz-not-a-choice']);
  if (type === 'array' && schema.maxItems !== undefined) out.push([`maxItems+1 (${schema.maxItems + 1})`, Array.from({ length: schema.maxItems + 1 }, () => sampleOf(schema.items) ?? 'x')]);
  return out;
}

/** A query value as text (query strings have no types: a non-string is its JSON). */
const queryText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const set = (base: unknown, path: string[], value: unknown): unknown => {
  const root = structuredClone(base ?? {}) as Record<string, unknown>;
  let at = root;
  for (const key of path.slice(0, -1)) {
    if (!at[key] || typeof at[key] !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
  return root;
};

function deep(levels: number, open: string, close: string): string {
  return `${open.repeat(levels)}1${close.repeat(levels)}`;
}

/** Every case for one route. */
function casesOf(route: RegisteredRoute): Case[] {
  const access = accessOf(route.key);
  // DELETE on unknown ids: its validation is what is under test, not deleting the demo's objects.
  const world = route.method === 'DELETE' ? 'unknown' : 'seen';
  const idOf = (param: string, collection: string) => {
    if (world === 'unknown') return param === '*' ? 'payments' : param === 'ordinal' ? '99999' : `zz-unknown-${param}`;
    const entry = FIXTURES[`${collection}/:${param}`] ?? FIXTURES[`:${param}`];
    return (entry?.seen ?? 'x').replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name);
  };
  // override values are URL text as sent (encodings included); fixture ids are encoded
  const path = (override?: Record<string, string>) => route.url.split('/').map((part, i, parts) => {
    const param = part === '*' ? '*' : part.startsWith(':') ? part.slice(1) : null;
    if (param === null) return part;
    return override?.[param] ?? encodeURIComponent(idOf(param, parts[i - 1] ?? ''));
  }).join('/');
  const query = (sampleOf(route.schema.querystring) ?? {}) as Record<string, unknown>;
  const search = (q: Record<string, unknown>, extra = '') => {
    const text = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, queryText(v)])).toString();
    return text || extra ? `?${[text, extra].filter(Boolean).join('&')}` : '';
  };
  const body = access?.body ?? sampleOf(route.schema.body);
  const json = (value: unknown) => JSON.stringify(value);
  const cases: Case[] = [];
  const add = (name: string, c: Omit<Case, 'name' | 'method'>) => cases.push({ name, method: route.method, ...c });
  const withBody = (value: string | Buffer, contentType = 'application/json') => ({ payload: value, contentType });
  const base = route.schema.body && body !== undefined ? withBody(json(body)) : {};

  // path parameters: each one wrong (raw text, so encodings reach the router as sent)
  const params = Object.keys((route.schema.params as Schema | undefined)?.properties ?? {}).filter((p) => p !== '*');
  for (const param of params) {
    const schema = (route.schema.params as Schema).properties[param] as Schema;
    for (const [what, raw] of [
      ['bad percent-encoding', '%E0%A4%A'], ['invalid UTF-8', '%FF%FE'], ['a NUL', '%00'], ['encoded dots and slash', '%2e%2e%2fetc'],
      ['a space', 'a%20b'], ['501 characters', 'x'.repeat(501)], ...(schema.maxLength ? [['maxLength+1', 'x'.repeat(schema.maxLength + 1)]] : []),
      ['unicode', encodeURIComponent('é中😀')], ['a number-like', '-1'], ['a dot', '.'],
    ] as Array<[string, string]>) {
      add(`path ${param}: ${what}`, { url: `${path({ [param]: raw })}${search(query)}`, ...base });
    }
  }
  // the wildcard of the gateway: escapes and encodings
  if (route.url.endsWith('/*')) {
    for (const [what, tail] of [['dot segments', 'a/../../..'], ['backslashes', 'a\\..\\..\\etc'], ['encoded dots', 'a/%2e%2e/%2e%2e/x'],
      ['bad encoding', 'a/%E0%A4%A'], ['NUL', 'a/%00'], ['1 MB', MB.slice(0, 200_000)]] as const) {
      add(`wildcard: ${what}`, { url: `${path().replace(/\/payments$/, '')}/${tail}`, ...base });
    }
  }
  // query: each field wrong, unknown keys, broken encodings, a 1 MB value
  for (const field of fields(route.schema.querystring as Schema | undefined)) {
    for (const [what, value] of badValues(field.schema)) {
      if (value === null || typeof value === 'object') continue;
      add(`query ${field.path.join('.')}: ${what}`, { url: `${path()}${search({ ...query, [field.path.join('.')]: value })}`, ...base });
    }
    add(`query ${field.path.join('.')}: repeated`, { url: `${path()}${search(query, `${field.path[0]}=a&${field.path[0]}=b`)}`, ...base });
  }
  for (const [what, extra] of [['bad percent-encoding', 'x=%E0%A4%A'], ['invalid UTF-8', 'x=%FF%FE'], ['lone %', 'x=%'],
    ['unknown key', 'zz_unknown=1'], ['__proto__ key', '__proto__=x&constructor=y'], ['1 MB value', `x=${MB}`], ['NUL', 'x=%00']] as const) {
    add(`query: ${what}`, { url: `${path()}${search(query, extra)}`, ...base });
  }
  const url = `${path()}${search(query)}`;
  // body: each field wrong, then the body as a whole
  if (route.method !== 'GET' && route.method !== 'OPTIONS') {
    if (route.schema.body) {
      for (const field of fields(route.schema.body as Schema)) {
        for (const [what, value] of badValues(field.schema)) add(`body ${field.path.join('.')}: ${what}`, { url, ...withBody(json(set(body, field.path, value))) });
        add(`body ${field.path.join('.')}: __proto__ inside`, { url, ...withBody(json(body).replace(/^\{/, `{"${field.path[0]}":{"__proto__":{"polluted":1}},`)) });
      }
    }
    for (const [what, payload] of [
      ['an array', '[]'], ['an array of objects', '[{}]'], ['a string', '"x"'], ['null', 'null'], ['a number', '42'], ['true', 'true'],
      ['invalid JSON', '{"a":'], ['trailing garbage', '{}x'], ['__proto__', '{"__proto__":{"polluted":1}}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"polluted":1}}}'], ['deep arrays (10,000)', deep(10_000, '[', ']')],
      ['deep objects (10,000)', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`], ['1 MB string', json(MB)],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
    ] as Array<[string, string | Buffer]>) add(`body: ${what}`, { url, ...withBody(payload) });
    add('body: empty with a JSON content type', { url, ...withBody('') });
    add('body: text/plain', { url, ...withBody(json(body ?? {}), 'text/plain') });
    add('body: application/xml', { url, ...withBody('<a>1</a>', 'application/xml') });
    add('body: multipart garbage', { url, ...withBody('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x') });
    add('body: JSON in UTF-16', { url, ...withBody(Buffer.from(json(body ?? {}), 'utf16le'), 'application/json; charset=utf-16') });
    add('body: a form', { url, ...withBody('a=1&b=2', 'application/x-www-form-urlencoded') });
    add('body: over the limit', { url, ...withBody(over(route.bodyLimit ?? 12 * 1024 * 1024)) });
  } else {
    add('GET with a JSON body', { url, ...withBody('{"a":1}') });
  }
  return cases;
}

/** Sampled cases: a deterministic pick per route, from the run's seed and the route's key. */
function sample(route: RegisteredRoute, cases: Case[]): Case[] {
  if (PER_ROUTE <= 0 || cases.length <= PER_ROUTE) return cases;
  let h = SEED;
  for (const ch of route.key) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  const next = seededRandom(h);
  const picked = [...cases];
  for (let i = picked.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [picked[i], picked[j]] = [picked[j]!, picked[i]!];
  }
  // always keep the whole-body limit case: the one check of the 413 answer's shape
  const keep = cases.filter((c) => c.name === 'body: over the limit');
  return [...keep, ...picked.filter((c) => !keep.includes(c)).slice(0, PER_ROUTE - keep.length)];
}

const isErrorShape = (body: any, status: number) => !!body && Array.isArray(body.errors) && body.errors.length > 0
  && body.errors.every((e: any) => e && typeof e.status === 'number' && typeof e.title === 'string' && typeof e.detail === 'string'
    && (e.source === undefined || (typeof e.source === 'object' && (e.source.parameter === undefined || typeof e.source.parameter === 'string'))))
  && body.errors[0].status === status;

/** RFC 6749 §5.2 errors of the OAuth token endpoint. */
const isOAuthError = (body: any) => !!body && typeof body.error === 'string' && typeof body.error_description === 'string';

const statuses = new Map<number, number>();

async function send(route: RegisteredRoute, c: Case): Promise<string | null> {
  const headers: Record<string, string> = { ...(accessOf(route.key)?.policy === 'providerAdmin' ? asProvider : asAdmin) };
  if (c.contentType) headers['content-type'] = c.contentType;
  const res = await t.app.inject({ method: c.method as InjectOptions['method'], url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const what = `${route.key} — ${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return what;
  if (res.statusCode < 400) return null;
  // the gateway passes an upstream's (here the built-in mock's) answers on as they are
  if (res.headers[GATEWAY_TRANSACTION_HEADER]) return null;
  // the (fake) payment provider's checkout page answers with HTML pages, refusals included
  if (accessOf(route.key)?.policy === 'token' && String(res.headers['content-type']).startsWith('text/html')) return null;
  let body: unknown;
  try { body = res.json(); } catch { return `${what} (not JSON)`; }
  if (isErrorShape(body, res.statusCode)) return null;
  if (accessOf(route.key)?.policy === 'client' && isOAuthError(body)) return null;
  return `${what} (not the error shape)`;
}

let values: Record<string, string> = {};

beforeAll(async () => {
  ({ t, routes } = await buildAppWithRoutes({ demo: true }));
  asAdmin = await t.headersFor({ id: USER.orgadmin!, orgId: ORG.acme });
  asProvider = await t.headersFor({ id: USER.admin!, orgId: ORG.provider });
  const { sql } = await import('drizzle-orm');
  const [v] = (await t.db.execute(sql`select id from product_versions where product_id = 'prod-payments' order by created_at desc, id desc limit 1`) as unknown as { rows: Array<{ id: string }> }).rows;
  values = { versionId: v!.id };
});
afterAll(() => t?.close());

describe('fuzz (generated from the route schemas)', () => {
  it('every route: never a 5xx, every 4xx in the error shape; the server still answers', async () => {
    // every route, declared in authorization.table.ts or not (that test names the missing ones)
    const all = routes.flatMap((route) => sample(route, casesOf(route)).map((c) => ({ route, c })));
    expect(all.length).toBeGreaterThan(routes.length * 10);
    const failures: string[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < all.length) {
        const { route, c } = all[next++]!;
        const failure = await send(route, c);
        if (failure) failures.push(failure);
      }
    }));
    console.log(`fuzz: ${all.length} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures.sort()).toEqual([]);
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    const alive = await t.app.inject({ url: `${API}/marketplace` });
    expect(alive.statusCode).toBe(200);
  }, 180_000);
});
