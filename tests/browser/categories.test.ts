// Categories (spec 1 §2 "Categories", §7, §8, §9) against the seeded server: the list 20 per page
// with paging in the URL, the search text in the URL (kept through reload, back and forward),
// tile images with their object-fit / object-position hints, drill-down into nested categories with
// the breadcrumb of ancestors, a category's products and their search in the URL, the not-found and
// fetch-error placeholders, and the element alone on a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inArray } from 'drizzle-orm';
import { newPage, pageErrors, poll, useSuite } from './harness.ts';
import { categories } from '../../server/src/db/schema.ts';

const suite = useSuite();

/** Extra top-level categories, so the list has more than one page of 20. */
const EXTRA = Array.from({ length: 15 }, (_, i) => ({ id: `cat-extra-${String(i + 1).padStart(2, '0')}`, title: `Zz Extra ${String(i + 1).padStart(2, '0')}`, description: 'Added by the test.' }));

beforeAll(async () => {
  await suite.portal.db.insert(categories).values(EXTRA);
});

afterAll(async () => {
  if (suite.started) await suite.portal.db.delete(categories).where(inArray(categories.id, EXTRA.map((c) => c.id)));
});

const tileIds = (page: Page, scope = '[data-category-list]') =>
  page.locator(`agora-portal ${scope} [data-category-id]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-category-id')));
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + (url.search ? `?${new URLSearchParams(url.search).toString()}` : '');
};

async function apiIds(query: string): Promise<{ ids: string[]; total: number }> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1/categories?sort=%2Bname&${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: Array<{ id: string }>; totalCount: number };
  return { ids: body.items.map((c) => c.id), total: body.totalCount };
}

async function open(path: string, width = 1280): Promise<Page> {
  const page = await newPage(suite.browser, { viewport: { width, height: 900 } });
  await page.goto(`${suite.portal.baseUrl}${path}`);
  return page;
}

describe('categories list', () => {
  it('lists the top-level categories 20 per page, the page kept in the URL', async () => {
    const page = await open('/categories');
    const first = await apiIds('parentId=root&size=20&page=1');
    const second = await apiIds('parentId=root&size=20&page=2');
    expect(first.total).toBe(25);
    await poll(() => tileIds(page)).toEqual(first.ids);
    expect(first.ids).toHaveLength(20);
    expect(await page.locator('agora-portal [data-screen="categories"] [data-total]').innerText()).toBe('25 categories');

    await page.locator('agora-portal nav[aria-label="Pagination"] button[aria-label="Next page"]').click();
    await poll(() => pathOf(page)).toBe('/categories?page=2');
    await poll(() => tileIds(page)).toEqual(second.ids);
    expect(second.ids).toHaveLength(5);

    await page.reload();
    await poll(() => tileIds(page)).toEqual(second.ids);
    await page.goBack();
    await poll(() => pathOf(page)).toBe('/categories');
    await poll(() => tileIds(page)).toEqual(first.ids);
    expect(pageErrors(page)).toEqual([]);
  });

  it('searches every level, with the text in the URL and each match showing its ancestors', async () => {
    const page = await open('/categories?page=2');
    const box = page.locator('agora-portal [data-screen="categories"] input[type="search"]');
    await box.fill('distance');
    await box.press('Enter');
    // A new search starts at page 1.
    await poll(() => pathOf(page)).toBe('/categories?search=distance');
    await poll(() => tileIds(page)).toEqual(['cat-routing']);
    expect(await page.locator('agora-portal [data-category-id="cat-routing"] [data-category-path]').innerText()).toBe('Data & Analytics › Maps & Location');
    expect(await page.locator('agora-portal [data-total]').innerText()).toBe('1 category matching “distance”');

    await page.reload();
    await poll(() => tileIds(page)).toEqual(['cat-routing']);
    expect(await box.inputValue()).toBe('distance');

    await box.fill('kubernetes');
    await box.press('Enter');
    await poll(() => page.locator('agora-portal [data-screen="categories"]').innerText()).toContain('No categories found');
    await page.goBack();
    await poll(() => tileIds(page)).toEqual(['cat-routing']);
  });

  it('draws tile images with the provider\'s object-fit and object-position hints', async () => {
    const page = await open('/categories');
    const style = (id: string) => page.locator(`agora-portal [data-category-id="${id}"] img:not([aria-hidden])`).evaluate((img) => {
      const s = getComputedStyle(img);
      return { fit: s.objectFit, position: s.objectPosition };
    });
    // (a contained image sits over a blurred, aria-hidden copy of itself: no grey bands)
    await page.locator('agora-portal [data-category-id="cat-communication"] img:not([aria-hidden])').waitFor();
    expect(await style('cat-communication')).toEqual({ fit: 'contain', position: '50% 50%' });
    expect(await style('cat-data')).toEqual({ fit: 'cover', position: '50% 100%' });
    expect(await style('cat-developer')).toEqual({ fit: 'scale-down', position: '50% 50%' });
    expect(await style('cat-iot')).toEqual({ fit: 'cover', position: '0% 50%' });
    // Without an image: a monogram instead.
    expect(await page.locator('agora-portal [data-category-id="cat-health"] img').count()).toBe(0);
  });
});

describe('category details', () => {
  it('drills down into sub-categories with the breadcrumb of ancestors', async () => {
    const page = await open('/categories');
    await page.locator('agora-portal [data-category-id="cat-finance"] h3 a').click();
    await poll(() => pathOf(page)).toBe('/categories/cat-finance');
    expect(await page.locator('agora-portal [data-screen="category"] h1').innerText()).toBe('Finance');
    await poll(() => tileIds(page, '[data-subcategories]')).toEqual(['cat-banking', 'cat-payments']);
    expect(await page.locator('agora-portal [data-subcategories] [data-category-id="cat-payments"] [data-children-count]').innerText()).toBe('1 subcategory');

    await page.locator('agora-portal [data-subcategories] [data-category-id="cat-payments"] h3 a').click();
    await poll(() => pathOf(page)).toBe('/categories/cat-payments');
    await page.locator('agora-portal [data-subcategories] [data-category-id="cat-cards"] h3 a').click();
    await poll(() => pathOf(page)).toBe('/categories/cat-cards');
    const crumbs = page.locator('agora-portal [data-screen="category"] nav[aria-label="Breadcrumb"] li');
    await poll(() => crumbs.allInnerTexts()).toEqual(['Categories', 'Finance', 'Payments', 'Cards']);
    expect(await page.locator('agora-portal [data-subcategories]').count()).toBe(0);

    await crumbs.nth(1).locator('a').click();
    await poll(() => pathOf(page)).toBe('/categories/cat-finance');
  });

  it('lists the products of the category and its sub-categories, searched with the text in the URL', async () => {
    const page = await open('/categories/cat-finance');
    const products = () => page.locator('agora-portal [data-category-products] [data-product-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
    const api = async (query: string) => ((await (await fetch(`${suite.portal.baseUrl}/api/v1/products?fields=id&limit=10&category.id=cat-finance&include.child.categories=true&${query}`)).json()) as { items: Array<{ id: string }> }).items.map((p) => p.id);
    const all = await api('');
    expect(all.length).toBeGreaterThan(2);
    await poll(products).toEqual(all);

    const box = page.locator('agora-portal [data-screen="category"] input[type="search"]');
    await box.fill('cards');
    await box.press('Enter');
    await poll(() => pathOf(page)).toBe('/categories/cat-finance?search=cards');
    const matching = await api('search=cards');
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(all.length);
    await poll(products).toEqual(matching);
    await page.reload();
    await poll(products).toEqual(matching);
    expect(await box.inputValue()).toBe('cards');

    await box.fill('zzzz');
    await box.press('Enter');
    await poll(() => page.locator('agora-portal [data-screen="category"]').innerText()).toContain('No products found');
  });

  it('shows category not found, and the category fetch error', async () => {
    let page = await open('/categories/cat-nope');
    await poll(() => page.locator('agora-portal [data-screen="category"]').innerText()).toContain('Category not found');

    page = await newPage(suite.browser);
    await page.route('**/api/v1/categories/cat-finance?*', (route) => route.fulfill({
      status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 500, title: 'Internal Server Error', detail: 'database down' }] }),
    }));
    await page.goto(`${suite.portal.baseUrl}/categories/cat-finance`);
    const screen = page.locator('agora-portal [data-screen="category"]');
    await poll(() => screen.innerText()).toContain('There was an error while retrieving the category');
    expect(await screen.innerText()).toContain('database down');
  });
});

describe('<agora-categories> alone on a page', () => {
  it('moves between the list and categories inside the element, leaving the page address alone', async () => {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/topics.html`, (route) => route.fulfill({
      status: 200, contentType: 'text/html',
      body: '<!doctype html><html><head><script type="module" src="/dist/elements/agora-categories.js"></script></head><body><agora-categories search="pay"></agora-categories></body></html>',
    }));
    await page.goto(`${suite.portal.baseUrl}/topics.html`);
    const ids = () => page.locator('agora-categories [data-category-list] [data-category-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-category-id')));
    await poll(ids).toEqual((await apiIds('searchText=pay')).ids);
    await page.locator('agora-categories [data-category-id="cat-payments"] h3 a').click();
    await poll(() => page.locator('agora-categories [data-screen="category"] h1').innerText().catch(() => '')).toBe('Payments');
    await page.locator('agora-categories nav[aria-label="Breadcrumb"] a', { hasText: 'Categories' }).click();
    await poll(() => page.locator('agora-categories [data-screen="categories"] h1').innerText().catch(() => '')).toBe('Categories');
    expect(new URL(page.url()).pathname).toBe('/topics.html');
    expect(pageErrors(page)).toEqual([]);
  });
});
