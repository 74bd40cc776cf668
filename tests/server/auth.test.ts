import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp, type TestUser, type TestOrg } from './helper.ts';
import { ORG_ROLES, TEAM_ROLES } from '../../src/rules/roleNames.ts';

let t: TestApp;
let org: TestOrg;
let ann: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  org = await t.createOrg({ name: 'Acme' });
  ann = await t.createUser({ orgId: org.id, email: 'ann@agora.test', name: 'Ann', orgRoles: [ORG_ROLES.Consumer] });
  await t.createTeam({ orgId: org.id, name: 'Payments', tags: ['fintech'], members: [{ userId: ann.id, roles: [TEAM_ROLES.developer] }] });
});
afterAll(() => t?.close());

describe('sign-in', () => {
  it('signs in and finds the session', async () => {
    const res = await t.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username: 'ANN@agora.test', password: ann.password } });
    expect(res.status).toBe(200);
    expect(res.body.expiresIn).toBeGreaterThan(0);
    const session = await t.app.inject({ url: `${API}/auth/findSession`, headers: { authorization: `Bearer ${res.body.accessToken}` } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { id: ann.id, name: 'Ann', email: 'ann@agora.test' }, roles: ['Consumer'], org_id: org.id });
    expect(session.json().teams).toEqual([{ guid: expect.any(String), name: 'Payments', tags: ['fintech'], roles: ['developer'] }]);
  });
});
