// The portal works under its own Content-Security-Policy (issue 12, finding 7;
// server/src/plugins/headers.ts): Swagger UI, the AsyncAPI component and GraphiQL (with its
// monaco workers, and a query run through our own gateway) load with no CSP violation, in the
// page or in a worker, and the policy is really there (the test would pass vacuously otherwise).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageErrors, signIn, useSuite } from './harness.ts';

const suite = useSuite();

/** A consumer's page that records every CSP violation: the document's event (reaches shadow
 * roots' content too), and the console lines Chromium writes for them, workers' included. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await newPage(suite.browser, { viewport: { width: 1280, height: 900 } });
  const violations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`); });
  page.on('worker', (worker) => worker.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(`worker: ${m.text()}`); }));
  await page.exposeFunction('__agoraCspViolation', (text: string) => { violations.push(`event: ${text}`); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __agoraCspViolation(t: string): void }).__agoraCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    }, true);
  });
  const a = suite.account('consumer');
  await signIn(page, suite.portal.baseUrl, a.email, a.password);
  return { page, violations };
}

const resource = (product: string, res: string) => `/productDetails/${product}/resources/${res}/methods`;

describe('the Content-Security-Policy', () => {
  it('is sent with the portal page and allows the bundle', async () => {
    const res = await fetch(`${suite.portal.baseUrl}/`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('Swagger UI, the AsyncAPI component and GraphiQL load, and GraphiQL runs a query, without a violation', { timeout: 300_000 }, async () => {
    const { page, violations } = await watchedPage();
    const cases: Array<[string, string]> = [
      [resource('prod-payments', 'res-payments'), '[data-viewer="swagger-ui"] .opblock'],
      [resource('prod-order-events', 'res-order-events'), '[data-viewer="asyncapi"] .aui-root #introduction'],
      [resource('prod-storefront', 'res-storefront'), '[data-viewer="graphiql"] .graphiql-container .monaco-editor'],
    ];
    for (const [path, viewer] of cases) {
      const answer = await page.goto(suite.portal.baseUrl + path);
      expect(answer?.headers()['content-security-policy']).toContain("worker-src 'self' blob:");
      // Swagger UI is the OpenAPI explorer's second view, on its tab.
      if (viewer.includes('swagger-ui')) await page.locator('agora-portal [data-part="view-tabs"] [data-view="swagger"]').click({ timeout: 60_000 });
      await page.locator(`agora-portal ${viewer}`).first().waitFor({ timeout: 150_000 });
    }
    const ide = page.locator('agora-portal [data-viewer="graphiql"]');
    await ide.locator('.graphiql-execute-button').click();
    await expect.poll(() => ide.locator('.graphiql-response').innerText(), { timeout: 60_000 }).toContain('"shop"');
    expect(await page.locator('agora-portal [data-viewer="graphiql"] .monaco-editor').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expect(pageErrors(page).filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await page.context().close();
  });
});
