// A screen's chunk that fails to load (spec 1 §8, ChunkLoadError): it is asked for once more under
// `?agora-retry` (the browser remembers a failed module import of a URL for the page's lifetime;
// rollup.config.mjs dynamicImports), so a failure that passes (a network blip, a 404 from the
// middle of a deploy) never shows. When the retry fails too, the portal keeps its shell and shows
// the error with a reload button where the screen would be; an element alone on a page shows the
// same error; reloading is the way back, and it works.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, poll, useSuite } from './harness.ts';

/** The categories screen's chunk, asked for as it is and with the retry's query. */
const CATEGORIES_CHUNK = /\/chunks\/screen-categories-Categories-[^/?]+\.js(?:\?agora-retry)?$/;

const suite = useSuite();

const topNav = (page: Page) => page.locator('agora-portal header nav').first();

describe('a screen chunk that cannot be loaded', () => {
  it('is asked for once more, and the screen shows without an error when that works', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/`);
    await topNav(page).locator('a', { hasText: 'Categories' }).waitFor();
    const asked: string[] = [];
    await page.route(CATEGORIES_CHUNK, (route) => {
      asked.push(new URL(route.request().url()).search);
      return asked.length === 1 ? route.abort('connectionfailed') : route.continue();
    });
    await topNav(page).locator('a', { hasText: 'Categories' }).click();
    await poll(() => page.locator('agora-portal [data-screen="categories"] [data-category-id]').count()).toBeGreaterThan(0);
    expect(asked).toEqual(['', '?agora-retry']);
    expect(await page.locator('agora-portal main [role=alert]').count()).toBe(0);
    await page.close();
  });

  it('shows the error inside the portal, keeps the shell, and reloading brings the screen', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/`);
    await topNav(page).locator('a', { hasText: 'Categories' }).waitFor();
    await page.route(CATEGORIES_CHUNK, (route) => route.abort('connectionfailed'));

    await topNav(page).locator('a', { hasText: 'Categories' }).click();
    const alert = page.locator('agora-portal main [role=alert]');
    await poll(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toContain('Part of the page could not be loaded (ChunkLoadError)');
    expect(await alert.locator('button', { hasText: 'Reload page' }).count()).toBe(1);
    // The shell is still there: the user can go elsewhere.
    expect(await topNav(page).locator('a', { hasText: 'Home' }).count()).toBe(1);

    await page.unroute(CATEGORIES_CHUNK);
    await alert.locator('button', { hasText: 'Reload page' }).click();
    await poll(() => page.locator('agora-portal [data-screen="categories"] [data-category-id]').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/categories');
    expect(await alert.count()).toBe(0);
    await page.close();
  });

  it('shows the error in an element alone on a page, and reloading brings the element back', async () => {
    const page = await newPage(suite.browser);
    const path = '/__cms/chunk-failure';
    await page.route(`${suite.portal.baseUrl}${path}`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CMS page</title>
        <script type="module" src="/dist/elements/agora-categories.js"></script></head>
        <body><main><agora-categories></agora-categories></main></body></html>`,
    }));
    await page.route(CATEGORIES_CHUNK, (route) => route.abort('connectionfailed'));
    await page.goto(`${suite.portal.baseUrl}${path}`);
    const alert = page.locator('agora-categories [role=alert]');
    await poll(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toContain('could not be loaded');

    await page.unroute(CATEGORIES_CHUNK);
    await alert.locator('button', { hasText: 'Reload page' }).click();
    await poll(() => page.locator('agora-categories [data-category-id]').count()).toBeGreaterThan(0);
    expect(await alert.count()).toBe(0);
    await page.close();
  });
});
