// The subscriptions screens against the seeded server (spec 3 §2.3, §4, §8): the list newest
// first with application counts and owner names, paging from 10, the filters (approval state,
// state shown as cancelling/cancelled, the ?product= pre-filter, search), the 403 and fetch-error
// placeholders; the details with each section opened by its hash anchor (applications, additional
// information against its schema or 'none provided', invoices with the error banner and the pay
// action, usage bars moved by real try-it calls through the gateway and by seeded counts in every
// usage state), the history, and unsubscribe with the typed upper-case word from the list and
// from the details. Screenshots at 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { assetResources, quotaCounters, subscriptions } from '../../server/src/db/schema.ts';
import { quotaWindow } from '../../src/rules/quota.ts';
import { pageErrors, poll, screenshot, useSuite } from './harness.ts';

const suite = useSuite();
const API = '/api/v1';
const ROOT = 'agora-portal [data-page="subscriptions"]';
const WIDE = { viewport: { width: 1280, height: 900 } };
const NARROW = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true };

interface Row { id: string; title: string; state: string; applications: { totalCount: number }; owner: { name: string | null } }

let page: Page;
let token = '';
beforeAll(async () => {
  page = await suite.pageAs('orgadmin', WIDE);
  const a = suite.account('orgadmin');
  const answer = await page.request.post(`${suite.portal.baseUrl}${API}/auth/signin`, { data: { username: a.email, password: a.password } });
  token = ((await answer.json()) as { accessToken: string }).accessToken;
});
afterAll(async () => { await page?.context().close(); });

const api = async <T>(path: string): Promise<T> => {
  const answer = await page.request.get(`${suite.portal.baseUrl}${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), path).toBe(200);
  return (await answer.json()) as T;
};
const rows = (p: Page) => p.locator(`${ROOT} [data-part="subscriptions-table"] tbody tr`);
const names = (p: Page) => p.locator(`${ROOT} tbody [data-part="open"]`).allInnerTexts();
const rowOf = (p: Page, title: string) => rows(p).filter({ has: p.locator('[data-part="open"]', { hasText: title }) });
const section = (p: Page, id: string) => p.locator(`${ROOT} [data-section="${id}"]`);

async function openList(p: Page, query = ''): Promise<void> {
  await p.goto(`${suite.portal.baseUrl}/subscriptions${query}`);
  await p.locator(`${ROOT} [data-part="subscriptions-table"]`).waitFor({ timeout: 30_000 });
}
async function openDetails(p: Page, id: string, hash = ''): Promise<void> {
  await p.goto(`${suite.portal.baseUrl}/subscriptions/${id}${hash}`);
  await p.locator(`${ROOT} [data-part="subscription-details"]`).waitFor({ timeout: 30_000 });
}
async function titleOf(id: string): Promise<string> {
  const [row] = await suite.portal.db.select({ title: subscriptions.title }).from(subscriptions).where(eq(subscriptions.id, id));
  return row!.title;
}

describe('subscriptions list', () => {
  it('lists newest first, ten a page, with each row’s application count and owner name', async () => {
    await openList(page);
    const first = await api<{ items: Row[]; totalCount: number }>('/subscriptions?sort=-metadata.createdAt&page=1&pageSize=10');
    expect(first.totalCount).toBeGreaterThan(10);
    await poll(() => names(page)).toEqual(first.items.map((s) => s.title));
    for (const s of first.items) {
      const row = rowOf(page, s.title).first();
      expect(await row.locator('[data-part="app-count"]').innerText()).toBe(String(s.applications.totalCount));
      expect(await row.locator('[data-part="owner"]').innerText()).toContain(s.owner.name!);
    }
    expect(first.items.some((s) => s.applications.totalCount > 0)).toBe(true);
    const header = (await page.locator(`${ROOT} thead`).innerText()).toUpperCase();
    for (const col of ['NAME', 'PRODUCT', 'PLAN', 'STATUS', 'APPLICATIONS', 'OWNER', 'CREATED']) expect(header).toContain(col);
    // The page sizes start at 10; the next page holds the rest.
    const sizes = await page.locator(`${ROOT} nav[aria-label] select`).first().locator('option').allInnerTexts();
    expect(sizes.map(Number)[0]).toBe(10);
    await page.locator(`${ROOT} nav[aria-label] button[aria-label*="Next" i]`).first().click();
    const second = await api<{ items: Row[] }>('/subscriptions?sort=-metadata.createdAt&page=2&pageSize=10');
    await poll(() => names(page)).toEqual(second.items.map((s) => s.title));
    // Oldest first, from the sort choice.
    await page.locator(`${ROOT} [data-part="sort"]`).selectOption('+metadata.createdAt');
    const oldest = await api<{ items: Row[] }>('/subscriptions?sort=%2Bmetadata.createdAt&page=1&pageSize=10');
    await poll(() => names(page)).toEqual(oldest.items.map((s) => s.title));
    expect(pageErrors(page)).toEqual([]);
  });

  it('filters by approval state and state (cancelling, cancelled), back to page 1, and searches', async () => {
    await openList(page);
    await page.locator(`${ROOT} nav[aria-label] button[aria-label*="Next" i]`).first().click();
    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="approval-pending"]').check();
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => names(page)).toEqual([await titleOf('sub-acme-payments-enterprise')]);
    expect(await rows(page).first().locator('[data-approval]').innerText()).toBe('Pending');

    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="approval-pending"]').uncheck();
    await page.locator('agora-portal [data-filter="state-archiving"]').check();
    await page.locator('agora-portal [data-filter="state-archived"]').check();
    await screenshot(page, 'subscriptions-filters-1280');
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => rows(page).locator('[data-state]').allInnerTexts()).toEqual(expect.arrayContaining(['Cancelling', 'Cancelled']));
    expect(await page.locator(`${ROOT} [data-part="filters"]`).innerText()).toBe('Filters (2)');

    await openList(page);
    await page.locator(`${ROOT} input[type="search"], ${ROOT} input`).first().fill('weather');
    await poll(() => names(page)).toEqual([await titleOf('sub-acme-weather-free'), await titleOf('sub-acme-weather-research')]);
    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="approval-rejected"]').check();
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => names(page)).toEqual([await titleOf('sub-acme-weather-research')]);
    expect(await rows(page).first().locator('[data-approval]').innerText()).toBe('Declined');
  });

  it('pre-filters by ?product= and keeps it in the address', async () => {
    const [sub] = await suite.portal.db.select({ productId: subscriptions.productId }).from(subscriptions).where(eq(subscriptions.id, 'sub-acme-sms-payg'));
    await openList(page, `?product=${sub!.productId}`);
    await poll(() => names(page)).toEqual([await titleOf('sub-acme-sms-payg')]);
    expect(await page.locator(`${ROOT} [data-part="filters"]`).innerText()).toBe('Filters (1)');
    expect(new URL(page.url()).search).toBe(`?product=${sub!.productId}`);
  });

  it('shows the unauthorized placeholder on a 403 and the subscription-fetch-error one on other failures', async () => {
    const p = await suite.pageAs('orgadmin', WIDE);
    await p.route('**/api/v1/subscriptions?**', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 403, title: 'Forbidden', detail: 'No.' }] }) }));
    await p.goto(`${suite.portal.baseUrl}/subscriptions`);
    await poll(() => p.locator(ROOT).innerText()).toContain('You are not authorised to see this page');
    await p.unroute('**/api/v1/subscriptions?**');
    await p.route('**/api/v1/subscriptions?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 500, title: 'Internal', detail: 'Broken store.' }] }) }));
    await p.reload();
    await poll(() => p.locator(ROOT).innerText()).toContain('Subscriptions could not be loaded');
    expect(await p.locator(ROOT).innerText()).toContain('Broken store.');
    await p.context().close();
  });
});

describe('subscription details', () => {
  it('opens the invoices section from #invoices: statuses, amounts, due dates, pay, and the error banner with the provider’s e-mail', async () => {
    await openDetails(page, 'sub-acme-payments-growth', '#invoices');
    const invoices = section(page, 'invoices');
    await invoices.locator('[data-invoice]').first().waitFor({ timeout: 15_000 });
    expect(await invoices.locator('button[aria-expanded]').getAttribute('aria-expanded')).toBe('true');
    expect(await section(page, 'usage').locator('button[aria-expanded]').getAttribute('aria-expanded')).toBe('false');
    const list = await api<{ items: Array<{ id: string; status: string; canPay: boolean; billing: { amount: { total: number } } }> }>('/invoices?subscription.id=sub-acme-payments-growth&limit=100');
    expect(await invoices.locator('[data-invoice]').count()).toBe(list.items.length);
    expect(await invoices.locator('[data-status]').allInnerTexts()).toEqual(expect.arrayContaining(['Past due', 'Incomplete', 'Draft', 'Paid']));
    expect(await invoices.innerText()).toContain('$412.55');
    expect(await invoices.locator('[data-action="pay"]').count()).toBe(list.items.filter((i) => i.canPay).length);
    expect(list.items.some((i) => i.canPay)).toBe(true);
    const banner = invoices.locator('[role="alert"], [data-part="invoice-error-banner"]').first();
    await banner.waitFor();
    const text = await invoices.innerText();
    expect(text).toContain('2 invoices are in error.');
    const mail = invoices.locator('[data-part="invoice-error-banner"] a[href^="mailto:"]');
    expect(await mail.count()).toBe(1);
    await screenshot(page, 'subscriptions-details-invoices-1280');
  });

  it('opens an invoice from its number: lines, quantities, unit prices and total, and downloads its PDF', async () => {
    await openDetails(page, 'sub-acme-payments-growth', '#invoices');
    const invoices = section(page, 'invoices');
    const list = await api<{ items: Array<{ id: string; billing: { number: string; amount: { total: number }; lines: Array<{ title: string }> } }> }>('/invoices?subscription.id=sub-acme-payments-growth&limit=100');
    const invoice = list.items.find((i) => i.billing.amount.total === 41255)!;
    await invoices.locator(`[data-invoice="${invoice.id}"]`).click();
    const detail = page.locator('agora-portal [data-part="invoice-detail"]');
    await detail.waitFor();
    expect(await detail.locator('[data-part="invoice-lines"] tbody tr').count()).toBe(invoice.billing.lines.length);
    for (const line of invoice.billing.lines) expect(await detail.innerText()).toContain(line.title);
    expect(await detail.locator('[data-part="invoice-total"]').innerText()).toBe('$412.55');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('agora-portal [data-action="invoice-pdf"]').click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoice.billing.number}.pdf`);
    await screenshot(page, 'subscriptions-invoice-detail-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'subscriptions-invoice-detail-375');
    await page.setViewportSize(WIDE.viewport);
    await page.keyboard.press('Escape');
  });

  it('pays an invoice through the provider’s checkout page, and the list shows it paid', async () => {
    await openDetails(page, 'sub-acme-payments-starter', '#invoices');
    const invoices = section(page, 'invoices');
    const pay = invoices.locator('[data-action="pay"]').first();
    await pay.waitFor({ timeout: 15_000 });
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), pay.click()]);
    await checkout.waitForLoadState();
    await poll(() => checkout.url()).toContain('/checkout/');
    await checkout.locator('button[type="submit"], button').first().click();
    // Closed once the payment's answer has shown: a close racing the form's navigation can hang.
    await checkout.getByRole('status').filter({ hasText: 'Payment received' }).waitFor({ timeout: 15_000 });
    await checkout.close();
    await page.reload();
    await section(page, 'invoices').locator('[data-invoice]').first().waitFor({ timeout: 15_000 });
    await poll(() => section(page, 'invoices').locator('[data-action="pay"]').count()).toBe(0);
  });

  it('shows applications linking to the application, or the empty state', async () => {
    await openDetails(page, 'sub-acme-payments-starter', '#applications');
    const apps = await api<{ items: Array<{ id: string; title: string }> }>('/subscriptions/sub-acme-payments-starter/applications');
    expect(apps.items.length).toBeGreaterThan(0);
    const links = section(page, 'applications').locator('[data-application] a');
    await poll(() => links.allInnerTexts()).toEqual(apps.items.map((a) => a.title));
    await links.first().click();
    await poll(() => new URL(page.url()).pathname).toBe(`/applications/${apps.items[0]!.id}/credentials`);

    await openDetails(page, 'sub-acme-weather-research', '#applications');
    await poll(() => section(page, 'applications').innerText()).toContain('No applications for the subscription');
  });

  it('shows the additional information against the schema, or "None provided"; the history with the decline reason', async () => {
    await openDetails(page, 'sub-acme-payments-enterprise', '#additional-info');
    const info = section(page, 'additional-info');
    await poll(async () => (await info.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).join('|')).toContain('Acme Corporation');
    expect(await info.innerText()).toContain('VAT number');
    await screenshot(page, 'subscriptions-details-additional-info-1280');

    await openDetails(page, 'sub-acme-weather-free', '#additional-info');
    await poll(() => section(page, 'additional-info').innerText()).toContain('None provided');

    await openDetails(page, 'sub-acme-weather-research');
    const history = page.locator(`${ROOT} [data-part="history"] [data-history]`);
    await poll(() => history.evaluateAll((els) => els.map((e) => e.getAttribute('data-history')))).toEqual(['requested', 'rejected']);
    expect(await page.locator(`${ROOT} [data-part="history"]`).innerText()).toContain('Reason: The research plan is for universities');
    // A toggle opens a section and names it in the address.
    await section(page, 'usage').locator('button[aria-expanded]').click();
    await poll(() => new URL(page.url()).hash).toBe('#usage');
  });

  it('shows a usage bar per quota: real try-it calls move it; seeded counts show every usage state; ∞ for unlimited', async () => {
    // Try-it through the gateway as the consumer (Platform Engineering): counted under the team's
    // oldest subscription covering the resource, sub-acme-payments-free (1,000 calls a month).
    const db = suite.portal.db;
    await db.update(assetResources).set({ upstreamUrl: null }).where(eq(assetResources.id, 'res-payments'));
    const [r] = await db.execute(sql`select v.id as version_id, v.product_id from asset_resources ar join product_versions v on v.id = ar.product_version_id where ar.id = 'res-payments'`)
      .then((x) => (x as unknown as { rows: Array<{ version_id: string; product_id: string }> }).rows);
    const consumer = suite.account('consumer');
    const signin = await page.request.post(`${suite.portal.baseUrl}${API}/auth/signin`, { data: { username: consumer.email, password: consumer.password } });
    const consumerToken = ((await signin.json()) as { accessToken: string }).accessToken;
    const before = (await api<{ items: Array<{ used: number }> }>('/subscriptions/sub-acme-payments-free/usage')).items[0]!.used;
    for (let i = 0; i < 3; i++) {
      const call = await page.request.get(`${suite.portal.baseUrl}${API}/gateway/${r!.product_id}/${r!.version_id}/res-payments/payments`, { headers: { Authorization: `Bearer ${consumerToken}` } });
      expect(call.status(), await call.text()).toBe(200);
    }
    await openDetails(page, 'sub-acme-payments-free', '#usage');
    const usage = section(page, 'usage');
    await poll(() => usage.locator('[data-part="usage-text"]').first().innerText()).toBe(`${before + 3} of 1,000 Transactions`);
    expect(await usage.locator('[role="meter"]').first().getAttribute('aria-valuenow')).toBe(String(before + 3));

    // Seeded counts in the current windows of the starter plan's quotas: approaching and reached.
    const now = new Date();
    const put = async (quotaId: string, interval: 'monthly' | 'daily', count: number) => {
      const w = quotaWindow(interval, now);
      await db.insert(quotaCounters).values({ subscriptionId: 'sub-acme-payments-starter', quotaId, windowStart: w.start, windowEnd: w.end, count })
        .onConflictDoUpdate({ target: [quotaCounters.subscriptionId, quotaCounters.quotaId, quotaCounters.windowStart], set: { count } });
    };
    await put('plan-payments-starter-q1', 'monthly', 40_000);
    await put('plan-payments-starter-q2', 'daily', 10_000);
    await openDetails(page, 'sub-acme-payments-starter', '#usage');
    const starter = section(page, 'usage');
    await starter.locator('[data-quota]').first().waitFor({ timeout: 15_000 });
    expect(await starter.locator('[data-quota="plan-payments-starter-q1"]').getAttribute('data-usage-state')).toBe('approaching');
    expect(await starter.locator('[data-quota="plan-payments-starter-q2"]').getAttribute('data-usage-state')).toBe('reached');
    expect(await starter.locator('[data-quota="plan-payments-starter-q1"]').innerText()).toContain('Approaching limit');
    expect(await starter.locator('[data-quota="plan-payments-starter-q2"]').innerText()).toContain('Limit reached');
    await screenshot(page, 'subscriptions-details-usage-1280');

    // The enterprise plan is unlimited: ∞.
    await openDetails(page, 'sub-acme-payments-enterprise', '#usage');
    await poll(() => section(page, 'usage').locator('[data-part="usage-text"]').first().innerText()).toContain('of ∞');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('unsubscribe', () => {
  it('from the list: the confirm waits for the exact upper-case word; the row shows cancelling, then cancelled', async () => {
    const title = await titleOf('sub-acme-weather-free');
    await openList(page);
    await page.locator(`${ROOT} input`).first().fill('weather');
    await poll(() => names(page)).toContain(title);
    await rowOf(page, title).locator('[data-action="unsubscribe"]').click();
    const dialog = page.locator('agora-portal [role="alertdialog"]');
    await dialog.waitFor();
    const confirm = dialog.locator('button[type="submit"]');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.locator('input').fill('unsubscribe');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.locator('input').fill('UNSUBSCRIBE');
    expect(await confirm.isDisabled()).toBe(false);
    await screenshot(page, 'subscriptions-unsubscribe-1280');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    // The list refetches (at once and 1 s later): cancelling while the job runs, then cancelled.
    await poll(() => rowOf(page, title).locator('[data-state]').innerText()).toMatch(/^(Cancelling|Cancelled)$/);
    // The archive job runs about 1 s after the request, so the refetch may still see it cancelling: refresh until it is done.
    await poll(async () => {
      await page.locator(`${ROOT} [data-part="refresh"]`).click();
      return rowOf(page, title).locator('[data-state]').innerText();
    }).toBe('Cancelled');
    expect(await rowOf(page, title).locator('[data-action="unsubscribe"]').count()).toBe(0);
  });

  it('from the details: cancelling at once, then the history ends with the cancellation', async () => {
    await openDetails(page, 'sub-acme-order-events-free');
    await page.locator(`${ROOT} [data-action="unsubscribe"]`).click();
    const dialog = page.locator('agora-portal [role="alertdialog"]');
    await dialog.locator('input').fill('UNSUBSCRIBE');
    await dialog.locator('button[type="submit"]').click();
    await poll(() => page.locator(`${ROOT} header [data-state]`).innerText()).toMatch(/^(Cancelling|Cancelled)$/);
    await poll(async () => {
      await openDetails(page, 'sub-acme-order-events-free');
      return page.locator(`${ROOT} header [data-state]`).innerText();
    }).toBe('Cancelled');
    expect(await page.locator(`${ROOT} [data-part="history"] [data-history]`).last().getAttribute('data-history')).toBe('archived');
    expect(await page.locator(`${ROOT} [data-action="unsubscribe"]`).count()).toBe(0);
  });
});

describe('screenshots at 375 px', () => {
  it('list, details with each section open, and the unsubscribe dialog', async () => {
    const p = await suite.pageAs('orgadmin', NARROW);
    await openList(p);
    await poll(async () => (await names(p)).length).toBe(10);
    await screenshot(p, 'subscriptions-list-375');
    await openDetails(p, 'sub-acme-payments-growth', '#invoices');
    for (const id of ['applications', 'additional-info', 'usage']) {
      await section(p, id).locator('button[aria-expanded]').click();
    }
    await section(p, 'usage').locator('[data-quota]').first().waitFor({ timeout: 15_000 });
    await section(p, 'invoices').locator('[data-invoice]').first().waitFor({ timeout: 15_000 });
    await screenshot(p, 'subscriptions-details-375');
    await p.locator(`${ROOT} [data-action="unsubscribe"]`).click();
    await p.locator('agora-portal [role="alertdialog"] input').fill('UNSUB');
    await screenshot(p, 'subscriptions-unsubscribe-375');
    expect(pageErrors(p)).toEqual([]);
    await p.context().close();
  });

  it('the list at 1280 px', async () => {
    await openList(page);
    await poll(async () => (await names(page)).length).toBe(10);
    await screenshot(page, 'subscriptions-list-1280');
  });
});
