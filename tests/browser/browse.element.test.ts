// <agora-catalogue> and <agora-search> alone on a host page (no portal): the paging modes
// (load-more every 4th page, infinite scroll within 30 px of the bottom, pages), the category-id
// and page-size attributes, url-state (the host page's query string, back/forward), and links
// that announce agora-navigate instead of routing inside a portal.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageErrors, poll, signIn, useSuite } from './harness.ts';

const suite = useSuite();

const HOST = (element: string, script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>CMS page</title>
<style>body{margin:0;font:15px Georgia,serif;background:#fbfaf7} header,footer{padding:24px 40px;background:#222;color:#eee}
main{max-width:1100px;margin:0 auto;padding:24px}</style>
<script type="module" src="/dist/elements/${script}.js"></script></head>
<body><header>Host site</header><main>${element}</main><footer>Host footer</footer></body></html>`;

/** Opens a host page on the portal's origin (so the element reaches the API as on a provider's site). */
async function host(element: string, script = 'agora-catalogue', query = '', viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await newPage(suite.browser, { viewport });
  const path = `/__cms/page-${Math.random().toString(36).slice(2)}`;
  await page.route(`${suite.portal.baseUrl}${path}*`, (route) => route.fulfill({ contentType: 'text/html', body: HOST(element, script) }));
  await page.goto(`${suite.portal.baseUrl}${path}${query}`);
  return page;
}

async function apiIds(query: string): Promise<string[]> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1/products?fields=id&limit=100&${query}`);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map((p) => p.id);
}

const tileIds = (page: Page) => page.locator('agora-catalogue [data-results] [data-product-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
const count = async (page: Page) => (await tileIds(page)).length;
const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
/** Document y of the list's end marker. */
const sentinelTop = (page: Page) => page.locator('agora-catalogue [data-sentinel]').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

describe('<agora-catalogue> alone', () => {
  it('load-more: scrolling loads pages 2 to 4; then a button every 4th page', async () => {
    // One tile per row: a page of 3 is taller than the window, so each page waits for the scroll.
    const page = await host('<agora-catalogue paging="load-more" page-size="3"></agora-catalogue>', 'agora-catalogue', '', { width: 560, height: 800 });
    const all = await apiIds('');
    await poll(() => tileIds(page)).toEqual(all.slice(0, 3));
    const button = page.locator('agora-catalogue [data-load-more]');
    for (const shown of [6, 9, 12]) {
      expect(await button.count()).toBe(0);
      await scrollToEnd(page);
      await poll(() => count(page)).toBe(shown);
    }
    // After the 4th page, scrolling no longer loads: the button does.
    await button.waitFor();
    await scrollToEnd(page);
    await page.waitForTimeout(800);
    expect(await count(page)).toBe(12);
    await button.click();
    await poll(() => count(page)).toBe(15);
    for (const shown of [18, 21, 24]) {
      await scrollToEnd(page);
      await poll(() => count(page)).toBe(shown);
    }
    await button.waitFor();
    expect(await tileIds(page)).toEqual(all.slice(0, 24));
    expect(pageErrors(page)).toEqual([]);
  });

  it('infinite: the next page loads when the end comes within 30 px of the bottom, never a button', async () => {
    const page = await host('<agora-catalogue paging="infinite" page-size="6"></agora-catalogue>', 'agora-catalogue', '', { width: 1280, height: 700 });
    await poll(() => count(page)).toBe(6);
    const viewport = 700;
    // 80 px short of the threshold: nothing happens.
    await page.evaluate((y) => window.scrollTo(0, y), (await sentinelTop(page)) - viewport - 80);
    await page.waitForTimeout(800);
    expect(await count(page)).toBe(6);
    // 20 px away (within 30): the next page comes.
    await page.evaluate((y) => window.scrollTo(0, y), (await sentinelTop(page)) - viewport - 20);
    await poll(() => count(page)).toBe(12);
    const all = await apiIds('');
    for (let i = 0; i < 10 && (await count(page)) < all.length; i++) {
      await scrollToEnd(page);
      await page.waitForTimeout(300);
    }
    await poll(() => tileIds(page)).toEqual(all);
    expect(await page.locator('agora-catalogue [data-load-more]').count()).toBe(0);
    // The demo's 31 products and the marketplace's own API (issue 34).
    expect(await page.locator('agora-catalogue [data-showing]').innerText()).toBe('Showing 32 of 32');
  });

  it('pages is the default; category-id keeps the list to that category and its subcategories', async () => {
    const page = await host('<agora-catalogue category-id="cat-finance"></agora-catalogue>');
    await poll(() => tileIds(page)).toEqual(await apiIds('category.id=cat-finance&include.child.categories=true'));
    expect(await page.locator('agora-catalogue nav[aria-label="Pagination"]').count()).toBe(1);
    // The category filter offers the subcategories only.
    const tree = page.locator('agora-catalogue [data-filters="sidebar"] [data-filter-section="category"]');
    const top = await tree.locator(':scope > div > ul > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-category')));
    expect(top).toEqual(['cat-banking', 'cat-payments']);
    await tree.getByRole('checkbox', { name: 'Payments' }).check();
    await poll(() => tileIds(page)).toEqual(await apiIds('category.id=cat-payments&include.child.categories=true'));
    // Without url-state the host page's address is left alone.
    expect(new URL(page.url()).search).toBe('');
  });

  it('url-state keeps the state in the host page query string, other parameters untouched; back and forward work', async () => {
    const page = await host('<agora-catalogue url-state></agora-catalogue>', 'agora-catalogue', '?lang=en');
    await page.locator('agora-catalogue [data-product-id]').first().waitFor();
    await page.locator('agora-catalogue [data-filters="sidebar"]').getByRole('checkbox', { name: 'Sandbox' }).check();
    await poll(() => new URL(page.url()).search).toBe('?lang=en&stage=stage-sandbox');
    await poll(() => tileIds(page)).toEqual(await apiIds('stage.id=stage-sandbox'));
    await page.locator('agora-catalogue select[data-sort]').selectOption('-name');
    await poll(() => new URL(page.url()).search).toBe('?lang=en&stage=stage-sandbox&sort=-name');
    await page.goBack();
    await poll(() => tileIds(page)).toEqual(await apiIds('stage.id=stage-sandbox'));
    await page.goBack();
    await poll(() => count(page)).toBe(10);
    expect(await page.locator('agora-catalogue [data-filters="sidebar"]').getByRole('checkbox', { name: 'Sandbox' }).isChecked()).toBe(false);
    await page.goForward();
    await poll(() => tileIds(page)).toEqual(await apiIds('stage.id=stage-sandbox'));
  });

  it('a tile link announces agora-navigate (cancelable) instead of routing in place', async () => {
    const page = await host('<agora-catalogue page-size="4"></agora-catalogue>');
    await page.locator('agora-catalogue [data-product-id]').first().waitFor();
    await page.evaluate(() => {
      document.addEventListener('agora-navigate', (e) => {
        e.preventDefault();
        (window as unknown as { went: unknown }).went = (e as CustomEvent).detail;
      });
    });
    const first = (await tileIds(page))[0]!;
    await page.locator(`agora-catalogue [data-product-id="${first}"]`).getByRole('link', { name: 'View details' }).click();
    await poll(() => page.evaluate(() => (window as unknown as { went?: { location: string } }).went?.location)).toBe(`/productDetails/${first}/overview`);
    expect(await count(page)).toBe(4);
  });
});

describe('placeholders', () => {
  it('the loading placeholder shows only after 250 ms', async () => {
    const page = await newPage(suite.browser);
    // The real answer, held back for a while.
    await page.route(`${suite.portal.baseUrl}/api/v1/products?*`, async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    const path = '/__cms/slow';
    await page.route(`${suite.portal.baseUrl}${path}`, (route) => route.fulfill({ contentType: 'text/html', body: HOST('<agora-catalogue></agora-catalogue>', 'agora-catalogue') }));
    // Times, from the page itself, when the screen and when the spinner first showed.
    await page.addInitScript(() => {
      const w = window as unknown as { shown: Record<string, number> };
      w.shown = {};
      const tick = () => {
        const screen = document.querySelector('agora-catalogue')?.shadowRoot?.querySelector('[data-screen="browse"]');
        if (screen && !w.shown.screen) w.shown.screen = performance.now();
        const spinner = screen && [...screen.querySelectorAll('[role="status"]')].some((e) => e.textContent?.includes('Loading'));
        if (spinner && !w.shown.spinner) w.shown.spinner = performance.now();
        if (!w.shown.spinner) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(`${suite.portal.baseUrl}${path}`);
    const spinner = page.locator('agora-catalogue [data-screen="browse"] [role="status"]', { hasText: 'Loading' });
    // Playwright can see the spinner before the page's next frame records it: wait for the record.
    const record = await page.waitForFunction(() => {
      const { shown } = window as unknown as { shown: { screen?: number; spinner?: number } };
      return shown.spinner !== undefined && shown;
    });
    const shown = (await record.jsonValue()) as { screen: number; spinner: number };
    expect(shown.spinner - shown.screen).toBeGreaterThanOrEqual(240);
    expect(shown.spinner - shown.screen).toBeLessThan(1000);
    await page.locator('agora-catalogue [data-product-id]').first().waitFor();
    expect(await spinner.count()).toBe(0);
  });

  it('a 403 shows the unauthorized placeholder; another failure the products fetch error', async () => {
    const page = await host('<agora-catalogue id="a" tenant="org-not-mine"></agora-catalogue><agora-catalogue id="b" api-base="/api/v0"></agora-catalogue>');
    const admin = suite.account('admin');
    await signIn(page, suite.portal.baseUrl, admin.email, admin.password);
    await page.locator('#a [role="alert"]', { hasText: 'You are not authorised to see this page' }).waitFor();
    await page.locator('#b [role="alert"]', { hasText: 'The products could not be loaded' }).waitFor();
    expect(await page.locator('agora-catalogue [data-product-id]').count()).toBe(0);
  });

  it('search: a failure shows the search results error', async () => {
    const page = await host('<agora-search api-base="/api/v0"></agora-search>', 'agora-search');
    const box = page.locator('agora-search').getByRole('searchbox', { name: 'Search the catalogue' });
    await box.fill('payment');
    await box.press('Enter');
    await page.locator('agora-search [role="alert"]', { hasText: 'The search results could not be loaded' }).waitFor();
  });
});

describe('<agora-search> alone', () => {
  it('searches and switches tabs in place', async () => {
    const page = await host('<agora-search></agora-search>', 'agora-search');
    const box = page.locator('agora-search').getByRole('searchbox', { name: 'Search the catalogue' });
    await box.fill('petstore');
    await box.press('Enter');
    await page.locator('agora-search [data-group="products"]').waitFor();
    await page.locator('agora-search').getByRole('tab', { name: /Resources/ }).click();
    await page.locator('agora-search [data-tab-results="asset_resource"]').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(pageErrors(page)).toEqual([]);
  });
});
