// Screenshots of browse and search (test-results/screenshots/<screen>-<width>.png) and a layout
// check at 375, 768, 1280 and 1920 px: nothing wider than the window, no page errors. Each screen
// is loaded afresh at 375 and 1280 px (the screenshots); 768 and 1920 px are the same pages
// widened, as a tablet turned or a window enlarged (a load per width doubled the step's time).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageAs, pageErrors, RESULTS_DIR, startPortal, useSuite, type Portal } from './harness.ts';
import { settle } from './fixtures/hostPages.ts';

const DIR = join(RESULTS_DIR, 'screenshots');
/** Each width loaded afresh (and saved), and the width its page is then widened to. */
const WIDER = new Map([[375, 768], [1280, 1920]]);
const WIDTHS = [375, 768, 1280, 1920];
const ADVANCED = encodeURIComponent(JSON.stringify([
  { value: 'payment', comparison: 'equals', operator: 'and' },
  { value: 'card', comparison: 'notEquals', operator: 'and' },
  { value: 'refund', comparison: 'equals', operator: 'or' },
]));

let off: Portal;

// Registered before useSuite, so that `off` closes after the browser (afterAll hooks run in reverse).
beforeAll(async () => {
  off = await startPortal({ features: ['-fullTextSearch'] });
  mkdirSync(DIR, { recursive: true });
});

afterAll(async () => {
  await off?.close();
});

const suite = useSuite();

async function shoot(page: Page, name: string, width: number, root = 'agora-portal'): Promise<void> {
  // Let the fonts, images and the delayed placeholders settle: no request in flight, nothing
  // drawn or removed for 300 ms.
  await settle(page, root, 300);
  await page.screenshot({ path: join(DIR, `${name}-${width}.png`), fullPage: true });
}

/** The page is no wider than the window (no sideways scrolling on a phone). */
async function fits(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

interface Shot { name: string; path: string; ready: string; base?: () => Portal; signedIn?: boolean; click?: string }

const SHOTS: Shot[] = [
  { name: 'browse-products', path: '/browseProducts', ready: '[data-results] [data-product-id]' },
  { name: 'browse-filtered', path: '/browseProducts?stage=stage-sandbox&rating=4&sort=modified', ready: '[data-results] [data-product-id]', signedIn: true },
  { name: 'search-all', path: '/advancedSearchResults/all?search=payment', ready: '[data-group="documents"] [data-result-id]' },
  { name: 'search-advanced', path: `/advancedSearchResults/documents?query=${ADVANCED}`, ready: '[data-tab-results] [data-result-id]' },
  { name: 'search-not-found', path: '/advancedSearchResults/all?search=zzqxyvw', ready: '[data-not-found]' },
  { name: 'search-disabled', path: '/advancedSearchResults/all?search=payment', ready: '[data-search-disabled]', base: () => off },
];

describe('browse and search screenshots and layout', () => {
  for (const shot of SHOTS) {
    it(`${shot.name} at ${WIDTHS.join(', ')} px`, async () => {
      for (const [width, wider] of WIDER) {
        const portal = shot.base?.() ?? suite.portal;
        const page = await pageAs(suite.browser, portal, shot.signedIn ? 'orgadmin' : null, { viewport: { width, height: 900 } });
        await page.goto(`${portal.baseUrl}${shot.path}`);
        await page.locator(`agora-portal ${shot.ready}`).first().waitFor();
        await fits(page, width);
        await shoot(page, shot.name, width);
        await page.setViewportSize({ width: wider, height: 900 });
        await settle(page, 'agora-portal', 300);
        await fits(page, wider);
        expect(pageErrors(page)).toEqual([]);
        await page.context().close();
      }
    });
  }

  it('the filters drawer at 375 px', async () => {
    const page = await newPage(suite.browser, { viewport: { width: 375, height: 812 } });
    await page.goto(`${suite.portal.baseUrl}/browseProducts?category=cat-payments&stage=stage-production`);
    await page.locator('agora-portal [data-results] [data-product-id]').first().waitFor();
    await page.locator('agora-portal [data-open-filters]').click();
    await page.locator('agora-portal').getByRole('dialog', { name: 'Filters' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DIR, 'browse-filters-375.png') });
    expect(pageErrors(page)).toEqual([]);
  });

  it('<agora-catalogue> on a CMS page', async () => {
    for (const width of [1280, 375]) {
      const page = await newPage(suite.browser, { viewport: { width, height: 900 } });
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner APIs</title><style>body{margin:0;font:16px Georgia,serif;background:#f6f3ee;color:#333} header{padding:20px 32px;background:#1e293b;color:#fff;font-size:22px}
main{max-width:1180px;margin:0 auto;padding:32px 16px} h2{font-weight:normal}</style>
<script type="module" src="/dist/elements/agora-catalogue.js"></script></head>
<body><header>Acme partner site</header><main><h2>Our APIs for finance teams</h2>
<agora-catalogue category-id="cat-finance" paging="load-more" page-size="4"></agora-catalogue></main></body></html>`;
      await page.route(`${suite.portal.baseUrl}/__cms/catalogue`, (route) => route.fulfill({ contentType: 'text/html', body }));
      await page.goto(`${suite.portal.baseUrl}/__cms/catalogue`);
      await page.locator('agora-catalogue [data-results] [data-product-id]').first().waitFor();
      await fits(page, width);
      await shoot(page, 'catalogue-element', width, 'agora-catalogue');
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });
});
