// The refresh token in an HttpOnly cookie for the portal's own pages (README "Security", token
// storage; server/src/auth/cookie.ts): asked for with X-Agora-Session: cookie on sign-in,
// register, refresh and sign-out; the cookie's attributes per scheme; refresh by cookie; sign-out
// clears it; never read without the header (CSRF); API clients keep the token in the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp, type TestOrg, type TestUser } from './helper.ts';
import { REFRESH_COOKIE } from '../../server/src/auth/cookie.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../server/src/auth/service.ts';
import { retiredRefreshTokens } from '../../server/src/db/schema.ts';

let t: TestApp;
let org: TestOrg;
let ann: TestUser;
const COOKIE_MODE = { 'x-agora-session': 'cookie' };
const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;
const signIn = (headers: Record<string, string> = COOKIE_MODE) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/signin`, payload: { username: ann.email, password: ann.password }, headers });
const refresh = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/refresh`, payload, headers });
const signOut = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/auth/signout`, payload, headers });
const session = (accessToken: string) =>
  t.app.inject({ url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${accessToken}` } });

/** The Set-Cookie header of an answer, as one string. */
function setCookie(res: Answer): string {
  const value = res.headers['set-cookie'];
  expect(value, 'a Set-Cookie header').toBeDefined();
  return Array.isArray(value) ? value.join('\n') : String(value);
}
/** The refresh token the answer put into the cookie. */
function cookieToken(res: Answer): string {
  const match = new RegExp(`^${REFRESH_COOKIE}=([^;]*)`).exec(setCookie(res));
  expect(match).not.toBeNull();
  return match![1]!;
}
const withCookie = (token: string) => ({ ...COOKIE_MODE, cookie: `other=1; ${REFRESH_COOKIE}=${token}` });

beforeAll(async () => {
  t = await buildTestApp();
  org = await t.createOrg({ name: 'Acme' });
  ann = await t.createUser({ orgId: org.id, email: 'ann@cookie.test' });
});
afterAll(() => t?.close());

describe('cookie mode', () => {
  it('sign-in puts the refresh token in an HttpOnly, SameSite=Strict cookie of the auth path only, not in the answer', async () => {
    const res = await signIn();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String), expiresIn: 900 });
    const cookie = setCookie(res);
    expect(cookie).toMatch(new RegExp(`^${REFRESH_COOKIE}=[A-Za-z0-9_-]{40,}; `));
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(['Path=/api/v1/auth', `Max-Age=${REFRESH_TTL_SECONDS}`, 'HttpOnly', 'SameSite=Strict']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await session(res.json().accessToken)).statusCode).toBe(200);
  });

  it('is Secure when the request came over https (a trusted proxy) or PUBLIC_URL is https, and not on plain http', async () => {
    // Plain http (npm start, the tests): a browser would drop a Secure cookie.
    expect(setCookie(await signIn())).not.toMatch(/Secure/);
    const behindTls = await buildTestApp({ trustProxy: true, publicOrigins: ['http://127.0.0.1:3000'] });
    const publicHttps = await buildTestApp({ publicOrigins: ['https://market.example.com'] });
    try {
      for (const [app, headers] of [[behindTls, { 'x-forwarded-proto': 'https' }], [publicHttps, {}]] as const) {
        const org2 = await app.createOrg();
        const user = await app.createUser({ orgId: org2.id });
        const res = await app.app.inject({ method: 'POST', url: `${API}/auth/signin`, payload: { username: user.email, password: user.password }, headers: { ...COOKIE_MODE, ...headers } });
        expect(res.statusCode).toBe(200);
        expect(setCookie(res)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      }
    } finally {
      await behindTls.close();
      await publicHttps.close();
    }
  });

  it('refreshes by the cookie, rotating it, with the header and an empty body', async () => {
    const first = cookieToken(await signIn());
    const res = await refresh(withCookie(first));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String), expiresIn: 900 });
    const second = cookieToken(res);
    expect(second).not.toBe(first);
    expect((await session(res.json().accessToken)).statusCode).toBe(200);
    expect((await refresh(withCookie(second))).statusCode).toBe(200);
  });

  it('never reads the cookie without the header: a cross-site form cannot send one (CSRF)', async () => {
    const token = cookieToken(await signIn());
    const forged = await refresh({ cookie: `${REFRESH_COOKIE}=${token}`, 'content-type': 'application/json' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0]).toMatchObject({ status: 400, source: { parameter: 'refreshToken' }, detail: expect.stringContaining('X-Agora-Session: cookie') });
    expect(forged.headers['set-cookie']).toBeUndefined();
    const forgedOut = await signOut({ cookie: `${REFRESH_COOKIE}=${token}` });
    expect(forgedOut.statusCode).toBe(400);
    // The session is untouched by either.
    expect((await refresh(withCookie(token))).statusCode).toBe(200);
  });

  it('answers 401 to a refresh with no cookie (nobody signed in on this browser), clearing nothing, and clears a dead one', async () => {
    const none = await refresh(COOKIE_MODE);
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0]).toMatchObject({ status: 401, title: 'Unauthorized' });
    // Its answer can arrive after a sign-in set the cookie (a page loading while another tab or the
    // page itself signs in): clearing then would end the new session.
    expect(none.headers['set-cookie']).toBeUndefined();
    const dead = await refresh(withCookie('not-a-session'));
    expect(dead.statusCode).toBe(401);
    expect(setCookie(dead)).toMatch(new RegExp(`^${REFRESH_COOKIE}=; Path=/api/v1/auth; Max-Age=0; HttpOnly; SameSite=Strict`));
  });

  it('sign-out by the cookie revokes the session and clears the cookie', async () => {
    const signedIn = await signIn();
    const token = cookieToken(signedIn);
    const res = await signOut(withCookie(token));
    expect(res.statusCode).toBe(204);
    expect(setCookie(res)).toMatch(new RegExp(`^${REFRESH_COOKIE}=; Path=/api/v1/auth; Max-Age=0;`));
    expect((await refresh(withCookie(token))).statusCode).toBe(401);
    expect((await session(signedIn.json().accessToken)).statusCode).toBe(401);
    // Signing out with no cookie left still answers 204 and clears.
    const again = await signOut(COOKIE_MODE);
    expect(again.statusCode).toBe(204);
    expect(setCookie(again)).toMatch(/Max-Age=0/);
  });

  it('a reused, already rotated cookie ends the session (reuse detection applies to cookies too)', async () => {
    const first = cookieToken(await signIn());
    const second = cookieToken(await refresh(withCookie(first)));
    // Past the grace of concurrent refreshes.
    await t.db.update(retiredRefreshTokens).set({ retiredAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) });
    expect((await refresh(withCookie(first))).statusCode).toBe(401);
    expect((await refresh(withCookie(second))).statusCode).toBe(401);
  });

  it('register signs in the same way', async () => {
    await t.setSettings({ signup: true });
    const res = await t.app.inject({
      method: 'POST', url: `${API}/auth/register`, headers: COOKIE_MODE,
      payload: { email: 'cookie@register.test', password: 'tangerine-sofa-42', name: 'Cora', organisation: 'Cookie Ltd' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ accessToken: expect.any(String), expiresIn: 900 });
    expect((await refresh(withCookie(cookieToken(res)))).statusCode).toBe(200);
  });
});

describe('body mode (API clients, elements on another origin)', () => {
  it('keeps the refresh token in the answer and sets no cookie', async () => {
    const res = await signIn({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(res.headers['set-cookie']).toBeUndefined();
    const next = await refresh({}, { refreshToken: res.json().refreshToken });
    expect(next.statusCode).toBe(200);
    expect(next.json().refreshToken).toEqual(expect.any(String));
    expect(next.headers['set-cookie']).toBeUndefined();
    expect((await signOut({}, { refreshToken: next.json().refreshToken })).statusCode).toBe(204);
  });

  it('refresh and sign-out with neither a token nor the header: 400 naming refreshToken', async () => {
    for (const res of [await refresh({}), await signOut({})]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].source).toEqual({ parameter: 'refreshToken' });
    }
  });
});
