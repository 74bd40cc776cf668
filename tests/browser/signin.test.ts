// Sign-in and sign-out in Chromium against the real server: the form with a seeded account,
// coming back to the page that asked for it, staying signed in across a reload (the HttpOnly
// refresh cookie, nothing in storage), errors, the revoked session and cleared cookie after
// sign-out, and a failed token refresh sending the user to sign in again.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COOKIE_MODE, newPage, pageErrors, screenshot, signIn, useSuite } from './harness.ts';

const suite = useSuite();

const here = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const form = (page: Page) => page.locator('agora-portal form');
/** Everything the page's script can read of storage (localStorage, sessionStorage, document.cookie). */
const readable = (page: Page) => page.evaluate(() => ({
  local: Object.keys(localStorage).filter((k) => !k.startsWith('agora.columns.')),
  session: Object.keys(sessionStorage),
  cookie: document.cookie,
}));
const refreshCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'agora_refresh');

async function fill(page: Page, username: string, password: string): Promise<void> {
  await form(page).locator('input[name=username]').fill(username);
  await form(page).locator('input[name=password]').fill(password);
  await form(page).locator('button[type=submit]').click();
}

describe('sign-in', () => {
  it('signs in with a seeded account and returns to the page that asked for it', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/subscriptions?product=p-1`);
    await page.locator('agora-portal main[data-route=signin]').waitFor();
    await form(page).waitFor();
    // The form is labelled and the first field has focus.
    expect(await page.locator('agora-portal label', { hasText: 'Email or user name' }).count()).toBe(1);
    expect(await page.evaluate(() => document.querySelector('agora-portal')!.shadowRoot!.activeElement?.getAttribute('name'))).toBe('username');
    await screenshot(page, 'signin-1280');
    const consumer = suite.account('consumer');
    await fill(page, consumer.email, consumer.password);
    await page.locator('agora-portal main[data-route=subscriptions]').waitFor();
    expect(here(page)).toBe('/subscriptions?product=p-1');
    await page.locator('agora-portal header button[aria-label^="Account of"]').waitFor();
    await page.locator('agora-portal aside nav').waitFor();
    // No token anywhere script can read: the refresh token is an HttpOnly cookie of the auth path.
    expect(await readable(page)).toEqual({ local: [], session: [], cookie: expect.not.stringContaining('agora_refresh') });
    expect(await refreshCookie(page)).toMatchObject({ path: '/api/v1/auth', httpOnly: true, sameSite: 'Strict', secure: false });
    // The session survives a reload: one refresh by the cookie when the page loads.
    const refreshes: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('/api/v1/auth/refresh')) refreshes.push(r.headers()['x-agora-session'] ?? ''); });
    await page.reload();
    await page.locator('agora-portal aside nav').waitFor();
    expect(here(page)).toBe('/subscriptions?product=p-1');
    expect(refreshes).toEqual(['cookie']);
    expect(await readable(page)).toEqual({ local: [], session: [], cookie: expect.not.stringContaining('agora_refresh') });
    expect(pageErrors(page).filter((e) => !e.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('names the missing fields without calling the server', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/signin`);
    await form(page).waitFor();
    let calls = 0;
    page.on('request', (r) => { if (r.url().includes('/auth/signin')) calls++; });
    await form(page).locator('button[type=submit]').click();
    expect(await form(page).innerText()).toContain('Enter your email or user name.');
    expect(await form(page).locator('input[name=username]').getAttribute('aria-invalid')).toBe('true');
    await form(page).locator('input[name=username]').fill(suite.account('consumer').email);
    await form(page).locator('button[type=submit]').click();
    expect(await form(page).innerText()).toContain('Enter your password.');
    expect(calls).toBe(0);
    await page.context().close();
  });

  it('says so when the password is wrong, and stays signed out', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/signin`);
    await fill(page, suite.account('consumer').email, 'not-the-password');
    const alert = page.locator('agora-portal [role=alert]');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('The email or password is not correct.');
    expect(await form(page).locator('input[name=password]').inputValue()).toBe('');
    expect(await refreshCookie(page)).toBeUndefined();
    await page.context().close();
  });

  it('shows the password on request', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/signin`);
    const password = form(page).locator('input[name=password]');
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await form(page).locator('button[aria-label="Show password"]').click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.context().close();
  });
});

describe('sign-out', () => {
  it('revokes the session on the server and shows the visitor view', async () => {
    const page = await suite.pageAs('consumer');
    await page.goto(`${suite.portal.baseUrl}/applications`);
    await page.locator('agora-portal main[data-route=applications]').waitFor();
    const cookie = (await refreshCookie(page))!;
    expect(cookie.value.length).toBeGreaterThan(20);
    await page.locator('agora-portal header button[aria-label^="Account of"]').click();
    await page.locator('agora-portal header button', { hasText: 'Sign out' }).click();
    await page.locator('agora-portal main[data-route=home]').waitFor();
    await page.locator('agora-portal header a[href^="/signin"]').waitFor();
    expect(await page.locator('agora-portal aside').count()).toBe(0);
    // The cookie is cleared, and the token it held (whichever it was by then) is revoked.
    expect(await refreshCookie(page)).toBeUndefined();
    const refresh = await page.request.post(`${suite.portal.baseUrl}/api/v1/auth/refresh`, { data: {}, headers: { ...COOKIE_MODE, cookie: `agora_refresh=${cookie.value}` } });
    expect(refresh.status()).toBe(401);
    // A reload stays signed out.
    await page.reload();
    await page.locator('agora-portal header a[href^="/signin"]').waitFor();
    await page.context().close();
  });
});

describe('a failed token refresh', () => {
  it('forces a new sign-in and comes back afterwards', async () => {
    const consumer = suite.account('consumer');
    const page = await newPage(suite.browser);
    await signIn(page, suite.portal.baseUrl, consumer.email, consumer.password);
    await page.goto(`${suite.portal.baseUrl}/applications`);
    await page.locator('agora-portal main[data-route=applications]').waitFor();
    await page.waitForLoadState('networkidle');
    // Signed out elsewhere (another tab of this browser): the session is revoked and the cookie
    // gone, while this page still holds its access token in memory.
    const out = await page.request.post(`${suite.portal.baseUrl}/api/v1/auth/signout`, { data: {}, headers: COOKIE_MODE });
    expect(out.status()).toBe(204);
    await page.locator('agora-portal aside a[href="/credentials"]').click();
    await page.locator('agora-portal main[data-route=signin]').waitFor();
    expect(here(page)).toBe('/signin?returnTo=%2Fcredentials&reason=expired');
    await page.locator('agora-portal main [role=status]', { hasText: 'Your session has ended' }).waitFor();
    await fill(page, consumer.email, consumer.password);
    await page.locator('agora-portal main[data-route=credentials]').waitFor();
    await page.context().close();
  });
});
