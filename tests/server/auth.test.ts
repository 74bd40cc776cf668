// Sign-in, refresh rotation, sign-out, findSession and the tenant header, on the real store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair, exportJWK } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, API, type TestApp, type TestUser, type TestOrg } from './helper.ts';
import { ORG_ROLES, TEAM_ROLES } from '../../src/rules/roleNames.ts';
import { retiredRefreshTokens, users } from '../../server/src/db/schema.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../server/src/auth/service.ts';

let t: TestApp;
let org: TestOrg;
let ann: TestUser;
let teamId: string;

const signIn = (username: string, password: string) =>
  t.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username, password } });
const session = (token: string, extra: Record<string, string> = {}) =>
  t.request(null, { url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${token}`, ...extra } });

beforeAll(async () => {
  t = await buildTestApp();
  org = await t.createOrg({ name: 'Acme', entitlements: ['public_provider'] });
  ann = await t.createUser({ orgId: org.id, email: 'ann@agora.test', name: 'Ann', orgRoles: [ORG_ROLES.Consumer] });
  teamId = (await t.createTeam({ orgId: org.id, name: 'Payments', tags: ['fintech'], members: [{ userId: ann.id, roles: [TEAM_ROLES.developer] }] })).id;
});
afterAll(() => t?.close());

describe('sign-in', () => {
  it('signs in (e-mail case-insensitive) and findSession describes the user, roles and teams', async () => {
    const res = await signIn('ANN@agora.test', ann.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    const found = await session(res.body.accessToken);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      user: { id: ann.id, name: 'Ann', email: 'ann@agora.test' },
      roles: ['Consumer'],
      teams: [{ guid: teamId, name: 'Payments', tags: ['fintech'], roles: ['developer'] }],
      org_id: org.id,
      provider_guid: null,
      entitlements: ['public_provider'],
    });
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await signIn(ann.email, 'not the password');
    const unknown = await signIn('nobody@agora.test', 'whatever');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toMatchObject({ status: 401, title: 'Unauthorized', detail: 'The e-mail address or password is incorrect.' });
    }
  });

  it('refuses a disabled account', async () => {
    const bob = await t.createUser({ orgId: org.id, state: 'disabled' });
    const res = await signIn(bob.email, bob.password);
    expect(res.status).toBe(401);
  });

  it('names the missing field when the body is incomplete', async () => {
    const res = await t.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username: 'ann@agora.test' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ parameter: 'password' });
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh token: a new one each time, and the newest works', async () => {
    const first = (await signIn(ann.email, ann.password)).body;
    const second = await t.request(null, { method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken: first.refreshToken } });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    expect((await session(second.body.accessToken)).status).toBe(200);
    const third = await t.request(null, { method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken: second.body.refreshToken } });
    expect(third.status).toBe(200);
    expect((await session(third.body.accessToken)).status).toBe(200);
  });

  it('a reused, already-rotated refresh token ends the whole session (reuse detection): its newest tokens stop working too', async () => {
    const first = (await signIn(ann.email, ann.password)).body;
    const refresh = (refreshToken: string) => t.request(null, { method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken } });
    const second = (await refresh(first.refreshToken)).body;
    const third = (await refresh(second.refreshToken)).body;
    expect((await session(third.accessToken)).status).toBe(200);
    // A copy of the first token (stolen, or a stale tab) comes back after the grace period.
    await t.db.update(retiredRefreshTokens).set({ retiredAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) });
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.errors[0].detail).toBe('This refresh token was already used, so it may have been copied: the session was ended. Sign in again.');
    expect((await refresh(third.refreshToken)).status).toBe(401);
    expect((await session(third.accessToken)).status).toBe(401);
    // Other sessions of the same user live on.
    const other = (await signIn(ann.email, ann.password)).body;
    expect((await session(other.accessToken)).status).toBe(200);
  });

  it('two refreshes with the same token at once (two tabs) both succeed within the grace period, and the session lives on', async () => {
    const first = (await signIn(ann.email, ann.password)).body;
    const refresh = (refreshToken: string) => t.request(null, { method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken } });
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Whichever pair the tabs keep, the newest token refreshes; the session was not ended.
    const newest = [a, b].map((r) => r.body.refreshToken);
    const statuses = [];
    for (const token of newest.reverse()) statuses.push((await refresh(token)).status);
    expect(statuses).toContain(200);
  });

  it('sign-out revokes the refresh token and the access tokens of that session', async () => {
    const pair = (await signIn(ann.email, ann.password)).body;
    const out = await t.request(null, { method: 'POST', url: `${API}/auth/signout`, payload: { refreshToken: pair.refreshToken } });
    expect(out.status).toBe(204);
    const refresh = await t.request(null, { method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken: pair.refreshToken } });
    expect(refresh.status).toBe(401);
    expect((await session(pair.accessToken)).status).toBe(401);
    // Signing out twice is harmless.
    const again = await t.request(null, { method: 'POST', url: `${API}/auth/signout`, payload: { refreshToken: pair.refreshToken } });
    expect(again.status).toBe(204);
  });
});

describe('bearer tokens and the tenant header', () => {
  it('treats a request without a token as a visitor (findSession 401, public config 200)', async () => {
    expect((await t.request(null, { url: `${API}/auth/findSession` })).status).toBe(401);
    expect((await t.request(null, { url: `${API}/marketplace` })).status).toBe(200);
  });

  it('rejects a malformed, forged or expired token with 401 JSON', async () => {
    const forged = await new SignJWT({ org: org.id, sid: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject(ann.id)
      .setIssuer('agora').setAudience('agora-api').setExpirationTime('5m').sign(new TextEncoder().encode('another-secret-another-secret-xx'));
    const expired = await new SignJWT({ org: org.id, sid: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject(ann.id)
      .setIssuer('agora').setAudience('agora-api').setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('test-secret-of-at-least-32-characters!'));
    for (const token of ['not-a-jwt', forged, expired]) {
      const res = await session(token);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].status).toBe(401);
    }
    expect((await session(expired)).body.errors[0].detail).toMatch(/expired/);
    const basic = await t.request(null, { url: `${API}/marketplace`, headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('accepts the caller\'s own organisation in X-Tenant-Id and refuses another with 403', async () => {
    const token = await t.tokenFor(ann);
    expect((await session(token, { 'x-tenant-id': org.id })).status).toBe(200);
    const other = await session(token, { 'x-tenant-id': 'someone-else' });
    expect(other.status).toBe(403);
    expect(other.body.errors[0].source).toEqual({ parameter: 'X-Tenant-Id' });
  });

  it('stops accepting a token once the user is disabled, and sees role changes at once', async () => {
    const cy = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
    const token = await t.tokenFor(cy);
    await t.db.update(users).set({ orgRoles: [ORG_ROLES.Administrator] }).where(eq(users.id, cy.id));
    expect((await session(token)).body.roles).toEqual(['Administrator']);
    await t.db.update(users).set({ state: 'disabled' }).where(eq(users.id, cy.id));
    expect((await session(token)).status).toBe(401);
  });
});

describe('several instances on one store', () => {
  it('a token signed by one instance is accepted by another that generated no secret of its own', async () => {
    // Both apps read the signing key from the store when no AUTH_SECRET is configured.
    const { buildApp } = await import('../../server/src/app.ts');
    const a = await buildApp({ store: t.store, auth: {} });
    const b = await buildApp({ store: t.store, auth: {} });
    try {
      const signed = await a.inject({ method: 'POST', url: `${API}/auth/signin`, payload: { username: ann.email, password: ann.password } });
      expect(signed.statusCode).toBe(200);
      const { accessToken, refreshToken } = signed.json();
      const found = await b.inject({ url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${accessToken}` } });
      expect(found.statusCode).toBe(200);
      const refreshed = await b.inject({ method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken } });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('trusting an external OpenID Connect issuer', () => {
  const issuer = 'https://id.example.test/realms/broker';
  let o: TestApp;
  let jwksServer: Server;
  let privateKey: CryptoKey;
  let orgId: string;

  const token = (claims: Record<string, unknown>, key: CryptoKey = privateKey, aud = 'agora') =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience(aud)
      .setIssuedAt().setExpirationTime('5m').sign(key);
  const find = (tok: string) => o.request(null, { url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${tok}` } });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => { res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ keys: [jwk] })); });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    o = await buildTestApp({
      auth: { builtinSignIn: false, oidc: { issuer, jwksUrl: `http://127.0.0.1:${port}/jwks`, audience: 'agora' } },
    });
    orgId = (await o.createOrg({ name: 'Globex' })).id;
  });
  afterAll(async () => {
    await o?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  it('creates the user on first sight from the token claims, then finds the same user again', async () => {
    const tok = await token({ sub: 'u-42', email: 'zoe@globex.test', name: 'Zoe', org_id: orgId, roles: ['Subscriber', 'NotARole'] });
    const first = await find(tok);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user: { name: 'Zoe', email: 'zoe@globex.test' }, roles: ['Subscriber'], org_id: orgId });
    const again = await find(await token({ sub: 'u-42', org_id: orgId, roles: ['Consumer'] }));
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(again.body.roles).toEqual(['Consumer']);
  });

  it('refuses tokens of another key or audience (401) and users of an unknown organisation (403)', async () => {
    const other = await generateKeyPair('RS256');
    expect((await find(await token({ sub: 'u-1', org_id: orgId }, other.privateKey))).status).toBe(401);
    expect((await find(await token({ sub: 'u-1', org_id: orgId }, privateKey, 'someone-else'))).status).toBe(401);
    const unknownOrg = await find(await token({ sub: 'u-2', org_id: 'no-such-org' }));
    expect(unknownOrg.status).toBe(403);
    expect(unknownOrg.body.errors[0].detail).toMatch(/organisation/);
  });

  it('turns password sign-in off when configured to trust only the issuer', async () => {
    const res = await o.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username: 'a@b.c', password: 'x' } });
    expect(res.status).toBe(404);
  });
});
