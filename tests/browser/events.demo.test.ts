// demo/events.html, the host page that listens to what happens inside the elements (issue 17):
// every event dist/custom-elements.json lists is made to happen there as a visitor and then as a
// signed-in user (signed in the way a host page may: Agora.setAccessToken), and the page's log
// shows each one. The names come from the manifest, so an event added to src/elements/events.ts
// fails here until the page logs it and this test makes it happen. Screenshot:
// test-results/screenshots/demo-events-1280.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, poll, RESULTS_DIR, ROOT, useSuite } from './harness.ts';
import { fillApiKeyCredential } from './fixtures/credentialForm.ts';

const suite = useSuite();

interface Manifest { modules: Array<{ declarations: Array<{ events: Array<{ name: string }> }> }> }
const manifestEvents = (): string[] => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'custom-elements.json'), 'utf8')) as Manifest;
  return [...new Set(manifest.modules.flatMap((m) => m.declarations.flatMap((d) => d.events.map((e) => e.name))))].sort();
};

const logged = (page: Page) => page.locator('#log li').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.event ?? ''));
const heard = (page: Page, name: string) => poll(async () => (await logged(page)).includes(name), `the log shows ${name}`).toBe(true);

describe('demo/events.html', () => {
  it('logs every event of the manifest', { timeout: 180_000 }, async () => {
    const page = await suite.pageAs(null, { viewport: { width: 1280, height: 1000 } });
    await page.goto(`${suite.portal.baseUrl}/demo/events.html`);

    // A visitor: a document that does not exist fails; choosing a product asks to navigate (the page
    // routes by itself: the box is ticked); subscribing asks to sign in.
    await heard(page, 'agora-error');
    await page.locator('agora-carousel [data-slide][data-visible="true"] a').first().click({ timeout: 30_000 });
    await heard(page, 'agora-navigate');
    await page.locator('agora-subscribe-button [data-look="signin"]').click({ timeout: 30_000 });
    await heard(page, 'agora-signin-required');
    expect(page.url()).toBe(`${suite.portal.baseUrl}/demo/events.html`);

    // Signed in the host page's way: the elements turn signed-in in place (the log stays).
    const { email, password } = suite.account('orgadmin');
    await page.evaluate(async ({ email, password }) => {
      const answer = await fetch('/api/v1/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
      const { accessToken } = await answer.json() as { accessToken: string };
      (window as unknown as { Agora: { setAccessToken(token: string): void } }).Agora.setAccessToken(accessToken);
    }, { email, password });

    // A subscription to the product's free plan (approved at once).
    const button = page.locator('agora-subscribe-button [data-look="subscribe"]');
    await button.click({ timeout: 30_000 });
    const panel = page.locator('agora-subscribe-button dialog[open] [data-part="subscribe-panel"]');
    await panel.locator('[data-field="plan"]').selectOption('plan-routing-free');
    await chooseFirst(panel.locator('[data-field="owner"]'));
    await poll(() => panel.locator('[data-action="submit"]').isDisabled()).toBe(false);
    await panel.locator('[data-action="submit"]').click();
    await heard(page, 'agora-subscribed');
    await panel.locator('[data-part="result"]').waitFor({ timeout: 15_000 });
    await page.locator('agora-subscribe-button dialog[open] [data-action="close"]').click();

    // An application, from the grid's create panel.
    const applications = page.locator('agora-applications');
    await applications.locator('[data-create]').first().click({ timeout: 30_000 });
    const appPanel = applications.locator('dialog[open]');
    await appPanel.locator('[data-field="title"]').fill('Events demo app');
    await chooseFirst(appPanel.locator('[data-field="owner"]'));
    await appPanel.locator('[data-save]').click();
    await heard(page, 'agora-application-created');

    // A credential of an application with approved resources, from the table's create panel.
    const credentials = page.locator('agora-credentials');
    await credentials.locator('[data-part="create"]').click({ timeout: 30_000 });
    const form = credentials.locator('[data-part="credential-create"]');
    await fillApiKeyCredential(form, { name: 'Events demo key', resourceId: 'res-payments-sandbox', text: 'demo' });
    const submit = credentials.locator('[data-part="create-submit"]');
    await poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await heard(page, 'agora-credential-created');

    expect(manifestEvents().length).toBeGreaterThanOrEqual(6);
    expect([...new Set(await logged(page))].sort()).toEqual(manifestEvents());
    expect(page.url()).toBe(`${suite.portal.baseUrl}/demo/events.html`);
    await page.locator('agora-credentials dialog[open]').first().waitFor();
    await page.screenshot({ path: join(RESULTS_DIR, 'screenshots', 'demo-events-1280.png'), fullPage: true });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

/** Picks the first real option of a select once it has one (nothing when the form has no such field). */
async function chooseFirst(select: ReturnType<Page['locator']>): Promise<void> {
  if (await select.count() === 0) return;
  await poll(() => select.locator('option:not([value=""])').count()).toBeGreaterThan(0);
  if (await select.inputValue()) return;
  const value = await select.locator('option:not([value=""])').first().getAttribute('value');
  await select.selectOption(value!);
}
