// Issue 12, findings 2, 4, 5 and 6, as an attacker tried them: the GraphQL mock's denial of service
// (size, depth, aliases, cost, answer cap, event loop held), the path escape out of the upstream's
// base path, the egress policy (private addresses in every spelling, after DNS; identity headers),
// and the mock authorize page (catalogue visibility, redirect checked against PUBLIC_URL).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildSchema, getIntrospectionQuery, parse } from 'graphql';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { injectDirectly } from './dataplane.helper.ts';
import { seedExplorer, gatewayOf, PETS_OAS3, type ExplorerFixture } from './explorer.fixtures.ts';
import { assetResources, productVersions, products, transactions } from '../../server/src/db/schema.ts';
import { indexSpecification } from '../../server/src/spec/store.ts';
import { Egress, blockedAddress } from '../../server/src/gateway/egress.ts';
import {
  GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_COST, GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_FIELDS, answerCost,
} from '../../server/src/gateway/mock-graphql-limits.ts';

interface Seen { method: string; url: string; headers: IncomingMessage['headers'] }
let seen: Seen[] = [];
let upstream: Server;
let port: number;
let t: TestApp; // allows 127.0.0.1 (GATEWAY_ALLOW_HOSTS), as a local development setup would
let strict: TestApp; // no allow list: what production does
let f: ExplorerFixture;
let gw: string;
let listening: string; // t on a real socket: paths as a client writes them, unparsed by inject

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ echo: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  port = (upstream.address() as AddressInfo).port;
  t = await buildTestApp({ allowHosts: ['127.0.0.1'], publicOrigins: ['http://portal.test'] });
  f = await seedExplorer(t, { upstreamUrl: `http://127.0.0.1:${port}/api` });
  gw = `${API}${gatewayOf(f.paths.upstream)}`;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  listening = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  strict = await buildTestApp({ publicOrigins: ['http://portal.test'] });
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** A request with the path exactly as written (node:http sends a `path` option as is; a URL
 * string would be parsed, and its backslashes and dot segments resolved, before sending). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: any; headers: IncomingMessage['headers'] }> {
  return new Promise((resolve, reject) => {
    const { hostname, port: at } = new URL(listening);
    const req = httpRequest({ host: hostname, port: at, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : text, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
const rawPath = (under: string) => `${gw}/${under}`;

/** The longest the event loop waited while `run` was in flight (best of `tries`: the machine's
 * own load only adds). */
async function loopHeld(run: () => Promise<unknown>, tries = 3): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    await run();
    h.disable();
    best = Math.min(best, h.max / 1e6);
  }
  return best;
}

describe('GraphQL mock limits (finding 2)', () => {
  const send = async (app: TestApp, payload: string, resource = 'r-graphql') => app.request(f.alice, {
    method: 'POST', url: `${API}/gateway/p-open/v-open/${resource}`, headers: { 'content-type': 'application/json' }, payload,
  });
  const ask = async (app: TestApp, query: string, resource = 'r-graphql') => send(app, JSON.stringify({ query }), resource);
  // For the event-loop checks: into Fastify with no HTTP hop (the plane passes a mock upstream's
  // call to the app anyway), so what is timed is the server's work, not this process's own client
  // and socket moving 2.8 MB (55-63 ms alone at load 10, with no Agora code involved).
  const sendDirect = async (payload: string, resource = 'r-graphql') => {
    const res = await injectDirectly(t.app)({
      method: 'POST', url: `${API}/gateway/p-open/v-open/${resource}`, headers: { ...(await t.headersFor(f.alice)), 'content-type': 'application/json' }, payload,
    });
    return { status: res.statusCode, body: res.json() };
  };
  beforeAll(async () => {
    await t.db.insert(assetResources).values({ id: 'r-tree', productVersionId: 'v-open', title: 'Tree', type: 'graphql', specification: TREE_SDL, upstreamUrl: 'mock:' });
  });
  const refused = (res: { status: number; body: any }, detail: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ status: 400, title: 'Bad Request', detail: expect.stringMatching(detail), source: { parameter: 'query' } });
  };

  it('answers the 100,000-alias query (2.8 MB) with a 400 at once, the event loop free', async () => {
    const query = `{ ${Array.from({ length: 100_000 }, (_, i) => `a${i}: products { title }`).join(' ')} }`;
    expect(query.length).toBeGreaterThan(2_500_000);
    // Made before the measure: what is timed is the server's work, not the test's 2.8 MB string.
    const payload = JSON.stringify({ query });
    let res!: Awaited<ReturnType<typeof sendDirect>>;
    const held = await loopHeld(async () => { res = await sendDirect(payload); }, 3);
    refused(res, /larger than/);
    expect(held).toBeLessThan(50);
  });

  it('answers 5,000-deep nesting with a 400, not a stack overflow', async () => {
    const res = await ask(t, `{${'a{'.repeat(5000)}b${'}'.repeat(5001)}`);
    refused(res, /nests more than/);
    expect(JSON.stringify(res.body)).not.toContain('call stack');
  });

  it('refuses each limit by name: depth, aliases, fields, answer size', async () => {
    refused(await ask(t, `{ ${nest(GRAPHQL_MAX_DEPTH + 1, 'id')} }`), /more than \d+ fields deep/);
    // Through fragments: the depth the text does not show.
    const fragments = Array.from({ length: GRAPHQL_MAX_DEPTH }, (_, i) => `fragment F${i} on Node { children { ${i + 1 < GRAPHQL_MAX_DEPTH ? `...F${i + 1}` : 'id'} } }`).join(' ');
    refused(await ask(t, `{ nodes { ...F0 } } ${fragments}`, 'r-tree'), /fields deep/);
    refused(await ask(t, `{ ${Array.from({ length: GRAPHQL_MAX_ALIASES + 1 }, (_, i) => `a${i}: product(id: ${i}) { id }`).join(' ')} }`), /aliases/);
    refused(await ask(t, `{ products { ${'title '.repeat(GRAPHQL_MAX_FIELDS + 1)} } }`), /selects more than/);
    // Lists multiply: 9 levels of MOCK_LIST_ITEMS children is more than the answer may hold.
    const wide = `{ nodes { ${nest(9, 'id', 'children')} } }`;
    expect(costOf(TREE_SDL, wide)).toBeGreaterThan(GRAPHQL_MAX_COST);
    refused(await ask(t, wide, 'r-tree'), /answer would hold more than/);
  });

  it('runs the worst query it allows without holding the event loop 50 ms', async () => {
    // Lists of lists as deep as the answer allows: the largest answer under the limits.
    const query = (n: number) => `{ n${n}: nodes { ${nest(7, 'id name other: name', 'children')} } }`;
    const cost = costOf(TREE_SDL, query(0));
    expect(cost).toBeLessThanOrEqual(GRAPHQL_MAX_COST);
    expect(cost).toBeGreaterThan(GRAPHQL_MAX_COST * 0.6);
    await ask(t, query(0), 'r-tree'); // the schema built and the code warm, as on a running server
    let n = 0;
    const held = await loopHeld(async () => {
      const res = await sendDirect(JSON.stringify({ query: query(++n) }), 'r-tree');
      expect(res.status).toBe(200);
      expect(res.body.data[`n${n}`].length).toBeGreaterThan(0);
    });
    expect(held).toBeLessThan(50);
  });

  it('still answers GraphiQL\'s full introspection query', async () => {
    const res = await ask(t, getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }));
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses introspection that multiplies through the schema', async () => {
    const res = await ask(t, '{ __schema { types { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } }');
    expect(res.status).toBe(400);
  });

  it('holds a mock\'s answer to the 10 MB cap of real upstreams', async () => {
    const spec = JSON.stringify({
      openapi: '3.0.0', info: { title: 'Big', version: '1' },
      paths: { '/big': { get: { responses: { 200: { description: 'x', content: { 'application/json': { example: { blob: 'x'.repeat(11 * 1024 * 1024) } } } } } } } },
    });
    await t.db.insert(assetResources).values({ id: 'r-bigmock', productVersionId: 'v-open', title: 'Big', type: 'oas3', specification: spec, specificationSize: spec.length, upstreamUrl: 'mock:' });
    await indexSpecification(t.db, 'r-bigmock');
    const res = await t.request(f.alice, { url: `${API}/gateway/p-open/v-open/r-bigmock/big` });
    expect(res.status).toBe(502);
    expect(res.body.errors[0].detail).toMatch(/larger than 10 MB/);
  });
});

/** A schema whose lists nest without end: the cost limit's test ground. */
const TREE_SDL = 'type Query { nodes: [Node!]! }\ntype Node { id: ID!, name: String, children: [Node!]! }\n';

/** `field { field { … leaf } }`, `levels` fields deep. */
function nest(levels: number, leaf: string, field = 'a'): string {
  let q = leaf;
  for (let i = 1; i < levels; i++) q = `${field} { ${q} }`;
  return q;
}

/** What the mock's cost check counts for a query (fields of the answer). */
function costOf(sdl: string, query: string): number {
  return answerCost(buildSchema(sdl), parse(query), null, undefined);
}

describe('path escape (finding 4)', () => {
  const headers = async () => t.headersFor(f.alice);

  it.each([
    ['a\\..\\..\\..\\..\\etc\\passwd'],
    ['a\\%2e%2e\\%2e%2e\\secret'],
    ['%2e%2e/%2e%2e/etc/passwd'],
    ['.%2E/.%2e/etc'],
    ['a/%2E%2e/%2e./b'],
    ['a%2f..%2f..%2fetc'],
    ['a%5c..%5c..%5cetc'],
    ['a%2F%2E%2E%2F%2E%2E%2Fetc'],
    ['%252e%252e/%252e%252e/etc'],
    ['%25252e%25252e/etc'],
    ['..;/..;/etc'],
    ['a/..%3b/etc'],
    ['%c0%ae%c0%ae/etc'],
    ['a\\.\\b'],
  ])('refuses %s with a 400 naming the path, and calls nothing', async (path) => {
    seen = [];
    const res = await raw(rawPath(path), await headers());
    expect(res.status).toBe(400);
    // The router refuses some itself (a malformed escape, as `url`); the gateway the rest (`path`).
    expect(res.body.errors[0]).toMatchObject({ status: 400, source: { parameter: expect.stringMatching(/^(path|url)$/) } });
    expect(seen).toEqual([]);
  });

  it('sends and records the URL the upstream reads (backslashes as slashes), inside the base path', async () => {
    seen = [];
    const res = await raw(rawPath('pets\\7?x=1'), { ...(await headers()), 'x-agora-credential': f.app.credentialId });
    expect(res.status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/api/pets/7?x=1']);
    const [tx] = await t.db.select().from(transactions).where(eq(transactions.id, String(res.headers['x-agora-transaction-id'])));
    expect(tx!.upstreamUrl).toBe(`http://127.0.0.1:${port}/api/pets/7?x=1`);
  });

  it('lets dots, encoded slashes and percent signs that are no dot segment through', async () => {
    seen = [];
    for (const path of ['files/report.v1.json', 'files/a%2Fb', 'files/...', 'files/.well-known', 'files/100%25']) {
      const res = await raw(rawPath(path), await headers());
      expect(res.status, path).toBe(200);
    }
    expect(seen.map((s) => s.url)).toEqual(['/api/files/report.v1.json', '/api/files/a%2Fb', '/api/files/...', '/api/files/.well-known', '/api/files/100%25']);
  });
});

describe('egress policy (finding 5)', () => {
  it.each([
    ['the IPv4 loopback', (p: number) => `http://127.0.0.1:${p}/api`],
    ['a name that resolves to loopback', (p: number) => `http://localhost:${p}/api`],
    ['decimal IPv4', (p: number) => `http://2130706433:${p}/api`],
    ['octal IPv4', (p: number) => `http://0177.0.0.1:${p}/api`],
    ['hex IPv4', (p: number) => `http://0x7f.1:${p}/api`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}/api`],
    ['IPv4-compatible IPv6', (p: number) => `http://[::127.0.0.1]:${p}/api`],
    ['IPv4-mapped IPv6', (p: number) => `http://[::ffff:127.0.0.1]:${p}/api`],
    ['NAT64 IPv6', (p: number) => `http://[64:ff9b::7f00:1]:${p}/api`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['unique-local IPv6', () => 'http://[fd00::1]/api'],
    ['a private network', () => 'http://10.1.2.3/api'],
    ['the unspecified address', (p: number) => `http://0.0.0.0:${p}/api`],
  ])('refuses %s (403, nothing called, recorded as refused)', async (_name, url) => {
    const id = `r-egress-${Math.random().toString(36).slice(2, 8)}`;
    await strictFixture();
    await strict.db.insert(assetResources).values({ id, productVersionId: 'v-open', title: id, type: 'oas3', specification: PETS_OAS3, upstreamUrl: url(port) });
    seen = [];
    const res = await strict.request(strictUser!, { url: `${API}/gateway/p-open/v-open/${id}/pets` });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].detail).toMatch(/address: the server does not call it/);
    expect(seen).toEqual([]);
    const [tx] = await strict.db.select().from(transactions).where(eq(transactions.assetResourceId, id));
    expect(tx).toMatchObject({ status: 403 });
    expect((tx!.legs as Array<{ transactionEvent: { error?: string } }>)[1]!.transactionEvent.error).toBe('refused');
  });

  it('refuses an X-Agora-Endpoint the specification lists at a private address', async () => {
    await strictFixture();
    await strict.db.insert(assetResources).values({
      id: 'r-endpoints', productVersionId: 'v-open', title: 'E', type: 'oas3', specification: PETS_OAS3,
      upstreamUrl: 'https://api.example.com/v1', endpoints: [`http://127.0.0.1:${port}/admin`],
    });
    seen = [];
    const res = await strict.request(strictUser!, { url: `${API}/gateway/p-open/v-open/r-endpoints/x`, headers: { 'x-agora-endpoint': `http://127.0.0.1:${port}/admin` } });
    expect(res.status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('refuses a declared token URL at a private address in the token helper too', async () => {
    await strictFixture();
    const spec = PETS_OAS3.replace("tokenUrl: 'https://auth.pets.example.com/token'", `tokenUrl: 'http://127.0.0.1:${port}/auth/token'`);
    await strict.db.insert(assetResources).values({ id: 'r-token', productVersionId: 'v-open', title: 'T', type: 'oas3', specification: spec, upstreamUrl: 'https://api.example.com' });
    await indexSpecification(strict.db, 'r-token');
    seen = [];
    const res = await strict.request(strictUser!, {
      method: 'POST', url: `${API}/products/p-open/versions/v-open/assetresources/r-token/spec/token`,
      payload: { tokenUrl: `http://127.0.0.1:${port}/auth/token`, grantType: 'client_credentials', clientId: 'a' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ parameter: 'tokenUrl' });
    expect(seen).toEqual([]);
  });

  it('checks every address a name resolves to, as the socket will use it (no second lookup to rebind)', async () => {
    const answers: Array<Array<{ address: string; family: number }>> = [
      [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }],
      [{ address: '::ffff:169.254.169.254', family: 6 }],
    ];
    const asked: string[] = [];
    for (const answer of answers) {
      const egress = new Egress({ resolve: async (host) => { asked.push(host); return answer; } });
      const error = await egress.agent.request({ origin: `http://rebind.test:${port}`, path: '/', method: 'GET' }).then(() => null, (e: unknown) => e);
      expect(error).toMatchObject({ code: 'EGRESS_REFUSED' });
      await egress.close();
    }
    expect(asked).toEqual(['rebind.test', 'rebind.test']);
  });

  it('classes addresses in every spelling', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
      '::', '::1', '::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '2002:7f00:1::',
      'fd00::1', 'fc00::1', 'fe80::1%eth0', 'ff02::1', 'fd00:ec2::254']) {
      expect(blockedAddress(a), a).not.toBeNull();
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808']) expect(blockedAddress(a), a).toBeNull();
  });

  it('keeps identity and forwarding headers from the upstream, whichever way they are sent', async () => {
    seen = [];
    const names = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'origin', 'referer', 'x-tenant-id', 'x-forwarded-host', 'x-forwarded-proto', 'via', 'true-client-ip', 'x-http-method-override'];
    const headers: Record<string, string> = { 'x-agora-upstream-authorization': 'Bearer kept' };
    for (const name of names) {
      headers[`x-agora-upstream-${name}`] = 'http://evil.example';
      if (name !== 'x-tenant-id' && name !== 'origin' && name !== 'referer') headers[name] = '10.9.9.9';
    }
    const res = await t.request(f.alice, { url: `${gw}/pets`, headers });
    expect(res.status).toBe(200);
    expect(seen[0]!.headers.authorization).toBe('Bearer kept');
    for (const name of names) expect(seen[0]!.headers[name], name).toBeUndefined();
  });
});

let strictUser: ExplorerFixture['alice'] | null = null;
/** The strict app's catalogue (created once, by the first test that needs it). */
async function strictFixture(): Promise<void> {
  if (strictUser) return;
  strictUser = (await seedExplorer(strict)).alice;
}

describe('mock authorize page (finding 6)', () => {
  const authorize = (resource: string, redirect: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `${API}${resource}/spec/authorize?response_type=code&state=s&redirect_uri=${encodeURIComponent(redirect)}`, headers });

  it('answers hidden, deleted, restricted and inactive resources exactly like unknown ones', async () => {
    await t.db.insert(products).values([
      { id: 'p-draft', name: 'draft', title: 'Draft', state: 'draft' },
      { id: 'p-users', name: 'users', title: 'Users', visibility: 'authenticated' },
      { id: 'p-gone', name: 'gone', title: 'Gone', state: 'deleted' },
    ]);
    await t.db.insert(productVersions).values([
      { id: 'v-draft', productId: 'p-draft', label: '1', value: '1' },
      { id: 'v-users', productId: 'p-users', label: '1', value: '1' },
      { id: 'v-gone', productId: 'p-gone', label: '1', value: '1' },
    ]);
    for (const [id, v] of [['r-draft', 'v-draft'], ['r-users', 'v-users'], ['r-gone', 'v-gone']] as const) {
      await t.db.insert(assetResources).values({ id, productVersionId: v, title: id, type: 'oas3', specification: PETS_OAS3, upstreamUrl: 'mock:' });
    }
    const unknown = await authorize('/products/p-open/versions/v-open/assetresources/r-nope', 'http://portal.test/cb');
    expect(unknown.statusCode).toBe(404);
    for (const path of [
      f.paths.restricted, f.paths.deleted, f.paths.archived, f.paths.asyncapi,
      '/products/p-draft/versions/v-draft/assetresources/r-draft', '/products/p-users/versions/v-users/assetresources/r-users',
      '/products/p-gone/versions/v-gone/assetresources/r-gone',
    ]) {
      const res = await authorize(path, 'http://portal.test/cb');
      expect([path, res.statusCode, res.body]).toEqual([path, 404, unknown.body]);
    }
    expect((await authorize(f.paths.oas3, 'http://portal.test/cb')).statusCode).toBe(302);
  });

  it('compares the redirect with the configured public origin, never the Host header', async () => {
    const evil = await authorize(f.paths.oas3, 'http://evil.example/cb', { host: 'evil.example' });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().errors[0].source).toEqual({ parameter: 'redirect_uri' });
    const forwarded = await authorize(f.paths.oas3, 'https://evil.example/cb', { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(forwarded.statusCode).toBe(400);
    const home = await authorize(f.paths.oas3, 'http://portal.test/oauth2-redirect.html', { host: 'evil.example' });
    expect(home.statusCode).toBe(302);
    expect(String(home.headers.location)).toMatch(/^http:\/\/portal\.test\/oauth2-redirect\.html\?/);
  });
});
