// The Request Access wizard on the built bundle against the real server (spec 2 §2, §4, §5): as
// orgadmin on /registrations/create/prod-payments, choose an application and a subscription,
// select resources (a registered row is disabled), fill the hidden details step (ard-payments has a
// schema and needs the company profile), preview, complete and read the modal's counts; a new
// application resets the selection; cancelling with edits asks first. Screenshots of every step at
// 1280 and 375 px in test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { invoices } from '../../server/src/db/schema.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite();
const VIEWPORT = { viewport: { width: 1280, height: 900 } };
const SHOTS = join(RESULTS_DIR, 'screenshots');

let token = '';
const apps: Record<'main' | 'other', { id: string; title: string }> = { main: { id: '', title: 'Wizard Checkout' }, other: { id: '', title: 'Wizard Other' } };
let starter = '';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const account = suite.account('orgadmin');
  const signin = await fetch(`${suite.portal.baseUrl}/api/v1/auth/signin`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.email, password: account.password }),
  });
  token = ((await signin.json()) as { accessToken: string }).accessToken;
  for (const key of ['main', 'other'] as const) {
    apps[key].id = (await api<{ id: string }>('POST', '/applications', { title: apps[key].title, owner: { type: 'team', id: 'team-acme-platform' } })).id;
  }
  starter = (await api<{ title: string }>('GET', '/subscriptions/sub-acme-payments-starter')).title;
  // The Starter plan's open invoice is paid first: until then its access requests are refused
  // (spec 3 §2.1; the journey test pays it through the checkout page).
  await suite.portal.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, 'inv-004'));
  // One resource already registered to the main application: its row must be disabled.
  await api('POST', `/applications/${apps.main.id}/accessRequests`, {
    product: { id: 'prod-payments', version: { id: 'ver-payments-3' } }, assetResource: { id: 'res-payments-sandbox' },
    subscription: { id: 'sub-acme-payments-starter' },
  }).catch(async () => {
    // The version id is the product's latest: read it rather than guess when the seed names it otherwise.
    const product = await api<{ latestVersion: { id: string } }>('GET', '/products/prod-payments');
    await api('POST', `/applications/${apps.main.id}/accessRequests`, {
      product: { id: 'prod-payments', version: { id: product.latestVersion.id } }, assetResource: { id: 'res-payments-sandbox' },
      subscription: { id: 'sub-acme-payments-starter' },
    });
  });
  mkdirSync(SHOTS, { recursive: true });
});

const W = 'agora-portal [data-screen="access-wizard"]';

async function shots(page: Page, step: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `wizard-${step}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS, `wizard-${step}-375.png`), fullPage: true });
  await page.setViewportSize(VIEWPORT.viewport);
  await page.waitForTimeout(100);
}

async function choose(page: Page, field: 'application' | 'subscription', name: string): Promise<void> {
  const trigger = page.locator(`${W} [data-part="profile-step"] button[aria-haspopup="listbox"]`).nth(field === 'application' ? 0 : 1);
  await trigger.click();
  await page.locator(`${W} [role="option"]`, { hasText: name }).first().click();
  await expect.poll(() => trigger.textContent()).toContain(name);
}

/** The resources table's row whose name cell (not its group cell) matches. */
const rowNamed = (page: Page, name: RegExp) => page.locator(`${W} tbody tr`).filter({ has: page.locator('td span.font-medium', { hasText: name }) });

async function open(page: Page): Promise<void> {
  await page.goto(`${suite.portal.baseUrl}/registrations/create/prod-payments`);
  await page.locator(`${W} [data-part="profile-step"]`).waitFor({ timeout: 30_000 });
}

describe('the Request Access wizard', () => {
  let page: Page;
  beforeAll(async () => { page = await suite.pageAs('orgadmin', VIEWPORT); });
  afterAll(async () => { await page.context().close(); });

  it('walks profile, resources, details and preview, and completes with the counts', async () => {
    await open(page);
    expect(await page.locator(`${W} [data-step]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-step')))).toEqual(['profile', 'resources', 'preview']);
    await shots(page, '1-profile');

    await page.locator(`${W} [data-action="next"]`).click();
    await expect.poll(() => page.locator(`${W} [data-part="hint"]`).textContent()).toContain('application');

    await choose(page, 'application', apps.main.title);
    await choose(page, 'subscription', starter);
    await page.locator(`${W} [data-action="next"]`).click();
    await page.locator(`${W} [data-part="resources-step"] table tbody tr`).first().waitFor();

    // The sandbox resource is registered to this application already: its checkbox is disabled.
    const sandbox = page.locator(`${W} tbody tr`, { hasText: 'Payments API (sandbox)' });
    await expect.poll(() => sandbox.locator('input[type="checkbox"]').isDisabled()).toBe(true);
    // Next with nothing selected: a hint, and the step stays.
    await page.locator(`${W} [data-action="next"]`).click();
    await expect.poll(() => page.locator(`${W} [data-part="hint"]`).textContent()).toContain('at least one resource');
    await shots(page, '2-resources');

    const payments = rowNamed(page, /^Payments API$/);
    await payments.locator('input[type="checkbox"]').check();
    await expect.poll(() => page.locator(`${W} [role="tab"]`, { hasText: 'Selected' }).textContent()).toContain('1');

    // ard-payments has a schema and the new application lacks the company profile: details shows.
    await page.locator(`${W} [data-action="next"]`).click();
    await page.locator(`${W} [data-part="details-step"] [data-definition="ard-payments"]`).waitFor();
    expect(await page.locator(`${W} [data-step]`).count()).toBe(4);
    await page.locator(`${W} [data-form="additional"] select`).first().waitFor();
    await shots(page, '3-details-empty');
    // Next before filling: the step is in error and stays.
    await page.locator(`${W} [data-action="next"]`).click();
    await expect.poll(() => page.locator(`${W} [data-step="details"]`).getAttribute('data-status')).toBe('error');

    const details = page.locator(`${W} [data-part="details-step"]`);
    await details.getByLabel('What will you use the API for?').selectOption({ label: 'Online shop checkout' });
    await details.getByLabel('I accept the processing terms').check();
    await details.getByLabel('Company name').fill('Wizard Corp');
    await details.getByLabel('Support e-mail').fill('support@wizard.test');
    await shots(page, '3-details');
    await page.locator(`${W} [data-action="next"]`).click();

    await page.locator(`${W} [data-part="preview-step"]`).waitFor();
    expect(await page.locator(`${W} [data-fact="application"]`).textContent()).toBe(apps.main.title);
    expect(await page.locator(`${W} [data-fact="subscription"]`).textContent()).toBe(starter);
    await page.locator(`${W} [data-action="resource-details"]`).first().click();
    await page.locator('agora-portal dialog[open]').waitFor();
    // The information given reads by the titles of the chosen values, not the stored ones.
    const given = await page.locator('agora-portal dialog[open]').innerText();
    expect(given).toContain('Purpose: Online shop checkout');
    expect(given).toContain('Environment: Sandbox (test data)');
    expect(given).not.toMatch(/ecommerce|referral/);
    await shots(page, '4-preview-details');
    await page.keyboard.press('Escape');
    await shots(page, '4-preview');

    const started = Date.now();
    await page.locator(`${W} [data-action="complete"]`).click();
    const modal = page.locator(`${W} [data-part="completion"]`);
    await modal.waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(await modal.locator('[data-count="selected"] dd').textContent()).toBe('1');
    expect(await modal.locator('[data-count="pending"] dd').textContent()).toBe('1');
    expect(await modal.locator('[data-count="approved"] dd').textContent()).toBe('0');
    expect(await modal.locator('[data-action="create-credentials"]').getAttribute('href')).toContain(`/applications/${apps.main.id}/credentials`);
    expect(await modal.locator('[data-action="view-registration"]').getAttribute('href'))
      .toContain(`/registrations?subscription=sub-acme-payments-starter&application.id=${apps.main.id}`);
    // Undismissable: Escape leaves it open.
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await shots(page, '5-complete');

    // The server holds the request (pending: manual approval) and the new profile.
    const requests = await api<{ items: Array<{ assetResource: { id: string }; approval: { state: string }; title: string }> }>(
      'GET', `/accessRequests?applicationIds=${apps.main.id}&resourceId=res-payments`);
    expect(requests.items.map((r) => [r.approval.state, r.title])).toEqual([['pending', 'Payments API - Payments API']]);
    const profiles = await api<{ items: Array<{ definition: { id: string } }> }>('GET', `/applications/${apps.main.id}/profiles`);
    expect(profiles.items.map((p) => p.definition.id)).toContain('apd-company');
    expect(pageErrors(page)).toEqual([]);
  });

  it('a new application resets the selected resources', async () => {
    await open(page);
    await choose(page, 'application', apps.other.title);
    await choose(page, 'subscription', starter);
    await page.locator(`${W} [data-action="next"]`).click();
    const row = rowNamed(page, /^Payments API \(sandbox\)$/);
    await row.locator('input[type="checkbox"]').check();
    await expect.poll(() => page.locator(`${W} [role="tab"]`, { hasText: 'Selected' }).textContent()).toContain('1');
    await page.locator(`${W} [data-action="previous"]`).click();
    await choose(page, 'application', apps.main.title);
    // The subscription was the other application's owner's choice: cleared with the rest.
    await expect.poll(() => page.locator(`${W} [data-part="profile-step"] button[aria-haspopup="listbox"]`).nth(1).textContent()).not.toContain(starter);
    await choose(page, 'subscription', starter);
    await page.locator(`${W} [data-action="next"]`).click();
    await page.locator(`${W} [data-part="resources-step"]`).waitFor();
    await poll(() => page.locator(`${W} [role="tab"]`, { hasText: 'Selected' }).textContent()).toMatch(/Selected\D*0/);
  });

  it('cancelling with edits asks first: stay keeps the wizard', async () => {
    await open(page);
    await choose(page, 'application', apps.other.title);
    await page.locator(`${W} [data-action="cancel"]`).click();
    const dialog = page.locator('agora-portal [role="alertdialog"], agora-portal dialog[open]').filter({ hasText: 'Stay' });
    await dialog.first().waitFor();
    await dialog.first().getByRole('button', { name: /Stay/ }).click();
    await expect.poll(() => page.locator(`${W} [data-part="profile-step"]`).isVisible()).toBe(true);
    expect(page.url()).toContain('/registrations/create/prod-payments');
  });

  it("an unpaid invoice of the product says to pay it first, with the way to pay, its subscription disabled", async () => {
    await suite.portal.db.update(invoices).set({ status: 'open' }).where(eq(invoices.id, 'inv-004'));
    try {
      await open(page);
      await choose(page, 'application', apps.main.title);
      const notice = page.locator(`${W} [data-part="pending-invoices"]`);
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toContain('Please complete payment for the invoice before requesting access');
      expect(await notice.locator('[data-action="pay-invoice"]').isVisible()).toBe(true);
      // Its subscription is listed, disabled, until then.
      const trigger = page.locator(`${W} [data-part="profile-step"] button[aria-haspopup="listbox"]`).nth(1);
      await trigger.click();
      expect(await page.locator(`${W} [role="option"]`, { hasText: starter }).first().getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
    } finally {
      await suite.portal.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, 'inv-004'));
    }
  });
});

describe('<agora-access-wizard> alone on demo/embed.html', () => {
  it('chooses the application and subscription given as attributes and lists the resources, registered ones disabled', async () => {
    const embed = await suite.pageAs('orgadmin', VIEWPORT);
    try {
      await embed.goto(`${suite.portal.baseUrl}/embed.html`);
      const element = embed.locator('agora-access-wizard');
      await element.evaluate((el) => {
        el.setAttribute('application-id', 'app-acme-checkout');
        el.setAttribute('subscription-id', 'sub-acme-payments-starter');
      });
      const triggers = element.locator('[data-part="profile-step"] button[aria-haspopup="listbox"]');
      await poll(() => triggers.nth(1).textContent()).toContain(starter);
      expect(await triggers.nth(0).textContent()).toContain('Checkout Service');
      await element.scrollIntoViewIfNeeded();
      await element.locator('[data-action="next"]').click();
      // Checkout Service holds approved requests for both Payments resources (seed).
      const row = element.locator('tbody tr').filter({ has: embed.locator('td span.font-medium', { hasText: /^Payments API$/ }) });
      await poll(() => row.locator('input[type="checkbox"]').isDisabled()).toBe(true);
      expect(new URL(embed.url()).pathname).toBe('/embed.html');
      // The page's explorers need the viewers a FAST build leaves out; nothing else may fail.
      expect(pageErrors(embed).filter((e) => !e.includes('left out of this build (FAST)'))).toEqual([]);
    } finally {
      await embed.context().close();
    }
  });
});
