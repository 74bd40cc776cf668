// Screenshots of the home, carousel, categories, documentation viewer and document screens
// (test-results/screenshots/<area>-<screen>-<width>.png at 1280 and 375 px) and a layout check at
// 375, 768, 1280 and 1920 px: nothing wider than the window, no page errors. Each screen is loaded
// afresh at 375 and 1280 px (the screenshots); 768 and 1920 px are the same pages widened, as a
// tablet turned or a window enlarged (a load per width doubled the file's time).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { newPage, pageErrors, RESULTS_DIR, useSuite } from './harness.ts';
import { settle } from './fixtures/hostPages.ts';

const DIR = join(RESULTS_DIR, 'screenshots');
/** Each width loaded afresh (and saved), and the width its page is then widened to. */
const WIDER = new Map([[375, 768], [1280, 1920]]);
const WIDTHS = [375, 768, 1280, 1920];
const DOCS = '/productDetails/prod-payments/version/ver-payments-3/docs';

const suite = useSuite();
/** One page per loaded width, each screen loaded afresh in it (a new context per screen cost a
 * quarter of the file's time). */
const pages = new Map<number, Page>();

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  for (const width of WIDER.keys()) {
    const page = await newPage(suite.browser, { viewport: { width, height: 900 } });
    for (const shot of SHOTS.filter((x) => x.host)) {
      const body = shot.host!;
      await page.route(`${suite.portal.baseUrl}${shot.path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
    }
    pages.set(width, page);
  }
  // An article with headings, so the contents panel has something to show.
  await suite.portal.db.execute(sql`update articles set content = ${'## Computing the signature\n\nCompute an HMAC-SHA256 of `timestamp.body` with your secret.\n\n### Comparing in constant time\n\nUse a constant-time comparison.\n\n## Rejecting old events\n\nReject events older than 5 minutes.\n\n```js\nconst ok = crypto.timingSafeEqual(expected, received);\n```'} where id = 'doc-payments-integration-s1-a1'`);
});

interface Shot { name: string; path: string; ready: string; host?: string; element?: string }

/** Elements alone on a plain page, for the stand-alone screens. */
const HOST = (markup: string, script: string) => `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
  <script type="module" src="/dist/elements/${script}.js"></script><style>body{margin:0;padding:24px 0;background:#fff}</style></head><body>${markup}</body></html>`;

const SHOTS: Shot[] = [
  { name: 'home-home', path: '/', ready: '[data-recent-grid] [data-product-id]' },
  { name: 'home-carousel', path: '/carousel.html', ready: '[data-carousel] [data-slide]', host: HOST('<agora-carousel heading="Featured APIs"></agora-carousel>', 'agora-carousel'), element: 'agora-carousel' },
  { name: 'categories-list', path: '/categories', ready: '[data-category-list] [data-category-id]' },
  { name: 'categories-category', path: '/categories/cat-finance', ready: '[data-category-products] [data-product-id]' },
  { name: 'docs-sections', path: `${DOCS}/viewer/doc-payments-integration`, ready: '[data-section-card]' },
  { name: 'docs-article', path: `${DOCS}/viewer/doc-payments-integration/1/doc-payments-integration-s1-a1`, ready: '[data-article] .agora-md' },
  { name: 'docs-contents-tab', path: `${DOCS}/viewer/doc-payments-integration/1/doc-payments-integration-s1-a1?view=toc`, ready: '[data-article] .agora-md' },
  { name: 'docs-not-found', path: `${DOCS}/viewer/doc-payments-integration/refunds`, ready: '[data-docs-state="sectionNotFound"]' },
  { name: 'docs-alone', path: '/help.html', ready: '[data-article] .agora-md', host: HOST('<agora-docs product-id="prod-payments" document-id="doc-payments-integration" section-idx="webhooks"></agora-docs>', 'agora-docs'), element: 'agora-docs' },
  { name: 'document-pdf', path: '/documents/doc-payments-pdf', ready: '[data-pdf] iframe' },
  { name: 'document-markdown', path: '/documents/doc-terms', ready: '[data-markdown] .agora-md' },
  { name: 'document-url', path: '/documents/doc-payments-status', ready: '[data-url]' },
  { name: 'document-download', path: '/documents/doc-payments-postman', ready: '[data-download]' },
];

async function fits(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${width} px`).toBeLessThanOrEqual(width);
}

afterAll(async () => {
  for (const page of pages.values()) await page.context().close();
});

describe('home, carousel, categories, docs and document screenshots and layout', () => {
  for (const shot of SHOTS) {
    it(`${shot.name} at ${WIDTHS.join(', ')} px`, async () => {
      for (const [width, wider] of WIDER) {
        const page = pages.get(width)!;
        const errorsBefore = pageErrors(page).length;
        await page.goto(`${suite.portal.baseUrl}${shot.path}`);
        const root = shot.element ?? 'agora-portal';
        await page.locator(shot.host ? `${shot.ready}` : `agora-portal ${shot.ready}`).first().waitFor({ timeout: 30_000 });
        // Images, fonts and the delayed placeholders settle: no request in flight, nothing drawn
        // or removed for 300 ms.
        await settle(page, root, 300);
        await fits(page, width);
        await page.screenshot({ path: join(DIR, `${shot.name}-${width}.png`), fullPage: true });
        await page.setViewportSize({ width: wider, height: 900 });
        await settle(page, root, 300);
        await fits(page, wider);
        await page.setViewportSize({ width, height: 900 });
        expect(pageErrors(page).slice(errorsBefore), `${shot.name} at ${width} and ${wider} px`).toEqual([]);
      }
    });
  }
});
