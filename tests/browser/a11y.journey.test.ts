// Accessibility of the consumer's and provider's journey (issue 28), in en and in de, at 1280
// and 375 px (tests/browser/a11y.ts): the subscribe panel, the access wizard's first two steps,
// the resource header, the credential form, the provider's list and request panel; in de also
// the walk's other screens, which a11y.visitor and a11y.member check in en.
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { useSuite } from './harness.ts';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { WIDTHS, check, open, pageAt, resource, settle } from './a11y.ts';

const suite = useSuite();

/** A journey screen: a route, and what to do there before checking (open a panel, take a step). */
interface JourneyScreen { name: string; who: string | null; path: string; then?: (page: Page) => Promise<void> }
const WIZARD = 'agora-portal [data-screen="access-wizard"]';
const WIZARD_PATH = '/registrations/create/prod-payments?applicationId=app-acme-mobile&subscriptionId=sub-acme-payments-growth&resourceId=res-payments-sandbox';
const JOURNEY: JourneyScreen[] = [
  { name: 'resource header', who: 'orgadmin', path: resource('prod-payments', 'res-payments') },
  { name: 'subscribe panel', who: 'orgadmin', path: '/productDetails/prod-payments/plans/plan-payments-starter', then: async (page) => {
    await page.locator('agora-portal [data-plan-page] [data-subscribe-plan="plan-payments-starter"]').click({ timeout: 30_000 });
    await page.locator('agora-portal dialog[open] [data-part="plan-summary"]').waitFor({ timeout: 30_000 });
  } },
  { name: 'wizard profile', who: 'orgadmin', path: WIZARD_PATH, then: async (page) => {
    await page.locator(`${WIZARD} [data-part="profile-step"] button[aria-haspopup="listbox"]`).nth(1).filter({ hasText: /\w/ }).waitFor({ timeout: 30_000 });
  } },
  { name: 'wizard resources', who: 'orgadmin', path: WIZARD_PATH, then: async (page) => {
    const next = page.locator(`${WIZARD} [data-action="next"]`);
    await next.waitFor({ timeout: 30_000 });
    await next.click();
    await page.locator(`${WIZARD} [data-part="resources-step"] tbody tr`).first().waitFor({ timeout: 30_000 });
  } },
  { name: 'credential form', who: 'orgadmin', path: '/applications/app-acme-checkout/credentials/create', then: async (page) => {
    await page.locator('agora-portal [data-part="credential-create"]').waitFor({ timeout: 30_000 });
  } },
  { name: 'provider list', who: 'admin', path: '/registrations' },
  { name: 'provider request panel', who: 'admin', path: '/registrations/acc-mobile-payments', then: async (page) => {
    await page.locator('agora-portal [data-part="application-attributes"]').waitFor({ timeout: 30_000 });
  } },
];
/** The walk's other screens: in en the other a11y files check them at both widths already. */
const JOURNEY_DE: JourneyScreen[] = [
  { name: 'register', who: null, path: '/register' },
  { name: 'subscription and invoices', who: 'orgadmin', path: '/subscriptions/sub-acme-payments-starter' },
  { name: 'credential detail', who: 'orgadmin', path: '/applications/app-acme-checkout/credentials/cred-checkout-apikey' },
  { name: 'traffic list', who: 'orgadmin', path: '/consumer-insights/traffic' },
];

for (const locale of ['en-US', 'de-DE']) {
  for (const width of WIDTHS) {
    describe(`journey screens in ${locale} at ${width} px`, () => {
      const pages = new Map<string | null, Page>();
      const pageOf = async (who: string | null): Promise<Page> => {
        let page = pages.get(who);
        if (!page) {
          page = await pageAt(suite, who, width);
          await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: new URL(suite.portal.baseUrl).hostname, path: '/' }]);
          pages.set(who, page);
        }
        return page;
      };
      afterAll(async () => { for (const page of pages.values()) await page.context().close(); });

      it.each([...JOURNEY, ...(locale === 'de-DE' ? JOURNEY_DE : [])].map((j) => [j.name, j] as const))('%s', { timeout: 120_000 }, async (_name, screen) => {
        const page = await pageOf(screen.who);
        await open(page, screen.path);
        if (screen.then) {
          await screen.then(page);
          await settle(page);
        }
        await check(page, `journey ${locale} ${screen.name}`, width);
      });
    });
  }
}
