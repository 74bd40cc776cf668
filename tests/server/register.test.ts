// Self-service registration (POST /auth/register): open only when settings.signup is on; a new
// organisation with the user as its Administrator and a first team; signed in at once; the
// rules of src/rules/registration.ts refused with the field named; a taken e-mail is a 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { organisations, teamMembers, teams, users } from '../../server/src/db/schema.ts';
import { PASSWORD_MIN_LENGTH } from '../../src/rules/constants.ts';

let t: TestApp;

const register = (body: Record<string, unknown>) =>
  t.request(null, { method: 'POST', url: `${API}/auth/register`, payload: body });
const valid = (over: Record<string, unknown> = {}) => ({
  email: 'nina@initech.test', password: 'tangerine-sofa-42', name: 'Nina Novak', organisation: 'Initech', ...over,
});
const count = async (table: 'organisations' | 'users' | 'teams') =>
  Number(((await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);

beforeAll(async () => {
  t = await buildTestApp();
  const org = await t.createOrg({ name: 'Acme' });
  await t.createUser({ orgId: org.id, email: 'taken@acme.test' });
});
afterAll(() => t?.close());

describe('registration', () => {
  it('is refused with 403 while signup is off (the default), and nothing is written', async () => {
    const before = await count('users');
    const res = await register(valid());
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ status: 403, title: 'Forbidden', detail: expect.stringContaining('does not take registrations') });
    expect(await count('users')).toBe(before);
    // and a taken address is not revealed while registration is closed
    expect((await register(valid({ email: 'taken@acme.test' }))).status).toBe(403);
  });

  it('creates the organisation, its Administrator and a first team, and signs the user in', async () => {
    await t.setSettings({ signup: true });
    const res = await register(valid({ email: '  Nina@Initech.test ', name: ' Nina Novak ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });

    const session = await t.request(null, { url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${res.body.accessToken}` } });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      user: { name: 'Nina Novak', email: 'Nina@Initech.test' },
      roles: ['Administrator'],
      teams: [{ name: 'Initech', tags: [], roles: ['administrator', 'consumer'] }],
      provider_guid: null,
      entitlements: [],
    });
    const [org] = await t.db.select().from(organisations).where(eq(organisations.id, session.body.org_id));
    expect(org).toMatchObject({ name: 'Initech', kind: 'consumer' });
    const [team] = await t.db.select().from(teams).where(eq(teams.orgId, org!.id));
    expect(team).toMatchObject({ type: 'consumer' });

    // The password signs in from now on (e-mail case-insensitive), and the refresh token works.
    const signIn = await t.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username: 'nina@initech.test', password: 'tangerine-sofa-42' } });
    expect(signIn.status).toBe(200);
    const refresh = await t.request(null, { method: 'POST', url: `${API}/auth/refresh`, payload: { refreshToken: res.body.refreshToken } });
    expect(refresh.status).toBe(200);
  });

  it('answers 409 naming the e-mail when an account holds it (case-insensitively), and writes nothing', async () => {
    await t.setSettings({ signup: true });
    const before = await Promise.all([count('organisations'), count('users'), count('teams')]);
    for (const email of ['taken@acme.test', 'TAKEN@Acme.Test', 'nina@INITECH.test']) {
      const res = await register(valid({ email, organisation: 'Another' }));
      expect(res.status, email).toBe(409);
      expect(res.body.errors[0]).toMatchObject({ status: 409, source: { parameter: 'email' }, detail: 'An account with this e-mail address already exists: sign in instead.' });
    }
    expect(await Promise.all([count('organisations'), count('users'), count('teams')])).toEqual(before);
  });

  it('lets only one of two registrations racing for one address through, leaving no second organisation', async () => {
    await t.setSettings({ signup: true });
    const before = await count('organisations');
    const answers = await Promise.all([
      register(valid({ email: 'race@globex.test', organisation: 'Race one' })),
      register(valid({ email: 'race@globex.test', organisation: 'Race two' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await count('organisations')).toBe(before + 1);
    expect((await t.db.select().from(users).where(sql`lower(${users.email}) = 'race@globex.test'`)).length).toBe(1);
  });

  it.each([
    ['a short password', { password: 'x7-Short' }, 'password', `at least ${PASSWORD_MIN_LENGTH} characters`],
    ['a password of few characters', { password: 'abababababab' }, 'password', 'different characters'],
    ['a password holding the e-mail', { email: 'marguerite@initech.test', password: 'marguerite-2024' }, 'password', 'e-mail'],
    ['an e-mail without a domain', { email: 'nina@localhost' }, 'email', 'not a valid e-mail'],
    ['an e-mail with spaces', { email: 'ni na@initech.test' }, 'email', 'not a valid e-mail'],
    ['a blank name', { name: '   ' }, 'name', 'required'],
    ['a blank organisation', { organisation: ' ' }, 'organisation', 'required'],
  ])('refuses %s with a 400 naming the field, before anything is written', async (_name, over, parameter, detail) => {
    await t.setSettings({ signup: true });
    const before = await count('users');
    const res = await register(valid({ email: 'fresh@initech.test', ...over }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ status: 400, source: { parameter }, detail: expect.stringContaining(detail) });
    expect(await count('users')).toBe(before);
  });

  it('the new organisation sees only itself: its Administrator gets no other organisation\'s teams or users', async () => {
    await t.setSettings({ signup: true });
    const res = await register(valid({ email: 'otto@umbrella.test', organisation: 'Umbrella' }));
    expect(res.status).toBe(201);
    const headers = { authorization: `Bearer ${res.body.accessToken}` };
    const teamList = await t.request(null, { url: `${API}/team`, headers });
    expect(teamList.status).toBe(200);
    expect(JSON.stringify(teamList.body)).not.toContain('Acme');
    expect(JSON.stringify(teamList.body)).toContain('Umbrella');
    const [member] = await t.db.select().from(teamMembers).innerJoin(users, eq(users.id, teamMembers.userId))
      .where(sql`lower(${users.email}) = 'otto@umbrella.test'`);
    expect(member!.team_members.roles).toEqual(['administrator', 'consumer']);
  });
});
