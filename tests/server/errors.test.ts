// Client mistakes of every generic kind get a 4xx in the one JSON error shape, naming what is
// wrong; never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import errorsPlugin from '../../server/src/plugins/errors.ts';
import { organisations } from '../../server/src/db/schema.ts';

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  ann = await t.createUser({ orgId: (await t.createOrg()).id });
});
afterAll(() => t?.close());

function expectError(res: { status: number; body: any }, status: number, parameter?: string) {
  expect(res.status).toBe(status);
  expect(res.body.errors).toHaveLength(1);
  const [item] = res.body.errors;
  expect(item).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  if (parameter) expect(item.source).toEqual({ parameter });
  return item;
}

describe('validation', () => {
  it('names a query parameter of the wrong type or out of range', async () => {
    const item = expectError(await t.request(ann, { url: `${API}/team?limit=abc` }), 400, 'limit');
    expect(item.detail).toBe('limit must be integer.');
    expectError(await t.request(ann, { url: `${API}/team?limit=101` }), 400, 'limit');
    expectError(await t.request(ann, { url: `${API}/team?offset=-1` }), 400, 'offset');
  });

  it('names an unknown query parameter', async () => {
    const item = expectError(await t.request(ann, { url: `${API}/team?colour=red` }), 400, 'colour');
    expect(item.detail).toBe('colour is not an accepted query parameter.');
  });

  it('names a path parameter that is not a valid id', async () => {
    expectError(await t.request(ann, { url: `${API}/team/${encodeURIComponent('bad id!')}` }), 400, 'id');
    expectError(await t.request(ann, { url: `${API}/team/${'x'.repeat(300)}` }), 400, 'id');
  });

  it('names a missing, mistyped or extra body field', async () => {
    const signin = `${API}/auth/signin`;
    expect(expectError(await t.request(null, { method: 'POST', url: signin, payload: { password: 'x' } }), 400, 'username').detail)
      .toBe('username is required.');
    expectError(await t.request(null, { method: 'POST', url: signin, payload: { username: 'a', password: { text: 'b' } } }), 400, 'password');
    expectError(await t.request(null, { method: 'POST', url: signin, payload: { username: 'a', password: 'b', admin: true } }), 400, 'admin');
    expectError(await t.request(null, { method: 'POST', url: signin, payload: [1, 2] }), 400, 'body');
  });
});

describe('bodies', () => {
  it('answers malformed JSON with 400 naming the body', async () => {
    const item = expectError(await t.request(null, {
      method: 'POST', url: `${API}/auth/signin`, headers: { 'content-type': 'application/json' }, payload: '{"username": "a",',
    }), 400, 'body');
    expect(item.detail).toMatch(/not valid JSON/);
  });

  it('answers an empty JSON body with 400', async () => {
    expectError(await t.request(null, {
      method: 'POST', url: `${API}/auth/signin`, headers: { 'content-type': 'application/json' }, payload: '',
    }), 400, 'body');
  });

  it('answers an unsupported content type with 415 naming Content-Type', async () => {
    expectError(await t.request(null, {
      method: 'POST', url: `${API}/auth/signin`, headers: { 'content-type': 'application/xml' }, payload: '<a/>',
    }), 415, 'Content-Type');
  });

  it('answers a body over the limit with 413', async () => {
    const huge = JSON.stringify({ username: 'a', password: 'x'.repeat(13 * 1024 * 1024) });
    expectError(await t.request(null, {
      method: 'POST', url: `${API}/auth/signin`, headers: { 'content-type': 'application/json' }, payload: huge,
    }), 413, 'body');
  });
});

describe('routes', () => {
  it('answers an unknown route with 404 JSON', async () => {
    const item = expectError(await t.request(null, { url: `${API}/no/such/thing?x=1` }), 404);
    expect(item.detail).toBe('No route GET /api/v1/no/such/thing');
  });

  it('answers an unknown method on a known path with 404 JSON', async () => {
    expectError(await t.request(null, { method: 'DELETE', url: `${API}/marketplace` }), 404);
  });

  it('answers a badly encoded URL with 400 JSON', async () => {
    expectError(await t.request(null, { url: `${API}/team/%E0%A4%A` }), 400, 'url');
  });
});

describe('values the database cannot take', () => {
  it('refuses a NUL character in a query parameter or body field with 400 naming it', async () => {
    expectError(await t.request(ann, { url: `${API}/team?search=a%00b` }), 400, 'search');
    expectError(await t.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username: 'a\u0000', password: 'x' } }), 400, 'username');
  });

  it('turns a database error caused by a client value into a 4xx, not a 500', async () => {
    // A route that forgot to validate: the real database error must still be a client error.
    const bare = Fastify();
    await bare.register(errorsPlugin);
    bare.get('/cast', async () => t.db.execute(sql`select ${'not a number'}::int`));
    bare.get('/duplicate', async () => {
      await t.db.insert(organisations).values({ id: 'dup-org', name: 'Dup' }).onConflictDoNothing();
      return t.db.insert(organisations).values({ id: 'dup-org', name: 'Dup' });
    });
    await bare.ready();
    try {
      const cast = await bare.inject({ url: '/cast' });
      expect(cast.statusCode).toBe(400);
      expect(cast.json().errors[0].detail).toMatch(/cannot be stored or compared/);
      expect((await bare.inject({ url: '/duplicate' })).statusCode).toBe(409);
    } finally {
      await bare.close();
    }
  });
});
