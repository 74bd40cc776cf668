// The try-it gateway against real upstreams (a local HTTP server): headers in and out, bodies,
// time-outs, failures, permission, and the transaction each call leaves for the insights.
import { gzipSync } from 'node:zlib';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedExplorer, gatewayOf, PETS_OAS3, type ExplorerFixture } from './explorer.fixtures.ts';
import { assetResources, transactions } from '../../server/src/db/schema.ts';
import { indexSpecification } from '../../server/src/spec/store.ts';
import { tryItState } from '../../src/rules/tryIt.ts';
import { flushTransactions } from '../../server/src/gateway/record.ts';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }
let seen: Seen[] = [];
let upstream: Server;
let upstreamBase: string;

let t: TestApp;
let f: ExplorerFixture;
let gw: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url!.startsWith('/auth/token')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const auth = req.headers.authorization;
        return void res.end(JSON.stringify({ access_token: 'real-token', token_type: 'Bearer', form: Buffer.concat(chunks).toString(), auth }));
      }
      if (req.url!.startsWith('/api/slow')) return void setTimeout(() => res.end('late'), 2000);
      if (req.url!.startsWith('/api/big')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return void res.end(Buffer.alloc(11 * 1024 * 1024));
      }
      if (req.url!.startsWith('/api/moved')) {
        res.writeHead(302, { location: `${upstreamBase}/api/pets/7` });
        return void res.end();
      }
      res.writeHead(req.url!.startsWith('/api/missing') ? 404 : 200, {
        'content-type': 'application/json', 'x-upstream': 'yes', 'set-cookie': 'session=abc; Path=/',
        connection: 'keep-alive, x-hop', 'x-hop': 'drop me', 'access-control-allow-origin': '*',
      });
      res.end(JSON.stringify({ echo: req.url }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // The upstream is local: allowed by name, as GATEWAY_ALLOW_HOSTS would (the egress policy refuses loopback otherwise).
  t = await buildTestApp({ allowHosts: ['127.0.0.1'], publicOrigins: ['http://portal.test'] });
  f = await seedExplorer(t, { upstreamUrl: `${upstreamBase}/api` });
  gw = `${API}${gatewayOf(f.paths.upstream)}`;
  const oauthSpec = PETS_OAS3.replace("tokenUrl: 'https://auth.pets.example.com/token'", `tokenUrl: '${upstreamBase}/auth/token'`);
  await t.db.insert(assetResources).values({ id: 'r-oauth', productVersionId: 'v-open', title: 'OAuth', type: 'oas3', specification: oauthSpec, upstreamUrl: `${upstreamBase}/api` });
  await indexSpecification(t.db, 'r-oauth');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

const lastTransaction = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

describe('forwarding to a real upstream', () => {
  it('sends the path, query, body and the API\'s own headers, never the portal\'s', async () => {
    seen = [];
    const res = await t.request(f.alice, {
      method: 'POST', url: `${gw}/pets?kind=dog&api_key=s3cret`, payload: '{"name":"Rex"}',
      headers: {
        'content-type': 'application/json', 'x-agora-upstream-authorization': 'Bearer upstream-token',
        'x-api-key': 'k-123', connection: 'keep-alive, x-private', 'x-private': 'hop', cookie: 'portal=1',
        'x-agora-application': f.app.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ echo: '/api/pets?kind=dog&api_key=s3cret' });
    const [call] = seen;
    expect(call).toMatchObject({ method: 'POST', url: '/api/pets?kind=dog&api_key=s3cret', body: '{"name":"Rex"}' });
    expect(call!.headers).toMatchObject({ authorization: 'Bearer upstream-token', 'x-api-key': 'k-123', 'content-type': 'application/json' });
    for (const header of ['x-tenant-id', 'cookie', 'x-private', 'x-agora-application', 'x-agora-upstream-authorization']) {
      expect(call!.headers[header], header).toBeUndefined();
    }
  });

  it('returns the upstream\'s answer without hop-by-hop, CORS or cookie headers, marked as data', async () => {
    const res = await t.request(f.alice, { url: `${gw}/pets` });
    expect(res.headers['x-upstream']).toBe('yes');
    expect(res.headers['x-hop']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-agora-upstream-set-cookie']).toBe('session=abc; Path=/');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-agora-transaction-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('passes upstream errors through as they are, classed as failures', async () => {
    const res = await t.request(f.alice, { url: `${gw}/missing` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ echo: '/api/missing' });
    expect((await lastTransaction(String(res.headers['x-agora-transaction-id']))).statusDetail).toBe('failure');
  });

  it('keeps a redirect inside the upstream within the gateway', async () => {
    const res = await t.request(f.alice, { url: `${gw}/moved` });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${gw}/pets/7`);
  });

  it('records the call with ids, status, timing, sizes, redacted headers and legs', async () => {
    const res = await t.request(f.alice, {
      method: 'POST', url: `${gw}/pets?api_key=s3cret`, payload: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-agora-upstream-authorization': 'Bearer upstream-token', 'x-agora-credential': f.app.credentialId },
    });
    const tx = await lastTransaction(String(res.headers['x-agora-transaction-id']));
    expect(tx).toMatchObject({
      orgId: f.alice.orgId, userId: f.alice.id, applicationId: f.app.id, credentialId: f.app.credentialId,
      productId: 'p-open', productVersionId: 'v-open', assetResourceId: 'r-upstream', protocol: 'http',
      method: 'POST', path: '/pets?api_key=%5Bredacted%5D', status: 200, statusDetail: 'success',
      upstreamUrl: `${upstreamBase}/api/pets?api_key=%5Bredacted%5D`, requestBytes: 7,
    });
    expect(tx.responseBytes).toBe(Buffer.byteLength(JSON.stringify({ echo: '/api/pets?api_key=s3cret' })));
    expect(tx.durationMs).toBeGreaterThanOrEqual(0);
    const recorded = JSON.stringify(tx);
    for (const secret of ['upstream-token', 's3cret', 'Bearer ey']) expect(recorded).not.toContain(secret);
    expect(tx.requestHeaders).toMatchObject({ authorization: '[redacted]', 'x-agora-upstream-authorization': '[redacted]', 'content-type': 'application/json' });
    const legs = tx.legs as any[];
    expect(legs).toHaveLength(2);
    expect(legs[0].transactionEvent).toMatchObject({ parentId: null, destination: 'gateway', method: 'POST', status: 200 });
    expect(legs[1].transactionEvent).toMatchObject({
      parentId: legs[0].transactionEvent.id, source: 'gateway', destination: new URL(upstreamBase).host, status: 200,
      requestHeaders: { authorization: '[redacted]' }, responseHeaders: { 'x-upstream': 'yes', 'set-cookie': '[redacted]' },
    });
    // The first leg's header maps are the row's, stored once: the transaction's detail has them there.
    expect(legs[0].transactionEvent.requestHeaders).toBeUndefined();
    const detail = await t.request(f.alice, { url: `/api/v1/analytics/transactionDetails/${tx.id}` });
    expect(detail.status).toBe(200);
    expect(detail.body.transactionLegEvent[0].transactionEvent).toMatchObject({
      destination: 'gateway', requestHeaders: tx.requestHeaders, responseHeaders: tx.responseHeaders,
    });
    expect(detail.body.transactionLegEvent[1].transactionEvent.responseHeaders).toMatchObject({ 'x-upstream': 'yes' });
  });

  it('calls another of the resource\'s endpoints when asked, and only those', async () => {
    seen = [];
    await t.request(f.alice, { url: `${gw}/x`, headers: { 'x-agora-endpoint': 'http://127.0.0.1:9/other' } });
    expect(seen).toHaveLength(0); // port 9 (discard) is closed here: the call went there, not to the default
    const mock = await t.request(f.alice, { url: `${gw}/pets`, headers: { 'x-agora-endpoint': 'mock:' } });
    expect(mock.body).toEqual([{ id: 1, name: 'Rex' }, { id: 2, name: 'Tom' }]);
    const res = await t.request(f.alice, { url: `${gw}/pets`, headers: { 'x-agora-endpoint': 'http://169.254.169.254/' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ parameter: 'x-agora-endpoint' });
  });
});

describe('upstream failures', () => {
  it('answers 502 in JSON when the upstream is unreachable, and records an exception', async () => {
    const res = await t.request(f.alice, { url: `${gw}/x`, headers: { 'x-agora-endpoint': 'http://127.0.0.1:9/other' } });
    expect(res.status).toBe(502);
    expect(res.body.errors[0]).toMatchObject({ status: 502, title: 'Bad Gateway', detail: expect.stringMatching(/could not be reached/) });
    const tx = await lastTransaction(String(res.headers['x-agora-transaction-id']));
    expect(tx).toMatchObject({ status: 502, statusDetail: 'exception', upstreamUrl: 'http://127.0.0.1:9/other/x' });
    expect((tx.legs as any[])[1].transactionEvent).toMatchObject({ status: null, error: 'unreachable' });
  });

  it('answers 504 when the upstream is too slow', async () => {
    process.env.AGORA_GATEWAY_TIMEOUT_MS = '300';
    try {
      const res = await t.request(f.alice, { url: `${gw}/slow` });
      expect(res.status).toBe(504);
      expect(res.body.errors[0].title).toBe('Gateway Timeout');
      expect((await lastTransaction(String(res.headers['x-agora-transaction-id']))).statusDetail).toBe('exception');
    } finally {
      delete process.env.AGORA_GATEWAY_TIMEOUT_MS;
    }
  });

  it('answers 502 when the upstream\'s answer is over the size limit', async () => {
    const res = await t.request(f.alice, { url: `${gw}/big` });
    expect(res.status).toBe(502);
    expect(res.body.errors[0].detail).toMatch(/larger than 10 MB/);
  });
});

describe('who may try', () => {
  it('follows the shared try-it rule', () => {
    const resource = { type: 'oas3', state: 'active', status: null };
    expect(tryItState({ signedIn: true, resource })).toEqual({ allowed: true, reason: null });
    expect(tryItState({ signedIn: false, resource }).reason).toBe('signin');
    expect(tryItState({ signedIn: true, resource: { ...resource, status: 'deleted' } }).reason).toBe('deleted');
    expect(tryItState({ signedIn: true, resource: { ...resource, state: 'archiving' } }).reason).toBe('inactive');
    expect(tryItState({ signedIn: true, resource: { ...resource, type: 'wsdl' } }).reason).toBe('unsupportedType');
    expect(tryItState({ signedIn: true, resource: { ...resource, type: 'graphql' } }).allowed).toBe(true);
  });

  it('asks visitors to sign in, refuses deleted, inactive and non-HTTP resources, hides invisible ones', async () => {
    const count = (await t.db.select().from(transactions)).length;
    expect((await t.request(null, { url: `${API}${gatewayOf(f.paths.oas3)}/pets` })).status).toBe(401);
    expect((await t.request(f.alice, { url: `${API}${gatewayOf(f.paths.deleted)}/pets` })).status).toBe(403);
    expect((await t.request(f.alice, { url: `${API}${gatewayOf(f.paths.archived)}/pets` })).status).toBe(403);
    expect((await t.request(f.alice, { url: `${API}${gatewayOf(f.paths.asyncapi)}/x` })).status).toBe(403);
    expect((await t.request(f.bob, { url: `${API}${gatewayOf(f.paths.restricted)}/pets` })).status).toBe(404);
    expect((await t.request(f.alice, { url: `${API}${gatewayOf(f.paths.restricted)}/pets` })).status).toBe(200);
    // The visitor's call is recorded as a refusal (missing credential: gateway README), the
    // allowed call as a call; the portal user's refusals (deleted, inactive, type) are not.
    await flushTransactions(t.db);
    expect((await t.db.select().from(transactions)).length).toBe(count + 2);
  });
});

describe('OAuth 2 for typed-in credentials', () => {
  const token = (resource: string, body: object, user = f.alice) =>
    t.request(user, { method: 'POST', url: `${API}${resource}/spec/token`, payload: body });
  const oauth = '/products/p-open/versions/v-open/assetresources/r-oauth';

  it('exchanges a grant at a declared token URL, client authenticated with HTTP Basic', async () => {
    seen = [];
    const res = await token(oauth, { tokenUrl: `${upstreamBase}/auth/token`, grantType: 'client_credentials', clientId: 'my app', clientSecret: 's3cret', scope: 'pets:read' });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toBe('real-token');
    expect(new URLSearchParams(res.body.form).toString()).toBe('grant_type=client_credentials&scope=pets%3Aread');
    expect(res.body.auth).toBe(`Basic ${Buffer.from('my+app:s3cret').toString('base64')}`);
  });

  it('sends the client in the form when asked, with the fields of the grant', async () => {
    const res = await token(oauth, {
      tokenUrl: `${upstreamBase}/auth/token`, grantType: 'authorization_code', code: 'c-1', redirectUri: 'http://localhost/cb',
      codeVerifier: 'v', clientId: 'app', clientSecret: 'sec', clientAuthentication: 'body',
    });
    expect(Object.fromEntries(new URLSearchParams(res.body.form))).toEqual({
      grant_type: 'authorization_code', code: 'c-1', redirect_uri: 'http://localhost/cb', code_verifier: 'v', client_id: 'app', client_secret: 'sec',
    });
    expect(res.body.auth).toBeUndefined();
  });

  it('answers for the mock authorization server of a mock resource', async () => {
    const res = await token(f.paths.oas3, { tokenUrl: 'https://auth.pets.example.com/token', grantType: 'client_credentials', clientId: 'a' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ access_token: expect.stringMatching(/^mock_/), token_type: 'Bearer', expires_in: 3600 });
    // a token URL relative to the server is declared too
    const relative = await token(f.paths.oas3, { tokenUrl: 'https://pets.example.com/oauth/token', grantType: 'refresh_token', refreshToken: 'r' });
    expect(relative.body.refresh_token).toMatch(/^mock_/);
  });

  it('refuses an undeclared token URL inside the private network, and missing grant fields', async () => {
    // localhost is not on the allow list (127.0.0.1 is): it resolves to a loopback address.
    const inside = await token(oauth, { tokenUrl: upstreamBase.replace('127.0.0.1', 'localhost') + '/other', grantType: 'client_credentials', clientId: 'a' });
    expect(inside.status).toBe(400);
    expect(inside.body.errors[0].source).toEqual({ parameter: 'tokenUrl' });
    const noCode = await token(oauth, { tokenUrl: `${upstreamBase}/auth/token`, grantType: 'authorization_code' });
    expect(noCode.body.errors[0].source).toEqual({ parameter: 'code' });
    const noClient = await token(oauth, { tokenUrl: `${upstreamBase}/auth/token`, grantType: 'client_credentials' });
    expect(noClient.body.errors[0].source).toEqual({ parameter: 'clientId' });
    expect((await t.request(null, { method: 'POST', url: `${API}${oauth}/spec/token`, payload: { tokenUrl: `${upstreamBase}/auth/token`, grantType: 'client_credentials', clientId: 'a' } })).status).toBe(401);
  });

  it('approves at once on the mock authorize page and returns to the portal only', async () => {
    const authorize = (resource: string, query: string) => t.app.inject({ url: `${API}${resource}/spec/authorize?${query}` });
    const code = await authorize(f.paths.oas3, `response_type=code&client_id=a&state=xyz&redirect_uri=${encodeURIComponent('http://portal.test/oauth2-redirect.html')}`);
    expect(code.statusCode).toBe(302);
    const back = new URL(String(code.headers.location));
    expect(back.origin + back.pathname).toBe('http://portal.test/oauth2-redirect.html');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toMatch(/^mock_/);
    const implicit = await authorize(f.paths.oas3, `response_type=token&state=s&redirect_uri=${encodeURIComponent('http://portal.test/cb')}`);
    expect(new URLSearchParams(new URL(String(implicit.headers.location)).hash.slice(1)).get('token_type')).toBe('Bearer');
    const away = await authorize(f.paths.oas3, `response_type=code&redirect_uri=${encodeURIComponent('https://evil.test/cb')}`);
    expect(away.statusCode).toBe(400);
    expect((await authorize(oauth, `response_type=code&redirect_uri=${encodeURIComponent('http://portal.test/cb')}`)).statusCode).toBe(404);
  });
});

describe('malformed gateway input', () => {
  const cases: Array<[string, Record<string, any>, number, string]> = [
    ['an application of another organisation', { headers: { 'x-agora-application': 'app-b' } }, 400, 'x-agora-application'],
    ['an unknown credential', { headers: { 'x-agora-credential': 'nope' } }, 400, 'x-agora-credential'],
    ['a credential of another application', { headers: { 'x-agora-application': 'app-a', 'x-agora-credential': 'cred-b' } }, 400, 'x-agora-credential'],
    // cred-a lists the open product's resources only: a credential works only where it is listed.
    ['a credential that does not list the resource', { restricted: true, headers: { 'x-agora-credential': 'cred-a' } }, 400, 'x-agora-credential'],
    ['an application id with bad characters', { headers: { 'x-agora-application': 'a b' } }, 400, 'x-agora-application'],
    ['a product id with bad characters', { base: `${API}/gateway/bad!id/v-open/r-oas3` }, 400, 'productId'],
    ['a body over the limit', { method: 'POST', payload: 'x'.repeat(6 * 1024 * 1024), headers: { 'content-type': 'text/plain' } }, 413, 'body'],
  ];
  for (const [what, o, status, parameter] of cases) {
    it(`answers ${what} with ${status} naming ${parameter}`, async () => {
      const base = o.base ?? `${API}${gatewayOf(o.restricted ? f.paths.restricted : f.paths.oas3)}`;
      const res = await t.request(f.alice, { method: o.method ?? 'GET', url: `${base}${o.url ?? '/pets'}`, headers: o.headers, payload: o.payload });
      expect(res.status).toBe(status);
      expect(res.body.errors[0].source).toEqual({ parameter });
    });
  }

  it('refuses . and .. segments that would leave the upstream\'s base path', async () => {
    // Sent over a socket: inject and browsers normalise such paths before they leave.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await t.headersFor(f.alice);
    for (const path of ['/pets/../admin', '/pets/%2E%2e/admin', '/./pets']) {
      const res = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const { hostname, port } = new URL(address);
        const req = request({ hostname, port, path: `${API}${gatewayOf(f.paths.oas3)}${path}`, headers }, (r) => {
          let text = '';
          r.on('data', (c) => { text += c; });
          r.on('end', () => resolve({ status: r.statusCode!, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].source).toEqual({ parameter: 'path' });
    }
  });

  it('passes any body type through, including none at all', async () => {
    seen = [];
    await t.request(f.alice, { method: 'PUT', url: `${gw}/raw`, payload: Buffer.from([0, 1, 2]), headers: { 'content-type': 'application/octet-stream' } });
    await t.request(f.alice, { method: 'DELETE', url: `${gw}/raw` });
    await t.request(f.alice, { method: 'POST', url: `${gw}/raw`, payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(seen.map((s) => [s.method, s.body.length])).toEqual([['PUT', 3], ['DELETE', 0], ['POST', 4]]);
  });

  it('sends a compressed body upstream as sent, with its Content-Encoding, whatever the encoding', async () => {
    seen = [];
    const plain = JSON.stringify({ note: 'x'.repeat(200) });
    const zipped = gzipSync(plain);
    const gz = await t.request(f.alice, { method: 'POST', url: `${gw}/raw`, payload: zipped, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    const other = await t.request(f.alice, { method: 'POST', url: `${gw}/raw`, payload: Buffer.from('abc'), headers: { 'content-type': 'text/plain', 'content-encoding': 'zstd' } });
    expect([gz.status, other.status]).toEqual([200, 200]);
    expect(seen.map((s) => s.headers['content-encoding'])).toEqual(['gzip', 'zstd']);
    expect(seen[0]!.body).not.toBe(plain);
    expect(Number(seen[0]!.headers['content-length'])).toBe(zipped.length);
  });
});
