// The bundle and demo pages next to the API: caching of hashed chunks (exactly those a build
// record lists, scripts/builds.mjs), precompressed files,
// the portal page for deep links, JSON 404s for the API and for non-HTML requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './helper.ts';
import { recordBuild } from '../../scripts/builds.mjs';

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
  // An entry whose name ends like a hash, and a chunk no build record lists.
  mkdirSync(join(root, 'dist', 'elements'));
  writeFileSync(join(root, 'dist', 'elements', 'agora-carousel.js'), 'export {};');
  writeFileSync(join(root, 'dist', 'chunks', 'stray-Zz12Yy34Xx.js'), 'export {};');
  recordBuild({ dist: join(root, 'dist'), kind: 'bundle', folders: [], immutable: ['chunks/viewer-Ab12Cd34Ef.js'], mutable: ['agora.js', 'elements/agora-carousel.js'] });
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

  it('caches the hashed chunks of the build records for a year and everything else for five minutes', async () => {
    const chunk = await t.app.inject({ url: '/dist/chunks/viewer-Ab12Cd34Ef.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    const entry = await t.app.inject({ url: '/dist/agora.js' });
    expect(entry.headers['cache-control']).toBe('public, max-age=300');
    // Any page may load the bundle (a module script is fetched in CORS mode).
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    // Names are not guessed: "-carousel" is no hash, and a chunk no build wrote is not immutable.
    expect((await t.app.inject({ url: '/dist/elements/agora-carousel.js' })).headers['cache-control']).toBe('public, max-age=300');
    expect((await t.app.inject({ url: '/dist/chunks/stray-Zz12Yy34Xx.js' })).headers['cache-control']).toBe('public, max-age=300');
  });

  it('sees a rebuild under the running server: the new build\'s chunks are immutable at once', async () => {
    writeFileSync(join(root, 'dist', 'chunks', 'next-Qq98Rr76Ss.js'), 'export {};');
    recordBuild({ dist: join(root, 'dist'), kind: 'bundle', folders: [], immutable: ['chunks/next-Qq98Rr76Ss.js'], mutable: ['agora.js'], now: Date.now() + 1000 });
    expect((await t.app.inject({ url: '/dist/chunks/next-Qq98Rr76Ss.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The previous build's chunk is still served, still immutable (kept 7 days after the rebuild).
    expect((await t.app.inject({ url: '/dist/chunks/viewer-Ab12Cd34Ef.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
