// Password guessing (issue 12, finding 3): sign-in is limited per account+address and per address,
// with 429 + Retry-After and a growing back-off, counted in the store (shared by instances, and
// counting guesses sent in parallel), without letting an attacker shut the user out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp, type TestOrg } from './helper.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { SIGNIN_LIMITS } from '../../server/src/auth/throttle.ts';
import { buildApp } from '../../server/src/app.ts';

let t: TestApp;
let org: TestOrg;
const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
let addressSeq = 10;
/** A client address no other test used. */
const newAddress = () => `203.0.113.${addressSeq++}`;

const signIn = (app: TestApp['app'], username: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/signin`, payload: { username, password }, remoteAddress });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  org = await t.createOrg();
});
afterAll(() => t?.close());

describe('sign-in limits', () => {
  it('50 wrong passwords then the right one: 429 with Retry-After in the error shape once past the free tries; the right one works after waiting', async () => {
    const user = await t.createUser({ orgId: org.id });
    const from = newAddress();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 50; i++) {
      last = await signIn(t.app, user.email, `wrong ${i}`, from);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, SIGNIN_LIMITS.accountFree + 1)).toEqual(Array(SIGNIN_LIMITS.accountFree + 1).fill(401));
    expect(statuses.slice(SIGNIN_LIMITS.accountFree + 1)).toEqual(Array(50 - SIGNIN_LIMITS.accountFree - 1).fill(429));
    expect(last!.headers['retry-after']).toBe('1');
    expect(last!.json()).toEqual({ errors: [{ status: 429, title: 'Too Many Requests', detail: 'Too many sign-in attempts; try again in 1 second.', source: { parameter: 'username' } }] });

    // The right password is refused too while blocked (no oracle), then accepted after Retry-After.
    expect((await signIn(t.app, user.email, user.password, from)).statusCode).toBe(429);
    clock.advance(1000);
    const ok = await signIn(t.app, user.email, user.password, from);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().accessToken).toEqual(expect.any(String));
    // A success clears the count: the next mistake is a plain 401 again.
    expect((await signIn(t.app, user.email, 'wrong again', from)).statusCode).toBe(401);
  });

  it('the back-off doubles with each failure after a block (1, 2, 4, 8 s), and an unknown account is limited alike', async () => {
    for (const username of [(await t.createUser({ orgId: org.id })).email, 'nobody-here@agora.test']) {
      const from = newAddress();
      for (let i = 0; i < SIGNIN_LIMITS.accountFree; i++) expect((await signIn(t.app, username, 'wrong', from)).statusCode).toBe(401);
      const waits: number[] = [];
      for (let round = 0; round < 4; round++) {
        expect((await signIn(t.app, username, 'wrong', from)).statusCode).toBe(401);
        const refused = await signIn(t.app, username, 'wrong', from);
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers['retry-after']));
        clock.advance(waits.at(-1)! * 1000);
      }
      expect(waits).toEqual([1, 2, 4, 8]);
    }
  });

  it('guesses from other addresses never shut the user out of their own address', async () => {
    const user = await t.createUser({ orgId: org.id });
    for (let a = 0; a < 4; a++) {
      const attacker = newAddress();
      for (let i = 0; i < SIGNIN_LIMITS.accountFree + 3; i++) await signIn(t.app, user.email, 'guess', attacker);
      expect((await signIn(t.app, user.email, 'guess', attacker)).statusCode).toBe(429);
    }
    expect((await signIn(t.app, user.email, user.password, newAddress())).statusCode).toBe(200);
  });

  it('counts guesses sent in parallel: at most the free tries and one more are checked', async () => {
    const user = await t.createUser({ orgId: org.id });
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t.app, user.email, `parallel ${i}`, from)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_LIMITS.accountFree + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - SIGNIN_LIMITS.accountFree - 1);
  });

  it('limits one address spraying many accounts', async () => {
    const from = newAddress();
    let status = 0;
    for (let i = 0; i <= SIGNIN_LIMITS.addressFree + 1 && status !== 429; i++) {
      status = (await signIn(t.app, `spray-${i}@agora.test`, 'Winter2026!', from)).statusCode;
    }
    expect(status).toBe(429);
    // Another address is not affected.
    const user = await t.createUser({ orgId: org.id });
    expect((await signIn(t.app, user.email, user.password, newAddress())).statusCode).toBe(200);
  });

  it('behind a trusted proxy, clients are told apart by X-Forwarded-For (not all shut out together)', async () => {
    const proxied = await buildApp({ store: t.store, auth: { secret: 'test-secret-of-at-least-32-characters!' }, runJobs: false, clock, trustProxy: 1 });
    try {
      const user = await t.createUser({ orgId: org.id });
      const proxy = newAddress();
      const via = (client: string, password: string) => proxied.inject({
        method: 'POST', url: `${API}/auth/signin`, payload: { username: user.email, password }, remoteAddress: proxy, headers: { 'x-forwarded-for': client },
      });
      const attacker = newAddress();
      for (let i = 0; i <= SIGNIN_LIMITS.accountFree; i++) await via(attacker, 'guess');
      expect((await via(attacker, 'guess')).statusCode).toBe(429);
      expect((await via(newAddress(), user.password)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('a second instance on the same store sees the same counts', async () => {
    const other = await buildApp({ store: t.store, auth: { secret: 'test-secret-of-at-least-32-characters!' }, runJobs: false, clock });
    try {
      const user = await t.createUser({ orgId: org.id });
      const from = newAddress();
      for (let i = 0; i <= SIGNIN_LIMITS.accountFree; i++) {
        await signIn(i % 2 ? other : t.app, user.email, 'wrong', from);
      }
      expect((await signIn(other, user.email, user.password, from)).statusCode).toBe(429);
      expect((await signIn(t.app, user.email, user.password, from)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
