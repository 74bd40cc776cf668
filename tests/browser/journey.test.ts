// The consumer's whole journey (issue 10's headline), on the built bundle against the real server:
// as orgadmin create an application on the applications screen → pay the plan's open invoice → request access to res-payments
// (manual approval through ard-payments) under sub-acme-payments-starter with the wizard → the
// provider approves it (admin, on /registrations) → create an API-key credential on the
// application page → view its secret once → call the API through the runtime gateway from Node with
// that key (2xx, a transaction row carrying the application) → rotate it through the UI → the old
// key gets 401 and the new one (its secret viewed again) 2xx, within 1 s of the rotation's
// provisioning finishing.
// Then a new user's journey (issue 28), in en and in fr: register → confirm the address from the e-mail → subscribe to a free and a paid
// plan → pay on the checkout page and come back from it to the subscription → "Request access" on a
// resource's header opens the wizard with the resource (and the only application) chosen → the
// side nav asks before leaving the edited wizard (stay) → complete → the provider's list shows the
// organisation and the request panel the application attributes entered → approve → an API key →
// a real call through the gateway → suspend it (401) → that refused call in the traffic list,
// found by its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { accessRequests, applications, credentials, mailMessages, subscriptions, teams, transactions } from '../../server/src/db/schema.ts';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { newPage, pageErrors, poll, screenshot, sessionToken, useSuite } from './harness.ts';
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

describe('a new user\'s journey (issue 28)', () => {
  for (const locale of ['en-US', 'fr-FR'] as const) {
    it(`registers, subscribes, pays, requests access from a resource, is approved, calls and suspends (${locale})`, { timeout: 300_000 }, async () => {
      const lang = locale.slice(0, 2);
      const org = `Dana Labs ${lang.toUpperCase()}`;
      const email = `dana-${lang}@danalabs.test`;
      const url = new URL(suite.portal.baseUrl);
      const inLocale = async (p: Page) => {
        await p.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: url.hostname, path: '/' }]);
        return p;
      };
      const user = await inLocale(await newPage(suite.browser, VIEWPORT));
      const base = suite.portal.baseUrl;

      // 1. Register: a new organisation with its first team, signed in at once.
      await user.goto(`${base}/register`);
      const form = user.locator('agora-portal form');
      for (const [name, value] of Object.entries({ name: 'Dana Diaz', email, password: 'tangerine-sofa-42', organisation: org })) {
        await form.locator(`input[name=${name}]`).fill(value);
      }
      await form.locator('button[type=submit]').click();
      await user.locator('agora-portal main[data-route]:not([data-route="register"])').waitFor({ timeout: 30_000 });
      await poll(async () => (await suite.portal.db.select().from(teams).where(eq(teams.name, org))).length).toBe(1);
      expect(await user.evaluate(() => document.documentElement.lang), 'the portal owns the page: <html lang>').toBe(locale);

      // 1b. Confirm the address (subscribing needs it, issue 33): the link of the e-mail sent at
      // sign-up, read from the store (with no SMTP_URL it waits in the outbox), its origin this portal's.
      let link = '';
      await poll(async () => {
        const [mail] = await suite.portal.db.select().from(mailMessages).where(and(eq(mailMessages.toAddress, email), eq(mailMessages.kind, 'verify')));
        link = (mail?.params as { link?: string } | undefined)?.link ?? '';
        return link;
      }, 'the verification e-mail').toMatch(/verify-email\?token=/);
      const verify = new URL(link);
      await user.goto(`${base}${verify.pathname}${verify.search}`);
      await poll(() => user.locator('agora-portal [data-verify]').getAttribute('data-verify')).toBe('done');

      // 2. Subscribe to the free plan, then to the paid Starter plan (the terms linked from its consent).
      const PANEL_SEL = 'agora-portal dialog[open] [data-part="subscribe-panel"]';
      const subscribe = async (planId: string, paid: boolean) => {
        await user.goto(`${base}/productDetails/prod-payments/plans/${planId}`);
        const action = user.locator(`agora-portal [data-plan-page] [data-subscribe-plan="${planId}"]`);
        await action.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
          await screenshot(user, `journey-${lang}-no-subscribe-${planId}`);
          throw error;
        });
        await action.click();
        const panel = user.locator(PANEL_SEL);
        await panel.locator('[data-part="plan-summary"]').waitFor({ timeout: 15_000 });
        await poll(() => panel.locator('[data-field="owner"] option').allInnerTexts()).toContain(org);
        // One team, listed once.
        expect((await panel.locator('[data-field="owner"] option').allInnerTexts()).filter((x) => x === org)).toHaveLength(1);
        await panel.locator('[data-field="owner"]').selectOption({ label: org });
        if (paid) {
          expect(await panel.locator('[data-part="terms-link"]').getAttribute('href')).toBe('/documents/doc-terms');
          await panel.locator('[data-field="consent"]').check();
        }
        await panel.locator('[data-action="submit"]').click();
        return panel;
      };
      const free = await subscribe('plan-payments-free', false);
      await poll(() => free.locator('[data-part="result"]').getAttribute('data-result')).toBe('approved');
      const paid = await subscribe('plan-payments-starter', true);
      const checkoutStep = paid.locator('[data-part="checkout-step"]');
      await checkoutStep.locator('[data-action="checkout"]').waitFor({ timeout: 15_000 });
      const popupOpened = user.waitForEvent('popup');
      await checkoutStep.locator('[data-action="checkout"]').click();
      const checkout = await popupOpened;
      await checkout.waitForURL(/\/api\/v1\/checkout\//);
      await checkout.locator('button[type="submit"]').click();
      await checkout.locator('text=Payment received').waitFor();
      // 3. The checkout page is no dead end: back to the subscription, in the portal, the invoice paid.
      const team = (await suite.portal.db.select().from(teams).where(eq(teams.name, org)))[0]!;
      const starter = (await suite.portal.db.select().from(subscriptions)
        .where(and(eq(subscriptions.orgId, team.orgId), eq(subscriptions.planId, 'plan-payments-starter'))))[0]!;
      await checkout.locator('[data-part="back"]').click();
      await checkout.waitForURL(new RegExp(`/subscriptions/${starter.id}`));
      await checkout.locator('agora-portal [data-page="subscriptions"] [data-section="invoices"]').waitFor({ timeout: 30_000 });
      await checkout.close();
      await poll(() => paid.locator('[data-part="result"]').getAttribute('data-result')).toBe('approved');

      // 4. An application of the team (the wizard then chooses it: the only one).
      const token = await sessionToken(user, base);
      const made = await fetch(`${base}/api/v1/applications`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Dana shop ${lang}`, owner: { type: 'team', id: team.id } }),
      });
      expect(made.status).toBe(201);
      const appId = ((await made.json()) as { id: string }).id;

      // 5. "Request access" on the resource's header (the methods view): the wizard with the resource chosen.
      await user.goto(`${base}/productDetails/prod-payments/resources/res-payments/methods`);
      const request = user.locator('agora-portal [data-part="resource-header"] [data-part="request-access"]');
      await poll(() => request.isEnabled()).toBe(true);
      await request.click();
      await user.locator(`${W} [data-part="profile-step"]`).waitFor({ timeout: 30_000 });
      expect(new URL(user.url()).searchParams.get('resourceId')).toBe('res-payments');
      const triggers = user.locator(`${W} [data-part="profile-step"] button[aria-haspopup="listbox"]`);
      await poll(() => triggers.nth(0).textContent()).toContain(`Dana shop ${lang}`);
      if (!(await triggers.nth(1).textContent())?.includes('Starter')) {
        await triggers.nth(1).click();
        await user.locator(`${W} [role="option"]`, { hasText: 'Starter' }).first().click();
      }
      await poll(() => triggers.nth(1).textContent()).toContain('Starter');
      await user.locator(`${W} [data-action="next"]`).click();
      await user.locator(`${W} [data-part="resources-step"] tbody tr`).first().waitFor();
      // Preselected: the selected tab counts 1 (not 0), the resource's row is ticked.
      await poll(() => user.locator(`${W} [role="tab"]`).nth(1).textContent()).toMatch(/\D1$/);
      const row = user.locator(`${W} tbody tr`).filter({ has: user.locator('td span.font-medium', { hasText: /^Payments API$/ }) });
      expect(await row.locator('input[type="checkbox"]').isChecked()).toBe(true);
      // The user's own edit (untick, tick again), then the side nav: the wizard asks first; stay.
      await row.locator('input[type="checkbox"]').uncheck();
      await row.locator('input[type="checkbox"]').check();
      await user.locator('agora-portal nav a[href="/subscriptions"]').first().click();
      const leave = user.locator('agora-portal dialog[open][role="alertdialog"]');
      await leave.waitFor({ timeout: 10_000 });
      await screenshot(user, `journey-${lang}-confirm-leave`);
      await leave.locator('[data-dialog-action="cancel"]').click();
      expect(new URL(user.url()).pathname).toBe('/registrations/create/prod-payments');
      expect(await user.locator(`${W} [data-part="resources-step"]`).isVisible()).toBe(true);

      await user.locator(`${W} [data-action="next"]`).click();
      const details = user.locator(`${W} [data-part="details-step"]`);
      await details.getByLabel('What will you use the API for?').selectOption({ label: 'Online shop checkout' });
      await details.getByLabel('I accept the processing terms').check();
      await details.getByLabel('Company name').fill(`${org} GmbH`);
      await details.getByLabel('Website').fill('https://danalabs.test');
      await details.getByLabel('Support e-mail').fill(`support-${lang}@danalabs.test`);
      await user.locator(`${W} [data-action="next"]`).click();
      await user.locator(`${W} [data-part="preview-step"]`).waitFor();
      await user.locator(`${W} [data-action="complete"]`).click();
      const modal = user.locator(`${W} [data-part="completion"]`);
      await modal.waitFor({ timeout: 15_000 });
      expect(await modal.locator('[data-count="pending"] dd').textContent()).toBe('1');
      const pending = (await suite.portal.db.select().from(accessRequests)
        .where(and(eq(accessRequests.applicationId, appId), eq(accessRequests.assetResourceId, 'res-payments'))))[0]!;

      // 6. The provider: the list names the organisation; the panel shows the attributes entered; approve.
      const admin = await inLocale(await suite.pageAs('admin', VIEWPORT));
      await admin.goto(`${base}/registrations`);
      const listed = admin.locator('agora-portal [data-page="registrations"] tbody tr').filter({ hasText: `Dana shop ${lang}` });
      await listed.first().waitFor({ timeout: 30_000 });
      expect(await listed.first().innerText()).toContain(org);
      await admin.goto(`${base}/registrations/${pending.id}`);
      const attributes = admin.locator('agora-portal [data-part="application-attributes"]');
      await attributes.waitFor({ timeout: 30_000 });
      const shown = await attributes.innerText();
      for (const text of [`${org} GmbH`, 'https://danalabs.test', `support-${lang}@danalabs.test`]) expect(shown).toContain(text);
      await screenshot(admin, `journey-${lang}-provider-panel`);
      await admin.locator('agora-portal [data-action="approve"]').click();
      await admin.locator('agora-portal dialog[open][role="alertdialog"] [data-dialog-action="confirm"]').click();
      await poll(async () => (await suite.portal.db.select().from(accessRequests).where(eq(accessRequests.id, pending.id)))[0]?.approvalState).toBe('approved');
      expect(pageErrors(admin)).toEqual([]);
      await admin.context().close();

      // 7. An API key for the resource; its secret viewed once.
      await user.goto(`${base}/applications/${appId}/credentials/create`);
      const create = user.locator('agora-portal [data-part="credential-create"]');
      await create.waitFor({ timeout: 30_000 });
      await fillApiKeyCredential(create, { name: `Dana key ${lang}`, resourceId: 'res-payments', text: 'journey' });
      const submit = user.locator('agora-portal [data-part="create-submit"]');
      await poll(() => submit.isDisabled()).toBe(false);
      await submit.click();
      await user.locator('agora-portal [data-part="view-credential"]').click();
      const cred = (await suite.portal.db.select().from(credentials).where(and(eq(credentials.applicationId, appId), eq(credentials.title, `Dana key ${lang}`))))[0]!;
      await poll(async () => (await credentialRow(cred.id))?.provisioningStatus).toBe('success');
      await user.reload();
      await user.locator(PANEL).waitFor({ timeout: 30_000 });
      await user.locator('agora-portal [data-part="detail-actions"] [data-action="viewSecret"]').click();
      const remaining = user.locator('agora-portal [data-part="secret-dialog"] [data-part="remaining"]');
      // A new secret has the whole window: 3 days (spec 2 §9), not 2.
      expect(await remaining.textContent()).toContain('3');
      await user.locator('agora-portal [data-part="reveal"]').click();
      const codes = user.locator('agora-portal [data-part="secret-dialog"] [data-part="secret-values"] code');
      await codes.first().waitFor();
      const key = (await codes.allInnerTexts()).sort((a, b) => b.length - a.length)[0]!.trim();
      // Done (the one button left in the dialog's footer once the secret shows).
      await user.locator('agora-portal dialog[open] footer button').last().click();
      await user.locator('agora-portal [data-part="secret-dialog"]').waitFor({ state: 'detached' });

      // 8. A real HTTP call through the gateway with the key.
      const status = await call(key);
      expect(status, 'a call with the new key').toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);

      // 9. Suspend it through the UI: the gateway refuses the key.
      await user.locator('agora-portal [data-part="detail-actions"] [data-part="actions"]').click();
      await user.locator('agora-portal [role="menu"] [data-action="suspend"]').click();
      await user.locator('agora-portal dialog[open][role="alertdialog"] [data-dialog-action="confirm"]').click();
      await poll(async () => (await credentialRow(cred.id))?.state).toBe('inactive');
      await poll(() => call(key), 'the suspended key is refused').toBe(401);
      const refused = await fetch(gateway('/payments?limit=1'), { headers: { 'X-API-Key': key } });
      expect(refused.status).toBe(401);
      const txId = refused.headers.get('x-agora-transaction-id');
      expect(txId, 'a refused call is recorded').toBeTruthy();

      // 10. The refused call in the traffic list, found by its reason, named in the user's language.
      await user.goto(`${base}/consumer-insights/traffic`);
      await user.locator('agora-portal [data-preset="1h"]').click();
      await user.locator('agora-portal [data-filter="refusal"]').selectOption('suspended');
      const refusedRow = user.locator(`agora-portal [data-view="traffic"] tbody tr:has([data-transaction="${txId}"])`);
      await poll(() => refusedRow.count(), 'the refused call listed').toBe(1);
      expect(await refusedRow.locator('[data-refusal]').getAttribute('data-refusal')).toBe('suspended');
      expect(await refusedRow.locator('[data-refusal]').innerText()).toBe(lang === 'fr' ? 'Identifiant suspendu' : 'Suspended credential');
      expect(await refusedRow.innerText()).toContain('401');
      const reasons = await user.locator('agora-portal [data-view="traffic"] tbody [data-refusal]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-refusal')));
      expect(new Set(reasons), 'the filter lists only that reason').toEqual(new Set(['suspended']));
      await screenshot(user, `journey-${lang}-traffic-refused`);
      expect(pageErrors(user)).toEqual([]);
      await user.context().close();
    });
  }
});
