// The access requests screens against the seeded server (spec 2 §2, §4): the list with search,
// the approval state filter (rejected shown as declined) and the URL pre-filters that leave the
// address bar, the detail panel with its history, delete, a provider Administrator approving a
// pending request with a reason, the resource page's access requests and credentials tabs with
// the request-access action; screenshots at 1280 and 375 px of the list and the detail panel.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq, inArray, sql } from 'drizzle-orm';
import { accessRequests } from '../../server/src/db/schema.ts';
import { textArray } from '../../server/src/catalogue/sql.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite();
const SHOTS = join(RESULTS_DIR, 'screenshots');
const ROOT = 'agora-portal [data-page="registrations"]';
const VIEWPORT = { viewport: { width: 1280, height: 900 } };
const titles: Record<string, string> = {};

let page: Page;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = await suite.pageAs('orgadmin', VIEWPORT);
  const rows = await suite.portal.db.select().from(accessRequests)
    .where(inArray(accessRequests.id, ['acc-checkout-payments', 'acc-checkout-payments-sandbox', 'acc-mobile-payments', 'acc-mobile-payments-sandbox', 'acc-warehouse-orders']));
  for (const r of rows) titles[r.id] = r.title;
});
afterAll(async () => { await page?.context().close(); });

const names = (p: Page, root = ROOT) => p.locator(`${root} [data-part="access-requests-table"] tbody [data-part="open"]`).allInnerTexts();
const panel = (p: Page) => p.locator('agora-portal [data-part="access-request-detail"]');
/** A request's row: titles repeat ("<resource> - <product>"), so by title and application. */
const row = (p: Page, title: string, application: string) =>
  p.locator(`${ROOT} [data-part="access-requests-table"] tbody tr`).filter({ hasText: title }).filter({ hasText: application });
/** Titles in the server's order: the database's collation of lower(title) (where '(' and '-' go). */
const byName = async (list: string[]) =>
  ((await suite.portal.db.execute(sql`select x from unnest(${textArray(list)}) as x order by lower(x)`)) as unknown as { rows: Array<{ x: string }> }).rows.map((r) => r.x);
const approval = async (id: string) => (await suite.portal.db.select().from(accessRequests).where(eq(accessRequests.id, id)))[0]?.approvalState;

async function openList(p: Page, query = ''): Promise<void> {
  await p.goto(`${suite.portal.baseUrl}/registrations${query}`);
  await p.locator(`${ROOT} [data-part="open"]`).first().waitFor({ timeout: 30_000 });
}

describe('access requests list', () => {
  it('lists the organisation’s requests by name with their columns', async () => {
    await openList(page);
    const shown = await names(page);
    expect(shown).toEqual(await byName(shown));
    expect(shown).toEqual(expect.arrayContaining([titles['acc-checkout-payments'], titles['acc-mobile-payments'], titles['acc-mobile-payments-sandbox']]));
    const header = await page.locator(`${ROOT} thead`).innerText();
    for (const col of ['TITLE', 'APPROVAL STATE', 'UPDATED', 'SUBSCRIPTION', 'APPLICATION', 'PRODUCT', 'RESOURCE']) expect(header.toUpperCase()).toContain(col);
    const rejected = row(page, titles['acc-mobile-payments-sandbox']!, 'Acme Mobile App');
    await expect(rejected.locator('[data-approval]').getAttribute('data-approval')).resolves.toBe('declined');
    await page.screenshot({ path: join(SHOTS, 'registrations-list-1280.png'), fullPage: true });
  });

  it('filters by approval state (declined) and searches', async () => {
    await openList(page);
    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="state-declined"]').check();
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => names(page)).toEqual([titles['acc-mobile-payments-sandbox']]);
    await openList(page);
    await page.locator(`${ROOT} input`).first().fill('order events');
    await poll(() => names(page)).toEqual([titles['acc-warehouse-orders']]);
  });

  it('pre-filters by application.id from the URL, then removes it from the address bar', async () => {
    await openList(page, '?application.id=app-acme-mobile');
    await poll(() => names(page)).toEqual(await byName([titles['acc-mobile-payments']!, titles['acc-mobile-payments-sandbox']!]));
    await poll(() => new URL(page.url()).search).toBe('');
  });
});

describe('detail panel', () => {
  it('opens from a row, updates the route, and shows fields, submitted data and the history', async () => {
    await openList(page);
    await row(page, titles['acc-mobile-payments-sandbox']!, 'Acme Mobile App').locator('[data-part="open"]').click();
    await poll(() => new URL(page.url()).pathname).toBe('/registrations/acc-mobile-payments-sandbox');
    await panel(page).locator('[data-history]').first().waitFor({ timeout: 30_000 });
    const history = await panel(page).locator('[data-history]').evaluateAll((els) => els.map((e) => e.getAttribute('data-history')));
    expect(history).toEqual(['requested', 'rejected']);
    const text = await panel(page).innerText();
    expect(text).toContain('Declined');
    expect(text).toContain('Use the production resource');
    expect(text).toContain('Acme Mobile App');
    await page.screenshot({ path: join(SHOTS, 'registrations-detail-1280.png') });
    await page.keyboard.press('Escape');
    await poll(() => new URL(page.url()).pathname).toBe('/registrations');
  });

  it('shows the submitted data read-only against the definition', async () => {
    await page.goto(`${suite.portal.baseUrl}/registrations/acc-checkout-payments`);
    const submitted = panel(page).locator('[data-part="submitted"]');
    await submitted.locator('input, select, textarea').first().waitFor({ timeout: 30_000 });
    const editable = await submitted.locator('input:not([type="hidden"]):not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled]), select:not([disabled])')
      .evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 200)));
    expect(editable).toEqual([]);
    // Chosen values read by their titles.
    expect(await submitted.locator('select').first().evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('Online shop checkout');
    expect(await submitted.getByRole('radio', { name: 'Production' }).isChecked()).toBe(true);
  });

  it('deletes a request; the list refetches', async () => {
    await page.goto(`${suite.portal.baseUrl}/registrations/acc-mobile-payments-sandbox`);
    await panel(page).locator('[data-history]').first().waitFor({ timeout: 30_000 });
    await page.locator('agora-portal [data-action="delete"]').click();
    await page.locator('agora-portal dialog[open][role="alertdialog"] button', { hasText: 'Delete' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/registrations');
    await poll(async () => (await suite.portal.db.select().from(accessRequests).where(eq(accessRequests.id, 'acc-mobile-payments-sandbox'))).length).toBe(0);
    await poll(() => names(page)).toContain(titles['acc-checkout-payments-sandbox']);
    await poll(() => row(page, titles['acc-mobile-payments-sandbox']!, 'Acme Mobile App').count()).toBe(0);
  });
});

describe('a provider Administrator', () => {
  it('approves a pending request with a reason', async () => {
    const admin = await suite.pageAs('admin', VIEWPORT);
    await admin.goto(`${suite.portal.baseUrl}/registrations/acc-mobile-payments`);
    await panel(admin).locator('[data-history]').first().waitFor({ timeout: 30_000 });
    await admin.locator('agora-portal [data-action="approve"]').click();
    const dialog = admin.locator('agora-portal dialog[open][role="alertdialog"]');
    await dialog.locator('[data-part="reason"]').fill('Sandbox checked by the API team.');
    await dialog.locator('button', { hasText: 'Approve' }).click();
    await poll(() => approval('acc-mobile-payments')).toBe('approved');
    await poll(() => panel(admin).locator('[data-history]').evaluateAll((els) => els.map((e) => e.getAttribute('data-history')))).toEqual(['requested', 'approved']);
    await expect(panel(admin).innerText()).resolves.toContain('Sandbox checked by the API team.');
    await expect(admin.locator('agora-portal [data-action="approve"]').count()).resolves.toBe(0);
    expect(pageErrors(admin)).toEqual([]);
    await admin.context().close();
  });

  it('is not offered to a consumer', async () => {
    await page.goto(`${suite.portal.baseUrl}/registrations/acc-warehouse-orders`);
    await panel(page).locator('[data-history]').first().waitFor({ timeout: 30_000 });
    await expect(page.locator('agora-portal [data-action="approve"]').count()).resolves.toBe(0);
  });
});

describe('resource page tabs', () => {
  const tab = (t: string) => `${suite.portal.baseUrl}/productDetails/prod-payments/resources/res-payments-sandbox/${t}`;
  it('lists the resource’s access requests without product and resource columns', async () => {
    await page.goto(tab('accessRequests'));
    const root = 'agora-portal [data-part="resource-access-requests"]';
    await page.locator(`${root} [data-part="open"]`).first().waitFor({ timeout: 30_000 });
    await expect(names(page, root)).resolves.toContain(titles['acc-checkout-payments-sandbox']);
    const header = (await page.locator(`${root} thead`).innerText()).toUpperCase();
    expect(header).not.toContain('PRODUCT');
    // The request-access action sits on the resource header (every tab offers it), once.
    await expect.poll(() => page.locator('agora-portal [data-part="resource-header"] [data-part="request-access"]').count()).toBe(1);
    await expect(page.locator(`${root} [data-part="request-access"]`).count()).resolves.toBe(0);
    await page.screenshot({ path: join(SHOTS, 'resource-access-requests-1280.png'), fullPage: true });
  });

  it('lists the resource’s credentials, pre-filtered by ?application=', async () => {
    await page.goto(`${tab('credentials')}?application=app-acme-checkout`);
    const root = 'agora-portal [data-part="resource-credentials"]';
    await page.locator(`${root} [data-part="open"]`).first().waitFor({ timeout: 30_000 });
    const shown = await page.locator(`${root} tbody [data-part="open"]`).allInnerTexts();
    expect(shown).toEqual(expect.arrayContaining(['Sandbox key']));
    await page.screenshot({ path: join(SHOTS, 'resource-credentials-1280.png'), fullPage: true });
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('at 375 px', () => {
  it('shows the list and the detail panel', async () => {
    const narrow = await suite.pageAs('orgadmin', { viewport: { width: 375, height: 812 } });
    await openList(narrow);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await narrow.screenshot({ path: join(SHOTS, 'registrations-list-375.png'), fullPage: true });
    await narrow.goto(`${suite.portal.baseUrl}/registrations/acc-checkout-payments`);
    await panel(narrow).locator('[data-part="submitted"] input').first().waitFor({ timeout: 30_000 });
    await narrow.screenshot({ path: join(SHOTS, 'registrations-detail-375.png') });
    expect(pageErrors(narrow)).toEqual([]);
    await narrow.context().close();
  });
});
