// Team and user look-ups: scoped to the caller's organisation; other users' private teams hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { ORG_ROLES, PRIVATE_TEAM_TAG, TEAM_ROLES } from '../../src/rules/roleNames.ts';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let eve: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const acme = await t.createOrg({ name: 'Acme' });
  const globex = await t.createOrg({ name: 'Globex' });
  ann = await t.createUser({ orgId: acme.id, name: 'Ann', orgRoles: [ORG_ROLES.Consumer] });
  bob = await t.createUser({ orgId: acme.id, name: 'Bob', orgRoles: [ORG_ROLES.Developer] });
  eve = await t.createUser({ orgId: globex.id, name: 'Eve', orgRoles: [ORG_ROLES.Administrator] });
  ids.payments = (await t.createTeam({ orgId: acme.id, name: 'Payments', tags: ['fintech'], members: [
    { userId: ann.id, roles: [TEAM_ROLES.administrator] }, { userId: bob.id, roles: [TEAM_ROLES.developer] }] })).id;
  ids.search = (await t.createTeam({ orgId: acme.id, name: 'Search', tags: ['web'] })).id;
  ids.annPrivate = (await t.createTeam({ orgId: acme.id, name: 'Ann (private)', tags: [PRIVATE_TEAM_TAG], members: [{ userId: ann.id, roles: [TEAM_ROLES.administrator] }] })).id;
  ids.bobPrivate = (await t.createTeam({ orgId: acme.id, name: 'Bob (private)', tags: [PRIVATE_TEAM_TAG], members: [{ userId: bob.id, roles: [TEAM_ROLES.administrator] }] })).id;
  ids.globex = (await t.createTeam({ orgId: globex.id, name: 'Globex ops', members: [{ userId: eve.id, roles: [TEAM_ROLES.consumer] }] })).id;
});
afterAll(() => t?.close());

describe('GET /team', () => {
  it('lists the teams of the caller\'s organisation with the caller\'s roles, hiding other users\' private teams', async () => {
    const res = await t.request(ann, { url: `${API}/team` });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(3);
    expect(res.body.items.map((x: { name: string }) => x.name)).toEqual(['Ann (private)', 'Payments', 'Search']);
    const payments = res.body.items.find((x: { guid: string }) => x.guid === ids.payments);
    expect(payments).toMatchObject({ roles: ['administrator'], tags: ['fintech'], memberCount: 2, type: 'consumer' });
    expect(res.body.items.find((x: { guid: string }) => x.guid === ids.search).roles).toEqual([]);
  });

  it('filters by membership, tag and name, and pages', async () => {
    const member = await t.request(bob, { url: `${API}/team?member=true` });
    expect(member.body.items.map((x: { name: string }) => x.name)).toEqual(['Bob (private)', 'Payments']);
    const tagged = await t.request(bob, { url: `${API}/team?tag=web&tag=fintech` });
    expect(tagged.body.totalCount).toBe(2);
    const named = await t.request(bob, { url: `${API}/team?search=PAY` });
    expect(named.body.items.map((x: { guid: string }) => x.guid)).toEqual([ids.payments]);
    const page = await t.request(bob, { url: `${API}/team?limit=1&offset=1` });
    expect(page.body).toMatchObject({ totalCount: 3, items: [{ name: 'Payments' }] });
  });

  it('requires sign-in', async () => {
    const res = await t.request(null, { url: `${API}/team` });
    expect(res.status).toBe(401);
  });
});

describe('GET /team/{id}', () => {
  it('answers a team of the caller\'s organisation', async () => {
    const res = await t.request(bob, { url: `${API}/team/${ids.payments}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ guid: ids.payments, name: 'Payments', roles: ['developer'] });
  });

  it('404s for another organisation\'s team and another user\'s private team', async () => {
    expect((await t.request(ann, { url: `${API}/team/${ids.globex}` })).status).toBe(404);
    expect((await t.request(ann, { url: `${API}/team/${ids.bobPrivate}` })).status).toBe(404);
    expect((await t.request(eve, { url: `${API}/team/${ids.payments}` })).status).toBe(404);
  });
});

describe('GET /org/{orgId}/user', () => {
  it('looks up users of the caller\'s organisation by repeated user_guid', async () => {
    const res = await t.request(ann, { url: `${API}/org/${ann.orgId}/user?user_guid=${bob.id}&user_guid=${ann.id}&user_guid=${eve.id}` });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.items).toEqual([
      { user_guid: ann.id, name: 'Ann', email: ann.email, org_id: ann.orgId },
      { user_guid: bob.id, name: 'Bob', email: bob.email, org_id: bob.orgId },
    ]);
    const one = await t.request(ann, { url: `${API}/org/${ann.orgId}/user?user_guid=${bob.id}` });
    expect(one.body.items.map((u: { name: string }) => u.name)).toEqual(['Bob']);
  });

  it('refuses another organisation with 403 naming orgId', async () => {
    const res = await t.request(ann, { url: `${API}/org/${eve.orgId}/user?user_guid=${eve.id}` });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].source).toEqual({ parameter: 'orgId' });
  });
});
