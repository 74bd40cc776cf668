// The credentials screens against the seeded server (spec 2 §2, §4): the global list with search,
// filters and sort, the detail panel with its resources, rotate with a new name, suspend and
// enable, view secret once for a freshly created API key (created through the application's
// create panel on a resource with an approved access request), delete; screenshots at 1280 and
// 375 px of the list, the detail panel and the secret dialog.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { credentials } from '../../server/src/db/schema.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';
import { fillApiKeyCredential } from './fixtures/credentialForm.ts';

const suite = useSuite();
const SHOTS = join(RESULTS_DIR, 'screenshots');
const ROOT = 'agora-portal [data-page="credentials"]';
const ROWS = `${ROOT} [data-part="credentials-table"] tbody tr`;
const VIEWPORT = { viewport: { width: 1280, height: 900 } };

let page: Page;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  page = await suite.pageAs('orgadmin', VIEWPORT);
});
afterAll(async () => { await page?.context().close(); });

const names = (p: Page, root = ROOT) => p.locator(`${root} [data-part="credentials-table"] tbody [data-part="open"]`).allInnerTexts();

async function openList(p: Page, query = ''): Promise<void> {
  await p.goto(`${suite.portal.baseUrl}/credentials${query}`);
  await p.locator(`${ROOT} [data-part="open"]`).first().waitFor({ timeout: 30_000 });
}

/** Elements (in the portal's shadow roots) reaching past the viewport's right edge, outside a scroller. */
export function overflowing(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.shadowRoot) walk(el.shadowRoot);
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= width + 1 || el instanceof SVGElement) continue;
        let scroller = el.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
        if (scroller && scroller.getBoundingClientRect().right <= width + 1) continue;
        found.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`);
      }
    };
    walk(document);
    if (document.documentElement.scrollWidth > width + 1) found.push(`document scrollWidth=${document.documentElement.scrollWidth}`);
    return found.slice(0, 8);
  });
}

const panel = (p: Page) => p.locator('agora-portal [data-part="credential-detail"]');

describe('global credentials list', () => {
  it('lists the organisation’s credentials by name, never another organisation’s', async () => {
    await openList(page);
    const shown = await names(page);
    // (Casey's certificate belongs to Casey's private team: not listed for another user)
    expect(shown).toEqual(['Checkout production client', 'Kafka consumer', 'Old sandbox key', 'Sandbox key']);
    expect(shown).not.toContain('Portal key');
    const old = page.locator(ROWS).filter({ hasText: 'Old sandbox key' });
    await expect(old.locator('[data-expiry="expired"]').count()).resolves.toBe(1);
    await expect(page.locator(ROWS).filter({ hasText: 'Kafka consumer' }).innerText()).resolves.toContain('Partner Integrations');
    await page.screenshot({ path: join(SHOTS, 'credentials-list-1280.png'), fullPage: true });
  });

  it('searches names and application names', async () => {
    await openList(page);
    await page.locator(`${ROOT} input[type="search"], ${ROOT} [role="searchbox"]`).first().fill('Warehouse');
    await poll(() => names(page)).toEqual(['Kafka consumer']);
  });

  it('filters by state and expiry, and sorts by expiry', async () => {
    await openList(page);
    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="state-inactive"]').check();
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => names(page)).toEqual(['Old sandbox key']);
    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="state-inactive"]').uncheck();
    await page.locator('agora-portal [data-filter="state-pending"]').check();
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => names(page)).not.toContain('Old sandbox key');
    await page.locator(`${ROOT} [data-part="filters"]`).click();
    await page.locator('agora-portal [data-filter="state-pending"]').uncheck();
    await page.locator('agora-portal [data-filter="expiry-expired"]').check();
    await page.locator('agora-portal [data-part="apply-filters"]').click();
    await poll(() => names(page)).toContain('Old sandbox key');
    const marks = await page.locator(`${ROWS} [data-expires]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-expiry')));
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks)).toEqual(new Set(['expired']));
    await openList(page);
    await page.locator(`${ROOT} [data-part="sort"]`).selectOption('-provisioning.policies.expiry.time');
    const expiries = () => page.locator(`${ROWS} [data-expires]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-expires')!));
    await poll(async () => { const e = await expiries(); return e.length > 1 && e.every((d, i) => i === 0 || d <= e[i - 1]!); }).toBe(true);
  });

  it('keeps the column choices (customiser) across a reload', async () => {
    await openList(page);
    await page.locator(`${ROOT} button`, { hasText: 'Customise columns' }).click();
    const dialog = page.locator('agora-portal dialog[open]');
    await dialog.locator('li', { hasText: 'Owning team' }).locator('input[type="checkbox"]').uncheck();
    await dialog.locator('button', { hasText: 'Apply' }).click();
    await expect(page.locator(`${ROOT} thead`).innerText()).resolves.not.toMatch(/owning team/i);
    await openList(page);
    await expect(page.locator(`${ROOT} thead`).innerText()).resolves.not.toMatch(/owning team/i);
    await page.evaluate(() => { for (const k of Object.keys(localStorage)) if (k.startsWith('agora.columns.')) localStorage.removeItem(k); });
  });
});

describe('detail panel and actions', () => {
  it('opens from the route with its fields, masked data and (with #resources-expanded) its resources', async () => {
    await page.goto(`${suite.portal.baseUrl}/credentials/cred-checkout-oauth#resources-expanded`);
    await panel(page).locator('[data-part="resources"] tbody tr').first().waitFor({ timeout: 30_000 });
    const text = await panel(page).innerText();
    expect(text).toContain('Checkout Service');
    expect(text).toContain('Platform Engineering');
    await expect(panel(page).locator('[data-part="resources"] tbody tr').allInnerTexts()).resolves.toEqual([expect.stringContaining('Payments')]);
    // OAuth: the redirect URL on this origin, the token URL
    await poll(() => panel(page).locator('[data-part="redirect-url"]').inputValue()).toMatch(/\/productDetails\/prod-payments\/version\/[^/]+\/resources\/res-payments\/methods$/);
    await expect(panel(page).locator('[data-part="token-url"]').inputValue()).resolves.toMatch(/\/api\/v1\/oauth\/token$/);
    await page.screenshot({ path: join(SHOTS, 'credentials-detail-1280.png') });
    // Escape closes it and the route goes back to the list
    await page.keyboard.press('Escape');
    await poll(() => new URL(page.url()).pathname).toBe('/credentials');
  });

  it('rotates with a new name (required once trimmed), suspends and enables', async () => {
    await page.goto(`${suite.portal.baseUrl}/credentials/cred-warehouse-basic`);
    await panel(page).waitFor({ timeout: 30_000 });
    const act = async (action: string) => {
      await page.locator('agora-portal [data-part="detail-actions"] [data-part="actions"]').click();
      await page.locator(`agora-portal [role="menu"] [data-action="${action}"]`).click();
    };
    await act('rotate');
    const dialog = page.locator('agora-portal dialog[open][role="alertdialog"]');
    await dialog.locator('[data-part="rotate-name"]').fill('   ');
    await dialog.locator('button', { hasText: 'Rotate' }).click();
    await expect(dialog.innerText()).resolves.toContain('Enter a name.');
    await dialog.locator('[data-part="rotate-name"]').fill('  Kafka consumer v2 ');
    await dialog.locator('button', { hasText: 'Rotate' }).click();
    await poll(async () => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, 'cred-warehouse-basic')))[0]?.title).toBe('Kafka consumer v2');
    await poll(() => panel(page).innerText(), 'the panel shows the new name').toContain('Active');
    await poll(() => page.locator('agora-portal dialog[open] h2').first().innerText()).toBe('Kafka consumer v2');

    // suspend once provisioning is done; then enable
    await poll(async () => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, 'cred-warehouse-basic')))[0]?.provisioningStatus).toBe('success');
    await page.reload();
    await panel(page).waitFor({ timeout: 30_000 });
    await act('suspend');
    await page.locator('agora-portal dialog[open][role="alertdialog"] button', { hasText: 'Suspend' }).click();
    await poll(async () => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, 'cred-warehouse-basic')))[0]?.state).toBe('inactive');
    await poll(() => panel(page).locator('[data-state]').first().getAttribute('data-state')).toBe('inactive');
    await act('enable');
    await page.locator('agora-portal dialog[open][role="alertdialog"] button', { hasText: 'Enable' }).click();
    await poll(async () => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, 'cred-warehouse-basic')))[0]?.state).toBe('active');
  });

  it('offers each action only when its rule allows it, and banners an inactive credential in error', async () => {
    const casey = await suite.pageAs('consumer', VIEWPORT);
    await openList(casey);
    const row = casey.locator(ROWS).filter({ hasText: 'Thermostat certificate' });
    await expect(row.locator('[data-part="error-banner"]').count()).resolves.toBe(1);
    await expect(row.innerText()).resolves.toContain('Mutual TLS');
    await row.locator('[data-part="actions"]').click();
    // no secret to view while inactive; delete is always there but while deleting
    await expect(casey.locator('agora-portal [role="menu"] [data-action="viewSecret"]').isDisabled()).resolves.toBe(true);
    await expect(casey.locator('agora-portal [role="menu"] [data-action="delete"]').isDisabled()).resolves.toBe(false);
    await casey.keyboard.press('Escape');
    await expect(casey.locator('agora-portal [role="menu"]').count()).resolves.toBe(0);
    expect(pageErrors(casey)).toEqual([]);
    await casey.context().close();
  });
});

describe('a new API key: create, view the secret once, delete', () => {
  it('is created on the application page, shows its secret after confirming, then is deleted', async () => {
    await page.goto(`${suite.portal.baseUrl}/applications/app-acme-checkout/credentials/create`);
    const form = page.locator('agora-portal [data-part="credential-create"]');
    await form.waitFor({ timeout: 30_000 });
    const submit = page.locator('agora-portal [data-part="create-submit"]');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await fillApiKeyCredential(form, { name: 'Browser test key', resourceId: 'res-payments-sandbox', text: 'test' });
    await poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.locator('agora-portal [data-part="view-credential"]').click();
    const created = (await suite.portal.db.select().from(credentials).where(eq(credentials.title, 'Browser test key')))[0]!;
    await poll(() => new URL(page.url()).pathname).toBe(`/applications/app-acme-checkout/credentials/${created.id}`);
    await poll(async () => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, created.id)))[0]?.provisioningStatus).toBe('success');
    await page.reload();
    const viewSecret = page.locator('agora-portal [data-part="detail-actions"] [data-action="viewSecret"]');
    await viewSecret.waitFor({ timeout: 30_000 });
    // masked in the panel
    const masked = panel(page).locator('[data-part="provisioned"] input');
    await masked.first().waitFor();
    await expect(masked.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).resolves.toContain('••••••••••••');
    await viewSecret.click();
    const dialog = page.locator('agora-portal [data-part="secret-dialog"]');
    await expect(dialog.locator('[data-part="remaining"]').getAttribute('data-tone')).resolves.toBe('neutral');
    await expect(dialog.innerText()).resolves.toContain('Unlimited');
    await expect(dialog.locator('[data-part="secret-values"]').count()).resolves.toBe(0);
    await page.locator('agora-portal [data-part="reveal"]').click();
    await dialog.locator('[data-part="secret-values"] code').first().waitFor();
    const values = await dialog.locator('[data-part="secret-values"] code').allInnerTexts();
    expect(Math.max(...values.map((v) => v.length))).toBeGreaterThan(16);
    await page.screenshot({ path: join(SHOTS, 'credentials-secret-1280.png') });
    await page.locator('agora-portal dialog[open] button', { hasText: 'Done' }).click();

    await page.locator('agora-portal [data-part="detail-actions"] [data-part="actions"]').click();
    await page.locator('agora-portal [role="menu"] [data-action="delete"]').click();
    await page.locator('agora-portal dialog[open][role="alertdialog"] button', { hasText: 'Delete' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/applications/app-acme-checkout/credentials');
    await poll(async () => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, created.id))).length, 'deleted').toBe(0);
  });
});

describe('at 375 px', () => {
  it('shows the list, the detail panel and the secret dialog', async () => {
    const narrow = await suite.pageAs('orgadmin', { viewport: { width: 375, height: 812 } });
    await openList(narrow);
    await expect(overflowing(narrow)).resolves.toEqual([]);
    await narrow.screenshot({ path: join(SHOTS, 'credentials-list-375.png'), fullPage: true });
    await narrow.goto(`${suite.portal.baseUrl}/credentials/cred-checkout-oauth#resources-expanded`);
    await panel(narrow).locator('[data-part="resources"] tbody tr').first().waitFor({ timeout: 30_000 });
    await narrow.screenshot({ path: join(SHOTS, 'credentials-detail-375.png') });
    expect(pageErrors(narrow)).toEqual([]);
    await narrow.context().close();
  });

  it('left no page errors', () => {
    expect(pageErrors(page)).toEqual([]);
  });
});
