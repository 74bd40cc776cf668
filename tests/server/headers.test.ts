// Security headers and the error shape for framework errors (issue 12, finding 7): nosniff, a CSP
// and framing rules on every answer (API answers: none of anything; the portal's pages: what the
// bundle needs, with the hashes of the demo pages' inline scripts), and the one error shape for
// what Node's HTTP parser and Fastify's body parsing refuse (431, malformed chunked bodies, bad
// JSON, 413, 415), over a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildTestApp, API, type TestApp } from './helper.ts';

let t: TestApp;
let port: number;
const root = mkdtempSync(join(tmpdir(), 'agora-headers-'));
const inline = "import('/dist/agora.js');";

beforeAll(async () => {
  mkdirSync(join(root, 'demo'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'demo', 'index.html'), '<!doctype html><script type="module" src="/dist/agora.js"></script>');
  writeFileSync(join(root, 'demo', 'embed.html'), `<!doctype html><script type="module">${inline}</script>`);
  writeFileSync(join(root, 'dist', 'agora.js'), 'export {};');
  t = await buildTestApp({ serveStatic: true, staticRoot: root });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Sends raw bytes and resolves with the whole answer (status, headers, body). */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => { data += String(d); });
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      if (!statusLine) return reject(new Error('no answer'));
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
    setTimeout(() => socket.end(), 300);
  });
}

const errorShape = (status: number) => ({ errors: [expect.objectContaining({ status, title: expect.any(String), detail: expect.any(String) })] });

describe('security headers', () => {
  it('API answers (data, a 404, a 400) carry nosniff, a CSP that allows nothing and no framing', async () => {
    for (const url of [`${API}/marketplace`, `${API}/nothing-here`, `${API}/products?limit=nope`]) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it("the portal's pages and bundle: a policy naming the demo pages' inline scripts by hash, framed by themselves only", async () => {
    const hash = createHash('sha256').update(inline).digest('base64');
    for (const url of ['/', '/embed', '/dist/agora.js']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' 'unsafe-eval' 'sha256-${hash}'`);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("frame-src 'self' blob:");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('framework errors answer the error shape', () => {
  it('431 for headers too large', async () => {
    const res = await raw(`GET ${API}/marketplace HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ status: 431, title: 'Request Header Fields Too Large', detail: 'The request headers are too large.', source: { parameter: 'headers' } }] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('400 for a malformed chunked body and for broken HTTP', async () => {
    const chunked = await raw(`POST ${API}/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`);
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body)).toEqual(errorShape(400));
    expect(JSON.parse(chunked.body).errors[0].source).toEqual({ parameter: 'body' });
    const broken = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual(errorShape(400));
  });

  it('bad JSON (400), a body too large (413) and an unsupported content type (415), with the headers', async () => {
    const cases = [
      { status: 400, headers: { 'content-type': 'application/json' }, payload: '{"username": ' },
      { status: 413, headers: { 'content-type': 'application/json' }, payload: `{"username":"${'a'.repeat(13 * 1024 * 1024)}"}` },
      { status: 415, headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: `${API}/auth/signin`, headers: c.headers, payload: c.payload });
      expect(res.statusCode).toBe(c.status);
      expect(res.json()).toEqual(errorShape(c.status));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
