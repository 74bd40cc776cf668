// The provider's approvals queue (issue 11) on the demo seed: one list of the pending
// subscriptions, access requests and reviews of the products the caller's organisation provides,
// typed per kind; a decision takes the item out; nobody but the provider's Administrators reads
// it, and another provider's administrator sees none of this provider's items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';

let t: TestApp;
type Who = { id: string; orgId: string } | null;
const providerAdmin = { id: USER.admin!, orgId: ORG.provider };

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
}, 120_000);
afterAll(() => t?.close());

const queue = (who: Who, query = '') => t.request(who, { url: `${API}/approvals${query}` });
const key = (i: { type: string; id: string }) => `${i.type}:${i.id}`;

describe('GET /approvals', () => {
  it('lists every pending item of the provider\'s products, oldest first, each with its details', async () => {
    const res = await queue(providerAdmin, '?limit=100');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const keys = res.body.items.map(key);
    expect(keys).toEqual(expect.arrayContaining([
      'subscription:sub-acme-payments-enterprise', 'subscription:sub-globex-email-annual',
      'review:rev-payments-developer', 'review:rev-weather-developer', 'review:rev-shipping-consumer',
    ]));
    expect(keys.some((k: string) => k.startsWith('accessRequest:'))).toBe(true);
    expect(res.body.totalCount).toBe(res.body.items.length);
    const at = res.body.items.map((i: { requestedAt: string }) => i.requestedAt);
    expect([...at].sort()).toEqual(at);
    const byKey = new Map(res.body.items.map((i: { type: string; id: string }) => [key(i), i]));
    expect(byKey.get('subscription:sub-acme-payments-enterprise')).toMatchObject({
      title: 'Payments API - Enterprise', product: { id: 'prod-payments' }, organisation: { id: ORG.acme, name: 'Acme Corporation' },
      requestedBy: { id: USER.teamadmin, name: 'Tariq Teague' }, accessRequest: null, review: null,
      subscription: { plan: { id: 'plan-payments-enterprise', type: 'paid' }, owner: { type: 'team', name: 'Partner Integrations' },
        data: { companyName: 'Acme Corporation' }, schema: { required: expect.any(Array) } },
    });
    expect(byKey.get('review:rev-payments-developer')).toMatchObject({
      title: 'Satisfied', review: { rating: 3, comment: expect.any(String) }, subscription: null, requestedBy: { id: USER.developer },
    });
    const access = res.body.items.find((i: { type: string }) => i.type === 'accessRequest');
    expect(access.accessRequest).toMatchObject({ application: { id: expect.any(String) }, assetResource: { id: expect.any(String) }, subscription: { id: expect.any(String) } });
    // The schema the information was given against, so the queue shows fields and choices by title.
    expect(byKey.get('accessRequest:acc-mobile-payments')).toMatchObject({
      title: 'Payments API - Payments API',
      accessRequest: { data: { purpose: 'in_person' }, schema: { properties: { purpose: { oneOf: expect.arrayContaining([{ const: 'in_person', title: 'In-person payments' }]) } } } },
    });
    // The application's attributes the consumer entered (its company profile), against their schema.
    expect(byKey.get('accessRequest:acc-mobile-payments')).toMatchObject({
      organisation: { name: expect.any(String) },
      accessRequest: { applicationProfile: { title: 'Company profile', data: { companyName: 'Acme Corporation', supportEmail: 'mobile@acme.test' },
        schema: { properties: { companyName: expect.any(Object) } } } },
    });
  });

  it('filters by kind and product, sorts, pages', async () => {
    const reviews = await queue(providerAdmin, '?type=review&limit=100');
    expect(reviews.body.items.every((i: { type: string }) => i.type === 'review')).toBe(true);
    const weather = await queue(providerAdmin, '?product=prod-weather&type=review');
    expect(weather.body.items.map(key)).toEqual(['review:rev-weather-developer']);
    const newest = await queue(providerAdmin, '?sort=-requestedAt&limit=2&offset=1');
    const all = await queue(providerAdmin, '?sort=-requestedAt&limit=100');
    expect(newest.body.items.map(key)).toEqual(all.body.items.slice(1, 3).map(key));
    expect((await queue(providerAdmin, '?limit=0')).body).toEqual({ items: [], totalCount: all.body.totalCount });
  });

  it('drops an item once decided', async () => {
    const decided = await t.request(providerAdmin, { method: 'POST', url: `${API}/subscriptions/sub-globex-email-annual/approval`, payload: { state: 'approved' } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const review = await t.request(providerAdmin, { method: 'POST', url: `${API}/reviews/rev-shipping-consumer/approval`, payload: { state: 'approved' } });
    expect(review.status).toBe(200);
    const keys = (await queue(providerAdmin, '?limit=100')).body.items.map(key);
    expect(keys).not.toContain('subscription:sub-globex-email-annual');
    expect(keys).not.toContain('review:rev-shipping-consumer');
  });

  it('is the provider Administrators\' only: 401 for visitors, 403 for everyone else; another provider sees none of these', async () => {
    expect((await queue(null)).status).toBe(401);
    for (const who of ['central', 'orgadmin', 'consumer', 'subscriber', 'developer', 'catalog', 'teamadmin', 'approver', 'globex', 'globex-dev']) {
      const orgId = who === 'central' ? ORG.provider : who.startsWith('globex') ? ORG.globex : ORG.acme;
      const res = await queue({ id: USER[who]!, orgId });
      expect([who, res.status]).toEqual([who, 403]);
      expect(res.body.errors[0]).toMatchObject({ status: 403, title: 'Forbidden' });
    }
    const other = await t.createOrg({ name: 'Other Provider', kind: 'provider' });
    const otherAdmin = await t.createUser({ orgId: other.id, orgRoles: [ORG_ROLES.Administrator], providerGuid: 'prov-other' });
    const res = await queue(otherAdmin, '?limit=100');
    expect(res.body).toEqual({ items: [], totalCount: 0 });
    const decide = await t.request(otherAdmin, { method: 'POST', url: `${API}/subscriptions/sub-acme-payments-enterprise/approval`, payload: { state: 'approved' } });
    expect(decide.status).toBe(404);
  });
});
