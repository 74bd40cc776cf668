// Browse products (/browseProducts, spec 1 §2, §4) against the seeded server: filters and their
// URL state (reload, back, forward), page reset, sorts, pages, the search box, tiles and their
// links and contact alerts, section expand / selected-only, the drawer below 1024 px, and which
// sections show for visitors, signed-in users and the categories / ratings settings; the German and
// French search placeholders whole at 1100 px beside the side navigation.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { newPage, pageErrors, poll, RESULTS_DIR, signIn, startPortal, useSuite } from './harness.ts';

const suite = useSuite();

/** Product ids the API answers for a query (what the screen must show). */
async function apiIds(query: string, token?: string): Promise<string[]> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1/products?fields=id&limit=100&${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map((p) => p.id);
}

const tiles = (page: Page) => page.locator('agora-portal [data-results] [data-product-id]');
const tileIds = (page: Page) => tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
const sidebar = (page: Page) => page.locator('agora-portal [data-filters="sidebar"]');
const location = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

async function open(path: string, width = 1280): Promise<Page> {
  const page = await newPage(suite.browser, { viewport: { width, height: 900 } });
  await page.goto(`${suite.portal.baseUrl}${path}`);
  await tiles(page).first().waitFor();
  return page;
}

describe('browse products', () => {
  it('shows the first page in the default order (name, then newest) with the total', async () => {
    const page = await open('/browseProducts');
    expect(await tileIds(page)).toEqual((await apiIds('sort=%2Btitle,-metadata.createdAt')).slice(0, 10));
    // The seed's 31 products a visitor sees, and "Agora Marketplace API" (server/src/openapi/product.ts).
    await poll(() => page.locator('agora-portal [data-total]').innerText()).toBe('32 products');
    expect(pageErrors(page)).toEqual([]);
  });

  it('narrows by stage, rating, resource state and category; the URL keeps them through reload, back and forward', async () => {
    const page = await open('/browseProducts');
    const bar = sidebar(page);

    await bar.getByRole('checkbox', { name: 'Sandbox' }).check();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-sandbox');
    await poll(() => tileIds(page)).toEqual(await apiIds('stage.id=stage-sandbox'));

    await bar.getByRole('button', { name: '4 stars & up' }).click();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-sandbox&rating=4');
    await poll(() => tileIds(page)).toEqual(await apiIds('stage.id=stage-sandbox&rating=4&rating=5'));

    await bar.getByRole('checkbox', { name: 'Archived' }).check();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-sandbox&rating=4&state=archived');
    const threeFilters = await apiIds('stage.id=stage-sandbox&rating=4&rating=5&assetResource.state=archived');
    await poll(() => tileIds(page)).toEqual(threeFilters);
    expect(threeFilters.length).toBeGreaterThan(1);

    await bar.getByRole('checkbox', { name: 'Finance' }).check();
    await poll(() => location(page)).toBe('/browseProducts?category=cat-finance&stage=stage-sandbox&rating=4&state=archived');
    const fourFilters = await apiIds('category.id=cat-finance&include.child.categories=true&stage.id=stage-sandbox&rating=4&rating=5&assetResource.state=archived');
    await poll(() => tileIds(page)).toEqual(fourFilters);
    expect(fourFilters).toEqual(['prod-payments']);

    // A reload shows the same list with the same boxes ticked.
    await page.reload();
    await poll(() => tileIds(page)).toEqual(fourFilters);
    expect(await bar.getByRole('checkbox', { name: 'Finance' }).isChecked()).toBe(true);
    expect(await bar.getByRole('button', { name: '4 stars & up' }).getAttribute('aria-pressed')).toBe('true');
    // Chosen values also show as removable chips.
    await poll(() => page.locator('agora-portal [data-active-filters] button').count()).toBe(5);

    await page.goBack();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-sandbox&rating=4&state=archived');
    await poll(() => tileIds(page)).toEqual(threeFilters);
    expect(await bar.getByRole('checkbox', { name: 'Finance' }).isChecked()).toBe(false);
    await page.goForward();
    await poll(() => tileIds(page)).toEqual(fourFilters);

    // Removing a chip removes that filter only.
    await page.locator('agora-portal [data-active-filters]').getByRole('button', { name: 'Remove filter: Finance' }).click();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-sandbox&rating=4&state=archived');
    expect(pageErrors(page)).toEqual([]);
  });

  it('a chosen category includes its subcategories, shown ticked and disabled', async () => {
    const page = await open('/browseProducts');
    const bar = sidebar(page);
    await bar.getByRole('checkbox', { name: 'Finance' }).check();
    await bar.getByRole('button', { name: 'Show the subcategories of Finance' }).click();
    const payments = bar.getByRole('checkbox', { name: 'Payments' });
    expect(await payments.isChecked()).toBe(true);
    expect(await payments.isDisabled()).toBe(true);
    await poll(() => tileIds(page)).toEqual(await apiIds('category.id=cat-finance&include.child.categories=true'));
  });

  it('a filter or search change goes back to page 1', async () => {
    const page = await open('/browseProducts?page=3');
    expect(await tileIds(page)).toEqual((await apiIds('')).slice(20, 30));
    await sidebar(page).getByRole('checkbox', { name: 'Production' }).check();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-production');

    await page.goto(`${suite.portal.baseUrl}/browseProducts?page=2`);
    await tiles(page).first().waitFor();
    const box = page.locator('agora-portal').getByRole('searchbox', { name: 'Search products' });
    // Over 1000 characters: a message, and nothing is searched.
    await box.fill('a'.repeat(1001));
    await page.locator('agora-portal [role="alert"]', { hasText: /1[,.\s]?000/ }).first().waitFor();
    await page.waitForTimeout(600);
    expect(location(page)).toBe('/browseProducts?page=2');
    await box.fill('payments');
    await poll(() => location(page)).toBe('/browseProducts?search=payments');
    // The chosen sort applies to a search too (the default: name, then newest).
    await poll(() => tileIds(page)).toEqual(await apiIds('search=payments&sort=%2Btitle,-metadata.createdAt'));
  });

  it('sorts by each of the four orders with the server values', async () => {
    const page = await open('/browseProducts');
    const sort = page.locator('agora-portal select[data-sort]');
    const cases: Array<[string, string]> = [
      ['-name', '-title'],
      ['name', '%2Btitle'],
      ['created', '-metadata.createdAt'],
      ['modified', '-lastVersion.metadata.createdAt'],
    ];
    for (const [value, server] of cases) {
      await sort.selectOption(value);
      await poll(() => location(page)).toBe(`/browseProducts?sort=${value}`);
      await poll(() => tileIds(page)).toEqual((await apiIds(`sort=${server}`)).slice(0, 10));
    }
    // Back to the default: the parameter leaves the URL.
    await sort.selectOption('default');
    await poll(() => location(page)).toBe('/browseProducts');
  });

  it('pages with the pagination footer; the page is in the URL and back returns to it', async () => {
    const page = await open('/browseProducts');
    const all = await apiIds('');
    await page.locator('agora-portal').getByRole('button', { name: /next page/i }).click();
    await poll(() => location(page)).toBe('/browseProducts?page=2');
    await poll(() => tileIds(page)).toEqual(all.slice(10, 20));
    await page.locator('agora-portal nav[aria-label] select').first().selectOption('20');
    await poll(() => location(page)).toBe('/browseProducts?size=20');
    await poll(() => tileIds(page)).toEqual(all.slice(0, 20));
    await page.goBack();
    await poll(() => tileIds(page)).toEqual(all.slice(10, 20));
    await page.goBack();
    await poll(() => tileIds(page)).toEqual(all.slice(0, 10));
  });

  it('a page beyond the end shows the last page', async () => {
    const page = await open('/browseProducts?page=99');
    await poll(() => location(page)).toBe('/browseProducts?page=4');
    expect(await tileIds(page)).toEqual((await apiIds('')).slice(30));
  });

  it('shows the empty state with a way out when nothing matches', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/browseProducts?search=zzzyqx&state=deleting`);
    const empty = page.locator('agora-portal [role="status"]', { hasText: 'No products found' });
    await empty.waitFor();
    await page.locator('agora-portal').getByRole('button', { name: 'Clear all' }).last().click();
    await poll(() => location(page)).toBe('/browseProducts');
    await tiles(page).first().waitFor();
  });

  it('tiles link to details, subscriptions, and the resources, plans and documents of the latest version', async () => {
    const page = await open('/browseProducts?search=payments');
    const tile = page.locator('agora-portal [data-product-id="prod-payments"]');
    const product = await (await fetch(`${suite.portal.baseUrl}/api/v1/products/prod-payments?fields=latestVersion,resources,plans`)).json() as {
      latestVersion: { id: string }; resources: { totalCount: number }; plans: { totalCount: number };
    };
    const v = product.latestVersion.id;
    const hrefs = await tile.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(new Set(hrefs)).toEqual(new Set([
      '/productDetails/prod-payments/overview',
      '/subscriptions?product=prod-payments',
      `/productDetails/prod-payments/version/${v}/resources`,
      `/productDetails/prod-payments/version/${v}/plans`,
      `/productDetails/prod-payments/version/${v}/docs`,
    ]));
    expect(await tile.getByRole('link', { name: /Resources/ }).innerText()).toContain(String(product.resources.totalCount));
    expect(await tile.getByRole('link', { name: /Plans/ }).innerText()).toContain(String(product.plans.totalCount));

    // A click navigates inside the portal.
    await tile.getByRole('link', { name: 'View details' }).click();
    await poll(() => location(page)).toBe('/productDetails/prod-payments/overview');
  });

  it('a product in warning or error shows the contact alert with its e-mail', async () => {
    const page = await open('/browseProducts?search=payments');
    const warning = page.locator('agora-portal [data-product-id="prod-fraud-signals"]');
    const error = page.locator('agora-portal [data-product-id="prod-legacy-billing"]');
    const ok = page.locator('agora-portal [data-product-id="prod-payments"]');
    await warning.waitFor();
    expect(await warning.locator('[role="status"]').innerText()).toContain('This product has known issues.');
    expect(await warning.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await error.locator('[role="alert"]').innerText()).toMatch(/currently unavailable[\s\S]*Please contact .+@.+ with any questions/);
    expect(await ok.locator('[data-contact-line]').count()).toBe(0);
  });

  it('sections expand and collapse, and switch between all and selected-only entries', async () => {
    const page = await open('/browseProducts');
    const bar = sidebar(page);
    const stage = bar.locator('[data-filter-section="stage"]');
    const header = stage.getByRole('button', { name: /^Stage/ });
    expect(await header.getAttribute('aria-expanded')).toBe('true');
    await header.click();
    expect(await header.getAttribute('aria-expanded')).toBe('false');
    expect(await stage.getByRole('checkbox', { name: 'Sandbox' }).isVisible()).toBe(false);
    await header.click();
    await stage.getByRole('checkbox', { name: 'Sandbox' }).check();
    await stage.getByRole('checkbox', { name: 'Staging' }).check();

    await stage.getByRole('button', { name: 'Selected (2)' }).click();
    await poll(() => stage.getByRole('checkbox').count()).toBe(2);
    await stage.getByRole('button', { name: 'Show all' }).click();
    await poll(() => stage.getByRole('checkbox').count()).toBe(3);

    // In the tree, selected-only keeps the branch that leads to a chosen subcategory.
    const tree = bar.locator('[data-filter-section="category"]');
    await tree.getByRole('button', { name: 'Show the subcategories of Finance' }).click();
    await tree.getByRole('checkbox', { name: 'Payments' }).check();
    await tree.getByRole('button', { name: 'Selected (1)' }).click();
    await poll(() => tree.getByRole('checkbox').evaluateAll((els) => els.map((e) => e.closest('label')!.textContent))).toEqual([
      expect.stringContaining('Finance'), expect.stringContaining('Payments'),
    ]);
    // The tree's search box finds categories by part of the title, at most 50 characters.
    await tree.getByRole('button', { name: 'Show all' }).click();
    const find = tree.getByRole('searchbox', { name: 'Find a category' });
    await find.fill('ship');
    await poll(() => tree.getByRole('checkbox').evaluateAll((els) => els.map((e) => e.closest('label')!.textContent!.replace(/\d+$/, '')))).toEqual([
      'Commerce', 'Shipping & Logistics',
    ]);
    await find.fill('x'.repeat(51));
    expect(await tree.locator('[role="alert"]').innerText()).toMatch(/50/);
  });

  it('below 1024 px the filters open in a drawer', async () => {
    const page = await open('/browseProducts', 375);
    expect(await sidebar(page).isVisible()).toBe(false);
    await page.locator('agora-portal [data-open-filters]').click();
    const drawer = page.locator('agora-portal').getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await drawer.getByRole('checkbox', { name: 'Sandbox' }).check();
    await poll(() => location(page)).toBe('/browseProducts?stage=stage-sandbox');
    const show = drawer.locator('[data-show-results]');
    await poll(() => show.innerText()).toBe('Show 5 products');
    await show.click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.locator('agora-portal [data-open-filters]').innerText()).toBe('Filters (1)');
    await poll(() => tileIds(page)).toEqual(await apiIds('stage.id=stage-sandbox'));
  });

  it.each(['de-DE', 'fr-FR'])('at 1100 px in %s, signed in (side navigation), the search placeholder is not cut', async (locale) => {
    const page = await newPage(suite.browser, { viewport: { width: 1100, height: 900 } });
    const url = new URL(suite.portal.baseUrl);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: url.hostname, path: '/' }]);
    const member = suite.account('orgadmin');
    await signIn(page, suite.portal.baseUrl, member.email, member.password);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await tiles(page).first().waitFor();
    const input = page.locator('agora-portal [data-screen="browse"] input[type="search"]').first();
    // The placeholder's width in the field's font against the room between its paddings.
    const fit = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return { text: context.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
    });
    expect(fit.text, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
    if (locale === 'de-DE') {
      mkdirSync(join(RESULTS_DIR, 'screenshots'), { recursive: true });
      await page.screenshot({ path: join(RESULTS_DIR, 'screenshots', 'browse-signed-in-de-1100.png'), fullPage: true });
    }
  });
});

describe('sections by settings and sign-in', () => {
  it('a visitor has no subscription filter; a signed-in user filters by subscription', async () => {
    const visitor = await open('/browseProducts');
    const sections = (page: Page) => sidebar(page).locator('[data-filter-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-filter-section')));
    expect(await sections(visitor)).toEqual(['category', 'stage', 'rating', 'state']);

    const member = suite.account('orgadmin');
    const page = await newPage(suite.browser);
    const tokens = await signIn(page, suite.portal.baseUrl, member.email, member.password);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await tiles(page).first().waitFor();
    expect(await sections(page)).toEqual(['category', 'stage', 'rating', 'state', 'subscription']);
    await sidebar(page).getByRole('radio', { name: 'Subscribed', exact: true }).check();
    await poll(() => location(page)).toBe('/browseProducts?subscribed=true');
    const subscribed = await apiIds('subscriptions.exist=true', tokens.accessToken);
    expect(subscribed.length).toBeGreaterThan(0);
    await poll(() => tileIds(page)).toEqual(subscribed);
    await sidebar(page).getByRole('radio', { name: 'Not subscribed' }).check();
    await poll(() => tileIds(page)).toEqual((await apiIds('subscriptions.exist=false', tokens.accessToken)).slice(0, 10));
  });

  it('categories and ratings off: no category and no rating filter, and URL values for them are ignored', async () => {
    const off = await startPortal({ settings: { categories: { enabled: false }, reviews: { enabled: false } } });
    try {
      const page = await newPage(suite.browser);
      await page.goto(`${off.baseUrl}/browseProducts?category=cat-finance&rating=5`);
      await page.locator('agora-portal [data-results] [data-product-id]').first().waitFor();
      const found = await sidebar(page).locator('[data-filter-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-filter-section')));
      expect(found).toEqual(['stage', 'state']);
      await poll(() => page.locator('agora-portal [data-total]').innerText()).toBe('32 products');
      // Tiles leave out the ratings as well.
      expect(await page.locator('agora-portal [data-product-id] [role="img"]').count()).toBe(0);
      await page.context().close();
    } finally {
      await off.close();
    }
  });
});
