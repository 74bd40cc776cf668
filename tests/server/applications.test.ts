// Applications (spec 2 §3–§7) on the demo seed: the §5 rules with the exact error shape, the
// states (archive, asynchronous delete), profiles, owners offered, and who sees and changes what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, TEAM, USER } from '../../server/seed/accounts.ts';
import { DUPLICATE_NAME } from '../../server/src/applications/applications.ts';
import { IMAGE_MAX_BYTES, NAME_MAX_LENGTH, PROFILE_TITLE_MAX_LENGTH } from '../../src/rules/constants.ts';

let t: TestApp;
const acme = (key: string) => ({ id: USER[key]!, orgId: ORG.acme });
const orgadmin = acme('orgadmin');
const consumer = acme('consumer');
const teamadmin = acme('teamadmin');
const developer = acme('developer');
const subscriber = acme('subscriber');
const globex = { id: USER.globex!, orgId: ORG.globex };
const providerAdmin = { id: USER.admin!, orgId: ORG.provider };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

beforeAll(async () => { t = await buildTestApp({ demo: true }); }, 120_000);
afterAll(() => t?.close());

const post = (user: { id: string; orgId: string } | null, body: unknown) =>
  t.request(user, { method: 'POST', url: `${API}/applications`, payload: body as object });
const error400 = (res: { status: number; body: any }, parameter: string, detail?: string | RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors[0]).toMatchObject({ status: 400, title: 'Bad Request', source: { parameter } });
  if (detail) expect(res.body.errors[0].detail).toMatch(detail);
};

describe('GET /applications', () => {
  it('lists the organisation\'s applications, modified first, without others\' private ones', async () => {
    const res = await t.request(orgadmin, { url: `${API}/applications?pageSize=50` });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((a: { id: string }) => a.id);
    expect(ids).toContain('app-acme-checkout');
    expect(ids).not.toContain('app-globex-portal');
    expect(ids).not.toContain('app-acme-casey'); // Casey's private team
    const casey = await t.request(consumer, { url: `${API}/applications?pageSize=50` });
    expect(casey.body.items.map((a: { id: string }) => a.id)).toContain('app-acme-casey');
    const mod = res.body.items.map((a: { metadata: { modifiedAt: string } }) => a.metadata.modifiedAt);
    expect([...mod].sort().reverse()).toEqual(mod);
  });

  it('filters, searches, sorts, pages and picks fields', async () => {
    const archived = await t.request(orgadmin, { url: `${API}/applications?states=archived` });
    expect(archived.body.items.map((a: { id: string }) => a.id)).toEqual(['app-acme-reporting']);
    const byOwner = await t.request(orgadmin, { url: `${API}/applications?ownerIds=${TEAM.acmeMobile}` });
    expect(byOwner.body.items.map((a: { id: string }) => a.id)).toEqual(['app-acme-mobile']);
    const search = await t.request(orgadmin, { url: `${API}/applications?searchText=WAREHOUSE` });
    expect(search.body.totalCount).toBe(1);
    const sorted = await t.request(orgadmin, { url: `${API}/applications?sort=%2Btitle&pageSize=2&page=1&fields=id,title` });
    expect(sorted.body.items).toEqual([{ id: 'app-acme-mobile', title: 'Acme Mobile App' }, { id: 'app-acme-checkout', title: 'Checkout Service' }]);
    expect(sorted.body.totalCount).toBe(4);
  });

  it('answers 401 to a visitor and nothing of Acme to Globex', async () => {
    expect((await t.request(null, { url: `${API}/applications` })).status).toBe(401);
    const g = await t.request(globex, { url: `${API}/applications?pageSize=100` });
    expect(g.body.items.map((a: { id: string }) => a.id)).toEqual(['app-globex-portal']);
    expect((await t.request(globex, { url: `${API}/applications/app-acme-checkout` })).status).toBe(404);
    expect((await t.request(providerAdmin, { url: `${API}/applications` })).body.totalCount).toBe(0);
  });

  it('gives one application with its owner, counts, icon URL and rights', async () => {
    const res = await t.request(orgadmin, { url: `${API}/applications/app-acme-checkout` });
    expect(res.body).toMatchObject({
      id: 'app-acme-checkout', state: 'active', icon: '/api/v1/images/img-app-co',
      owner: { type: 'team', id: TEAM.acmePlatform, name: 'Platform Engineering', private: false },
      assetResources: { totalCount: 2 }, profiles: { totalCount: 1 }, rights: { edit: true, archive: true, delete: false },
    });
    const dev = await t.request(consumer, { url: `${API}/applications/app-acme-checkout` });
    expect(dev.body.rights).toEqual({ edit: false, archive: false, delete: false });
    expect((await t.request(orgadmin, { url: `${API}/applications/app-acme-casey` })).status).toBe(404);
  });
});

describe('GET /applicationOwners', () => {
  it('offers Consumer teams where the caller is team Administrator, private first', async () => {
    const casey = await t.request(consumer, { url: `${API}/applicationOwners` });
    expect(casey.body.items).toEqual([{ type: 'user', id: USER.consumer, contextId: TEAM.caseyPrivate, name: 'Casey Consumer', private: true }]);
    const tariq = await t.request(teamadmin, { url: `${API}/applicationOwners` });
    expect(tariq.body.items.map((o: { id: string }) => o.id)).toEqual([TEAM.acmeMobile, TEAM.acmePartners]);
    const admin = await t.request(orgadmin, { url: `${API}/applicationOwners` });
    expect(admin.body.items.map((o: { id: string }) => o.id)).toEqual([TEAM.acmeMobile, TEAM.acmePartners, TEAM.acmePlatform]);
    expect((await t.request(developer, { url: `${API}/applicationOwners` })).body.items).toEqual([]);
    expect((await t.request(null, { url: `${API}/applicationOwners` })).status).toBe(401);
  });

  it('follows the consume_teams preference, except for the global capability', async () => {
    await t.setSettings({ consume_teams: { type: 'tag', values: ['partner'] } });
    try {
      const tariq = await t.request(teamadmin, { url: `${API}/applicationOwners` });
      expect(tariq.body.items.map((o: { id: string }) => o.id)).toEqual([TEAM.acmePartners]);
      error400(await post(teamadmin, { title: 'Excluded', owner: { type: 'team', id: TEAM.acmeMobile } }), 'owner.id');
      expect((await t.request(orgadmin, { url: `${API}/applicationOwners` })).body.totalCount).toBe(3);
      await t.setSettings({ consume_teams: { type: 'excluded', values: [TEAM.acmePartners] } });
      expect((await t.request(teamadmin, { url: `${API}/applicationOwners` })).body.items.map((o: { id: string }) => o.id)).toEqual([TEAM.acmeMobile]);
      await t.setSettings({ consume_teams: { type: 'included', values: [TEAM.acmePartners] } });
      expect((await t.request(teamadmin, { url: `${API}/applicationOwners` })).body.items.map((o: { id: string }) => o.id)).toEqual([TEAM.acmePartners]);
    } finally {
      await t.setSettings({ consume_teams: { type: 'all', values: [] } });
    }
  });
});

describe('POST /applications: spec 2 §5', () => {
  it('creates with a trimmed title, stores the image as an image row, answers 201 {id}', async () => {
    const res = await post(teamadmin, { title: '  Field App  ', description: 'Scans parcels.', icon: dataUrl(PNG, 'image/gif'), owner: { type: 'team', id: TEAM.acmeMobile } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    const got = await t.request(teamadmin, { url: `${API}/applications/${res.body.id}` });
    expect(got.body).toMatchObject({ title: 'Field App', description: 'Scans parcels.', state: 'active', owner: { id: TEAM.acmeMobile } });
    const image = await t.app.inject({ url: got.body.icon, headers: await t.headersFor(teamadmin) });
    expect(image.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ url: got.body.icon, headers: await t.headersFor(globex) })).statusCode).toBe(404);
  });

  it('rejects a blank, too long or duplicate title naming title', async () => {
    error400(await post(orgadmin, { title: '   ', owner: { type: 'team', id: TEAM.acmePlatform } }), 'title', 'title is required.');
    error400(await post(orgadmin, { title: 'x'.repeat(NAME_MAX_LENGTH), owner: { type: 'team', id: TEAM.acmePlatform } }), 'title', /fewer than 350/);
    expect((await post(orgadmin, { title: 'x'.repeat(NAME_MAX_LENGTH - 1), owner: { type: 'team', id: TEAM.acmePlatform } })).status).toBe(201);
    const dup = await post(orgadmin, { title: ' checkout service ', owner: { type: 'team', id: TEAM.acmePlatform } });
    error400(dup, 'title', DUPLICATE_NAME);
    // unique per owning team: the same name under another team is fine
    expect((await post(orgadmin, { title: 'Checkout Service', owner: { type: 'team', id: TEAM.acmeMobile } })).status).toBe(201);
  });

  it('rejects a too long description', async () => {
    error400(await post(orgadmin, { title: 'Desc', description: 'd'.repeat(350), owner: { type: 'team', id: TEAM.acmePlatform } }), 'description', /fewer than 350/);
  });

  it('checks the owner: Administrator team role in a Consumer team, user owner = the caller', async () => {
    error400(await post(consumer, { title: 'No owner' }), 'owner', 'owner is required: choose the team that owns the application.');
    error400(await post(consumer, { title: 'Platform', owner: { type: 'team', id: TEAM.acmePlatform } }), 'owner.id');
    error400(await post(teamadmin, { title: 'Other org', owner: { type: 'team', id: TEAM.globexDev } }), 'owner.id');
    error400(await post(consumer, { title: 'Someone', owner: { type: 'user', id: USER.orgadmin } }), 'owner.id');
    const mine = await post(consumer, { title: 'Mine', owner: { type: 'user', id: USER.consumer } });
    expect(mine.status).toBe(201);
    const got = await t.request(consumer, { url: `${API}/applications/${mine.body.id}` });
    expect(got.body.owner).toMatchObject({ type: 'user', id: USER.consumer, contextId: TEAM.caseyPrivate, private: true });
    expect((await t.request(orgadmin, { url: `${API}/applications/${mine.body.id}` })).status).toBe(404);
    // the global capability may leave the owner out
    const global = await post(orgadmin, { title: 'Global default' });
    expect(global.status).toBe(201);
    const g = await t.request(orgadmin, { url: `${API}/applications/${global.body.id}` });
    expect(g.body.owner).toMatchObject({ type: 'team', id: TEAM.acmeMobile });
    expect((await post(null, { title: 'Anon' })).status).toBe(401);
    expect((await post(globex, { title: 'G', owner: { type: 'team', id: TEAM.acmePlatform } })).status).toBe(400);
  });

  it('checks the image by signature and size, naming icon', async () => {
    const owner = { type: 'team', id: TEAM.acmePlatform };
    error400(await post(orgadmin, { title: 'Gif', owner, icon: dataUrl(Buffer.from('GIF89a....'), 'image/png') }), 'icon', /only JPEG and PNG/);
    error400(await post(orgadmin, { title: 'Text', owner, icon: 'not a data url' }), 'icon', /only JPEG and PNG/);
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    error400(await post(orgadmin, { title: 'Big', owner, icon: dataUrl(big) }), 'icon', /over 5 MB/);
    const jpeg = await post(orgadmin, { title: 'Jpeg', owner, icon: dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'image/png') });
    expect(jpeg.status).toBe(201);
    // nothing half-written by the refused ones
    const names = (await t.request(orgadmin, { url: `${API}/applications?pageSize=100` })).body.items.map((a: { title: string }) => a.title);
    expect(names).not.toContain('Gif');
    expect(names).not.toContain('Big');
  });
});

describe('PUT and DELETE /applications/{id}: states', () => {
  it('edits, archives, then deletes asynchronously', async () => {
    const { body: { id } } = await post(teamadmin, { title: 'Short lived', owner: { type: 'team', id: TEAM.acmeMobile } });
    const url = `${API}/applications/${id}`;
    expect((await t.request(teamadmin, { method: 'DELETE', url })).status).toBe(409);
    const edited = await t.request(teamadmin, { method: 'PUT', url, payload: { title: 'Short lived 2', description: 'x' } });
    expect(edited.body).toMatchObject({ title: 'Short lived 2', description: 'x', state: 'active' });
    error400(await t.request(teamadmin, { method: 'PUT', url, payload: { title: 'Acme Mobile App' } }), 'title', DUPLICATE_NAME);
    expect((await t.request(developer, { method: 'PUT', url, payload: { title: 'nope' } })).status).toBe(403);
    expect((await t.request(globex, { method: 'PUT', url, payload: { title: 'nope' } })).status).toBe(404);
    const archived = await t.request(teamadmin, { method: 'PUT', url, payload: { title: 'Short lived 2', state: 'archived' } });
    expect(archived.body).toMatchObject({ state: 'archived', rights: { edit: false, archive: false, delete: true } });
    expect((await t.request(teamadmin, { method: 'PUT', url, payload: { title: 'again' } })).status).toBe(409);
    expect((await t.request(globex, { method: 'DELETE', url })).status).toBe(404);
    const deleting = await t.request(teamadmin, { method: 'DELETE', url });
    expect(deleting.status).toBe(202);
    expect(deleting.body).toMatchObject({ id, state: 'deleting', rights: { delete: false } });
    expect((await t.request(teamadmin, { method: 'DELETE', url })).status).toBe(409);
    await t.app.jobs.drain();
    expect((await t.request(teamadmin, { url })).status).toBe(404);
  });

  it('deletes an application with its profiles, access requests and credentials', async () => {
    const url = `${API}/applications/app-acme-reporting`;
    expect((await t.request(subscriber, { method: 'DELETE', url })).status).toBe(403);
    expect((await t.request(orgadmin, { method: 'DELETE', url })).status).toBe(202);
    await t.app.jobs.drain();
    expect((await t.request(orgadmin, { url })).status).toBe(404);
  });
});

describe('profiles', () => {
  const P = `${API}/applications/app-acme-warehouse/profiles`;
  it('reads the definition and the profiles', async () => {
    const def = await t.request(teamadmin, { url: `${API}/applicationProfileDefinitions/apd-company` });
    expect(def.body).toMatchObject({ id: 'apd-company', title: expect.any(String), schema: expect.any(Object) });
    expect((await t.request(null, { url: `${API}/applicationProfileDefinitions/apd-company` })).status).toBe(401);
    const list = await t.request(orgadmin, { url: `${API}/applications/app-acme-checkout/profiles` });
    expect(list.body.items[0]).toMatchObject({ id: 'prof-acme-checkout-company', definition: { id: 'apd-company' }, accessRequests: { totalCount: expect.any(Number) } });
    expect((await t.request(globex, { url: `${API}/applications/app-acme-checkout/profiles` })).status).toBe(404);
    expect((await t.request(globex, { url: `${API}/applications/app-acme-checkout/profiles/prof-acme-checkout-company` })).status).toBe(404);
  });

  it('creates with the title rules, validates data, one per definition', async () => {
    const def = (await t.request(teamadmin, { url: `${API}/applicationProfileDefinitions/apd-company` })).body;
    const required: string[] = def.schema.required ?? [];
    const data: Record<string, unknown> = { companyName: 'Acme', supportEmail: 'ops@acme.test' };
    for (const key of required) data[key] ??= 'x';
    if (required.length) {
      const missing = { ...data };
      delete missing[required[0]!];
      error400(await t.request(teamadmin, { method: 'POST', url: P, payload: { definitionId: 'apd-company', data: missing } }), `data.${required[0]}`, /is required/);
    }
    error400(await t.request(teamadmin, { method: 'POST', url: P, payload: { definitionId: 'apd-company', title: 't'.repeat(PROFILE_TITLE_MAX_LENGTH + 1), data } }), 'title');
    const made = await t.request(teamadmin, { method: 'POST', url: P, payload: { definitionId: 'apd-company', title: '   ', data } });
    expect(made.status).toBe(201);
    const got = await t.request(teamadmin, { url: `${P}/${made.body.id}` });
    expect(got.body.title).toBe(def.title);
    expect((await t.request(teamadmin, { method: 'POST', url: P, payload: { definitionId: 'apd-company', data } })).status).toBe(409);
    const renamed = await t.request(teamadmin, { method: 'PUT', url: `${P}/${made.body.id}`, payload: { title: ' Ops ', data } });
    expect(renamed.body.title).toBe('Ops');
    expect((await t.request(developer, { method: 'PUT', url: `${P}/${made.body.id}`, payload: { data } })).status).toBe(403);
    expect((await t.request(teamadmin, { method: 'DELETE', url: `${P}/${made.body.id}` })).status).toBe(204);
    expect((await t.request(teamadmin, { url: `${P}/${made.body.id}` })).status).toBe(404);
  });
});
