// Framework hosts (issue 27): a React 19 page and a Vue 3 page, bundled here with esbuild from
// tests/browser/fixtures/hosts/ (react, react-dom and vue from npm, as a provider's app would take
// them), each using <agora-carousel>, <agora-subscribe-button> and <agora-catalogue> as the README's
// "Framework hosts" shows: attributes, a property (limit, page-size), a value the app changes
// (category), and listeners for agora-navigate / agora-signin-required that keep the host's page.
// The pages are answered at the portal's origin (page.route), so the elements use its /api/v1.
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, poll, RESULTS_DIR, ROOT, useSuite } from './harness.ts';

const suite = useSuite();
const FIXTURES = join(ROOT, 'tests/browser/fixtures/hosts');
const bundles = new Map<string, string>();

beforeAll(async () => {
  for (const [name, entry] of [['react', 'react-host.jsx'], ['vue', 'vue-host.js']] as const) {
    const out = await build({
      entryPoints: [join(FIXTURES, entry)], bundle: true, write: false, format: 'esm', minify: true, jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"', __VUE_OPTIONS_API__: 'true', __VUE_PROD_DEVTOOLS__: 'false', __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false' },
      logLevel: 'silent',
    });
    bundles.set(name, out.outputFiles[0]!.text);
  }
}, 60_000);

/** A page at `<portal>/hosts/<name>.html`: dist/agora.js first, then the framework's bundle. */
async function openHost(name: string, width = 1280): Promise<Page> {
  const page = await suite.pageAs(null, { viewport: { width, height: 900 } });
  const base = `${suite.portal.baseUrl}/hosts/${name}`;
  await page.route(`${base}.*`, (route) => route.fulfill(route.request().url().endsWith('.js')
    ? { contentType: 'text/javascript', body: bundles.get(name)! }
    : { contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} host</title>
        <style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:24px;max-width:1100px}</style>
        <script type="module" src="/dist/agora.js"></script><script type="module" src="/hosts/${name}.js"></script></head>
        <body><div id="app"></div></body></html>` }));
  await page.goto(`${base}.html`);
  return page;
}

const slides = (page: Page) => page.locator('agora-carousel [data-slide]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-slide')));
const events = (page: Page) => page.locator('#events li').allInnerTexts();

describe.each(['react', 'vue'])('a %s host page', (name) => {
  it('passes attributes and properties, follows a changed value, and hears the elements\' events', { timeout: 120_000 }, async () => {
    const page = await openHost(name);
    // Attributes (heading, product-id, paging) and properties (limit 3, page-size 4).
    await poll(() => page.locator('agora-carousel h2').first().innerText().catch(() => '')).toBe('Featured on Acme');
    await poll(async () => (await slides(page)).length, 'limit=3 as a property').toBe(3);
    await poll(() => page.locator('agora-catalogue article[data-product-id]').count(), 'page-size=4 as a property').toBe(4);
    expect(await page.locator('agora-catalogue').evaluate((el) => (el as unknown as { pageSize: number }).pageSize)).toBe(4);
    const finance = await slides(page);

    // The app changes a bound value: the element follows.
    await page.click('#all-products');
    await poll(async () => {
      const now = await slides(page);
      return now.length === 3 && now.join() !== finance.join();
    }, 'the carousel follows the app\'s category').toBe(true);

    // Events reach the framework's listeners, which keep the page (preventDefault).
    const url = page.url();
    await page.locator('agora-subscribe-button [data-look="signin"]').click();
    // (The portal shares this page's origin: the sign-in would come back to this very page.)
    await poll(() => events(page)).toEqual([`agora-signin-required {"returnTo":"${url}"}`]);
    await page.locator('agora-carousel [data-slide][data-visible="true"] h3 a').first().click();
    await poll(async () => (await events(page)).at(-1)).toMatch(/^agora-navigate \{"location":"\/productDetails\//);
    expect(page.url()).toBe(url);
    expect(pageErrors(page)).toEqual([]);
    if (name === 'vue') {
      await page.screenshot({ path: join(RESULTS_DIR, 'screenshots', 'host-vue-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: join(RESULTS_DIR, 'screenshots', 'host-vue-375.png'), fullPage: true });
    }
    await page.context().close();
  });
});
