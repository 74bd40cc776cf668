// Every route shape of the three spec documents and every redirect rule, reached in Chromium:
// in history mode (deep links and in-app moves), under a base path, and in hash mode on a
// CMS-like page that owns its URL. The table is tests/unit/routes.cases.ts, shared with the
// unit tests of the pure route rules.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_CASES, ROUTE_CASES } from '../unit/routes.cases.ts';
import { newPage, useSuite, type SiteSettingsOverride } from './harness.ts';

const suite = useSuite();
let member: Page;

beforeAll(async () => {
  member = await suite.pageAs('consumer');
});

const shown = (page: Page) => page.locator('agora-portal main[data-route]').first().getAttribute('data-route');
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Moves in place, as a link click does (pushState + popstate), without reloading the page. */
async function moveTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function waitForRoute(page: Page, name: string): Promise<void> {
  await page.locator(`agora-portal main[data-route="${name}"]`).waitFor({ timeout: 15_000 });
}

describe('every route shape (signed in)', () => {
  beforeAll(async () => {
    await member.goto(`${suite.portal.baseUrl}/`);
    await member.locator('agora-portal main[data-route]').waitFor();
  });

  // Sign-in and registration send a signed-in user on to where they came from.
  it.each(ROUTE_CASES.filter((c) => c.path !== '/signin' && c.path !== '/register'))('$path shows $name', async ({ path, name }) => {
    await moveTo(member, path);
    await waitForRoute(member, name);
    expect(here(member)).toBe(path);
  });

  it('opens a deep link on a fresh load', async () => {
    const path = '/productDetails/p-1/version/v-2/docs/viewer/d-3/1/a-4';
    await member.goto(`${suite.portal.baseUrl}${path}`);
    await waitForRoute(member, 'product.docViewer');
    expect(here(member)).toBe(path);
  });
});

describe('every redirect rule', () => {
  it.each(REDIRECT_CASES)('$from -> $to', async ({ from, to }) => {
    await member.goto(`${suite.portal.baseUrl}${from}`);
    await member.waitForURL((url) => url.pathname + url.search === to, { timeout: 15_000 });
    expect(here(member)).toBe(to);
    expect(await shown(member)).not.toBeNull();
  });

  it('replaces the address on a redirect, so Back does not bounce into it', async () => {
    await member.goto(`${suite.portal.baseUrl}/browseProducts`);
    await waitForRoute(member, 'browseProducts');
    await moveTo(member, '/productDetails/p-1');
    await waitForRoute(member, 'product.overview');
    expect(here(member)).toBe('/productDetails/p-1/overview');
    await member.goBack();
    await waitForRoute(member, 'browseProducts');
    expect(here(member)).toBe('/browseProducts');
  });

  it('sends a visitor of a public marketplace to sign-in for the member areas, and back after', async () => {
    const page = await newPage(suite.browser);
    for (const { path } of ROUTE_CASES.filter((c) => c.signIn).slice(0, 4)) {
      await page.goto(`${suite.portal.baseUrl}${path}?x=1`);
      await waitForRoute(page, 'signin');
      expect(here(page)).toBe(`/signin?returnTo=${encodeURIComponent(`${path}?x=1`)}`);
    }
    await page.context().close();
  });

  it('lets a visitor of a public marketplace browse the catalogue', async () => {
    const page = await newPage(suite.browser);
    for (const { path, name } of ROUTE_CASES.filter((c) => !c.signIn && c.path !== '/signin').slice(0, 6)) {
      await page.goto(`${suite.portal.baseUrl}${path}`);
      await waitForRoute(page, name);
      expect(here(page)).toBe(path);
    }
    await page.context().close();
  });

  it('sends every visitor of a private marketplace to sign-in', async () => {
    await suite.portal.setSettings({ public: false });
    const page = await newPage(suite.browser);
    try {
      await page.goto(`${suite.portal.baseUrl}/browseProducts`);
      await waitForRoute(page, 'signin');
      expect(here(page)).toBe('/signin?returnTo=%2FbrowseProducts');
      await page.locator('agora-portal main p', { hasText: 'This marketplace is private' }).waitFor();
      await page.goto(`${suite.portal.baseUrl}/`);
      await waitForRoute(page, 'signin');
      expect(here(page)).toBe('/signin');
    } finally {
      await suite.portal.setSettings({ public: true });
      await page.context().close();
    }
  });

  it('applies the landing rules of "/"', async () => {
    const page = await newPage(suite.browser);
    const landing = async (patch: SiteSettingsOverride, expected: string, route: string) => {
      await suite.portal.setSettings(patch);
      await page.goto(`${suite.portal.baseUrl}/`);
      await waitForRoute(page, route);
      expect(here(page)).toBe(expected);
    };
    try {
      await landing({ landing: { enabled: false, default_page: null } }, '/browseProducts', 'browseProducts');
      await landing({ landing: { enabled: true, default_page: { url: '/categories' } } }, '/categories', 'categories');
      await landing({ landing: { enabled: false, default_page: { url: '/documents/doc-7' } } }, '/documents/doc-7', 'document');
      await landing({ landing: { enabled: true, default_page: null } }, '/', 'home');
      // An unknown path ends on the landing route, with its rules applied.
      await suite.portal.setSettings({ landing: { enabled: false, default_page: null } });
      await page.goto(`${suite.portal.baseUrl}/no/such/page`);
      await waitForRoute(page, 'browseProducts');
    } finally {
      await suite.portal.setSettings({ landing: { enabled: true, default_page: null } });
      await page.context().close();
    }
  });

  it('sends ratings routes to the overview when ratings are off', async () => {
    await suite.portal.setSettings({ reviews: { enabled: false } });
    try {
      await member.goto(`${suite.portal.baseUrl}/productDetails/p-1/ratings`);
      await waitForRoute(member, 'product.overview');
      expect(here(member)).toBe('/productDetails/p-1/overview');
    } finally {
      await suite.portal.setSettings({ reviews: { enabled: true } });
    }
  });
});

describe('under a base path', () => {
  it('keeps every route under it', async () => {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/portal/**`, (route) => route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><script type="module" src="/dist/agora.js"></script><agora-portal base-path="/portal/"></agora-portal>',
    }));
    await page.goto(`${suite.portal.baseUrl}/portal/productDetails/p-1`);
    await waitForRoute(page, 'product.overview');
    expect(here(page)).toBe('/portal/productDetails/p-1/overview');
    await page.locator('agora-portal header nav a', { hasText: 'Categories' }).click();
    await waitForRoute(page, 'categories');
    expect(here(page)).toBe('/portal/categories');
    expect(await page.locator('agora-portal header nav a', { hasText: 'Products' }).getAttribute('href')).toBe('/portal/browseProducts');
    await page.context().close();
  });
});

describe('hash mode (a CMS page that owns its URL)', () => {
  const CMS = `<!doctype html><html><head><title>Acme Corp - Developers</title>
    <script type="module" src="/dist/agora.js"></script></head>
    <body><header>Acme Corp</header><agora-portal router="hash"></agora-portal><footer>© Acme</footer></body></html>`;

  async function cmsPage(hash = ''): Promise<Page> {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/cms/developers.html`, (route) => route.fulfill({ contentType: 'text/html', body: CMS }));
    await page.goto(`${suite.portal.baseUrl}/cms/developers.html${hash}`);
    await page.locator('agora-portal main[data-route]').waitFor();
    return page;
  }

  it('keeps the route in the fragment and leaves the page path and title alone', async () => {
    const page = await cmsPage();
    expect(await shown(page)).toBe('home');
    await page.locator('agora-portal header nav a', { hasText: 'Products' }).click();
    await waitForRoute(page, 'browseProducts');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/cms/developers.html');
    expect(url.hash).toBe('#/browseProducts');
    expect(await page.title()).toBe('Acme Corp - Developers');
    await page.goBack();
    await waitForRoute(page, 'home');
    await page.context().close();
  });

  it('opens deep links and applies redirects inside the fragment', async () => {
    const page = await cmsPage('#/productDetails/p-1/version/v-2');
    await waitForRoute(page, 'product.overview');
    expect(new URL(page.url()).hash).toBe('#/productDetails/p-1/version/v-2/overview');
    await page.evaluate(() => { location.hash = '#/advancedSearchResults?query=pets'; });
    await waitForRoute(page, 'search');
    expect(new URL(page.url()).hash).toBe('#/advancedSearchResults/all?query=pets');
    await page.evaluate(() => { location.hash = '#/applications'; });
    await waitForRoute(page, 'signin');
    expect(new URL(page.url()).hash).toBe('#/signin?returnTo=%2Fapplications');
    await page.context().close();
  });
});
