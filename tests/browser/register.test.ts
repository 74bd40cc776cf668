// Self-service registration in Chromium against the real server: with signup on, the home page's
// banner and the sign-in page lead to the register screen, whose checks run before sending, whose
// server errors land on their field, and which leaves the new user signed in where they came from;
// with signup off the banner promises no account and /register says registration is closed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newPage, pageErrors, poll, screenshot, sessionToken, signIn, useSuite } from './harness.ts';

// egress: the webhook test's receiver listens on this machine.
const suite = useSuite({ settings: { signup: true }, egress: { allowHosts: ['127.0.0.1'] } });

const form = (page: Page) => page.locator('agora-portal form');
const input = (page: Page, name: string) => form(page).locator(`input[name=${name}]`);
const fieldError = (page: Page, name: string) => page.locator(`agora-portal [data-field-error=${name}]`);
const here = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await input(page, name).fill(value);
}

describe('registration, signup on', () => {
  it('goes from the home banner to the register screen and back to the home page, signed in', async () => {
    await suite.portal.setSettings({ signup: true });
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/`);
    const cta = page.locator('agora-portal [data-cta]');
    await cta.waitFor();
    expect(await cta.getAttribute('data-signup')).toBe('open');
    await screenshot(page, 'register-home-cta-open-1280');
    await cta.locator('[data-cta-register]').click();
    await page.locator('agora-portal main[data-route=register]').waitFor();
    await form(page).waitFor();
    // The form is labelled, the first field has focus and the password rule is shown.
    for (const label of ['Your name', 'Email', 'Password', 'Organisation']) {
      expect(await page.locator('agora-portal label', { hasText: label }).count(), label).toBeGreaterThan(0);
    }
    expect(await page.evaluate(() => document.querySelector('agora-portal')!.shadowRoot!.activeElement?.getAttribute('name'))).toBe('name');
    expect(await form(page).innerText()).toContain('At least 10 characters');
    await screenshot(page, 'register-form-1280');

    // Checked before sending: nothing reaches the server.
    let calls = 0;
    page.on('request', (r) => { if (r.url().includes('/auth/register')) calls++; });
    await fill(page, { name: 'Nina Novak', email: 'nina@localhost', password: 'short', organisation: '' });
    await form(page).locator('button[type=submit]').click();
    expect((await fieldError(page, 'email').innerText()).trim()).toBe('Enter an email address such as name@example.com.');
    expect((await fieldError(page, 'password').innerText()).trim()).toBe('Use at least 10 characters.');
    expect((await fieldError(page, 'organisation').innerText()).trim()).toBe('Fill in this field.');
    expect(await input(page, 'email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.querySelector('agora-portal')!.shadowRoot!.activeElement?.getAttribute('name'))).toBe('email');
    expect(calls).toBe(0);
    await screenshot(page, 'register-errors-1280');

    // A taken address: the server's 409 lands on the e-mail field.
    await fill(page, { email: suite.account('consumer').email, password: 'tangerine-sofa-42', organisation: 'Initech' });
    await form(page).locator('button[type=submit]').click();
    await poll(() => fieldError(page, 'email').innerText()).toContain('An account with this email already exists');
    expect(calls).toBe(1);

    // Keyboard only from the e-mail field: type, tab through, submit with Enter.
    await input(page, 'email').fill('');
    await input(page, 'email').focus();
    await page.keyboard.type('nina@initech.test');
    await page.keyboard.press('Enter');
    await page.locator('agora-portal main[data-route=home]').waitFor();
    expect(here(page)).toBe('/');
    await page.locator('agora-portal header button[aria-label^="Account of"]').waitFor();
    // Signed in: the sign-in banner is gone, and the new user is the Administrator of Initech.
    expect(await page.locator('agora-portal [data-cta]').count()).toBe(0);
    // Signed in as the sign-in form does: nothing in storage, the refresh token in the HttpOnly cookie.
    expect(await page.evaluate(() => [Object.keys(localStorage).length, Object.keys(sessionStorage).length])).toEqual([0, 0]);
    const accessToken = await sessionToken(page, suite.portal.baseUrl);
    const session = await (await page.request.get(`${suite.portal.baseUrl}/api/v1/auth/findSession`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
    expect(session).toMatchObject({ user: { email: 'nina@initech.test', name: 'Nina Novak' }, roles: ['Administrator'], teams: [{ name: 'Initech' }] });
    expect(pageErrors(page).filter((e) => !e.includes('409'))).toEqual([]);
    await page.context().close();
  });

  it('is linked from the sign-in page and returns to the page that asked for sign-in', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/subscriptions`);
    await page.locator('agora-portal main[data-route=signin]').waitFor();
    const offer = page.locator('agora-portal [data-signup=open]');
    await offer.waitFor();
    expect(await offer.innerText()).toContain('No account yet?');
    await offer.locator('a').click();
    await page.locator('agora-portal main[data-route=register]').waitFor();
    expect(here(page)).toBe('/register?returnTo=%2Fsubscriptions');
    await fill(page, { name: 'Otto Umber', email: 'otto@umbrella.test', password: 'tangerine-sofa-42', organisation: 'Umbrella' });
    await form(page).locator('button[type=submit]').click();
    await page.locator('agora-portal main[data-route=subscriptions]').waitFor();
    expect(here(page)).toBe('/subscriptions');
    await page.context().close();
  });

  it('fits a 375 px screen', async () => {
    const page = await newPage(suite.browser, { viewport: { width: 375, height: 800 } });
    await page.goto(`${suite.portal.baseUrl}/register`);
    await form(page).waitFor();
    await form(page).locator('button[type=submit]').click();
    await fieldError(page, 'name').waitFor();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'register-form-375');
    await page.goto(`${suite.portal.baseUrl}/`);
    await page.locator('agora-portal [data-cta]').waitFor();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(375);
    await page.locator('agora-portal [data-cta]').scrollIntoViewIfNeeded();
    await screenshot(page, 'register-home-cta-open-375');
    await page.context().close();
  });
});

describe('registration, signup off', () => {
  it('the home banner promises no account, sign-in offers none, and /register says registration is closed', async () => {
    await suite.portal.setSettings({ signup: false });
    try {
      const page = await newPage(suite.browser);
      await page.goto(`${suite.portal.baseUrl}/`);
      const cta = page.locator('agora-portal [data-cta]');
      await cta.waitFor();
      expect(await cta.getAttribute('data-signup')).toBe('closed');
      const text = await cta.innerText();
      expect(text).not.toMatch(/create|free account|register/i);
      expect(text).toContain('Already have an account?');
      expect(await cta.locator('[data-cta-register]').count()).toBe(0);
      expect((await cta.locator('[data-cta-button]').innerText()).trim()).toBe('Sign in');
      await screenshot(page, 'register-home-cta-closed-1280');

      await cta.locator('[data-cta-button]').click();
      await page.locator('agora-portal main[data-route=signin]').waitFor();
      const offer = page.locator('agora-portal [data-signup=closed]');
      await offer.waitFor();
      expect(await offer.locator('a').count()).toBe(0);

      await page.goto(`${suite.portal.baseUrl}/register`);
      const closed = page.locator('agora-portal [data-register-closed]');
      await closed.waitFor();
      expect(await closed.innerText()).toContain('Registration is closed');
      expect(await page.locator('agora-portal form').count()).toBe(0);
      await screenshot(page, 'register-closed-1280');

      const phone = await newPage(suite.browser, { viewport: { width: 375, height: 800 } });
      await phone.goto(`${suite.portal.baseUrl}/`);
      await phone.locator('agora-portal [data-cta]').waitFor();
      expect(await noHorizontalScroll(phone)).toBeLessThanOrEqual(375);
      await phone.locator('agora-portal [data-cta]').scrollIntoViewIfNeeded();
      await screenshot(phone, 'register-home-cta-closed-375');
      await phone.context().close();
      await page.context().close();
    } finally {
      await suite.portal.setSettings({ signup: true });
    }
  });
});

describe('registration by invitation', () => {
  it("the Administrator's link opens an account in the organisation, once, even with signup off", { timeout: 120_000 }, async () => {
    await suite.portal.setSettings({ signup: false });
    try {
      // The Administrator invites from the user menu: a link into the Platform Engineering team.
      const admin = await suite.pageAs('orgadmin');
      await admin.goto(`${suite.portal.baseUrl}/applications`);
      await admin.locator('agora-portal [data-testid="user-name"]').locator('xpath=..').click();
      await admin.locator('agora-portal [data-menu="invitations"]').click();
      const screen = admin.locator('agora-portal [data-screen="invitations"]');
      await screen.waitFor();
      await screen.locator('select[name="team"]').selectOption({ label: 'Platform Engineering' });
      await screen.locator('[data-action="create-invitation"]').click();
      const linkField = screen.locator('[data-invitation-link]');
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(new RegExp(`^${suite.portal.baseUrl}/register\\?invitation=[A-Za-z0-9_-]{43}$`));
      await poll(() => screen.locator('tr[data-state="pending"]').count()).toBeGreaterThan(0);
      await screenshot(admin, 'invitations-1280');
      await admin.setViewportSize({ width: 375, height: 800 });
      expect(await noHorizontalScroll(admin)).toBeLessThanOrEqual(375);
      await screenshot(admin, 'invitations-375');

      // The colleague follows it: no organisation to name, and signed in as a member of Acme.
      const page = await newPage(suite.browser);
      await page.goto(link);
      await page.locator('agora-portal [data-register-invitation]').waitFor();
      expect(await page.locator('agora-portal h1').innerText()).toContain('Join Acme');
      expect(await input(page, 'organisation').count()).toBe(0);
      await screenshot(page, 'register-invitation-1280');
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(375);
      await screenshot(page, 'register-invitation-375');
      await page.setViewportSize({ width: 1280, height: 800 });
      await fill(page, { name: 'Ivy Invitee', email: 'ivy@acme.test', password: 'tangerine-sofa-42' });
      await form(page).locator('button[type=submit]').click();
      await poll(() => here(page)).toBe('/');
      const token = await sessionToken(page, suite.portal.baseUrl);
      const session = await (await fetch(`${suite.portal.baseUrl}/api/v1/auth/findSession`, { headers: { authorization: `Bearer ${token}` } })).json() as { org_id: string; teams: Array<{ name: string }> };
      expect(session.org_id).toBe('org-acme');
      expect(session.teams.map((t) => t.name)).toEqual(['Platform Engineering']);

      // Used: the same link now says so.
      const again = await newPage(suite.browser);
      await again.goto(link);
      await poll(() => again.locator('agora-portal [data-register-closed]').innerText()).toContain('This invitation cannot be used');
      expect(pageErrors(page)).toEqual([]);
      await Promise.all([admin.context().close(), page.context().close(), again.context().close()]);
    } finally {
      await suite.portal.setSettings({ signup: true });
    }
  });
});

const SHOTS = '/work/wt/shots/mail';
const shot = async (page: Page, name: string) => {
  await screenshot(page, name);
  if (existsSync('/work/wt/shots')) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
};

// Account e-mails (issue 33): with no SMTP_URL the messages wait in the outbox, which the provider
// Administrator reads in the portal; the links in them confirm the address and reset the password.
describe('account e-mails through the outbox', () => {
  /** The link of the newest e-mail of `kind` to `email`, read in the outbox screen as the admin. */
  async function linkFromOutbox(admin: Page, email: string, kind: string): Promise<string> {
    await admin.goto(`${suite.portal.baseUrl}/outbox`);
    const row = admin.locator(`agora-portal tr[data-kind=${kind}]`, { hasText: email }).first();
    await poll(async () => {
      if (await row.count()) return true;
      await admin.locator('agora-portal [data-screen=outbox] header button').click();
      return false;
    }, `an e-mail ${kind} to ${email} in the outbox`).toBe(true);
    await row.locator('button').click();
    const link = admin.locator('agora-portal [data-outbox-message] pre a').first();
    await link.waitFor();
    // Links point at PUBLIC_URL (unset here: http://localhost); this portal listens on its own port.
    const url = new URL((await link.getAttribute('href'))!);
    return `${suite.portal.baseUrl}${url.pathname}${url.search}`;
  }

  it('registers, confirms the address from the outbox, resets the password, and sets the notification choices', async () => {
    const email = 'mia@mail.test';
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/register`);
    await fill(page, { name: 'Mia Mail', email, password: 'tangerine-sofa-42', organisation: 'Mia Ltd' });
    await form(page).locator('button[type=submit]').click();
    await poll(() => here(page)).toBe('/');

    const admin = await suite.pageAs('admin');
    const verify = await linkFromOutbox(admin, email, 'verify');
    expect(await admin.locator('agora-portal [data-outbox-message]').innerText()).toContain('Confirm your e-mail address');
    await shot(admin, 'outbox-message-1280');
    await admin.goto(`${suite.portal.baseUrl}/outbox`);
    await admin.locator('agora-portal tr[data-kind]').first().waitFor();
    await shot(admin, 'outbox-1280');
    await admin.setViewportSize({ width: 375, height: 800 });
    expect(await noHorizontalScroll(admin)).toBeLessThanOrEqual(375);
    await shot(admin, 'outbox-375');
    await admin.setViewportSize({ width: 1280, height: 800 });

    await page.goto(verify);
    await poll(() => page.locator('agora-portal [data-verify]').getAttribute('data-verify')).toBe('done');
    await shot(page, 'verify-email-1280');
    const token = await sessionToken(page, suite.portal.baseUrl);
    const state = await (await fetch(`${suite.portal.baseUrl}/api/v1/auth/verification`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(state).toEqual({ verified: true, required: true });

    // Forgotten password: from the sign-in page, as a visitor.
    const visitor = await newPage(suite.browser);
    await visitor.goto(`${suite.portal.baseUrl}/signin`);
    await visitor.locator('agora-portal [data-forgot]').click();
    await visitor.locator('agora-portal input[name=email]').fill(email);
    await shot(visitor, 'forgot-password-1280');
    await visitor.locator('agora-portal form button[type=submit]').click();
    await visitor.locator('agora-portal [data-reset-sent]').waitFor();
    const reset = await linkFromOutbox(admin, email, 'reset');
    await visitor.goto(reset);
    await visitor.locator('agora-portal input[name=password]').fill('new-tangerine-43');
    await visitor.setViewportSize({ width: 375, height: 800 });
    expect(await noHorizontalScroll(visitor)).toBeLessThanOrEqual(375);
    await shot(visitor, 'reset-password-375');
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await visitor.locator('agora-portal form button[type=submit]').click();
    await visitor.locator('agora-portal [data-reset-done]').waitFor();
    await shot(visitor, 'reset-password-done-1280');
    await signIn(visitor, suite.portal.baseUrl, email, 'new-tangerine-43');
    // Single use: the same link again is refused.
    await visitor.goto(reset);
    await visitor.locator('agora-portal input[name=password]').fill('third-tangerine-44');
    await visitor.locator('agora-portal form button[type=submit]').click();
    await poll(() => visitor.locator('agora-portal [role=alert]').innerText()).toContain('not valid');

    // Her notification choices, from the user menu: no e-mail for paid invoices, kept on reload;
    // a consumer sees the kinds about her own requests, invoices and credentials only.
    await visitor.goto(`${suite.portal.baseUrl}/`);
    await visitor.locator('agora-portal button:has([data-testid=user-name])').click();
    await visitor.locator('agora-portal [data-menu=notifications]').click();
    const paid = visitor.locator('agora-portal [data-screen=notifications] input[name="invoice.paid"]');
    await poll(() => paid.isChecked(), 'the choices, all on').toBe(true);
    expect(await visitor.locator('agora-portal [data-screen=notifications] fieldset').count()).toBe(1);
    await paid.uncheck();
    await visitor.locator('agora-portal [data-screen=notifications] button[type=submit]').click();
    await poll(() => visitor.locator('agora-portal [data-screen=notifications] [role=status], agora-portal [data-screen=notifications] [role=alert]').innerText()).toContain('Your choices are saved');
    await shot(visitor, 'notifications-1280');
    await visitor.setViewportSize({ width: 375, height: 800 });
    expect(await noHorizontalScroll(visitor)).toBeLessThanOrEqual(375);
    await shot(visitor, 'notifications-375');
    await visitor.reload();
    await poll(() => paid.isChecked(), 'the saved choice').toBe(false);
    expect(await visitor.locator('agora-portal [data-screen=notifications] input[name="invoice.issued"]').isChecked()).toBe(true);
    expect([...pageErrors(page), ...pageErrors(admin), ...pageErrors(visitor)]).toEqual([]);
    await Promise.all([page.context().close(), admin.context().close(), visitor.context().close()]);
  });
});

describe('webhooks', () => {
  it('a provider registers a webhook and sees a delivery', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      req.on('end', () => { received.push(`${req.headers['agora-event']} ${req.headers['agora-signature'] ? 'signed' : 'unsigned'} ${body}`); res.end('ok'); });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/agora`;
    const admin = await suite.pageAs('admin');
    try {
      await admin.goto(`${suite.portal.baseUrl}/webhooks`);
      await admin.locator('agora-portal [data-screen=webhooks] input[name=url]').fill(url);
      await admin.locator('agora-portal [data-screen=webhooks] form button[type=submit]').click();
      await admin.locator('agora-portal [data-webhook-secret]').waitFor();
      const webhook = admin.locator('agora-portal article[data-webhook]', { hasText: url });
      await webhook.waitFor();
      // An event: Acme's organisation Administrator creates a credential through the API.
      const consumer = suite.account('orgadmin');
      const signin = await fetch(`${suite.portal.baseUrl}/api/v1/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: consumer.email, password: consumer.password }) });
      const { accessToken } = await signin.json() as { accessToken: string };
      const created = await fetch(`${suite.portal.baseUrl}/api/v1/applications/app-acme-checkout/credentials`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ title: 'Webhook test key', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' } }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      await poll(() => received.length, 'the receiver got the event').toBeGreaterThan(0);
      expect(received[0]).toMatch(/^credential\.created signed \{/);
      await poll(async () => {
        await webhook.locator('button', { hasText: 'Refresh' }).click();
        return webhook.locator('tr[data-delivery-state=delivered]').count();
      }, 'a delivered row').toBeGreaterThan(0);
      await shot(admin, 'webhooks-1280');
      await admin.setViewportSize({ width: 375, height: 800 });
      expect(await noHorizontalScroll(admin)).toBeLessThanOrEqual(375);
      await shot(admin, 'webhooks-375');
      await admin.setViewportSize({ width: 1280, height: 800 });
      // Redeliver from the screen: the receiver hears the same event again.
      await webhook.locator('tr[data-delivery] button', { hasText: 'Redeliver' }).first().click();
      await poll(() => received.length, 'the redelivery').toBe(2);
      expect(pageErrors(admin)).toEqual([]);
    } finally {
      await admin.context().close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
