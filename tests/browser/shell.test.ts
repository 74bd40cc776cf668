// The portal shell in Chromium against the real server: site name and page title from the
// server, top navigation from nav_items with the built-in rules, the sign-in button, side
// navigation with its collapse toggle and version, the small-screen dropdown, and the
// marketplace-load error. Screenshots at 1280 and 375 px go to test-results/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pageErrors, poll, screenshot, useSuite } from './harness.ts';

const suite = useSuite({
  settings: {
    sitename: 'Northwind API Hub',
    signup: false,
    nav_items: [
      { url: 'https://status.example', text: 'Status', new_tab: true, visibility: 'all', default: false },
      { url: 'https://members.example', text: 'Members area', new_tab: false, visibility: 'authenticated', default: false },
    ],
  },
});

const topNav = (page: Page) => page.locator('agora-portal header nav').first();
const topNavTexts = async (page: Page) => (await topNav(page).locator('a').allInnerTexts()).map((t) => t.trim());

async function open(page: Page, path = '/'): Promise<void> {
  await page.goto(`${suite.portal.baseUrl}${path}`);
  await page.locator('agora-portal main[data-route]').waitFor();
}

describe('as a visitor', () => {
  it('shows the site name from the server in the bar and as the page title', async () => {
    const page = await newPage(suite.browser);
    await open(page);
    expect((await page.locator('agora-portal [data-testid=site-name]').innerText()).trim()).toBe('Northwind API Hub');
    expect(await page.title()).toBe('Northwind API Hub');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('lists the built-in entries, then the configured ones a visitor may see', async () => {
    const page = await newPage(suite.browser);
    await open(page);
    expect(await topNavTexts(page)).toEqual(['Home', 'Products', 'Categories', 'Status']);
    const status = topNav(page).locator('a', { hasText: 'Status' });
    expect(await status.getAttribute('href')).toBe('https://status.example');
    expect(await status.getAttribute('target')).toBe('_blank');
    expect(await topNav(page).locator('a[aria-current=page]').innerText()).toBe('Home');
    await page.context().close();
  });

  it('moves between pages in place, marking the current entry', async () => {
    const page = await newPage(suite.browser);
    await open(page);
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await topNav(page).locator('a', { hasText: 'Categories' }).click();
    await page.locator('agora-portal main[data-route=categories]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/categories');
    expect(await topNav(page).locator('a[aria-current=page]').innerText()).toBe('Categories');
    // No reload happened: the page kept its state.
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
    await page.goBack();
    await page.locator('agora-portal main[data-route=home]').waitFor();
    await page.context().close();
  });

  it("offers 'Sign in', or 'Sign in / Register' when sign-up is on", async () => {
    const page = await newPage(suite.browser);
    await open(page, '/browseProducts');
    const button = page.locator('agora-portal header a[href^="/signin"]');
    expect(await button.getAttribute('aria-label')).toBe('Sign in');
    expect(await button.getAttribute('href')).toBe('/signin?returnTo=%2FbrowseProducts');
    await suite.portal.setSettings({ signup: true });
    try {
      await page.reload();
      await page.locator('agora-portal main[data-route]').waitFor();
      expect((await button.innerText()).trim()).toBe('Sign in / Register');
    } finally {
      await suite.portal.setSettings({ signup: false });
    }
    await page.context().close();
  });

  it('drops Home when the landing page is off and Categories when categories are hidden', async () => {
    await suite.portal.setSettings({ landing: { enabled: false }, categories: { enabled: false } });
    const page = await newPage(suite.browser);
    try {
      await open(page, '/browseProducts');
      expect(await topNavTexts(page)).toEqual(['Products', 'Status']);
    } finally {
      await suite.portal.setSettings({ landing: { enabled: true }, categories: { enabled: true } });
      await page.context().close();
    }
  });

  it('replaces the built-in entries when a configured entry is marked default', async () => {
    await suite.portal.setSettings({
      nav_items: [
        { url: '/browseProducts', text: 'Our APIs', new_tab: false, visibility: 'all', default: true },
        { url: 'https://help.example', text: 'Help', new_tab: false, visibility: 'all', default: false },
      ],
    });
    const page = await newPage(suite.browser);
    try {
      await open(page);
      expect(await topNavTexts(page)).toEqual(['Our APIs', 'Help']);
      await topNav(page).locator('a', { hasText: 'Our APIs' }).click();
      await page.locator('agora-portal main[data-route=browseProducts]').waitFor();
    } finally {
      await suite.portal.setSettings({
        nav_items: [
          { url: 'https://status.example', text: 'Status', new_tab: true, visibility: 'all', default: false },
          { url: 'https://members.example', text: 'Members area', new_tab: false, visibility: 'authenticated', default: false },
        ],
      });
      await page.context().close();
    }
  });

  it('has no side navigation', async () => {
    const page = await newPage(suite.browser);
    await open(page, '/browseProducts');
    // The browse screen has an <aside> of its own (its filters): look for the side navigation itself.
    expect(await page.locator('agora-portal nav[aria-label="My marketplace"]').count()).toBe(0);
    await page.context().close();
  });
});

describe('signed in', () => {
  it('adds Applications and the entries for members, and the side navigation with its version', async () => {
    const page = await suite.pageAs('consumer');
    await open(page, '/subscriptions');
    expect(await topNavTexts(page)).toEqual(['Home', 'Products', 'Categories', 'Applications', 'Status', 'Members area']);
    const side = page.locator('agora-portal aside nav');
    await side.waitFor();
    // The role-dependent entries join once the session is read (the side navigation draws before).
    await poll(async () => (await side.locator('a').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Home', 'Applications', 'Subscriptions', 'Credentials', 'Access Requests', 'Consumer Insights',
      'API health', 'Applications', 'API traffic', 'Subscriptions compliance',
    ]);
    expect(await side.locator('a[aria-current=page]').innerText()).toBe('Subscriptions');
    expect((await page.locator('agora-portal [data-testid=app-version]').innerText()).trim()).toBe('Version 0.268.0');
    await screenshot(page, 'shell-signed-in-1280');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('collapses the side navigation to icons and keeps it so after a reload', async () => {
    const page = await suite.pageAs('consumer');
    await open(page, '/applications');
    const aside = page.locator('agora-portal aside');
    await aside.waitFor();
    const wide = (await aside.boundingBox())!.width;
    await page.locator('agora-portal aside button[aria-label="Collapse navigation"]').click();
    expect(await aside.getAttribute('data-collapsed')).toBe('true');
    await page.waitForTimeout(300);
    const narrow = (await aside.boundingBox())!.width;
    expect(narrow).toBeLessThan(wide / 2);
    // Icons keep their names for assistive technology.
    expect(await aside.locator('a[aria-label=Subscriptions]').count()).toBe(1);
    await page.reload();
    await page.locator('agora-portal aside[data-collapsed=true]').waitFor();
    await page.locator('agora-portal aside button[aria-label="Expand navigation"]').click();
    expect(await aside.getAttribute('data-collapsed')).toBe('false');
    await page.context().close();
  });

  it('shows the account menu with the user, and collapses its insights group', async () => {
    const page = await suite.pageAs('consumer');
    await open(page, '/consumer-insights/traffic');
    await page.locator('agora-portal aside nav a[aria-current=page]', { hasText: 'API traffic' }).waitFor();
    await page.locator('agora-portal aside button[aria-expanded=true][aria-label^="Show"]').click();
    expect(await page.locator('agora-portal aside nav a', { hasText: 'API traffic' }).count()).toBe(0);
    await page.locator('agora-portal header button[aria-label^="Account of"]').click();
    await page.locator('agora-portal header button', { hasText: 'Sign out' }).waitFor();
    expect(await page.locator('agora-portal header.agora-topbar').innerText()).toContain(suite.account('consumer').email);
    await page.keyboard.press('Escape');
    expect(await page.locator('agora-portal header button', { hasText: 'Sign out' }).isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('below 992 px', () => {
  it('turns the navigation into a dropdown in which the current page is disabled', async () => {
    const page = await newPage(suite.browser, { viewport: { width: 375, height: 740 } });
    await open(page, '/categories');
    expect(await topNav(page).isVisible()).toBe(false);
    await screenshot(page, 'shell-visitor-375');
    const menu = page.locator('agora-portal header button[aria-label=Menu]');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator('agora-portal header [id] nav').first();
    const current = panel.locator('a[aria-disabled=true]');
    expect((await current.innerText()).trim()).toBe('Categories');
    expect(await current.getAttribute('href')).toBeNull();
    await screenshot(page, 'shell-menu-375');
    await panel.locator('a', { hasText: 'Products' }).click();
    await page.locator('agora-portal main[data-route=browseProducts]').waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // No horizontal scrolling at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it('lists the side navigation entries in the dropdown when signed in', async () => {
    const page = await suite.pageAs('consumer', { viewport: { width: 375, height: 740 } });
    await open(page, '/credentials');
    await page.locator('agora-portal header button[aria-label=Menu]').click();
    const side = page.locator('agora-portal header nav[aria-label="My marketplace"]');
    expect((await side.locator('a[aria-disabled=true]').innerText()).trim()).toBe('Credentials');
    expect(await side.locator('a', { hasText: 'API health' }).count()).toBe(1);
    await page.context().close();
  });
});

describe('at 1280 px', () => {
  it('looks finished on the landing route', async () => {
    const page = await newPage(suite.browser);
    await open(page);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'shell-visitor-1280');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('loading the bundle twice', () => {
  it('is harmless: the first definitions stay and the portal works', async () => {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/twice.html`, (route) => route.fulfill({
      contentType: 'text/html',
      // Two URLs are two module instances: a page that includes the bundle twice by mistake.
      body: '<!doctype html><script type="module" src="/dist/agora.js"></script>'
        + '<script type="module" src="/dist/agora.js?copy=2"></script>'
        + '<script type="module" src="/dist/elements/agora-portal.js?copy=3"></script>'
        + '<agora-portal router="hash"></agora-portal>',
    }));
    await page.goto(`${suite.portal.baseUrl}/twice.html`);
    await page.locator('agora-portal main[data-route=home]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => typeof (window as unknown as { Agora?: { configure?: unknown } }).Agora?.configure)).toBe('function');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('when the marketplace cannot be read', () => {
  it("shows 'Marketplace not found' instead of the portal", async () => {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/broken.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><script type="module" src="/dist/agora.js"></script><agora-portal router="hash" api-base="/api/v999"></agora-portal>',
    }));
    await page.goto(`${suite.portal.baseUrl}/broken.html`);
    const alert = page.locator('agora-portal [role=alert]');
    await alert.waitFor();
    expect(await alert.locator('h1').innerText()).toBe('Marketplace not found');
    expect(await alert.locator('button', { hasText: 'Try again' }).count()).toBe(1);
    await page.context().close();
  });
});
