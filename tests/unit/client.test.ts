// @vitest-environment node
// The API client against real HTTP servers: a tiny one that shows what arrives (headers, query,
// error bodies), and the real marketplace app for sign-in, refresh and a lost session.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, pageToOffset, readList, toSearchParams, type Api } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { Tokens } from '../../src/state/store.ts';
import { buildTestApp, DEFAULT_PASSWORD, type TestApp, type TestUser } from '../server/helper.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';

function session() {
  const state = { tokens: null as Tokens | null, lost: 0 };
  return {
    state,
    getTokens: () => state.tokens,
    setTokens: (t: Tokens | null) => { state.tokens = t; },
    onSessionLost: () => { state.lost++; state.tokens = null; },
  };
}

describe('requests as they arrive at a server', () => {
  const calls = { get: 0, post: 0, refreshes: 0, refused: [] as string[] };
  let echo: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    echo = Fastify();
    echo.get('/api/v1/echo', async (request) => ({ headers: request.headers, url: request.url }));
    echo.get('/api/v1/list', async () => ({ items: [{ id: 1 }, { id: 2 }], totalCount: 42 }));
    echo.get('/api/v1/bad', async (_r, reply) => reply.status(400).send({
      errors: [{ status: 400, title: 'Bad Request', detail: 'limit must be <= 100', source: { parameter: 'limit' } }],
    }));
    echo.get('/api/v1/forbidden', async (_r, reply) => reply.status(403).send({ errors: [{ status: 403, title: 'Forbidden', detail: 'no' }] }));
    echo.get('/api/v1/proxy', async (_r, reply) => reply.status(502).type('text/html').send('<html>Bad gateway</html>'));
    echo.delete('/api/v1/thing', async (_r, reply) => reply.status(204).send());
    // Unavailable once (an instance stopping behind the balancer), then answered.
    const unavailable = (reply: { status(n: number): { send(b: unknown): unknown } }) => reply.status(503).send({ errors: [{ status: 503, title: 'Service Unavailable', detail: 'stopping' }] });
    echo.get('/api/v1/flaky', async (_r, reply) => (++calls.get === 1 ? unavailable(reply) : { attempts: calls.get }));
    echo.post('/api/v1/flaky', async (_r, reply) => { calls.post++; return unavailable(reply); });
    // Refuses every token; the refresh always works (a server that signed the user out of one route).
    echo.get('/api/v1/refused', async (request, reply) => {
      calls.refused.push(String(request.headers.authorization));
      return reply.status(401).send({ errors: [{ status: 401, title: 'Unauthorized', detail: 'no' }] });
    });
    echo.post('/api/v1/auth/refresh', async () => ({ accessToken: `new-${++calls.refreshes}`, refreshToken: 'r2', expiresIn: 900 }));
    echo.get('/api/v1/slow', async () => new Promise((resolve) => setTimeout(() => resolve({}), 300)));
    await echo.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(echo.server.address() as { port: number }).port}/api/v1`;
  });
  afterAll(() => {
    // The timeout test leaves its abandoned requests' connections open: cut them.
    const closing = echo.close();
    echo.server.closeAllConnections();
    return closing;
  });

  const client = (over: Partial<Parameters<typeof createClient>[0]> = {}) =>
    createClient({ apiBase: base, tenant: 'org-7', locale: 'fr-FR', ...session(), ...over });

  it('sends the tenant, the locale and the bearer token', async () => {
    const s = session();
    s.state.tokens = { accessToken: 'tok', refreshToken: 'r', expiresAt: Date.now() + 60_000 };
    const api = createClient({ apiBase: base, tenant: 'org-7', locale: 'fr-FR', ...s });
    const { headers } = await api.get<{ headers: Record<string, string> }>('/echo');
    expect(headers['x-tenant-id']).toBe('org-7');
    expect(headers['accept-language']).toBe('fr-FR');
    expect(headers.authorization).toBe('Bearer tok');
  });

  it('sends no token and no tenant when there are none', async () => {
    const { headers } = await client({ tenant: null }).get<{ headers: Record<string, string> }>('/echo');
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-tenant-id']).toBeUndefined();
  });

  it('repeats keys for lists and leaves out empty values', async () => {
    const { url } = await client().get<{ url: string }>('/echo', {
      query: { status: ['success', 'warning'], search: 'pets & co', empty: '', none: undefined, n: 0, flag: false },
    });
    expect(url).toBe('/api/v1/echo?status=success&status=warning&search=pets+%26+co&n=0&flag=false');
  });

  it('turns a page into offset = (page - 1) x limit', async () => {
    const { url } = await client().get<{ url: string }>('/echo', { query: { limit: 20, offset: pageToOffset(3, 20) } });
    expect(url).toBe('/api/v1/echo?limit=20&offset=40');
    expect(pageToOffset(1, 10)).toBe(0);
    expect(pageToOffset(0, 10)).toBe(0);
  });

  it('reads lists as items and totalCount, paging with page and limit', async () => {
    const api = client();
    expect(await api.list('/list', { page: 2, limit: 10 })).toEqual({ items: [{ id: 1 }, { id: 2 }], totalCount: 42 });
    expect(readList([1, 2, 3])).toEqual({ items: [1, 2, 3], totalCount: 3 });
    expect(readList(null)).toEqual({ items: [], totalCount: 0 });
  });

  it('keeps status, title, detail and parameter of an error', async () => {
    const error = await client().get('/bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, title: 'Bad Request', detail: 'limit must be <= 100', parameter: 'limit' });
    const forbidden = (await client().get('/forbidden').catch((e: unknown) => e)) as ApiError;
    expect(forbidden.isForbidden).toBe(true);
  });

  it('keeps the status of an error that is not JSON', async () => {
    const error = (await client().get('/proxy').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
  });

  it('asks a read again after a 503 (with back-off), never a POST', async () => {
    expect(await client().get('/flaky')).toEqual({ attempts: 2 });
    const refused = (await client().post('/flaky', {}).catch((e: unknown) => e)) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, detail: 'stopping' });
    expect(calls.post).toBe(1);
  });

  it('refreshes once on a 401, asks once more with the new token, and keeps a second 401 as the answer', async () => {
    const s = session();
    s.state.tokens = { accessToken: 'old', refreshToken: 'r1', expiresAt: Date.now() + 60_000 };
    const error = (await createClient({ apiBase: base, ...s }).get('/refused').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 401, detail: 'no' });
    expect(calls.refused).toEqual(['Bearer old', 'Bearer new-1']);
    expect(calls.refreshes).toBe(1);
    expect(s.state.tokens.accessToken).toBe('new-1');
  });

  it('answers undefined for 204', async () => {
    expect(await client().delete('/thing')).toBeUndefined();
  });

  it('reports an unreachable server as status 0', async () => {
    const api = createClient({ apiBase: 'http://127.0.0.1:9/api/v1', ...session() });
    const error = (await api.get('/marketplace').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetwork).toBe(true);
  });

  it('gives up after its timeout (a network error) and stops when the caller aborts', async () => {
    const late = (await client({ timeoutMs: 50 }).get('/slow').catch((e: unknown) => e)) as ApiError;
    expect(late.isNetwork).toBe(true);
    expect(late.detail).toMatch(/timed out/);
    const stop = new AbortController();
    const pending = client().get('/slow', { signal: stop.signal }).catch((e: unknown) => e);
    stop.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
  });

  it('sends a read at once while the page\'s restore is out, as a visitor, and uses it when nobody is signed in', async () => {
    let release!: () => void;
    const restoring = new Promise<void>((resolve) => { release = resolve; });
    const seen: number[] = [];
    const api = client({ ready: () => restoring, fetch: (input, init) => { seen.push(Date.now()); return fetch(input, init); } });
    const answer = api.get<{ headers: Record<string, string> }>('/echo');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1); // gone before the restore answered
    release();
    expect((await answer).headers.authorization).toBeUndefined();
    expect(seen).toHaveLength(1); // and not sent again
  });

  it('builds query strings the same way outside requests', () => {
    expect(toSearchParams({ a: [1, 2], b: null, c: 'x' }).toString()).toBe('a=1&a=2&c=x');
  });
});

describe('the session against the real marketplace server', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const org = await t.createOrg({ name: 'Acme' });
    user = await t.createUser({ orgId: org.id, email: 'ann@agora.test', name: 'Ann', orgRoles: [ORG_ROLES.Consumer] });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1`;
  }, 120_000);
  afterAll(() => t?.close());

  async function signedIn(): Promise<{ api: Api; s: ReturnType<typeof session> }> {
    const s = session();
    const api = createClient({ apiBase: base, ...s });
    const pair = await api.post<{ accessToken: string; refreshToken: string; expiresIn: number }>(
      '/auth/signin', { username: user.email, password: DEFAULT_PASSWORD }, { anonymous: true });
    s.state.tokens = { accessToken: pair.accessToken, refreshToken: pair.refreshToken, expiresAt: Date.now() + pair.expiresIn * 1000 };
    return { api, s };
  }

  it('signs in and reads the session with the bearer token', async () => {
    const { api } = await signedIn();
    const me = await api.get<{ user: { email: string } }>('/auth/findSession');
    expect(me.user.email).toBe('ann@agora.test');
  });

  it('names the field of a bad sign-in', async () => {
    const api = createClient({ apiBase: base, ...session() });
    const error = (await api.post('/auth/signin', { username: '', password: 'x' }, { anonymous: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.parameter).toBe('username');
    const wrong = (await api.post('/auth/signin', { username: user.email, password: 'wrong' }, { anonymous: true }).catch((e: unknown) => e)) as ApiError;
    expect(wrong.status).toBe(401);
  });

  it('refreshes once on a 401 and retries, for every request waiting at the same time', async () => {
    const { api, s } = await signedIn();
    const refresh = s.state.tokens!.refreshToken;
    s.state.tokens = { ...s.state.tokens!, accessToken: 'expired-or-garbage' };
    // The server rotates refresh tokens: a second refresh with the same token would fail.
    const answers = await Promise.all([api.get('/auth/findSession'), api.get('/auth/findSession'), api.get('/auth/findSession')]);
    expect(answers).toHaveLength(3);
    expect(s.state.tokens!.refreshToken).not.toBe(refresh);
    expect(s.state.tokens!.accessToken).not.toBe('expired-or-garbage');
    expect(s.state.lost).toBe(0);
  });

  it('refreshes ahead of time when the access token is about to expire', async () => {
    const { api, s } = await signedIn();
    const before = s.state.tokens!;
    s.state.tokens = { ...before, expiresAt: Date.now() - 1 };
    await api.get('/auth/findSession');
    expect(s.state.tokens!.refreshToken).not.toBe(before.refreshToken);
  });

  it('ends the session when the refresh fails (signed out elsewhere)', async () => {
    const { api, s } = await signedIn();
    await api.post('/auth/signout', { refreshToken: s.state.tokens!.refreshToken }, { anonymous: true });
    s.state.tokens = { ...s.state.tokens!, accessToken: 'garbage' };
    const error = (await api.get('/auth/findSession').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(s.state.lost).toBe(1);
    expect(s.state.tokens).toBeNull();
  });

  it('reads the marketplace root as a visitor', async () => {
    const api = createClient({ apiBase: base, ...session() });
    const market = await api.get<{ settings: { sitename: string }; features: string[] }>('/marketplace');
    expect(typeof market.settings.sitename).toBe('string');
    expect(Array.isArray(market.features)).toBe(true);
  });
});

/** A fetch that keeps cookies as a browser would for one origin (name, value, Path, Max-Age=0). */
function browserJar() {
  const jar = new Map<string, { value: string; path: string; attributes: string }>();
  const jarFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const headers = new Headers(request.headers);
    const sent = [...jar].filter(([, c]) => path.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`);
    if (sent.length) headers.set('cookie', sent.join('; '));
    const res = await fetch(new Request(request, { headers }));
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(/;\s*/);
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const path = attributes.find((a) => a.startsWith('Path='))?.slice(5) ?? '/';
      if (attributes.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, { value, path, attributes: attributes.join('; ') });
    }
    return res;
  };
  return { jar, fetch: jarFetch };
}

describe('the cookie session (same origin) against the real marketplace server', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const org = await t.createOrg({ name: 'Acme' });
    user = await t.createUser({ orgId: org.id, email: 'cora@agora.test', name: 'Cora', orgRoles: [ORG_ROLES.Consumer] });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/v1`;
  }, 120_000);
  afterAll(() => t?.close());

  it('decides the cookie by origin: this page\'s API yes, another origin\'s no', () => {
    expect(createClient({ apiBase: '/api/v1', ...session() }).cookieSession).toBe(false); // node: no page
    expect(createClient({ apiBase: base, cookieSession: true, ...session() }).sessionHeaders).toEqual({ 'X-Agora-Session': 'cookie' });
    expect(createClient({ apiBase: base, ...session() }).sessionHeaders).toEqual({});
  });

  it('signs in with the refresh token in the cookie only, refreshes by it on a 401, and a new page restores the session from it', async () => {
    const browser = browserJar();
    const s = session();
    const api = createClient({ apiBase: base, cookieSession: true, fetch: browser.fetch, ...s });
    const pair = await api.post<{ accessToken: string; refreshToken?: string; expiresIn: number }>(
      '/auth/signin', { username: user.email, password: DEFAULT_PASSWORD }, { anonymous: true, headers: api.sessionHeaders });
    expect(pair.refreshToken).toBeUndefined();
    expect(browser.jar.get('agora_refresh')).toMatchObject({ path: '/api/v1/auth', attributes: expect.stringContaining('HttpOnly') });
    const first = browser.jar.get('agora_refresh')!.value;
    s.state.tokens = { accessToken: 'expired-or-garbage', refreshToken: null, expiresAt: Date.now() + 60_000 };
    const answers = await Promise.all([api.get('/auth/findSession'), api.get('/auth/findSession')]);
    expect(answers).toHaveLength(2);
    expect(s.state.tokens!.refreshToken).toBeNull();
    expect(s.state.tokens!.accessToken).not.toBe('expired-or-garbage');
    expect(browser.jar.get('agora_refresh')!.value).not.toBe(first);
    expect(s.state.lost).toBe(0);

    // A reload: nothing in memory, the browser still has the cookie.
    const reloaded = session();
    const again = createClient({ apiBase: base, cookieSession: true, fetch: browser.fetch, ...reloaded });
    expect(await again.restore()).toMatchObject({ accessToken: expect.any(String), refreshToken: null });
    expect((await again.get<{ user: { email: string } }>('/auth/findSession')).user.email).toBe('cora@agora.test');

    // Sign-out by the cookie: revoked and cleared; the next page load finds nobody.
    await again.post('/auth/signout', {}, { anonymous: true, headers: again.sessionHeaders });
    expect(browser.jar.has('agora_refresh')).toBe(false);
    const later = session();
    expect(await createClient({ apiBase: base, cookieSession: true, fetch: browser.fetch, ...later }).restore()).toBeNull();
    expect(later.state.lost).toBe(0);
  });

  it('waits for the page\'s restore before a signed-in request', async () => {
    const s = session();
    let release!: () => void;
    const restoring = new Promise<void>((resolve) => { release = resolve; });
    const api = createClient({ apiBase: base, ...s, ready: () => restoring });
    const pending = api.get<{ user: { email: string } }>('/auth/findSession').catch((e: unknown) => e);
    const signIn = await createClient({ apiBase: base, ...session() }).post<{ accessToken: string; refreshToken: string; expiresIn: number }>(
      '/auth/signin', { username: user.email, password: DEFAULT_PASSWORD }, { anonymous: true });
    s.state.tokens = { accessToken: signIn.accessToken, refreshToken: signIn.refreshToken, expiresAt: Date.now() + 60_000 };
    release();
    expect(((await pending) as { user: { email: string } }).user.email).toBe('cora@agora.test');
  });

  it('a host page\'s token (no refresh token, another origin) is not refreshed: refused, the session ends', async () => {
    const s = session();
    s.state.tokens = { accessToken: 'host-token-the-server-refuses', refreshToken: null, expiresAt: 0 };
    const api = createClient({ apiBase: base, ...s });
    const error = (await api.get('/auth/findSession').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(s.state.lost).toBe(1);
  });
});
