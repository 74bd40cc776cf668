// Accessibility and narrow screens for a consumer of Acme's and a provider Administrator
// (tests/browser/a11y.ts). The member areas at 1280 and 375 px; the public screens signed in at
// 1280 px (a visitor's narrow layout of them is checked by a11y.visitor; signed in, the narrow
// shell and the screens whose controls change with an account are checked here at 375 px too).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { useSuite } from './harness.ts';
import { PUBLIC, WIDTHS, check, moderateFindings, open, pageAt, resource } from './a11y.ts';

const suite = useSuite();
const moderate = moderateFindings();

/** The consumer's own areas. */
const MEMBER = [
  '/productDetails/prod-payments/ratings/review',
  '/applications',
  '/applications/app-acme-checkout/credentials',
  '/applications/app-acme-checkout/credentials/cred-checkout-apikey',
  '/applications/app-acme-checkout/profiles',
  '/applications/app-acme-checkout/resources',
  '/credentials',
  '/registrations',
  '/subscriptions',
  '/subscriptions/sub-acme-payments-starter',
  '/consumer-insights/health',
  '/consumer-insights/app-usage',
  '/consumer-insights/app-usage?by=subscription',
  '/consumer-insights/traffic',
  '/consumer-insights/subscription-compliance',
];
/** Public screens whose controls differ for a signed-in user (subscribe, review, try-it). */
const SIGNED_IN_CONTROLS = [
  '/',
  '/productDetails/prod-payments/overview',
  '/productDetails/prod-payments/plans/plan-payments-starter',
  '/productDetails/prod-payments/ratings',
  resource('prod-payments', 'res-payments'),
];
const CONSUMER = { 1280: [...PUBLIC, ...MEMBER], 375: [...SIGNED_IN_CONTROLS, ...MEMBER] } as const;
/** The provider Administrator's queue. */
const ADMIN = ['/approvals'];

for (const width of WIDTHS) {
  for (const [who, paths] of [['consumer', CONSUMER[width]], ['admin', ADMIN]] as const) {
    describe(`${who} at ${width} px`, () => {
      let page: Page;
      beforeAll(async () => { page = await pageAt(suite, who, width); });
      afterAll(async () => { await page.context().close(); });

      it.each(paths)('%s', { timeout: 120_000 }, async (path) => {
        await open(page, path);
        await check(page, `${who} ${path}`, width, moderate);
      });
    });
  }
}
