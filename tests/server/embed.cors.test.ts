// One-line embed across origins (issue 17): the API answers an allow-listed origin (CORS_ORIGINS)
// for bearer requests, never with credentials (cookies do not cross origins) and never granting
// X-Agora-Session (the refresh-cookie mode); other origins get no CORS headers at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/src/config.ts';
import { API, buildTestApp, type TestApp } from './helper.ts';

const HOST = 'https://cms.example.com';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ corsOrigins: [HOST] });
});
afterAll(async () => t?.close());

describe('CORS for embedded elements', () => {
  it('lets an allow-listed origin read the API, without credentials', async () => {
    const res = await t.app.inject({ url: `${API}/marketplace`, headers: { origin: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(HOST);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('answers the preflight of a bearer request with the headers the element client sends', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS', url: `${API}/applications`,
      headers: { origin: HOST, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, x-tenant-id' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(HOST);
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    const allowed = String(res.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-tenant-id', 'accept-language']));
    // The refresh-token cookie mode is never granted to another origin.
    expect(allowed).not.toContain('x-agora-session');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives another origin nothing', async () => {
    const res = await t.app.inject({ url: `${API}/marketplace`, headers: { origin: 'https://evil.example.net' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({ method: 'OPTIONS', url: `${API}/marketplace`, headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' } });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.statusCode).not.toBe(204);
  });

  it('reads CORS_ORIGINS from the environment and refuses what is not an origin', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com, http://localhost:3000' }).corsOrigins).toEqual(['https://a.example.com', 'http://localhost:3000']);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example.com/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'a.example.com' })).toThrow(/CORS_ORIGINS/);
  });
});
