// Accessibility and narrow screens, screen by screen: axe-core (the npm package, injected into
// the page; it reaches into open shadow roots, so the viewers inside nested roots are checked
// too) on every route of the portal (src/rules/routes.ts) and every explorer type of the demo
// catalogue, signed out and signed in, at 1280 and 375 px: no serious or critical violation.
// At 375 px the page must not scroll sideways either (scroll width = viewport width).
// Moderate findings (region, heading-order…) are printed, not failed.
// The screens of the consumer's and provider's journey (issue 28: the subscribe panel, the access
// wizard's first two steps, the resource header, the credential form, the provider's list and
// request panel) are checked the same way in en and in de.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_DIR, useSuite } from './harness.ts';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';

const suite = useSuite();
const SHOTS = join(RESULTS_DIR, 'screenshots');
const AXE = createRequire(import.meta.url).resolve('axe-core');

const resource = (productId: string, resourceId: string) => `/productDetails/${productId}/resources/${resourceId}/methods`;

/** Screens a visitor reaches on the public demo marketplace. */
const PUBLIC: string[] = [
  '/',
  '/browseProducts',
  '/advancedSearchResults/all?query=payments',
  '/advancedSearchResults/documents?query=payments',
  '/categories',
  '/categories/cat-payments',
  '/documents/doc-terms',
  '/productDetails/prod-payments/overview',
  '/productDetails/prod-payments/docs',
  '/productDetails/prod-payments/docs/viewer/doc-payments-integration',
  '/productDetails/prod-payments/plans',
  '/productDetails/prod-payments/plans/plan-payments-starter',
  '/productDetails/prod-payments/ratings',
  '/productDetails/prod-payments/resources',
  // One of each explorer type: OpenAPI 2, 3, 3.1 and a large one, AsyncAPI 2 and 3, GraphQL,
  // WSDL, protobuf, and a description we cannot draw.
  resource('prod-petstore', 'res-petstore'),
  resource('prod-payments', 'res-payments'),
  resource('prod-shipping', 'res-shipping'),
  resource('prod-github-rest', 'res-github-rest'),
  resource('prod-iot-telemetry', 'res-iot-telemetry'),
  resource('prod-order-events', 'res-order-events'),
  resource('prod-storefront', 'res-storefront'),
  resource('prod-fx-rates', 'res-fx-rates'),
  resource('prod-inventory', 'res-inventory'),
  resource('prod-legacy-billing', 'res-legacy-billing'),
];
const SIGNED_OUT = [...PUBLIC, '/signin', '/register'];
/** A consumer of Acme's: the member areas on top of the catalogue. */
const SIGNED_IN = [
  ...PUBLIC,
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
/** The provider Administrator's queue. */
const ADMIN = ['/approvals'];

interface Finding { id: string; impact: string; help: string; nodes: number; targets: string[] }

/** Loads a screen and waits until it has drawn: its route, then the network quiet for a moment. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(suite.portal.baseUrl + path);
  await page.locator('agora-portal main[data-route]').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  if (path.includes('/resources/')) {
    await page.locator('agora-portal [data-page="resource"] [data-part="tab-content"]').waitFor({ timeout: 30_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  }
  await page.waitForTimeout(400);
}

async function axe(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const api = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await api.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
    }));
  });
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));

const moderate: string[] = [];
afterAll(() => {
  if (moderate.length) console.log(`[a11y] moderate or minor findings (not failed):\n${moderate.join('\n')}`);
});

function screens(title: string, who: string | null, paths: string[]) {
  for (const width of [1280, 375]) {
    describe(`${title} at ${width} px`, () => {
      let page: Page;
      beforeAll(async () => {
        // bypassCSP: the page's CSP (rightly) refuses the inline script addScriptTag injects axe with.
        page = await suite.pageAs(who, { viewport: { width, height: width > 400 ? 900 : 760 }, bypassCSP: true });
      });
      afterAll(async () => { await page.context().close(); });

      it.each(paths)('%s', { timeout: 120_000 }, async (path) => {
        await open(page, path);
        const findings = await axe(page);
        const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
        for (const f of findings.filter((x) => !blocking.includes(x))) moderate.push(`${title} ${width} ${path}: ${f.id} (${f.impact}) x${f.nodes}`);
        expect.soft(blocking.map((f) => `${f.id} (${f.impact}) x${f.nodes}: ${f.help} ${f.targets.join(' ')}`)).toEqual([]);
        if (width === 375) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: join(SHOTS, `narrow-${title.replace(/\W+/g, '-')}-${path.replace(/\W+/g, '-')}.png`) });
          const { scrollWidth, viewport } = await horizontalOverflow(page);
          expect.soft(scrollWidth, `${path} scrolls sideways at ${viewport} px`).toBe(viewport);
        }
      });
    });
  }
}

screens('signed out', null, SIGNED_OUT);
screens('consumer', 'consumer', SIGNED_IN);
screens('provider administrator', 'admin', ADMIN);

/** A journey screen: a route, and what to do there before checking (open a panel, take a step). */
interface JourneyScreen { name: string; who: string | null; path: string; then?: (page: Page) => Promise<void> }
const WIZARD = 'agora-portal [data-screen="access-wizard"]';
const JOURNEY: JourneyScreen[] = [
  { name: 'resource header', who: 'orgadmin', path: resource('prod-payments', 'res-payments') },
  { name: 'subscribe panel', who: 'orgadmin', path: '/productDetails/prod-payments/plans/plan-payments-starter', then: async (page) => {
    await page.locator('agora-portal [data-plan-page] [data-subscribe-plan="plan-payments-starter"]').click({ timeout: 30_000 });
    await page.locator('agora-portal dialog[open] [data-part="plan-summary"]').waitFor({ timeout: 30_000 });
  } },
  { name: 'wizard profile', who: 'orgadmin', path: '/registrations/create/prod-payments?applicationId=app-acme-mobile&subscriptionId=sub-acme-payments-growth&resourceId=res-payments-sandbox',
    then: async (page) => {
      await page.locator(`${WIZARD} [data-part="profile-step"] button[aria-haspopup="listbox"]`).nth(1).filter({ hasText: /\w/ }).waitFor({ timeout: 30_000 });
    } },
  { name: 'wizard resources', who: 'orgadmin', path: '/registrations/create/prod-payments?applicationId=app-acme-mobile&subscriptionId=sub-acme-payments-growth&resourceId=res-payments-sandbox',
    then: async (page) => {
      const next = page.locator(`${WIZARD} [data-action="next"]`);
      await next.waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
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
/** The walk's other screens: in en the lists above check them at both widths already; here in de. */
const JOURNEY_DE: JourneyScreen[] = [
  { name: 'register', who: null, path: '/register' },
  { name: 'subscription and invoices', who: 'orgadmin', path: '/subscriptions/sub-acme-payments-starter' },
  { name: 'credential detail', who: 'orgadmin', path: '/applications/app-acme-checkout/credentials/cred-checkout-apikey' },
  { name: 'traffic list', who: 'orgadmin', path: '/consumer-insights/traffic' },
];

for (const locale of ['en-US', 'de-DE']) {
  for (const width of [1280, 375]) {
    describe(`journey screens in ${locale} at ${width} px`, () => {
      const pages = new Map<string | null, Page>();
      const pageOf = async (who: string | null): Promise<Page> => {
        let page = pages.get(who);
        if (!page) {
          page = await suite.pageAs(who, { viewport: { width, height: width > 400 ? 900 : 760 }, bypassCSP: true });
          await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: new URL(suite.portal.baseUrl).hostname, path: '/' }]);
          pages.set(who, page);
        }
        return page;
      };
      afterAll(async () => { for (const page of pages.values()) await page.context().close(); });

      it.each([...JOURNEY, ...(locale === 'de-DE' ? JOURNEY_DE : [])].map((j) => [j.name, j] as const))('%s', { timeout: 120_000 }, async (_name, screen) => {
        const page = await pageOf(screen.who);
        await open(page, screen.path);
        await screen.then?.(page);
        await page.waitForTimeout(300);
        const findings = await axe(page);
        const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
        expect.soft(blocking.map((f) => `${f.id} (${f.impact}) x${f.nodes}: ${f.help} ${f.targets.join(' ')}`)).toEqual([]);
        if (width === 375) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: join(SHOTS, `journey-${locale}-${screen.name.replace(/\W+/g, '-')}-375.png`) });
        }
      });
    });
  }
}
