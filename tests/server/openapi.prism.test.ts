// The main journey walked through Prism's validating proxy (`prism proxy --errors`, @stoplight/
// prism-cli): every request and every answer of the server is checked against the served OpenAPI
// description by a tool no one here wrote; a violation fails the walk. README "The marketplace's own API".
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, buildTestApp, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
let t: TestApp;
let prism: ChildProcess;
let proxy: string;
let log = '';

/** A free port for Prism, which takes no port 0. */
const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const dir = join(ROOT, '.tmp', 'prism');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'openapi.json'), await (await fetch(`${base}${API}/openapi.json`)).text());
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  prism = spawn(process.execPath, [join(ROOT, 'node_modules/.bin/prism'), 'proxy', join(dir, 'openapi.json'), `${base}${API}`, '--errors', '-p', String(port), '-h', '127.0.0.1'], { cwd: ROOT });
  prism.stdout!.on('data', (chunk) => { log += chunk; });
  prism.stderr!.on('data', (chunk) => { log += chunk; });
  for (const until = Date.now() + 90_000; !/Prism is listening/.test(log);) {
    if (Date.now() > until || prism.exitCode !== null) throw new Error(`prism did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);
afterAll(async () => {
  prism?.kill();
  await t?.close();
});

/** A call through Prism; its violations (with --errors: a 422 or 500 problem of Prism's own) fail. */
async function call(method: string, path: string, options: { token?: string; body?: unknown; status?: number } = {}) {
  const response = await fetch(`${proxy}${path}`, {
    method,
    headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  expect(text, `${method} ${path}`).not.toMatch(/stoplight\.io\/prism\/errors/);
  expect(response.status, `${method} ${path}: ${text.slice(0, 500)}`).toBe(options.status ?? 200);
  return text ? JSON.parse(text) : null;
}

it('walks the main journey through prism proxy --errors with no violation', async () => {
  await call('GET', '/marketplace');
  const products = await call('GET', '/products?limit=5');
  const product = await call('GET', `/products/${products.items[0].id}`);
  await call('GET', `/products/${product.id}/plans`);
  await call('GET', '/search?search=payments');
  await call('GET', '/categories');
  const { accessToken: token } = await call('POST', '/auth/signin', { body: { username: 'orgadmin@agora.test', password: 'agora-orgadmin' } });
  await call('GET', '/auth/findSession', { token });
  const versions = await call('GET', '/products/prod-payments/versions', { token });
  await call('GET', `/products/prod-payments/versions/${versions.items[0].id}/assetresources`, { token });
  await call('GET', '/subscriptions', { token });
  const owners = await call('GET', '/applicationOwners', { token });
  const owner = owners.items.find((o: { type: string }) => o.type === 'team') ?? owners.items[0];
  const created = await call('POST', '/applications', { token, status: 201, body: { title: 'Prism walk', owner: { type: owner.type, id: owner.id } } });
  await call('GET', `/applications/${created.id}`, { token });
  await call('GET', '/applications', { token });
  await call('GET', '/credentials', { token });
  await call('GET', '/accessRequests', { token });
  await call('GET', '/invoices', { token });
  await call('GET', '/products/unknown-product', { status: 404 });
  expect(log).not.toMatch(/Violation|✖/);
}, 240_000);
