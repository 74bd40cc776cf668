// Screenshots of the product area at 1280 and 375 px, for review:
// test-results/screenshots/product-<screen>-<width>.png. Each shot waits for the screen's real
// content, so a blank or broken page fails here instead of producing a useless picture.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS_DIR, useSuite } from './harness.ts';

const DIR = join(RESULTS_DIR, 'screenshots');
const V3 = '/productDetails/prod-payments/version/ver-payments-3';

const SCREENS: Array<{ name: string; path: string; ready: string }> = [
  { name: 'overview', path: `${V3}/overview`, ready: '[data-part="overview"] .agora-md' },
  { name: 'resources', path: `${V3}/resources`, ready: '[data-part="resource-list"] [data-resource]' },
  { name: 'documents', path: `${V3}/docs`, ready: '[data-part="documents"] [data-document]' },
  { name: 'plans', path: `${V3}/plans`, ready: '[data-part="plans"] [data-plan]' },
  { name: 'plan-growth', path: `${V3}/plans/plan-payments-growth`, ready: '[data-part="quotas"] [data-quota]' },
  { name: 'plan-enterprise', path: `${V3}/plans/plan-payments-enterprise`, ready: '[data-part="quotas"] [data-quota]' },
  { name: 'ratings', path: `${V3}/ratings`, ready: '[data-part="reviews"] [data-part="reviews-list"]' },
  { name: 'warnings', path: '/productDetails/prod-payments/version/ver-payments-1/overview', ready: '[data-part="warnings"]' },
];

const suite = useSuite();

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
});

describe.each([1280, 375])('product screens at %i px', (width) => {
  let page: Page;
  beforeAll(async () => { page = await suite.pageAs('orgadmin', { viewport: { width, height: 900 } }); });
  afterAll(async () => { await page?.context().close(); });

  it.each(SCREENS)('$name', async ({ name, path, ready }) => {
    await page.goto(suite.portal.baseUrl + path);
    await page.locator(`agora-portal ${ready}`).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(DIR, `product-${name}-${width}.png`), fullPage: true });
  });

  it('the element alone on a CMS page', async () => {
    await page.route(`${suite.portal.baseUrl}/__cms-shot`, (route) => route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<style>body{margin:0;font:18px/1.7 Georgia,serif;background:#fbf7ef;color:#3a2a1a}header{background:#3a2a1a;color:#fff;padding:14px 24px}
article{max-width:1180px;margin:0 auto;padding:16px}</style>
<script type="module" src="/dist/elements/agora-product.js"></script></head>
<body><header>Acme partner blog</header><article><h1>Take payments with our partner</h1>
<agora-product product-id="prod-payments" tab="plans"></agora-product></article></body></html>`,
    }));
    await page.goto(`${suite.portal.baseUrl}/__cms-shot`);
    await page.locator('agora-product [data-part="plans"] [data-plan]').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(DIR, `product-embed-${width}.png`), fullPage: true });
  });
});
