// Account-creation spam: POST /auth/register is limited per client address (RegistrationThrottle,
// the sign-in limits' counts and back-off): REGISTER_LIMITS.free free attempts, the next one
// earning a back-off of 1 s, then 429 with
// Retry-After in the error shape; other addresses are not affected; refused ones write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { REGISTER_LIMITS } from '../../server/src/auth/throttle.ts';

let t: TestApp;
const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
let seq = 0;

const register = (remoteAddress: string, email = `spam${seq++}@register.test`) =>
  t.app.inject({
    method: 'POST', url: `${API}/auth/register`, remoteAddress,
    payload: { email, password: 'tangerine-sofa-42', name: 'Spam', organisation: `Spam ${seq}` },
  });
const users = async () =>
  Number(((await t.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await t.setSettings({ signup: true });
});
afterAll(() => t?.close());

describe('registration limits per client address', () => {
  it(`${REGISTER_LIMITS.free} + 1 registrations, then 429 with Retry-After and nothing written, growing back-off; other addresses go on`, async () => {
    const from = '203.0.113.50';
    for (let i = 0; i <= REGISTER_LIMITS.free; i++) expect((await register(from)).statusCode).toBe(201);
    const before = await users();
    const refused = await register(from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ errors: [{ status: 429, title: 'Too Many Requests', detail: 'Too many registrations; try again in 1 second.', source: { parameter: 'email' } }] });
    expect(await users()).toBe(before);

    // Another address is not held up.
    expect((await register('203.0.113.51')).statusCode).toBe(201);

    // After the wait one more, then twice the wait.
    clock.advance(1000);
    expect((await register(from)).statusCode).toBe(201);
    const next = await register(from);
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('2');
  });

  it('counts refusals of a taken address too (probing for accounts), not malformed bodies', async () => {
    const from = '203.0.113.60';
    await register(from, 'taken@register.test');
    for (let i = 1; i <= REGISTER_LIMITS.free; i++) expect((await register(from, 'taken@register.test')).statusCode).toBe(409);
    // Bad input is refused before the count.
    const bad = await t.app.inject({ method: 'POST', url: `${API}/auth/register`, remoteAddress: from, payload: { email: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((await register(from, 'taken@register.test')).statusCode).toBe(429);
  });
});
