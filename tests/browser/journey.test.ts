// The consumer's whole journey (issue 10's headline), on the built bundle against the real server:
// as orgadmin create an application on the applications screen → pay the plan's open invoice → request access to res-payments
// (manual approval through ard-payments) under sub-acme-payments-starter with the wizard → the
// provider approves it (admin, on /registrations) → create an API-key credential on the
// application page → view its secret once → call the API through the runtime gateway from Node with
// that key (2xx, a transaction row carrying the application) → rotate it through the UI → the old
// key gets 401 and the new one (its secret viewed again) 2xx, within 1 s of the rotation's
// provisioning finishing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { accessRequests, applications, credentials, transactions } from '../../server/src/db/schema.ts';
import { pageErrors, poll, useSuite } from './harness.ts';
import { fillApiKeyCredential } from './fixtures/credentialForm.ts';

const suite = useSuite();
const VIEWPORT = { viewport: { width: 1280, height: 900 } };
const APP = 'Journey Checkout';
const KEY = 'Journey key';
const W = 'agora-portal [data-screen="access-wizard"]';
const PANEL = 'agora-portal [data-part="credential-detail"]';

let page: Page;
beforeAll(async () => { page = await suite.pageAs('orgadmin', VIEWPORT); });
afterAll(async () => { await page?.context().close(); });

const gateway = (path: string) => `${suite.portal.baseUrl}/api/v1/gateway/prod-payments/ver-payments-3/res-payments${path}`;
const call = (key: string) => fetch(gateway('/payments?limit=1'), { headers: { 'X-API-Key': key } }).then((r) => r.status);
const credentialRow = async (id: string) => (await suite.portal.db.select().from(credentials).where(eq(credentials.id, id)))[0];

/** Opens the view-secret dialog of the credential shown in the panel and reads the key. */
async function viewSecret(p: Page): Promise<string> {
  const action = p.locator('agora-portal [data-part="detail-actions"] [data-action="viewSecret"]');
  await action.waitFor({ timeout: 30_000 });
  await action.click();
  const dialog = p.locator('agora-portal [data-part="secret-dialog"]');
  await p.locator('agora-portal [data-part="reveal"]').click();
  await dialog.locator('[data-part="secret-values"] code').first().waitFor();
  const values = await dialog.locator('[data-part="secret-values"] code').allInnerTexts();
  await p.locator('agora-portal dialog[open] button', { hasText: 'Done' }).click();
  // An API-key credential shows one secret: the key.
  return values.sort((a, b) => b.length - a.length)[0]!.trim();
}

describe('the consumer journey', () => {
  it('application → access request → approval → API key → gateway call → rotate', { timeout: 240_000 }, async () => {
    // 1. Create the application on the applications screen.
    await page.goto(`${suite.portal.baseUrl}/applications`);
    const apps = 'agora-portal [data-screen="applications"]';
    await page.locator(`${apps} [data-create]`).first().click();
    const panel = 'agora-portal dialog[open]';
    await page.locator(`${panel} [data-field="title"]`).fill(APP);
    await page.locator(`${panel} [data-field="description"]`).fill('Created by the journey test.');
    await page.locator(`${panel} [data-field="owner"]`).selectOption({ label: 'Platform Engineering' });
    await page.locator(`${panel} [data-save]`).click();
    await poll(() => page.locator(`${apps} li[data-application] h2`).allInnerTexts()).toContain(APP);
    const app = (await suite.portal.db.select().from(applications).where(eq(applications.title, APP)))[0]!;

    // 2. The Starter plan is paid and its latest invoice still open: access requests under it wait
    // for the payment (spec 3 §2.1), so pay it on the subscription's page (the built-in checkout).
    await page.goto(`${suite.portal.baseUrl}/subscriptions/sub-acme-payments-starter#invoices`);
    const pay = page.locator('agora-portal [data-page="subscriptions"] [data-section="invoices"] [data-action="pay"]').first();
    await pay.waitFor({ timeout: 30_000 });
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), pay.click()]);
    await checkout.waitForLoadState();
    await checkout.locator('button').first().click();
    await poll(() => checkout.locator('body').innerText()).toMatch(/Status:\s*paid/);
    await checkout.close();

    // 3. Request access through the wizard (application and subscription given by the address).
    await page.goto(`${suite.portal.baseUrl}/registrations/create/prod-payments?applicationId=${app.id}&subscriptionId=sub-acme-payments-starter`);
    const triggers = page.locator(`${W} [data-part="profile-step"] button[aria-haspopup="listbox"]`);
    await poll(() => triggers.nth(1).textContent()).toContain('Starter');
    expect(await triggers.nth(0).textContent()).toContain(APP);
    await page.locator(`${W} [data-action="next"]`).click();
    const row = page.locator(`${W} tbody tr`).filter({ has: page.locator('td span.font-medium', { hasText: /^Payments API$/ }) });
    await row.locator('input[type="checkbox"]').check();
    await page.locator(`${W} [data-action="next"]`).click();
    const details = page.locator(`${W} [data-part="details-step"]`);
    await details.getByLabel('What will you use the API for?').selectOption({ label: 'Online shop checkout' });
    await details.getByLabel('I accept the processing terms').check();
    await details.getByLabel('Company name').fill('Journey Corp');
    await details.getByLabel('Support e-mail').fill('journey@acme.test');
    await page.locator(`${W} [data-action="next"]`).click();
    await page.locator(`${W} [data-part="preview-step"]`).waitFor();
    await page.locator(`${W} [data-action="complete"]`).click();
    const modal = page.locator(`${W} [data-part="completion"]`);
    await modal.waitFor({ timeout: 15_000 });
    expect(await modal.locator('[data-count="pending"] dd').textContent()).toBe('1');
    const request = (await suite.portal.db.select().from(accessRequests)
      .where(and(eq(accessRequests.applicationId, app.id), eq(accessRequests.assetResourceId, 'res-payments'))))[0]!;
    expect(request.approvalState).toBe('pending');

    // 4. The provider approves it.
    const admin = await suite.pageAs('admin', VIEWPORT);
    await admin.goto(`${suite.portal.baseUrl}/registrations/${request.id}`);
    await admin.locator('agora-portal [data-action="approve"]').click({ timeout: 30_000 });
    const decision = admin.locator('agora-portal dialog[open][role="alertdialog"]');
    await decision.locator('[data-part="reason"]').fill('Regulated access checked by the journey test.');
    await decision.locator('button', { hasText: 'Approve' }).click();
    await poll(async () => (await suite.portal.db.select().from(accessRequests).where(eq(accessRequests.id, request.id)))[0]?.approvalState).toBe('approved');
    expect(pageErrors(admin)).toEqual([]);
    await admin.context().close();

    // 5. Back as orgadmin: an API-key credential for the resource, on the application page.
    await page.goto(`${suite.portal.baseUrl}/applications/${app.id}/credentials/create`);
    const form = page.locator('agora-portal [data-part="credential-create"]');
    await form.waitFor({ timeout: 30_000 });
    await fillApiKeyCredential(form, { name: KEY, resourceId: 'res-payments', text: 'journey' });
    const submit = page.locator('agora-portal [data-part="create-submit"]');
    await poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await page.locator('agora-portal [data-part="view-credential"]').click();
    const created = (await suite.portal.db.select().from(credentials).where(and(eq(credentials.applicationId, app.id), eq(credentials.title, KEY))))[0]!;
    await poll(async () => (await credentialRow(created.id))?.provisioningStatus).toBe('success');
    await page.reload();
    await page.locator(PANEL).waitFor({ timeout: 30_000 });

    // 6. View the secret once, and call the API through the gateway with it from Node.
    const key = await viewSecret(page);
    expect(key.length).toBeGreaterThan(16);
    const since = new Date(Date.now() - 1000);
    const status = await call(key);
    expect(status, 'a call with the new key').toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(300);
    await poll(async () => (await suite.portal.db.select().from(transactions)
      .where(and(eq(transactions.applicationId, app.id), eq(transactions.credentialId, created.id)))).filter((t) => t.at >= since).length,
    'a transaction carrying the application').toBeGreaterThan(0);

    // 7. Rotate through the UI; once provisioning finishes the old key is refused and the new one works.
    await page.locator('agora-portal [data-part="detail-actions"] [data-part="actions"]').click();
    await page.locator('agora-portal [role="menu"] [data-action="rotate"]').click();
    const rotate = page.locator('agora-portal dialog[open][role="alertdialog"]');
    await rotate.locator('[data-part="rotate-name"]').fill(`${KEY} v2`);
    await rotate.locator('button', { hasText: 'Rotate' }).click();
    await poll(async () => {
      const r = await credentialRow(created.id);
      return r?.title === `${KEY} v2` && r.provisioningStatus === 'success';
    }, 'the rotation provisioned').toBe(true);
    const provisioned = Date.now();
    let oldStatus = await call(key);
    while (oldStatus !== 401 && Date.now() - provisioned < 3000) {
      await new Promise((r) => setTimeout(r, 50));
      oldStatus = await call(key);
    }
    expect(oldStatus, 'the old key after the rotation').toBe(401);
    expect(Date.now() - provisioned, 'the old key refused within 1 s').toBeLessThanOrEqual(1000);

    await page.reload();
    await page.locator(PANEL).waitFor({ timeout: 30_000 });
    const next = await viewSecret(page);
    expect(next).not.toBe(key);
    const nextStatus = await call(next);
    expect(nextStatus, 'the new key after the rotation').toBeGreaterThanOrEqual(200);
    expect(nextStatus).toBeLessThan(300);
    expect(pageErrors(page)).toEqual([]);
  });
});
