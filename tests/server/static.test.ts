// The bundle and demo pages next to the API: caching of hashed chunks, precompressed files,
// the portal page for deep links, JSON 404s for the API and for non-HTML requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let root: string;
const CHUNK = `export const x = "${'chunk '.repeat(400)}";`;

beforeAll(async () => {
  mkdirSync('.tmp', { recursive: true });
  root = mkdtempSync(join(process.cwd(), '.tmp', 'static-'));
  mkdirSync(join(root, 'dist', 'chunks'), { recursive: true });
  mkdirSync(join(root, 'demo'), { recursive: true });
  writeFileSync(join(root, 'dist', 'agora.js'), 'import "./chunks/viewer-Ab12Cd34Ef.js";');
  writeFileSync(join(root, 'dist', 'chunks', 'viewer-Ab12Cd34Ef.js'), CHUNK);
  writeFileSync(join(root, 'dist', 'chunks', 'viewer-Ab12Cd34Ef.js.gz'), gzipSync(CHUNK));
  writeFileSync(join(root, 'demo', 'index.html'), '<!doctype html><title>portal</title><agora-portal></agora-portal>');
  writeFileSync(join(root, 'demo', 'embed.html'), '<!doctype html><title>embed</title>');
  t = await buildTestApp({ serveStatic: true, staticRoot: root });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves the portal at / and the embed page at /embed', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toContain('<agora-portal>');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/embed' })).body).toContain('<title>embed</title>');
    expect((await t.app.inject({ url: '/embed.html' })).body).toContain('<title>embed</title>');
    expect((await t.app.inject({ url: '/demo/embed.html' })).statusCode).toBe(200);
  });

  it('caches hashed chunks for a year and the entry file for five minutes', async () => {
    const chunk = await t.app.inject({ url: '/dist/chunks/viewer-Ab12Cd34Ef.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    const entry = await t.app.inject({ url: '/dist/agora.js' });
    expect(entry.headers['cache-control']).toBe('public, max-age=300');
    // Any page may load the bundle (a module script is fetched in CORS mode).
    expect(entry.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the precompressed file to a client accepting gzip', async () => {
    const res = await t.app.inject({ url: '/dist/chunks/viewer-Ab12Cd34Ef.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length);
  });

  it('answers a deep link of the portal with the portal page', async () => {
    const res = await t.app.inject({ url: '/productDetails/p1/version/v1?tab=plans', headers: { accept: 'text/html,*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<agora-portal>');
  });

  it('keeps JSON 404s for unknown API routes, missing files and non-HTML requests', async () => {
    for (const [url, accept] of [['/api/v1/nothing', 'text/html'], ['/dist/missing.js', '*/*'], ['/favicon.ico', 'image/*']]) {
      const res = await t.app.inject({ url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].status).toBe(404);
    }
  });

  it('still serves the API next to the static files', async () => {
    expect((await t.app.inject({ url: '/api/v1/marketplace' })).statusCode).toBe(200);
  });
});
