// Callers of built-in sessions kept in memory (server/src/auth/caller.ts SessionCallers): a role,
// team or session change still applies to the very next request, on this instance and another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { buildApp } from '../../server/src/app.ts';
import { sessions, users } from '../../server/src/db/schema.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';

let t: TestApp;
let org: { id: string };
beforeAll(async () => { t = await buildTestApp(); org = await t.createOrg(); });
afterAll(() => t?.close());

const session = (user: TestUser, headers: Record<string, string>) => t.app.inject({ url: `${API}/auth/findSession`, headers });

describe('a signed-in caller follows every change at once', () => {
  it('organisation roles and teams', async () => {
    const user = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
    const headers = await t.headersFor(user);
    expect((await session(user, headers)).json().roles).toEqual([ORG_ROLES.Consumer]);
    expect((await session(user, headers)).json().roles).toEqual([ORG_ROLES.Consumer]);
    await t.db.update(users).set({ orgRoles: [ORG_ROLES.Consumer, ORG_ROLES.Developer] }).where(eq(users.id, user.id));
    expect((await session(user, headers)).json().roles).toEqual([ORG_ROLES.Consumer, ORG_ROLES.Developer]);
    const team = await t.createTeam({ orgId: org.id });
    await t.addToTeam(team.id, user.id, ['consumer']);
    expect((await session(user, headers)).json().teams.map((x: { guid: string }) => x.guid)).toEqual([team.id]);
  });

  it('a revoked session or a disabled user is refused on the next request', async () => {
    const user = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
    const headers = await t.headersFor(user);
    expect((await session(user, headers)).statusCode).toBe(200);
    await t.db.update(users).set({ state: 'disabled' }).where(eq(users.id, user.id));
    expect((await session(user, headers)).statusCode).toBe(401);
    await t.db.update(users).set({ state: 'active' }).where(eq(users.id, user.id));
    expect((await session(user, headers)).statusCode).toBe(200);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await session(user, headers)).statusCode).toBe(401);
  });

  it('kept in memory: a change that did not bump the version would not show (what makes the tests above meaningful)', async () => {
    const user = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
    const headers = await t.headersFor(user);
    expect((await session(user, headers)).json().roles).toEqual([ORG_ROLES.Consumer]);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table users disable trigger principals_version_bump`);
      await tx.update(users).set({ orgRoles: [ORG_ROLES.Developer] }).where(eq(users.id, user.id));
      await tx.execute(sql`alter table users enable trigger principals_version_bump`);
    });
    expect((await session(user, headers)).json().roles).toEqual([ORG_ROLES.Consumer]);
    await t.db.update(users).set({ orgRoles: [ORG_ROLES.Developer] }).where(eq(users.id, user.id));
    expect((await session(user, headers)).json().roles).toEqual([ORG_ROLES.Developer]);
  });

  it('another instance on the same store sees a sign-out made through this one', async () => {
    const other = await buildApp({ store: t.store, auth: { secret: t.app.authOptions.secret! }, runJobs: false });
    try {
      const user = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
      const signedIn = await t.app.inject({ method: 'POST', url: `${API}/auth/signin`, payload: { username: user.email, password: user.password } });
      const { accessToken, refreshToken } = signedIn.json();
      const headers = { authorization: `Bearer ${accessToken}`, 'x-tenant-id': org.id };
      expect((await other.inject({ url: `${API}/auth/findSession`, headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `${API}/auth/signout`, headers, payload: { refreshToken } })).statusCode).toBe(204);
      expect((await other.inject({ url: `${API}/auth/findSession`, headers })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
