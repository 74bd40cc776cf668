// The AI assistant (issue 15 item 5 and the client of item 4; spec 3 §2.6, §4, §5, §8), on the built
// bundle against the real server and its offline engine: the header button only for a signed-in
// user with AI on; a question answered as a stream, typed out word by word, with references that
// lead into the product page; Cancel stops an answer silently; a proposal confirmed in the
// conversation is done (an application created) or opens its screen (the subscription panel
// pre-filled with the plan); a JSON answer when streaming is off; in German, the caller's access
// steps with references, one followed and the conversation kept, the insights of the application
// a traffic question names opened filtered, its subscribe step confirmed and the subscription made; <agora-assistant> alone on demo/embed.html. Screenshots at 1280 and 375 px in test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { applications, subscriptions } from '../../server/src/db/schema.ts';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite({ settings: { ai: { enabled: true, stream: true } }, features: ['fullTextSearch', 'ai'] });
const WIDE = { viewport: { width: 1280, height: 900 } };
const DIALOG = '[data-testid="assistant-dialog"]';
const ANSWERS = `${DIALOG} li[data-role="assistant"]`;

async function shot(page: Page, name: string): Promise<void> {
  const dir = join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `assistant-${name}.png`) });
}

/** Screenshots at 1280 and at 375 px (then back). */
async function shots(page: Page, name: string): Promise<void> {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForTimeout(300);
  await shot(page, `${name}-375`);
  await page.setViewportSize(WIDE.viewport);
  await page.waitForTimeout(200);
}

async function openAssistant(page: Page, scope = 'agora-portal'): Promise<void> {
  await page.locator(`${scope} [data-testid="assistant-open"]`).click({ timeout: 30_000 });
  await page.locator(`${DIALOG} textarea`).waitFor();
}

async function ask(page: Page, question: string): Promise<void> {
  await page.locator(`${DIALOG} textarea`).fill(question);
  await page.locator(`${DIALOG} [data-testid="assistant-send"]`).click();
}

const lastAnswer = (page: Page) => page.locator(ANSWERS).last();
// innerText: the rendered words only (textContent would count the Markdown view's own <style> as words).
const answerText = async (page: Page) => (await lastAnswer(page).locator('[data-testid="assistant-answer"]').innerText()).trim();

describe('the assistant in the portal', () => {
  it('shows its header button only to a signed-in user, and only with AI on', { timeout: 90_000 }, async () => {
    const visitor = await suite.pageAs(null, WIDE);
    await visitor.goto(`${suite.portal.baseUrl}/browseProducts`);
    await visitor.locator('agora-portal [data-testid="site-name"]').waitFor({ timeout: 30_000 });
    await visitor.waitForTimeout(500);
    expect(await visitor.locator('agora-portal [data-testid="assistant-open"]').count()).toBe(0);

    const page = await suite.pageAs('consumer', WIDE);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await page.locator('agora-portal [data-testid="assistant-open"]').waitFor({ timeout: 30_000 });
    await suite.portal.setSettings({ ai: { enabled: false } });
    try {
      const off = await suite.pageAs('consumer', WIDE);
      await off.goto(`${suite.portal.baseUrl}/browseProducts`);
      await off.locator('agora-portal [data-testid="site-name"]').waitFor({ timeout: 30_000 });
      await off.waitForTimeout(800);
      expect(await off.locator('agora-portal [data-testid="assistant-open"]').count()).toBe(0);
    } finally {
      await suite.portal.setSettings({ ai: { enabled: true } });
    }
  });

  it('streams an answer word by word, with references that lead into the product page', { timeout: 120_000 }, async () => {
    const page = await suite.pageAs('consumer', WIDE);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await openAssistant(page);
    // Focus is in the question box, and stays inside the dialog.
    expect(await page.locator(`${DIALOG} textarea`).evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await shots(page, 'empty');

    await ask(page, 'How do I refund a payment?');
    // The answer arrives as a stream and is typed out at 14 words a second: it grows while Cancel shows.
    await poll(async () => (await answerText(page)).split(/\s+/).length).toBeGreaterThan(2);
    const early = (await answerText(page)).length;
    expect(await page.locator(`${DIALOG} [data-testid="assistant-cancel"]`).isVisible()).toBe(true);
    await page.waitForTimeout(700);
    expect((await answerText(page)).length).toBeGreaterThan(early);
    await shots(page, 'streaming');

    // Once typed out: references, and Send again.
    const references = lastAnswer(page).locator('[data-testid="assistant-references"] a');
    await references.first().waitFor({ timeout: 60_000 });
    expect(await lastAnswer(page).getAttribute('data-complete')).toBe('true');
    const hrefs = await references.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.startsWith('/productDetails/prod-payments'))).toBe(true);
    expect((await answerText(page)).toLowerCase()).toContain('refund');
    await shots(page, 'answer');

    const target = lastAnswer(page).locator('[data-testid="assistant-references"] a[href^="/productDetails/prod-payments"]').first();
    const targetHref = (await target.getAttribute('href'))!;
    await target.click();
    await poll(() => new URL(page.url()).pathname).toBe(targetHref.split('?')[0]);
    // The dialog closed as the page changed, and the product page shows.
    expect(await page.locator(DIALOG).count()).toBe(0);
    await page.locator('agora-portal h1').first().waitFor();
    expect(await page.locator('agora-portal h1').first().innerText()).toContain('Payments');
    // The conversation survives following the reference, and a reload (kept for the tab, issue 29).
    await openAssistant(page);
    expect(await page.locator(`${DIALOG} li[data-role="user"]`).count()).toBe(1);
    // (Closing with Escape would reset it, as before; a reload keeps it.)
    await page.reload();
    await openAssistant(page);
    await lastAnswer(page).locator('[data-testid="assistant-references"] a').first().waitFor();
    expect(await page.locator(`${DIALOG} li[data-role="user"]`).count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it('cancels an answer silently, keeping what was shown, and takes the next question', { timeout: 120_000 }, async () => {
    const page = await suite.pageAs('consumer', WIDE);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await openAssistant(page);
    await ask(page, 'Which operations does the Petstore API have for pets?');
    await poll(async () => (await answerText(page)).split(/\s+/).length).toBeGreaterThan(2);
    await page.locator(`${DIALOG} [data-testid="assistant-cancel"]`).click();

    const stopped = await answerText(page);
    await page.waitForTimeout(1000);
    expect(await answerText(page)).toBe(stopped);
    // Silent: no error message, no references of the unfinished answer; Send is back.
    expect(await page.locator(`${DIALOG} [role="alert"]`).count()).toBe(0);
    expect(await lastAnswer(page).locator('[data-testid="assistant-references"]').count()).toBe(0);
    await page.locator(`${DIALOG} [data-testid="assistant-send"]`).waitFor();

    await ask(page, 'How do I refund a payment?');
    await lastAnswer(page).locator('[data-testid="assistant-references"] a').first().waitFor({ timeout: 60_000 });
    expect(await page.locator(`${DIALOG} li[data-role="user"]`).count()).toBe(2);

    // Closing resets: the conversation is gone when it opens again.
    await page.keyboard.press('Escape');
    await poll(() => page.locator(DIALOG).count()).toBe(0);
    await openAssistant(page);
    expect(await page.locator(`${DIALOG} li`).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('creates an application once the user confirms the proposal', { timeout: 120_000 }, async () => {
    await suite.portal.setSettings({ ai: { stream: false } });
    try {
      const page = await suite.pageAs('consumer', WIDE);
      await page.goto(`${suite.portal.baseUrl}/browseProducts`);
      await openAssistant(page);
      await ask(page, 'Please create a new application called "Assistant Demo App"');
      // The proposal's answer (the first of this conversation; the result comes as the next one).
      const confirm = page.locator(ANSWERS).first().locator('[data-testid="assistant-actions"] button');
      await confirm.first().waitFor({ timeout: 30_000 });
      expect(await confirm.first().innerText()).toContain('Assistant Demo App');
      // Nothing is done before the confirmation.
      const before = await suite.portal.db.select().from(applications).where(eq(applications.title, 'Assistant Demo App'));
      expect(before).toHaveLength(0);
      await shots(page, 'proposal');

      await confirm.first().click();
      const result = lastAnswer(page).locator('[data-testid="assistant-result"] a');
      await result.waitFor({ timeout: 30_000 });
      const rows = await suite.portal.db.select().from(applications).where(eq(applications.title, 'Assistant Demo App'));
      expect(rows).toHaveLength(1);
      // The proposal is marked confirmed and cannot be confirmed twice.
      expect(await confirm.first().isDisabled()).toBe(true);
      await shots(page, 'action-done');
      await result.click();
      await poll(() => new URL(page.url()).pathname).toContain(rows[0]!.id);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await suite.portal.setSettings({ ai: { stream: true } });
    }
  });

  it('opens the subscription panel pre-filled with the plan it proposed', { timeout: 120_000 }, async () => {
    const page = await suite.pageAs('consumer', WIDE);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await openAssistant(page);
    await ask(page, 'I want to subscribe to a plan of the Payments API');
    const confirm = lastAnswer(page).locator('[data-testid="assistant-actions"] button', { hasText: 'Subscribe' });
    await confirm.first().waitFor({ timeout: 60_000 });
    await confirm.first().click();
    const panel = page.locator('agora-portal dialog[open] [data-part="subscribe-panel"]');
    await panel.waitFor({ timeout: 60_000 });
    // The plan is chosen already: the panel asks no plan, and its name defaults to 'product - plan'.
    expect(await panel.locator('[data-field="plan"]').count()).toBe(0);
    expect(await panel.locator('[data-field="name"]').inputValue()).toMatch(/^Payments/);
    await shots(page, 'subscribe-panel');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the assistant in German (issue 29)', () => {
  it('answers in German with references; following one or an action keeps the conversation; its subscribe step is confirmed and done', { timeout: 150_000 }, async () => {
    const page = await suite.pageAs('consumer', WIDE);
    const url = new URL(suite.portal.baseUrl);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: 'de-DE', domain: url.hostname, path: '/' }]);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await openAssistant(page);
    await ask(page, 'Wie bekomme ich Zugang zur SMS API?');
    const product = lastAnswer(page).locator('[data-testid="assistant-references"] a[href="/productDetails/prod-sms/overview"]');
    await product.waitFor({ timeout: 60_000 });
    // The caller's steps, in German: subscribe (no SMS plan of Casey's teams yet), then the access request.
    expect(await answerText(page)).toMatch(/^So nutzen Sie SMS Messaging:\s+Abonnieren Sie einen Plan von SMS Messaging/);
    // The steps show as a numbered list.
    expect(await lastAnswer(page).locator('[data-testid="assistant-answer"] ol > li').count()).toBe(2);
    expect(await lastAnswer(page).locator('[data-testid="assistant-references"]').innerText()).toContain('Produkt');
    await shots(page, 'de-steps');

    await product.click();
    await poll(() => new URL(page.url()).pathname).toBe('/productDetails/prod-sms/overview');
    await page.locator('agora-portal h1').first().waitFor();
    // Back in the assistant: the question and its answer are still there.
    await openAssistant(page);
    expect(await page.locator(`${DIALOG} li[data-role="user"]`).innerText()).toContain('Wie bekomme ich Zugang zur SMS API?');
    // Their own traffic: the insights of the application it names open filtered on it, over the answer's week.
    await ask(page, 'Wie viele Aufrufe hat meine Checkout-App diese Woche gemacht?');
    const insights = lastAnswer(page).locator('[data-testid="assistant-actions"] button', { hasText: 'Analysen von Checkout Service öffnen' });
    await insights.waitFor({ timeout: 60_000 });
    expect(await answerText(page)).toMatch(/^Checkout Service hat diese Woche/);
    await insights.click();
    await poll(() => new URL(page.url()).pathname).toBe('/consumer-insights/traffic');
    const traffic = page.locator('agora-portal [data-view="traffic"]');
    await traffic.locator('[data-part="range-from"]').waitFor({ timeout: 30_000 });
    expect(await traffic.innerText()).toContain('Checkout Service');
    // And back again: both questions are there; the first answer's subscribe step is confirmed.
    await openAssistant(page);
    expect(await page.locator(`${DIALOG} li[data-role="user"]`).count()).toBe(2);
    const subscribe = page.locator(ANSWERS).first().locator('[data-testid="assistant-actions"] button', { hasText: 'Free abonnieren' });
    await subscribe.waitFor({ timeout: 30_000 });
    await subscribe.click();
    const panel = page.locator('agora-portal dialog[open] [data-part="subscribe-panel"]');
    await panel.waitFor({ timeout: 60_000 });
    await panel.locator('[data-field="owner"]').selectOption({ label: 'Platform Engineering' });
    await panel.locator('[data-action="submit"]').click();
    await panel.locator('[data-part="result"][data-result="approved"]').waitFor({ timeout: 30_000 });
    const rows = await suite.portal.db.select().from(subscriptions).where(and(eq(subscriptions.productId, 'prod-sms'), eq(subscriptions.planId, 'plan-sms-free')));
    expect(rows).toMatchObject([{ ownerId: 'team-acme-platform', approvalState: 'approved', state: 'active' }]);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('<agora-assistant> alone on demo/embed.html', () => {
  it('answers, and its references lead to the portal', { timeout: 120_000 }, async () => {
    const page = await suite.pageAs('consumer', WIDE);
    await page.goto(`${suite.portal.baseUrl}/embed.html`);
    await openAssistant(page, 'agora-assistant');
    await ask(page, 'How do I refund a payment?');
    const reference = lastAnswer(page).locator('[data-testid="assistant-references"] a[href^="/productDetails/prod-payments"]').first();
    await reference.waitFor({ timeout: 60_000 });
    await shots(page, 'embed');
    const href = (await reference.getAttribute('href'))!;
    await reference.click();
    // Agora.configure({ portalUrl: '/' }) on that page: the link opens the full portal.
    await poll(() => new URL(page.url()).pathname).toBe(href.split('?')[0]);
    await page.locator('agora-portal h1').first().waitFor({ timeout: 30_000 });
    expect(pageErrors(page)).toEqual([]);
  });
});
