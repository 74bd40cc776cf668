// The home page (spec 1 §2 "Home page" and "/", §9; spec 3 §3 homepage settings) against the
// seeded server: hero with its search box, the call-to-action banner (colour pair, position,
// button format and radius, sign-in url), featured categories (5; columns by window width; error
// and none-found placeholders), the 10 most recently published products, and the landing rules.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq, sql } from 'drizzle-orm';
import { deepMerge, newPage, pageErrors, poll, useSuite, type SiteSettingsOverride } from './harness.ts';
import { siteConfig } from '../../server/src/db/schema.ts';

const suite = useSuite();

let seeded: unknown;

beforeAll(async () => {
  const [row] = await suite.portal.db.select({ settings: siteConfig.settings }).from(siteConfig).where(eq(siteConfig.id, 'default'));
  seeded = row!.settings;
});

/** Site settings for the next page load: the seed's, with `patch` merged in. */
async function settings(patch: SiteSettingsOverride): Promise<void> {
  await suite.portal.db.update(siteConfig).set({ settings: deepMerge(seeded, patch) as never }).where(eq(siteConfig.id, 'default'));
}

async function open(path = '/', width = 1280): Promise<Page> {
  const page = await newPage(suite.browser, { viewport: { width, height: 900 } });
  await page.goto(`${suite.portal.baseUrl}${path}`);
  return page;
}

const home = (page: Page) => page.locator('agora-portal [data-screen="home"]');
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

async function apiIds(query: string): Promise<string[]> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1/products?fields=id&${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map((p) => p.id);
}

describe('home page', () => {
  it('shows the hero, the banner, the 5 featured categories and the 10 newest products', async () => {
    await settings({});
    const page = await open();
    await home(page).waitFor();
    const hero = page.locator('agora-portal [data-hero]');
    await poll(() => hero.locator('h1').innerText()).toBe('Build with the APIs that run Agora');
    expect(await hero.innerText()).toContain('browse the catalogue, try any call');
    expect(await hero.getAttribute('data-position')).toBe('center');

    const featured = page.locator('agora-portal [data-featured-grid] [data-category-id]');
    await poll(() => featured.count()).toBe(5);
    const featuredIds = await featured.evaluateAll((els) => els.map((e) => e.getAttribute('data-category-id')));
    const api = await (await fetch(`${suite.portal.baseUrl}/api/v1/categories?featured=true&size=5&sort=%2Bname`)).json() as { items: Array<{ id: string }> };
    expect(featuredIds).toEqual(api.items.map((c) => c.id));
    expect(await page.locator('agora-portal #agora-home-featured').innerText()).toBe('Featured categories');

    const recent = page.locator('agora-portal [data-recent-grid] [data-recent-product]');
    await poll(() => recent.count()).toBe(10);
    const recentIds = await recent.evaluateAll((els) => els.map((e) => e.getAttribute('data-recent-product')));
    expect(recentIds).toEqual(await apiIds('sort=-lastVersion.metadata.createdAt&limit=10'));
    expect(await page.locator('agora-portal #agora-home-recent').innerText()).toBe('Recently published');
    expect(pageErrors(page)).toEqual([]);
  });

  it('orders the recent products by last version date, then by name', async () => {
    // Two products published at the same instant, newer than everything else: name decides.
    const before = await suite.portal.db.execute(sql`select id, last_version_created_at as at from products where id in ('prod-payments', 'prod-weather')`);
    await suite.portal.db.execute(sql`update products set last_version_created_at = '2099-01-01T00:00:00Z' where id in ('prod-payments', 'prod-weather')`);
    try {
      const page = await open();
      const recent = page.locator('agora-portal [data-recent-grid] [data-recent-product]');
      await poll(() => recent.count()).toBe(10);
      const ids = await recent.evaluateAll((els) => els.map((e) => e.getAttribute('data-recent-product')));
      const titles = await Promise.all(['prod-payments', 'prod-weather'].map(async (id) => ((await (await fetch(`${suite.portal.baseUrl}/api/v1/products/${id}`)).json()) as { title: string }).title));
      const byName = ['prod-payments', 'prod-weather'].sort((a, b) => titles[['prod-payments', 'prod-weather'].indexOf(a)]!.localeCompare(titles[['prod-payments', 'prod-weather'].indexOf(b)]!));
      expect(ids.slice(0, 2)).toEqual(byName);
    } finally {
      for (const row of (before as unknown as { rows: Array<{ id: string; at: unknown }> }).rows) {
        await suite.portal.db.execute(sql`update products set last_version_created_at = ${row.at as string} where id = ${row.id}`);
      }
    }
  });

  it('searches from the hero: Enter opens the search results with the text', async () => {
    await settings({});
    const page = await open();
    const box = page.locator('agora-portal [data-hero-search] input');
    await box.fill('payments refund');
    await box.press('Enter');
    await poll(() => new URL(page.url()).pathname).toBe('/advancedSearchResults/all');
    expect(new URL(page.url()).searchParams.get('search')).toBe('payments refund');
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['search']);
  });

  it('shows no search box for the plain hero format, and the hero at its position', async () => {
    await settings({ homepage: { hero: { format: 'plain', position: 'right', title: 'APIs for everyone', message: 'Plain hero' } } });
    const page = await open();
    const hero = page.locator('agora-portal [data-hero]');
    await poll(() => hero.locator('h1').innerText()).toBe('APIs for everyone');
    expect(await hero.getAttribute('data-position')).toBe('right');
    expect(await hero.locator('h1').evaluate((h) => getComputedStyle(h.parentElement!).textAlign)).toBe('right');
    expect(await page.locator('agora-portal [data-hero-search]').count()).toBe(0);
  });

  it('draws the call to action in its colours, position, button format and radius, and signs in', async () => {
    await settings({});
    const page = await open();
    const cta = page.locator('agora-portal [data-cta]');
    await cta.waitFor();
    expect(await cta.innerText()).toContain('New here?');
    expect(await cta.getAttribute('data-position')).toBe('left');
    expect(await cta.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(238, 240, 255)');
    const button = cta.locator('[data-cta-button]');
    const look = await button.evaluate((b) => {
      const s = getComputedStyle(b);
      return { bg: s.backgroundColor, border: s.borderTopColor, color: s.color, radius: parseFloat(s.borderTopLeftRadius) };
    });
    // outline: transparent inside, button_bg on the border and the text; pill corners
    expect(look).toMatchObject({ bg: 'rgba(0, 0, 0, 0)', border: 'rgb(59, 63, 216)', color: 'rgb(59, 63, 216)' });
    expect(look.radius).toBeGreaterThan(100);
    await button.click();
    await poll(() => pathOf(page)).toBe('/signin');
  });

  it('follows other banner settings: solid square button, centred, an external url in a new tab', async () => {
    await settings({ homepage: { cta: { position: 'center', button_format: 'solid', button_radius: 'square', background: '#0b1f3a', button_bg: '#e67700', url: 'https://partners.agora.test/join', target: '_blank', label: 'Become a partner' } } });
    const page = await open();
    const cta = page.locator('agora-portal [data-cta]');
    await cta.waitFor();
    expect(await cta.getAttribute('data-position')).toBe('center');
    expect(await cta.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(255, 255, 255)');
    const button = cta.locator('a[data-cta-button]');
    expect(await button.innerText()).toBe('Become a partner');
    expect(await button.getAttribute('href')).toBe('https://partners.agora.test/join');
    expect(await button.getAttribute('target')).toBe('_blank');
    expect(await button.getAttribute('rel')).toBe('noopener noreferrer');
    const look = await button.evaluate((b) => {
      const s = getComputedStyle(b);
      return { bg: s.backgroundColor, radius: s.borderTopLeftRadius };
    });
    expect(look).toEqual({ bg: 'rgb(230, 119, 0)', radius: '0px' });
  });

  it('hides a disabled banner, and the sign-in banner from signed-in users', async () => {
    await settings({ homepage: { cta: { enabled: false } } });
    let page = await open();
    await page.locator('agora-portal [data-recent-grid]').waitFor();
    expect(await page.locator('agora-portal [data-cta]').count()).toBe(0);

    await settings({});
    page = await suite.pageAs('consumer');
    await page.goto(`${suite.portal.baseUrl}/`);
    await page.locator('agora-portal [data-recent-grid]').waitFor();
    expect(await page.locator('agora-portal [data-cta]').count()).toBe(0);
  });

  it('lays the featured categories out in 5, 3, 2 and 1 columns by window width', async () => {
    await settings({});
    for (const [width, columns] of [[1400, 5], [1000, 3], [800, 2], [375, 1]] as const) {
      const page = await open('/', width);
      const grid = page.locator('agora-portal [data-featured-grid]');
      await grid.waitFor();
      await poll(() => grid.getAttribute('data-columns'), `${width} px`).toBe(String(columns));
      const tops = await grid.locator(':scope > li').evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
      expect(tops, `${width} px rows`).toBe(Math.ceil(5 / columns));
      await page.context().close();
    }
  });

  it('shows the featured categories none-found and error placeholders, and no section when featured content is none', async () => {
    await settings({});
    const featuredBefore = await suite.portal.db.execute(sql`select id from categories where featured`);
    const ids = (featuredBefore as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    await suite.portal.db.execute(sql`update categories set featured = false where featured`);
    try {
      const page = await open();
      await poll(() => page.locator('agora-portal [data-featured]').innerText()).toContain('No featured categories found');
    } finally {
      for (const id of ids) await suite.portal.db.execute(sql`update categories set featured = true where id = ${id}`);
    }

    const page = await newPage(suite.browser);
    await page.route('**/api/v1/categories?*', (route) => route.fulfill({
      status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 500, title: 'Internal Server Error', detail: 'database down' }] }),
    }));
    await page.goto(`${suite.portal.baseUrl}/`);
    await poll(() => page.locator('agora-portal [data-featured]').innerText()).toContain('There was an error while retrieving the featured categories');

    await settings({ homepage: { featured: { content: 'none' } } });
    const none = await open();
    await none.locator('agora-portal [data-recent-grid]').waitFor();
    expect(await none.locator('agora-portal [data-featured]').count()).toBe(0);
  });

  it('applies the landing rules: browse products without landing page, categories as default page', async () => {
    await settings({ landing: { enabled: false, default_page: null } });
    let page = await open();
    await poll(() => pathOf(page)).toBe('/browseProducts');

    await settings({ landing: { enabled: true, default_page: { url: '/categories' } } });
    page = await open();
    await poll(() => pathOf(page)).toBe('/categories');
    await page.locator('agora-portal [data-screen="categories"]').waitFor();

    await settings({ landing: { enabled: false, default_page: { url: '/documents/doc-terms' } } });
    page = await open();
    await poll(() => pathOf(page)).toBe('/documents/doc-terms');
    await settings({});
  });

  it('works alone on a page, in another locale', async () => {
    await settings({});
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/host.html`, (route) => route.fulfill({
      status: 200, contentType: 'text/html',
      body: '<!doctype html><html><head><script type="module" src="/dist/elements/agora-home.js"></script></head><body><agora-home locale="fr-FR"></agora-home></body></html>',
    }));
    await page.goto(`${suite.portal.baseUrl}/host.html`);
    await poll(() => page.locator('agora-home #agora-home-recent').innerText().catch(() => '')).toBe('Publiés récemment');
    // The provider's hero text in the reader's language (settings.translations, issue 16 item 6).
    expect(await page.locator('agora-home [data-hero] h1').innerText()).toBe('Construisez avec les API qui font tourner Agora');
    expect(pageErrors(page)).toEqual([]);
  });
});
