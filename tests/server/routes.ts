// Every route the real app registers, with its schemas, for the tests generated from the route
// table (authorization.test.ts, fuzz.test.ts): a route added later is in them the day it lands.
//
//   const { t, routes } = await buildAppWithRoutes({ seed });   // buildTestApp + the route table
//   routes[0] → { key: 'GET /products/{id}', method: 'GET', url: '/api/v1/products/:id', schema }
//
// The routes are collected with an onRoute hook put on the app as Fastify creates it (the
// 'fastify.initialization' diagnostics channel), so app.ts needs no test-only option.
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { API, buildTestApp, type BuildTestAppOptions, type TestApp } from './helper.ts';

export interface RegisteredRoute {
  /** `METHOD /path/{param}` under /api/v1, as the malformed-input tables name routes. */
  key: string;
  method: string;
  /** Fastify's form, prefix included: /api/v1/products/:id */
  url: string;
  schema: { params?: TSchema; querystring?: TSchema; body?: TSchema; headers?: TSchema };
  bodyLimit?: number;
}

const init = channel('fastify.initialization');

export async function buildAppWithRoutes(options: BuildTestAppOptions = {}): Promise<{ t: TestApp; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const collect = (route: RouteOptions) => {
    if (!route.url.startsWith(`${API}/`)) return;
    for (const method of [route.method].flat()) {
      // HEAD twins of GET routes answer as GET does.
      if (method === 'HEAD') continue;
      routes.push({
        key: `${method} ${route.url.slice(API.length).replace(/:(\w+)/g, '{$1}')}`,
        method, url: route.url,
        schema: (route.schema ?? {}) as RegisteredRoute['schema'],
        ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      });
    }
  };
  const onInit = (message: unknown) => (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', collect);
  init.subscribe(onInit);
  try {
    const t = await buildTestApp(options);
    return { t, routes };
  } finally {
    init.unsubscribe(onInit);
  }
}

/** The concrete path of a route: each `:param` replaced by `value(param, segmentBefore)`. */
export function fillPath(url: string, value: (param: string, collection: string) => string): string {
  const parts = url.split('/');
  return parts.map((part, i) => {
    if (part === '*') return value('*', parts[i - 1] ?? '');
    if (!part.startsWith(':')) return part;
    return encodeURIComponent(value(part.slice(1), parts[i - 1] ?? ''));
  }).join('/');
}

const STRING_FORMATS: Record<string, string> = {
  email: 'someone@agora.test', uri: 'https://example.test/', url: 'https://example.test/', 'date-time': '2025-01-01T00:00:00.000Z',
  date: '2025-01-01', time: '12:00:00', uuid: '00000000-0000-4000-8000-000000000000',
};
const STRING_CANDIDATES = ['sample', 'Sample title', 'a', 'x1', 'A', '1', 'https://example.test/', 'someone@agora.test'];

/** A value the schema accepts, as small as it allows (required properties only, minimum sizes);
 * undefined when no simple value fits (a route's table entry then gives one). */
export function sampleOf(schema: TSchema | undefined): unknown {
  if (!schema) return undefined;
  const s = schema as Record<string, any>;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const union of [s.anyOf, s.oneOf]) {
    if (!Array.isArray(union)) continue;
    for (const branch of union) {
      if (branch.type === 'null') continue;
      const value = sampleOf(branch);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of (s.required as string[] | undefined) ?? []) {
        const value = sampleOf(s.properties?.[key]);
        if (value === undefined) return undefined;
        out[key] = value;
      }
      return out;
    }
    case 'array': {
      const item = sampleOf(s.items);
      return item === undefined && (s.minItems ?? 0) > 0 ? undefined : Array.from({ length: s.minItems ?? 0 }, () => item);
    }
    case 'string': {
      if (s.format && STRING_FORMATS[s.format]) return STRING_FORMATS[s.format];
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? Infinity;
      const pattern = s.pattern ? new RegExp(s.pattern, 'u') : null;
      for (const candidate of STRING_CANDIDATES) {
        const text = candidate.length < min ? candidate.padEnd(min, 'x') : candidate;
        if (text.length <= max && (!pattern || pattern.test(text))) return text;
      }
      return undefined;
    }
    case 'integer': case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return s.maximum !== undefined ? Math.min(min, s.maximum) : min;
    }
    case 'boolean': return true;
    case 'null': return null;
    default: return undefined;
  }
}
