// The accessibility checks' shared part (a11y.visitor, a11y.member and a11y.journey test files:
// three files so that the browser suite's two workers share the work instead of one file being
// the suite's tail). axe-core (the npm package, injected into the page; it reaches into open
// shadow roots, so the viewers inside nested roots are checked too): no serious or critical
// violation. At 375 px the page must not scroll sideways either (scroll width = viewport width).
// Moderate findings (region, heading-order…) are printed, not failed.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { RESULTS_DIR, type Suite } from './harness.ts';
import { settle as drawn } from './fixtures/hostPages.ts';

const SHOTS = join(RESULTS_DIR, 'screenshots');
const AXE = createRequire(import.meta.url).resolve('axe-core');

export const WIDTHS = [1280, 375] as const;
/** How long a screen must stay unchanged, with no request in flight, to count as drawn. */
const QUIET_MS = 400;
export const viewport = (width: number) => ({ width, height: width > 400 ? 900 : 760 });

export const resource = (productId: string, resourceId: string) => `/productDetails/${productId}/resources/${resourceId}/methods`;

/** Screens a visitor reaches on the public demo marketplace. */
export const PUBLIC: string[] = [
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

interface Finding { id: string; impact: string; help: string; nodes: number; targets: string[] }

/** Shows a screen and waits until it has drawn: its route, no request in flight and nothing
 * drawn or removed for QUIET_MS, the animations (a dialog fading in, a panel sliding) finished and
 * two frames painted. A page already showing the portal goes there in the app, as a user clicking a
 * link does (history and popstate, which the router follows): no reload of the bundle, the
 * session and the settings for each screen, and axe stays loaded and warm. The same address again
 * is loaded afresh, so a screen's first state is what is checked. */
export async function open(page: Page, path: string): Promise<void> {
  const current = new URL(page.url());
  const inApp = current.protocol.startsWith('http') && `${current.pathname}${current.search}` !== path
    && (await page.locator('agora-portal main[data-route]').count()) > 0;
  if (inApp) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await page.locator('agora-portal main[data-route]').first().waitFor({ timeout: 30_000 });
  if (path.includes('/resources/')) {
    await page.locator('agora-portal [data-page="resource"] [data-part="tab-content"]').waitFor({ timeout: 30_000 }).catch(() => undefined);
  }
  await drawn(page, 'agora-portal', QUIET_MS);
  await settle(page);
}

/** Waits for running animations and two painted frames, instead of a fixed pause. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
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

/** Collects the moderate findings of a file and prints them once at its end. */
export function moderateFindings(): string[] {
  const moderate: string[] = [];
  afterAll(() => {
    if (moderate.length) console.log(`[a11y] moderate or minor findings (not failed):\n${moderate.join('\n')}`);
  });
  return moderate;
}

/** Checks the screen the page shows: axe's serious and critical findings fail (softly, so one
 * run lists them all); at a narrow width, a screenshot and no sideways scroll. */
export async function check(page: Page, name: string, width: number, moderate?: string[]): Promise<void> {
  const findings = await axe(page);
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  for (const f of findings.filter((x) => !blocking.includes(x))) moderate?.push(`${name} ${width}: ${f.id} (${f.impact}) x${f.nodes}`);
  expect.soft(blocking.map((f) => `${f.id} (${f.impact}) x${f.nodes}: ${f.help} ${f.targets.join(' ')}`)).toEqual([]);
  if (width < 400) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `a11y-${name.replace(/\W+/g, '-')}-${width}.png`) });
    const { scrollWidth, inner } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect.soft(scrollWidth, `${name} scrolls sideways at ${inner} px`).toBe(inner);
  }
}

/** A page for `who` at a width, its paths relative to the portal (open() takes paths). */
export function pageAt(suite: Suite, who: string | null, width: number): Promise<Page> {
  // bypassCSP: the page's CSP (rightly) refuses the inline script addScriptTag injects axe with.
  return suite.pageAs(who, { viewport: viewport(width), bypassCSP: true, baseURL: suite.portal.baseUrl });
}
