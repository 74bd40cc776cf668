// <agora-carousel> on a marketing page (spec 1 §9) against the seeded server: items in view by
// window width, the previous/next buttons, the keyboard (arrows, Home, End) when it has focus,
// swipes with a pointer, the featured source (recent, a category, a tag), and its accessibility
// (carousel role description, slide labels, slides out of view hidden).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageErrors, poll, useSuite } from './harness.ts';

const suite = useSuite();

/** A marketing page of the provider (its own CSS) holding the carousel, on the portal's origin. */
async function marketingPage(attributes: string, width = 1280): Promise<Page> {
  const page = await newPage(suite.browser, { viewport: { width, height: 800 } });
  await page.route(`${suite.portal.baseUrl}/marketing.html`, (route) => route.fulfill({
    status: 200, contentType: 'text/html',
    body: `<!doctype html><html><head><style>body{margin:0;font:18px Georgia,serif;background:#fffbf0}</style>
      <script type="module" src="/dist/elements/agora-carousel.js"></script></head>
      <body><h1>Our partners' APIs</h1><agora-carousel ${attributes}></agora-carousel></body></html>`,
  }));
  await page.goto(`${suite.portal.baseUrl}/marketing.html`);
  // The slides, or the empty placeholder in their place.
  await page.locator('agora-carousel [data-carousel], agora-carousel [role="status"]').first().waitFor();
  return page;
}

const carousel = (page: Page) => page.locator('agora-carousel [data-carousel]');
const start = async (page: Page) => Number(await carousel(page).getAttribute('data-start'));
const visibleIds = (page: Page) =>
  page.locator('agora-carousel [data-slide][data-visible="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-slide')));

async function apiIds(query: string): Promise<string[]> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1/products?fields=id&sort=-lastVersion.metadata.createdAt&${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Array<{ id: string }> }).items.map((p) => p.id);
}

describe('featured product carousel', () => {
  it('shows 1, 2, 3, 4 and 7 products side by side by window width', async () => {
    for (const [width, items] of [[1280, 1], [1700, 2], [2100, 3], [2700, 4], [4000, 7]] as const) {
      const page = await marketingPage('', width);
      await poll(() => carousel(page).getAttribute('data-in-view'), `${width} px`).toBe(String(items));
      expect(await visibleIds(page), `${width} px`).toHaveLength(items);
      // Each visible slide takes its share of the row, side by side.
      const boxes = await page.locator('agora-carousel [data-slide][data-visible="true"]').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
      expect(new Set(boxes.map(Math.round)).size).toBe(1);
      await page.context().close();
    }
  });

  it('follows the window when it is resized', async () => {
    const page = await marketingPage('', 1280);
    expect(await carousel(page).getAttribute('data-in-view')).toBe('1');
    await page.setViewportSize({ width: 2000, height: 800 });
    await poll(() => carousel(page).getAttribute('data-in-view')).toBe('3');
  });

  it('features the 10 most recently published products by default, labelled as slides', async () => {
    const page = await marketingPage('');
    const slides = page.locator('agora-carousel [data-slide]');
    expect(await slides.evaluateAll((els) => els.map((e) => e.getAttribute('data-slide')))).toEqual(await apiIds('limit=10'));
    expect(await carousel(page).getAttribute('aria-roledescription')).toBe('carousel');
    expect(await carousel(page).getAttribute('aria-label')).toBe('Featured APIs');
    expect(await slides.first().getAttribute('aria-roledescription')).toBe('slide');
    expect(await slides.first().getAttribute('aria-label')).toBe('1 of 10');
    expect(await slides.nth(1).getAttribute('aria-hidden')).toBe('true');
    expect(await slides.nth(1).evaluate((e) => (e as HTMLElement).inert)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('moves with the previous and next buttons, which stop at the ends', async () => {
    const page = await marketingPage('limit="3"');
    const prev = page.locator('agora-carousel [data-carousel-prev]');
    const next = page.locator('agora-carousel [data-carousel-next]');
    expect(await prev.isDisabled()).toBe(true);
    const ids = await apiIds('limit=3');
    await next.click();
    await poll(() => visibleIds(page)).toEqual([ids[1]]);
    await next.click();
    await poll(() => visibleIds(page)).toEqual([ids[2]]);
    expect(await next.isDisabled()).toBe(true);
    await prev.click();
    await poll(() => visibleIds(page)).toEqual([ids[1]]);
    expect(await page.locator('agora-carousel [data-carousel-position]').innerText()).toBe('2 of 3');
  });

  it('moves with the arrow keys, Home and End when focused', async () => {
    const page = await marketingPage('', 1700);
    const viewport = page.locator('agora-carousel [data-carousel-viewport]');
    await viewport.focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => start(page)).toBe(1);
    await page.keyboard.press('ArrowRight');
    await poll(() => start(page)).toBe(2);
    await page.keyboard.press('ArrowLeft');
    await poll(() => start(page)).toBe(1);
    await page.keyboard.press('End');
    // 10 products, 2 in view: the last view starts at the 9th
    await poll(() => start(page)).toBe(8);
    await page.keyboard.press('ArrowRight');
    expect(await start(page)).toBe(8);
    await page.keyboard.press('Home');
    await poll(() => start(page)).toBe(0);
    // Keys do nothing while the focus is elsewhere on the page.
    await page.locator('h1').click();
    await page.keyboard.press('ArrowRight');
    expect(await start(page)).toBe(0);
  });

  it('moves by a swipe, and a short drag neither moves it nor follows a link', async () => {
    const page = await marketingPage('');
    // Measure once the slides and their images have arrived: on a busy machine the layout may
    // still be settling when the carousel first shows, and a swipe aimed at stale bounds misses.
    await page.locator('agora-carousel [data-slide]').first().waitFor();
    await page.waitForLoadState('networkidle');
    const box = (await page.locator('agora-carousel [data-carousel-viewport]').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await page.mouse.up();
    await poll(() => start(page)).toBe(1);
    // Swipe right: back to the first.
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, y, { steps: 5 });
    await page.mouse.up();
    await poll(() => start(page)).toBe(0);
    // A 20 px drag is not a swipe.
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5 - 20, y, { steps: 3 });
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await start(page)).toBe(0);
    // Every swipe ended over a product link; none of them was followed.
    expect(new URL(page.url()).pathname).toBe('/marketing.html');
  });

  it('features a category (with its sub-categories) or a tag', async () => {
    let page = await marketingPage('category="cat-finance" heading="Finance APIs"');
    const ids = () => page.locator('agora-carousel [data-slide]').evaluateAll((els) => els.map((e) => e.getAttribute('data-slide')));
    const finance = await apiIds('category.id=cat-finance&include.child.categories=true&limit=10');
    expect(finance.length).toBeGreaterThan(1);
    expect(await ids()).toEqual(finance);
    expect(await page.locator('agora-carousel h2').innerText()).toBe('Finance APIs');

    page = await marketingPage('tag="featured"');
    const featured = await apiIds('tag=featured&limit=10');
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThan(10);
    expect(await ids()).toEqual(featured);

    page = await marketingPage('tag="no-such-tag"');
    await poll(() => page.locator('agora-carousel [data-screen="carousel"]').innerText()).toContain('No featured products');
  });

  it('opens the product in the portal from a slide', async () => {
    const page = await marketingPage('limit="2"');
    const first = (await apiIds('limit=1'))[0]!;
    const link = page.locator(`agora-carousel [data-slide="${first}"] h3 a`);
    expect(await link.getAttribute('href')).toBe(`/productDetails/${first}/overview`);
  });
});
