// The provider Administrators' approvals queue against the real server: a subscription to a plan
// with manual approval (made through the API as Globex) is pending in <agora-approvals>, shows its
// plan and additional information, is approved with a reason and leaves the queue, and the
// subscriber then reads it approved; an access request's information reads by field and choice
// titles; declining needs a reason; filters and the empty state; a
// consumer gets the unauthorized placeholder and no navigation entry. Screenshots at 1280 and 375 px.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { reviews } from '../../server/src/db/schema.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite();
const SHOTS = join(RESULTS_DIR, 'screenshots');
const VIEWPORT = { viewport: { width: 1280, height: 900 } };
const ROOT = 'agora-portal [data-page="approvals"]';
const DIALOG = 'agora-portal dialog[open][role="alertdialog"]';
const SUBSCRIPTION = 'Globex climate research';

/** Calls the API as a demo account (its own sign-in). */
async function apiAs(who: string) {
  const { email, password } = suite.account(who);
  const base = `${suite.portal.baseUrl}/api/v1`;
  const signin = await fetch(`${base}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const answer = await fetch(`${base}${path}`, {
      method, headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  };
}

let admin: Page;
let subscriptionId: string;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const globex = await apiAs('globex');
  const created = await globex<{ id: string; approval: { state: string } }>('POST', '/subscriptions', {
    title: SUBSCRIPTION, product: { id: 'prod-weather' }, plan: { id: 'plan-weather-research' },
    owner: { type: 'team', id: 'team-globex-dev' }, data: { useCase: 'research', expectedMonthlyCalls: 25000 },
  });
  expect(created.status).toBe(201);
  expect(created.body.approval.state).toBe('pending');
  subscriptionId = created.body.id;
  admin = await suite.pageAs('admin', VIEWPORT);
});
afterAll(async () => { await admin?.context().close(); });

const item = (p: Page, title: string) => p.locator(`${ROOT} [data-approval-item]`, { hasText: title });

async function openQueue(p: Page, query = ''): Promise<void> {
  await p.goto(`${suite.portal.baseUrl}/approvals${query}`);
  await p.locator(`${ROOT} [data-part="approvals-list"], ${ROOT} [role="status"]`).first().waitFor({ timeout: 30_000 });
}

describe('the approvals queue', () => {
  it('is in the side navigation of a provider Administrator and lists every kind, newest first', async () => {
    await admin.goto(`${suite.portal.baseUrl}/`);
    await admin.locator('agora-portal aside nav a[href="/approvals"]').click();
    await poll(() => new URL(admin.url()).pathname).toBe('/approvals');
    await item(admin, SUBSCRIPTION).waitFor({ timeout: 30_000 });
    await expect(admin.locator(`${ROOT} [data-part="approvals-count"]`).innerText()).resolves.toMatch(/^\d+ pending items$/);
    // Newest first: the subscription just made heads the queue.
    await expect(admin.locator(`${ROOT} [data-approval-item] [data-part="approval-title"]`).first().innerText()).resolves.toBe(SUBSCRIPTION);
    await admin.screenshot({ path: join(SHOTS, 'approvals-1280.png'), fullPage: true });
  });

  it('filters by type: each kind has pending items of the seed', async () => {
    const kinds = () => admin.locator(`${ROOT} [data-approval-item]`).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-type')))]);
    for (const type of ['subscription', 'accessRequest', 'review']) {
      await admin.locator(`${ROOT} [data-part="type-filter"]`).selectOption(type);
      await poll(kinds).toEqual([type]);
    }
    await admin.locator(`${ROOT} [data-part="type-filter"]`).selectOption('');
  });

  it('shows an empty state when nothing is pending', async () => {
    await openQueue(admin, '?type=review&product=prod-petstore');
    await poll(() => admin.locator(ROOT).innerText()).toContain('Nothing to approve');
    await expect(admin.locator(`${ROOT} [data-part="approvals-list"]`).count()).resolves.toBe(0);
  });

  it('approves the subscription with a reason; it leaves the queue and the subscriber sees it approved', async () => {
    await openQueue(admin, '?type=subscription');
    const card = item(admin, SUBSCRIPTION);
    await card.waitFor({ timeout: 30_000 });
    await card.locator('[data-action="details"]').click();
    const details = card.locator('[data-part="approval-details"]');
    await poll(() => details.innerText()).toContain('Research');
    await expect(details.innerText()).resolves.toContain('Globex Developers');
    await details.locator('select, input').first().waitFor({ timeout: 30_000 });
    await admin.screenshot({ path: join(SHOTS, 'approvals-details-1280.png'), fullPage: true });

    await card.locator('[data-action="approve"]').click();
    await admin.locator(`${DIALOG} [data-part="reason"]`).fill('Research use confirmed.');
    await admin.locator(`${DIALOG} button`, { hasText: 'Approve' }).click();
    await poll(() => card.count()).toBe(0);
    await expect(admin.locator(`${ROOT} [data-part="decided"]`).innerText()).resolves.toContain(`“${SUBSCRIPTION}” approved.`);

    const globex = await apiAs('globex');
    const read = await globex<{ approval: { state: string; reason: string | null } }>('GET', `/subscriptions/${subscriptionId}`);
    expect(read.status).toBe(200);
    expect(read.body.approval).toMatchObject({ state: 'approved', reason: 'Research use confirmed.' });
    // and on the subscriber's own page of the subscription
    const subscriber = await suite.pageAs('globex', VIEWPORT);
    await subscriber.goto(`${suite.portal.baseUrl}/subscriptions/${subscriptionId}`);
    const page = subscriber.locator('agora-portal [data-page="subscriptions"] [data-part="subscription-details"]');
    await page.waitFor({ timeout: 30_000 });
    await poll(() => page.innerText()).toContain('Approved');
    await subscriber.context().close();
    expect(pageErrors(admin)).toEqual([]);
  });

  it("shows an access request's information by the titles of its fields and chosen values", async () => {
    await openQueue(admin, '?type=accessRequest');
    // The seed's pending request (acc-mobile-payments), titled "<resource> - <product>".
    const card = item(admin, 'Payments API - Payments API').first();
    await card.waitFor({ timeout: 30_000 });
    await card.locator('[data-action="details"]').click();
    const details = card.locator('[data-part="approval-details"]');
    await poll(() => details.innerText()).toContain('In-person payments');
    const text = await details.innerText();
    expect(text).toContain('Sandbox (test data)');
    expect(text).toContain('Acme Mobile App');
    // Neither stored values nor hidden fields.
    expect(text).not.toMatch(/in_person|\bsandbox\b/);
    expect(text).not.toMatch(/referral|acceptsTerms|marketplace/i);
    await admin.screenshot({ path: join(SHOTS, 'approvals-access-request-1280.png'), fullPage: true });
  });

  it('declines only with a reason', async () => {
    await openQueue(admin, '?type=review');
    const card = item(admin, 'Missing history');
    await card.waitFor({ timeout: 30_000 });
    await card.locator('[data-action="reject"]').click();
    await admin.locator(`${DIALOG} button`, { hasText: 'Decline' }).click();
    await expect(admin.locator(`${DIALOG} [role="alert"]`).innerText()).resolves.toContain('Give a reason for declining.');
    const state = async () => (await suite.portal.db.select().from(reviews).where(eq(reviews.id, 'rev-weather-developer')))[0]?.approvalState;
    expect(await state()).toBe('pending');
    await admin.locator(`${DIALOG} [data-part="reason"]`).fill('Feature requests go to the support contact.');
    await admin.locator(`${DIALOG} button`, { hasText: 'Decline' }).click();
    await poll(state).toBe('rejected');
    await poll(() => card.count()).toBe(0);
  });
});

describe('anyone else', () => {
  it('gets the unauthorized placeholder and no navigation entry', async () => {
    const consumer = await suite.pageAs('orgadmin', VIEWPORT);
    await consumer.goto(`${suite.portal.baseUrl}/approvals`);
    await poll(() => consumer.locator(`${ROOT}`).innerText()).toMatch(/not (allowed|authori[sz]ed)|permission/i);
    await expect(consumer.locator(`${ROOT} [data-part="approvals-list"]`).count()).resolves.toBe(0);
    await expect(consumer.locator('agora-portal aside nav a[href="/approvals"]').count()).resolves.toBe(0);
    await consumer.context().close();
  });
});

describe('at 375 px', () => {
  it('shows the queue and a decision dialog', async () => {
    const narrow = await suite.pageAs('admin', { viewport: { width: 375, height: 812 } });
    await openQueue(narrow);
    await narrow.locator(`${ROOT} [data-approval-item]`).first().waitFor({ timeout: 30_000 });
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await narrow.screenshot({ path: join(SHOTS, 'approvals-375.png'), fullPage: true });
    await narrow.locator(`${ROOT} [data-approval-item] [data-action="reject"]`).first().click();
    await narrow.locator(`${DIALOG} [data-part="reason"]`).waitFor();
    await narrow.screenshot({ path: join(SHOTS, 'approvals-decline-375.png') });
    expect(pageErrors(narrow)).toEqual([]);
    await narrow.context().close();
  });
});
