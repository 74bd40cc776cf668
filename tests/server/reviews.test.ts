// Ratings and reviews (spec 3 §2.4, §4, §5, §7.3) on the demo seed (moderation manual, comment
// limit 280): who sees which review, every rule of a review with the error shape, automatic and
// manual moderation, the provider's decision, and the product's ratingInfo kept in step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { REVIEW_TITLE_MAX } from '../../src/rules/constants.ts';

let t: TestApp;
type Who = { id: string; orgId: string } | null;
const acme = (key: string) => ({ id: USER[key]!, orgId: ORG.acme });
const orgadmin = acme('orgadmin');
const developer = acme('developer');
const catalog = acme('catalog');
const approver = acme('approver');
const globex = { id: USER.globex!, orgId: ORG.globex };
const providerAdmin = { id: USER.admin!, orgId: ORG.provider };
const P = '/products/prod-payments';

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
}, 120_000);
afterAll(() => t?.close());

const get = (who: Who, url: string) => t.request(who, { url: `${API}${url}` });
const post = (who: Who, body: unknown, product = P) => t.request(who, { method: 'POST', url: `${API}${product}/reviews`, payload: body as object });
const put = (who: Who, id: string, body: unknown) => t.request(who, { method: 'PUT', url: `${API}${P}/reviews/${id}`, payload: body as object });
const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((r) => r.id);
const ratingInfo = async () => (await get(null, `${P}?fields=ratingInfo`)).body.ratingInfo;
const expectError = (res: { status: number; body: any }, status: number, parameter?: string, detail?: RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors[0]).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  if (parameter) expect(res.body.errors[0].source).toEqual({ parameter });
  if (detail) expect(res.body.errors[0].detail).toMatch(detail);
};

describe('GET /products/{id}/reviews', () => {
  it('shows others approved reviews only; the author theirs in any state; the provider every state', async () => {
    const visitor = await get(null, `${P}/reviews?limit=100`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.totalCount).toBe(5);
    expect(visitor.body.items.every((r: { approvalState: string; own: boolean; metadata: { createUserId: unknown } }) =>
      r.approvalState === 'approved' && !r.own && r.metadata.createUserId === null)).toBe(true);
    const dev = await get(developer, `${P}/reviews?limit=100`);
    expect(dev.body.totalCount).toBe(6);
    const own = dev.body.items.find((r: { id: string }) => r.id === 'rev-payments-developer');
    expect(own).toMatchObject({ own: true, approvalState: 'pending', metadata: { createUserId: USER.developer }, consumerTenantId: ORG.acme });
    expect(ids(await get(developer, `${P}/reviews?showOwnedBy=${USER.developer}`))).toEqual(['rev-payments-developer']);
    expect(ids(await get(globex, `${P}/reviews?showOwnedBy=${USER.developer}`))).toEqual([]);
    expect((await get(providerAdmin, `${P}/reviews?limit=100`)).body.totalCount).toBe(7);
    expect(ids(await get(providerAdmin, `${P}/reviews?state=rejected`))).toEqual(['rev-payments-subscriber']);
  });

  it('filters by rating, sorts, pages', async () => {
    const fives = await get(null, `${P}/reviews?rating=5`);
    expect(fives.body.items.map((r: { rating: number }) => r.rating)).toEqual([5, 5]);
    const byRating = await get(null, `${P}/reviews?sort=-rating&limit=100`);
    const ratings = byRating.body.items.map((r: { rating: number }) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const page2 = await get(null, `${P}/reviews?sort=-rating&page=2&pageSize=2`);
    expect(ids(page2)).toEqual(ids(byRating).slice(2, 4));
    expect(page2.body.totalCount).toBe(5);
    expect((await get(null, '/products/prod-internal-hr/reviews')).status).toBe(404);
  });
});

describe('POST and PUT /products/{id}/reviews', () => {
  it('checks every rule of a review, naming the field', async () => {
    expectError(await post(catalog, { title: 'No stars' }), 400, 'rating');
    expectError(await post(catalog, { rating: 6 }), 400, 'rating');
    expectError(await post(catalog, { rating: 4.5 }), 400, 'rating');
    expectError(await post(catalog, { rating: 4, title: 'x'.repeat(REVIEW_TITLE_MAX + 1) }), 400, 'title', /max length exceeded/);
    expectError(await post(catalog, { rating: 4, comment: 'x'.repeat(291) }), 400, 'comment', /290/);
    expectError(await post(null, { rating: 4 }), 401);
    expectError(await post(catalog, { rating: 4 }, '/products/prod-fx-rates'), 403, undefined, /subscribed/);
    expectError(await post(orgadmin, { rating: 4 }), 409, 'productId', /already reviewed/);
    expectError(await post(globex, { rating: 4 }, '/products/prod-internal-hr'), 404);
  });

  it('saves a trimmed review with the fallback title, pending under manual moderation (ratingInfo unchanged)', async () => {
    const before = await ratingInfo();
    const res = await post(catalog, { rating: 5, title: '   ', comment: `  ${'y'.repeat(290)}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ rating: 5, title: 'Extremely satisfied', comment: 'y'.repeat(290), approvalState: 'pending', own: true });
    expect(await ratingInfo()).toEqual(before);
    expect(ids(await get(null, `${P}/reviews?limit=100`))).not.toContain(res.body.id);
  });

  it('approves at once under automatic moderation, with the comment tier of the settings, and keeps ratingInfo in step', async () => {
    await t.setSettings({ reviews: { moderation_process: 'automatic', char_limit: 1000 } });
    try {
      const before = await ratingInfo();
      const res = await post(approver, { rating: 1, comment: 'z'.repeat(1050) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ approvalState: 'approved', title: 'Not satisfied' });
      const after = await ratingInfo();
      expect(after.total).toBe(before.total + 1);
      expect(after.distribution['1']).toBe(before.distribution['1'] + 1);
      const sum = Object.entries(after.distribution as Record<string, number>).reduce((s, [k, n]) => s + Number(k) * n, 0);
      expect(after.average).toBeCloseTo(sum / after.total, 2);
      // An edit by the author: approved again at once, the rating moves.
      const edited = await put(approver, res.body.id, { rating: 3, title: 'Better now', comment: 'ok' });
      expect(edited.body).toMatchObject({ rating: 3, title: 'Better now', approvalState: 'approved' });
      expect((await ratingInfo()).distribution['3']).toBe(before.distribution['3'] + 1);
    } finally {
      await t.setSettings({ reviews: { moderation_process: 'manual', char_limit: 280 } });
    }
  });

  it('lets only the author edit; an edit is moderated again', async () => {
    expectError(await put(orgadmin, 'rev-payments-consumer', { rating: 1 }), 403, undefined, /author/);
    expectError(await put(globex, 'rev-payments-developer', { rating: 1 }), 404);
    expectError(await put(developer, 'rev-payments-developer', { rating: 0 }), 400, 'rating');
    const before = await ratingInfo();
    const res = await put(orgadmin, 'rev-payments-orgadmin', { rating: 5, title: 'Even better', comment: 'Growth pricing explained now.' });
    expect(res.body).toMatchObject({ approvalState: 'pending', title: 'Even better', reason: null });
    // It no longer counts until approved again.
    expect((await ratingInfo()).total).toBe(before.total - 1);
  });

  it('is switched off with the reviews feature', async () => {
    await t.setSettings({ reviews: { enabled: false } });
    try {
      expectError(await get(null, `${P}/reviews`), 403);
      expectError(await post(developer, { rating: 4 }), 403);
    } finally {
      await t.setSettings({ reviews: { enabled: true } });
    }
  });
});

describe('POST /reviews/{id}/approval', () => {
  it('lets the provider\'s Administrator decide a pending review once; ratingInfo follows', async () => {
    const decide = (who: Who, id: string, body: Record<string, unknown>) => t.request(who, { method: 'POST', url: `${API}/reviews/${id}/approval`, payload: body });
    expectError(await decide(orgadmin, 'rev-payments-developer', { state: 'approved' }), 404); // another's pending review: unseen
    expectError(await decide(orgadmin, 'rev-payments-consumer', { state: 'rejected' }), 403);
    expectError(await decide(globex, 'rev-payments-developer', { state: 'approved' }), 404);
    expectError(await decide(null, 'rev-payments-developer', { state: 'approved' }), 401);
    const before = await ratingInfo();
    const ok = await decide(providerAdmin, 'rev-payments-developer', { state: 'approved' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ approvalState: 'approved', own: false });
    expect((await ratingInfo()).total).toBe(before.total + 1);
    expectError(await decide(providerAdmin, 'rev-payments-developer', { state: 'rejected' }), 409, 'state');
    const no = await decide(providerAdmin, 'rev-weather-developer', { state: 'rejected', reason: 'Please keep to the API itself.' });
    expect(no.body).toMatchObject({ approvalState: 'rejected', reason: 'Please keep to the API itself.' });
    const mine = await get(developer, `/products/prod-weather/reviews?showOwnedBy=${USER.developer}`);
    expect(mine.body.items[0]).toMatchObject({ approvalState: 'rejected', reason: 'Please keep to the API itself.' });
  });
});
