// Slow clients (issue 28, point 11): a socket that trickles its headers, or its body, is answered
// 408 and closed within the configured limit (server/src/httpTimeouts.ts), while other callers are
// served meanwhile. Short limits (headers 600 ms, whole request 1.2 s) keep the file to seconds.
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { checkIntervalMs } from '../../server/src/httpTimeouts.ts';

const LIMITS = { headersMs: 600, requestMs: 1_200 };
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ httpTimeouts: LIMITS });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => { await t?.close(); });

interface Trickle { closedAfterMs: Promise<number>; answer: () => string }

/** Opens a socket, sends `first`, then `next` (one piece each 200 ms, as a slow client would)
 * until the server closes it; resolves with the time the socket stayed open. */
function trickle(first: string, next: string): Trickle {
  const socket: Socket = connect(port, '127.0.0.1');
  const started = performance.now();
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => { received += chunk; });
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(first);
    timer = setInterval(() => { if (!socket.destroyed) socket.write(next); }, 200);
  });
  const closedAfterMs = new Promise<number>((resolve) => socket.on('close', () => {
    clearInterval(timer);
    resolve(performance.now() - started);
  }));
  return { closedAfterMs, answer: () => received };
}

/** A plain request on its own connection (none kept alive), timed. */
function served(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: `${API}/features`, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
    }).on('error', reject);
  });
}

describe('slow clients', () => {
  it('a socket trickling its headers is answered 408 and closed within the headers limit; others are served meanwhile', async () => {
    const slow = Array.from({ length: 5 }, () => trickle(`GET ${API}/features HTTP/1.1\r\nHost: x\r\n`, 'X-Slow: a\r\n'));
    // Others, while the slow sockets hold on: answered at once (well within the limit).
    for (let i = 0; i < 3; i++) {
      const other = await served();
      expect(other.status).toBe(200);
      expect(other.ms).toBeLessThan(LIMITS.headersMs);
    }
    const open = await Promise.all(slow.map((s) => s.closedAfterMs));
    for (const ms of open) {
      expect(ms).toBeGreaterThanOrEqual(LIMITS.headersMs - 50);
      expect(ms).toBeLessThan(LIMITS.headersMs + checkIntervalMs(LIMITS) + 500);
    }
    expect(slow[0]!.answer()).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow[0]!.answer()).toContain('"status":408');
  });

  it('a socket trickling its body is answered 408 and closed within the request limit; others are served meanwhile', async () => {
    const head = `POST ${API}/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`;
    const slow = Array.from({ length: 5 }, () => trickle(head, ' '));
    const other = await served();
    expect(other.status).toBe(200);
    const open = await Promise.all(slow.map((s) => s.closedAfterMs));
    for (const ms of open) {
      expect(ms).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
      expect(ms).toBeLessThan(LIMITS.requestMs + checkIntervalMs(LIMITS) + 500);
    }
    expect(slow[0]!.answer()).toMatch(/^HTTP\/1\.1 408 /);
  });
});
