// Invitations into an organisation: its Administrator creates, lists and revokes them; the code
// (given out once) is looked up by its holder and taken by POST /auth/register, once, in the
// registering transaction: the new user is a Consumer of the inviting organisation, in the
// invitation's team or a private team of their own. A refused registration leaves the invitation
// pending and writes no user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { invitations, users } from '../../server/src/db/schema.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';
import { INVITATION_TTL_DAYS } from '../../server/src/auth/invitations.ts';

let t: TestApp;
let admin: TestUser;
let consumer: TestUser;
let other: TestUser;
let teamId: string;
let privateTeamId: string;
let otherTeamId: string;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));

const invite = (body: Record<string, unknown> = {}, who: TestUser | null = admin) =>
  t.request(who, { method: 'POST', url: `${API}/invitations`, payload: body });
const lookup = (code: string) => t.request(null, { url: `${API}/invitationLookup?code=${encodeURIComponent(code)}` });
const register = (body: Record<string, unknown>) => t.request(null, { method: 'POST', url: `${API}/auth/register`, payload: body });
const person = (email: string, over: Record<string, unknown> = {}) => ({ email, password: 'tangerine-sofa-42', name: 'Ivy Invitee', ...over });
const sessionOf = async (accessToken: string) =>
  (await t.request(null, { url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${accessToken}` } })).body;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const org = await t.createOrg({ name: 'Acme' });
  admin = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Administrator] });
  consumer = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
  teamId = (await t.createTeam({ orgId: org.id, name: 'Platform', members: [{ userId: admin.id, roles: ['administrator'] }] })).id;
  privateTeamId = (await t.createTeam({ orgId: org.id, name: 'Own', tags: ['private'] })).id;
  const globex = await t.createOrg({ name: 'Globex' });
  other = await t.createUser({ orgId: globex.id, orgRoles: [ORG_ROLES.Administrator] });
  otherTeamId = (await t.createTeam({ orgId: globex.id, name: 'Globex team' })).id;
  // Signup stays off: an invitation opens registration by itself.
});
afterAll(() => t?.close());

describe('invitations', () => {
  it('joins the inviting organisation in the invitation team, once', async () => {
    const created = await invite({ team: { id: teamId } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: 'pending', email: null, team: { id: teamId, name: 'Platform' }, acceptedAt: null, code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(Date.parse(created.body.expiresAt) - clock.now().getTime()).toBe(INVITATION_TTL_DAYS * 86_400_000);
    const { code } = created.body as { code: string };

    const seen = await lookup(code);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ organisation: { name: 'Acme' }, email: null, team: { name: 'Platform' }, expiresAt: created.body.expiresAt });

    const res = await register(person('ivy@acme.test', { invitation: code }));
    expect(res.status).toBe(201);
    const session = await sessionOf(res.body.accessToken);
    expect(session).toMatchObject({ org_id: admin.orgId, roles: ['Consumer'], teams: [{ name: 'Platform', roles: ['consumer', 'developer'] }] });

    // Used: the code opens nothing more, and the list says accepted (without the code).
    expect((await lookup(code)).status).toBe(404);
    const again = await register(person('ivy2@acme.test', { invitation: code }));
    expect(again.status).toBe(400);
    expect(again.body.errors[0].source.parameter).toBe('invitation');
    expect(await t.db.select().from(users).where(eq(users.email, 'ivy2@acme.test'))).toEqual([]);
    const list = await t.request(admin, { url: `${API}/invitations` });
    const row = list.body.items.find((i: { id: string }) => i.id === created.body.id);
    expect(row).toMatchObject({ state: 'accepted', acceptedAt: expect.any(String) });
    expect(row.code).toBeUndefined();
    const [stored] = await t.db.select().from(invitations).where(eq(invitations.id, created.body.id));
    expect(stored!.acceptedBy).toMatch(/^user-/);
    expect(stored!.codeHash).not.toContain(code);
  });

  it('without a team, gives the invitee a private team of their own', async () => {
    const { code } = (await invite()).body as { code: string };
    const res = await register(person('solo@acme.test', { invitation: code }));
    expect(res.status).toBe(201);
    expect(await sessionOf(res.body.accessToken)).toMatchObject({ org_id: admin.orgId, roles: ['Consumer'], teams: [{ name: 'Ivy Invitee', tags: ['private'], roles: ['administrator', 'consumer'] }] });
  });

  it('bound to an address: another address is refused and the invitation stays pending', async () => {
    const created = await invite({ email: 'Bound@Acme.test' });
    const { code } = created.body as { code: string };
    const wrong = await register(person('someone@acme.test', { invitation: code }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].source.parameter).toBe('email');
    expect(await t.db.select().from(users).where(eq(users.email, 'someone@acme.test'))).toEqual([]);
    expect((await lookup(code)).body).toMatchObject({ email: 'Bound@Acme.test' });
    expect((await register(person('bound@acme.test', { invitation: code }))).status).toBe(201);
  });

  it('expires after its time, and a revoked one opens nothing', async () => {
    const { code } = (await invite()).body as { code: string };
    clock.advance(INVITATION_TTL_DAYS * 86_400_000 + 1);
    expect((await lookup(code)).status).toBe(404);
    expect((await register(person('late@acme.test', { invitation: code }))).status).toBe(400);

    const fresh = (await invite()).body as { id: string; code: string };
    expect((await t.request(admin, { method: 'DELETE', url: `${API}/invitations/${fresh.id}` })).status).toBe(204);
    expect((await lookup(fresh.code)).status).toBe(404);
    expect((await t.request(admin, { method: 'DELETE', url: `${API}/invitations/${fresh.id}` })).status).toBe(404);
  });

  it('is for the organisation Administrator, within the organisation', async () => {
    expect((await invite({}, consumer)).status).toBe(403);
    expect((await invite({}, null)).status).toBe(401);
    expect((await t.request(consumer, { url: `${API}/invitations` })).status).toBe(403);
    const bad = await invite({ team: { id: otherTeamId } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe('team.id');
    expect((await invite({ team: { id: privateTeamId } })).body.errors[0].source.parameter).toBe('team.id');
    expect((await invite({ email: 'not-an-address' })).body.errors[0].source.parameter).toBe('email');

    // Globex neither sees nor revokes Acme's invitations.
    const mine = (await invite()).body as { id: string };
    expect((await t.request(other, { method: 'DELETE', url: `${API}/invitations/${mine.id}` })).status).toBe(404);
    expect((await t.request(other, { url: `${API}/invitations` })).body.items.map((i: { id: string }) => i.id)).not.toContain(mine.id);
  });

  it('an accepted invitation cannot be revoked (409), and organisation with invitation is refused', async () => {
    const created = (await invite()).body as { id: string; code: string };
    expect((await register(person('kept@acme.test', { invitation: created.code }))).status).toBe(201);
    expect((await t.request(admin, { method: 'DELETE', url: `${API}/invitations/${created.id}` })).status).toBe(409);
    const both = await register(person('both@acme.test', { invitation: 'a'.repeat(43), organisation: 'Initech' }));
    expect(both.status).toBe(400);
    expect(both.body.errors[0].source.parameter).toBe('organisation');
  });
});
