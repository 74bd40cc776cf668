// <agora-product> and <agora-subscribe-button> alone on a CMS-like page (no portal around them),
// from their one-element entries: the product element moves between its own tabs, versions and
// plan pages inside itself (the page address never changes), follows its attributes, and hands
// every other link to the host page as a cancelable agora-navigate event.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageErrors, useSuite } from './harness.ts';

const suite = useSuite();
let pages = 0;

/** A CMS article with its own styles, one element in its content column. */
function cmsPage(script: string, markup: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner news</title>
<style>
  body { font: 18px/1.8 Georgia, serif; color: #402; background: #fdf8f0; margin: 0; }
  header { background: #402; color: #fff; padding: 12px 24px; }
  article { max-width: 1100px; margin: 24px auto; padding: 0 24px; }
  a { color: #c00 !important; } h1, h2, h3 { font-family: Impact, sans-serif; text-transform: uppercase; }
  button, select { font-size: 24px; }
</style>
<script type="module" src="${script}"></script></head>
<body><header>Acme CMS</header><article><h1>Our payments partner</h1><p>Read about the API below.</p>
<div id="slot">${markup}</div></article>
<script>window.navigations = []; document.addEventListener('agora-navigate', (e) => { e.preventDefault(); window.navigations.push(e.detail.location); });</script>
</body></html>`;
}

async function host(markup: string, script: string, who: string | null = 'orgadmin'): Promise<Page> {
  const page = await suite.pageAs(who, { viewport: { width: 1280, height: 900 } });
  const path = `/__cms/${++pages}`;
  await page.route(`${suite.portal.baseUrl}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: cmsPage(script, markup) }));
  await page.goto(suite.portal.baseUrl + path);
  return page;
}

const PRODUCT_JS = '/dist/elements/agora-product.js';
const BUTTON_JS = '/dist/elements/agora-subscribe-button.js';

describe('<agora-product> alone', () => {
  it('opens the tab of its attribute and moves between tabs, plans and versions inside itself', async () => {
    const page = await host('<agora-product product-id="prod-payments" tab="plans"></agora-product>', PRODUCT_JS);
    const address = page.url();
    const el = page.locator('agora-product');
    await el.locator('[data-part="plans"] [data-plan]').first().waitFor({ timeout: 30_000 });

    await el.locator('[data-plan="plan-payments-growth"] [data-plan-link]').click();
    await el.locator('[data-plan-page="plan-payments-growth"]').waitFor();
    expect(await el.locator('[data-quota="plan-payments-growth-q1"]').getAttribute('data-model')).toBe('volume');
    await el.locator('[data-back]').click();
    await el.locator('[data-part="plans"] [data-plan]').first().waitFor();

    await el.locator('nav[aria-label="Product sections"] a', { hasText: 'Resources' }).click();
    await el.locator('[data-tab="resources"] [data-part="resource-list"]').waitFor();
    await el.locator('[data-part="version"] select').selectOption('ver-payments-2');
    await el.locator('[data-version-state="deprecated"]').waitFor();
    await expect.poll(() => el.locator('[data-resource]').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-resource')))).toEqual(['res-payments-v2']);

    // The documents tab hosts the documentation viewer inside the element too.
    await el.locator('nav[aria-label="Product sections"] a', { hasText: 'Documents' }).click();
    await el.locator('[data-part="version"] select').selectOption('ver-payments-3');
    await el.locator('[data-document="doc-payments-3-guide"] a').click();
    await expect.poll(() => el.locator('[data-part="content"]').innerText(), { timeout: 20_000 }).toContain('Getting started with Payments API');
    expect(await el.locator('[data-part="documents"]').count()).toBe(0);

    expect(page.url()).toBe(address);
    expect(await page.evaluate(() => (window as unknown as { navigations: string[] }).navigations)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('hands links outside the product to the host page, and follows attribute changes', async () => {
    const page = await host('<agora-product product-id="prod-payments" tab="resources"></agora-product>', PRODUCT_JS);
    const el = page.locator('agora-product');
    await el.locator('[data-resource="res-payments"] a').first().click({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { navigations: string[] }).navigations))
      .toEqual(['/productDetails/prod-payments/version/ver-payments-3/resources/res-payments/methods']);
    await el.locator('[data-part="pane-categories"] a', { hasText: 'Cards' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { navigations: string[] }).navigations).then((n) => n.at(-1))).toBe('/categories/cat-cards');

    await page.evaluate(() => document.querySelector('agora-product')!.setAttribute('tab', 'ratings'));
    await el.locator('[data-part="reviews"] [data-action="write-review"]').waitFor();
    await page.evaluate(() => document.querySelector('agora-product')!.setAttribute('product-id', 'prod-weather'));
    await expect.poll(() => el.locator('h1').first().innerText()).toBe('Weather Forecast');
  });

  it('says which attribute is missing', async () => {
    const page = await host('<agora-product></agora-product>', PRODUCT_JS, null);
    const empty = page.locator('agora-product [role="status"]');
    await empty.waitFor({ timeout: 30_000 });
    expect(await empty.innerText()).toContain('product-id');
  });
});

describe('<agora-subscribe-button> alone', () => {
  it('takes the look of the caller’s subscriptions and opens the subscription panel in place', async () => {
    const page = await host(
      '<agora-subscribe-button id="several" product-id="prod-payments"></agora-subscribe-button> <agora-subscribe-button id="none" product-id="prod-routing"></agora-subscribe-button>',
      BUTTON_JS,
    );
    const several = page.locator('#several [data-look]');
    await several.first().waitFor({ timeout: 30_000 });
    expect(await several.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-look')))).toEqual(['subscribed-count', 'add']);
    expect(await several.first().innerText()).toContain('Subscribed (4)');
    const none = page.locator('#none [data-look]');
    await none.first().waitFor();
    expect(await none.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-look')))).toEqual(['subscribe']);
    await none.first().click();
    await page.locator('#none dialog[open] [data-part="subscribe-panel"] [data-field="plan"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { navigations: string[] }).navigations)).toEqual([]);
  });

  it('reads “Sign in to subscribe” for a visitor, leading to sign-in and back to this page (the portal shares its origin)', async () => {
    const page = await host('<agora-subscribe-button product-id="prod-payments"></agora-subscribe-button><p id="after">after</p>', BUTTON_JS, null);
    const signIn = page.locator('agora-subscribe-button [data-look="signin"]');
    await signIn.waitFor({ timeout: 30_000 });
    expect((await signIn.innerText()).trim()).toBe('Sign in to subscribe');
    await signIn.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { navigations: string[] }).navigations))
      .toEqual([`/signin?returnTo=${encodeURIComponent(page.url())}`]);
  });
});

describe('on demo/embed.html', () => {
  it('shows the product and its subscribe button among the page’s other blocks, tabs moving in place', async () => {
    const page = await suite.pageAs('orgadmin', { viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.portal.baseUrl}/embed.html`);
    const product = page.locator('agora-product');
    await product.locator('[data-part="header"] h1').waitFor({ timeout: 30_000 });
    expect(await product.locator('[data-part="header"] h1').innerText()).toBe('Payments API');
    const button = page.locator('agora-subscribe-button [data-look]');
    await button.first().waitFor();
    expect(await button.first().innerText()).toContain('Subscribed (4)');
    await product.locator('nav[aria-label="Product sections"] a', { hasText: 'Plans' }).click();
    await product.locator('[data-part="plans"] [data-plan]').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/embed.html');
    await page.context().close();
  });
});
