// The OpenAPI 3.1 description of /api/v1 (server/src/openapi): valid, generated from the very
// routes the server registers (none missing, none extra), named per domain, with the security the
// authorization matrix checks, cached and public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml } from 'yaml';
import { API } from './helper.ts';
import { buildAppWithRoutes, type RegisteredRoute } from './routes.ts';
import type { TestApp } from './helper.ts';
import { ACCESS } from './authorization.table.ts';
import { TAGS } from '../../server/src/openapi/operations.ts';

let t: TestApp;
let routes: RegisteredRoute[];
let doc: any;

beforeAll(async () => {
  ({ t, routes } = await buildAppWithRoutes());
  const res = await t.app.inject({ url: `${API}/openapi.json` });
  expect(res.statusCode).toBe(200);
  doc = JSON.parse(res.body);
});
afterAll(async () => { await t?.close(); });

const operations = () => Object.entries(doc.paths as Record<string, Record<string, any>>)
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 description', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('lists every route the server registers, and nothing else', () => {
    const registered = [...new Set(routes.map((r) => r.key.replace(/\/\*$/, '/{path}')))].sort();
    expect(operations().map((o) => o.key).sort()).toEqual(registered);
  });

  it('gives every operation a domain tag, a summary, a unique id, its responses and the error shape', () => {
    const ids = new Set<string>();
    for (const { key, op } of operations()) {
      expect(Object.keys(TAGS), key).toContain(op.tags?.[0]);
      expect(op.summary, key).toBeTruthy();
      expect(ids.has(op.operationId), key).toBe(false);
      ids.add(op.operationId);
      // a success, or the redirect of the console's mock OAuth authorize page
      expect(Object.keys(op.responses).some((code) => /^[23]/.test(code)), key).toBe(true);
      if (!key.includes('/openapi.')) {
        // The error shape (the OAuth token endpoint answers RFC 6749's as well)
        const errors = Object.values(op.responses as Record<string, any>).map((r) => r.content?.['application/json']?.schema)
          .filter((s) => s?.$ref === '#/components/schemas/Error' || s?.anyOf?.some((b: any) => b.$ref === '#/components/schemas/Error'));
        expect(errors.length, key).toBeGreaterThan(0);
      }
    }
  });

  it('asks for a credential exactly where the authorization matrix wants a signed-in caller', () => {
    for (const { key, op } of operations()) {
      const entry = ACCESS[key.replace(/\/\{path\}$/, '/*')];
      const policy = typeof entry === 'string' ? entry : entry?.policy;
      const anonymous = op.security.length === 0 || op.security.some((s: object) => Object.keys(s).length === 0);
      if (key.includes(' /gateway/')) {
        expect(op.security.map((s: object) => Object.keys(s)[0]), key).toEqual(expect.arrayContaining(['apiKey', 'basicCredential', 'bearerAuth']));
        // one route serves every method: each has its own words, and those with a body take any
        expect(op.summary, key).toContain(`(${key.split(' ')[0]})`);
        expect(op.requestBody?.content?.['*/*'] !== undefined, key).toBe(/^(POST|PUT|PATCH|DELETE) /.test(key));
      } else expect(anonymous, `${key} (${policy})`).toBe(['public', 'catalogue', 'client', 'token'].includes(policy!));
      if (!anonymous) expect(op.security.length, key).toBeGreaterThan(0);
    }
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['bearerAuth', 'sessionCookie', 'apiKey', 'basicCredential', 'mtlsHeader']));
  });

  it('describes the OAuth token endpoint\'s form (RFC 6749) and JSON body', () => {
    const body = doc.paths['/oauth/token'].post.requestBody.content;
    expect(Object.keys(body)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect(body['application/x-www-form-urlencoded'].schema).toMatchObject({ required: ['grant_type'], properties: { grant_type: { enum: ['client_credentials'] }, client_id: { maxLength: 500 } } });
  });

  it('is public, cached and revalidated, and the same in YAML', async () => {
    const json = await t.app.inject({ url: `${API}/openapi.json` });
    expect(json.headers['cache-control']).toBe('public, max-age=300');
    const again = await t.app.inject({ url: `${API}/openapi.json`, headers: { 'if-none-match': String(json.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const yaml = await t.app.inject({ url: `${API}/openapi.yaml` });
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    // The head only: parsing half a megabyte of YAML takes seconds on a busy machine.
    expect(parseYaml(yaml.body.slice(0, yaml.body.indexOf('\ninfo:')))).toEqual({ openapi: '3.1.0' });
    expect(yaml.body).toContain(`\n  /products/{id}:\n`);
  });
});
