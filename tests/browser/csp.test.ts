// The portal works under its own Content-Security-Policy (issue 12, finding 7;
// server/src/plugins/headers.ts): Swagger UI, the AsyncAPI component and GraphiQL (with its
// monaco workers, and a query run through our own gateway) load with no CSP violation, in the
// page or in a worker, and the policy is really there (the test would pass vacuously otherwise).
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageErrors, screenshot, signIn, useSuite } from './harness.ts';
import { elementMarkup, openHostPage, settle } from './fixtures/hostPages.ts';
import { finishAnimations, measureInside, SKIPPED_TAGS, type NodeStyle } from './fixtures/measure.ts';

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

/** What a GraphiQL editor looks like when its lines stay hidden: for the failure's message. */
function editorState(p: Page) {
  return p.locator('agora-explorer [data-viewer="graphiql"]').evaluate((viewer) => {
    const root = viewer.shadowRoot!;
    const size = (sel: string) => { const r = root.querySelector(sel)?.getBoundingClientRect(); return r ? [Math.round(r.width), Math.round(r.height)] : null; };
    return {
      container: size('.graphiql-container'), queryEditor: size('.graphiql-query-editor'), monaco: size('.graphiql-query-editor .monaco-editor'),
      lines: root.querySelectorAll('.graphiql-query-editor .view-line').length, firstLine: size('.graphiql-query-editor .view-line'),
      styles: root.querySelectorAll('style').length, refused: [...root.querySelectorAll('style')].filter((s) => !s.sheet).length,
      adopted: root.adoptedStyleSheets.length, visibility: document.visibilityState,
    };
  });
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

// A provider's page with a strict policy of its own (issue 27, problem 2): no 'unsafe-inline' for
// styles or scripts. The elements' styles are constructed sheets adopted by their shadow roots
// (src/styles/ShadowStyle.tsx, sheet.ts), which style-src does not govern; a <style> element there
// would be blocked and the theme lost (the subscribe button white on transparent).
describe('a host page with a strict Content-Security-Policy', () => {
  const ELEMENTS = ['agora-subscribe-button', 'agora-carousel', 'agora-explorer'];
  const COLOURS = ['color', 'background-color', 'border-top-color', 'border-bottom-color', 'fill', 'font-weight', 'font-size', 'display'];
  const page = (withScript: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Strict CSP host</title><script type="module" src="${withScript}"></script>
<link rel="stylesheet" href="data:text/css,h1{color:red}"></head>
<body><h1>A provider's page</h1>${ELEMENTS.map((tag) => elementMarkup(tag)).join('\n')}</body></html>`;

  /** Every node's colours and weights, nested viewer roots included, per element. */
  async function colours(p: Page): Promise<Record<string, NodeStyle[]>> {
    await p.evaluate(finishAnimations);
    const out: Record<string, NodeStyle[]> = {};
    for (const tag of ELEMENTS) {
      const measured = await p.evaluate(measureInside, { selector: tag, properties: COLOURS, skipped: SKIPPED_TAGS, limit: 3000 });
      if (typeof measured === 'string') throw new Error(measured);
      out[tag] = measured.map((n) => ({ ...n, box: null }));
    }
    return out;
  }

  async function open(policy: string | null): Promise<{ p: Page; violations: string[]; reports: number }> {
    const origin = suite.portal.baseUrl;
    let reports = 0;
    const headers: Record<string, string> = policy ? { 'content-security-policy': `${policy}; report-uri /__csp-report` } : {};
    const violations: string[] = [];
    const p = await openHostPage(suite.browser, origin, page('/dist/agora.js'), {
      headers,
      viewport: { width: 1280, height: 900 },
      before: async (pg) => {
        await pg.route(`${origin}/__csp-report`, (route) => { reports++; return route.fulfill({ status: 204 }); });
        await pg.exposeFunction('__agoraCspViolation', (text: string) => { violations.push(text); });
        await pg.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (e) => {
            (window as unknown as { __agoraCspViolation(t: string): void }).__agoraCspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
          }, true);
        });
      },
    });
    await p.locator('agora-explorer [data-part="operation-list"]').first().waitFor({ timeout: 60_000 });
    await p.locator('agora-carousel [data-carousel]').waitFor();
    await p.locator('agora-subscribe-button button, agora-subscribe-button a').first().waitFor();
    await p.waitForLoadState('networkidle');
    await settle(p, ELEMENTS.join(','));
    return { p, violations, get reports() { return reports; } };
  }

  /** The page without a policy, loaded once: both policies' pages are compared with it, which
   * only reads it (a load of it per policy was one full page of every element for nothing). */
  let plainOnce: Promise<{ p: Page; violations: string[]; reports: number }> | undefined;
  const plainPage = () => (plainOnce ??= open(null));
  afterAll(async () => {
    if (plainOnce) await (await plainOnce.catch(() => undefined))?.p.context().close();
  });

  it('GraphiQL is styled as without a policy: the <style> Monaco writes at run time is refused and copied into an adopted sheet', { timeout: 180_000 }, async () => {
    const markup = '<agora-explorer product-id="prod-storefront" resource-id="res-storefront" tab="methods"></agora-explorer>';
    const html = `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/dist/agora.js"></script></head><body>${markup}</body></html>`;
    // What the viewers need besides (README, Embedding): Ajv's eval, the editor's workers.
    const policy = `default-src 'self'; style-src 'self'; script-src 'self' 'unsafe-eval'; worker-src 'self' blob:; img-src 'self' data:`;
    // One page after the other, each in front while its editor draws: in the full suite, with the
    // two opened at once, one page's query editor once stayed undrawn for 150 s (its lines hidden).
    const open = async (name: string, headers: Record<string, string>) => {
      const p = await openHostPage(suite.browser, suite.portal.baseUrl, html, { headers, viewport: { width: 1280, height: 900 } });
      await p.bringToFront();
      const line = p.locator('agora-explorer [data-viewer="graphiql"] .graphiql-query-editor .monaco-editor .view-line').first();
      await line.waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
        throw new Error(`${name} page: ${error.message.split('\n')[0]}; the editor then: ${JSON.stringify(await editorState(p))}`);
      });
      await p.waitForLoadState('networkidle');
      return p;
    };
    const plain = await open('plain', {});
    const strict = await open('strict', { 'content-security-policy': policy });
    try {
      // The editor's syntax colours (Monaco's theme rules, a run-time <style>) and the viewer's own sheet.
      const look = (p: Page) => p.locator('agora-explorer [data-viewer="graphiql"]').evaluate((viewer) => {
        const root = viewer.shadowRoot!;
        const tokens = [...root.querySelectorAll('.view-line span span')].map((s) => getComputedStyle(s).color);
        const container = root.querySelector('.graphiql-container')!;
        return { tokens: [...new Set(tokens)].sort(), container: getComputedStyle(container).display, refused: [...root.querySelectorAll('style')].filter((s) => !s.sheet).length };
      });
      await expect.poll(async () => (await look(strict)).tokens.length, { timeout: 30_000 }).toBeGreaterThan(1);
      // Monaco colours the lines a few at a time: compare once both pages have coloured them all.
      const seen = (x: { tokens: string[]; container: string }) => JSON.stringify({ tokens: x.tokens, container: x.container });
      await expect.poll(async () => { const [a, b] = [await look(plain), await look(strict)]; return seen(a) === seen(b) || `${seen(a)} ≠ ${seen(b)}`; }, { timeout: 30_000 }).toBe(true);
      const [a, b] = [await look(plain), await look(strict)];
      expect(b.refused, 'the policy refused none of Monaco\'s <style>: nothing proved').toBeGreaterThan(0);
      expect(a.refused).toBe(0);
    } finally {
      await plain.context().close();
      await strict.context().close();
    }
  });

  for (const policy of [
    "style-src 'self'",
    `default-src 'self'; style-src 'self'; script-src 'self' ORIGIN; img-src 'self' data:`,
  ]) {
    it(`shows the elements as without a policy under "${policy}", with no violation`, { timeout: 120_000 }, async () => {
      const csp = policy.replace('ORIGIN', suite.portal.baseUrl);
      const [plain, strict] = await Promise.all([plainPage(), open(csp)]);
      try {
        // The policy is really in force: the page's own data: stylesheet is refused.
        expect(strict.violations.some((v) => v.startsWith('style-src'))).toBe(true);
        const own = strict.violations.filter((v) => !/^style-src(-elem)? data/.test(v));
        expect(own, 'violations caused by the elements').toEqual([]);
        const [a, b] = await Promise.all([colours(plain.p), colours(strict.p)]);
        for (const tag of ELEMENTS) {
          expect(b[tag]!.length, `${tag} drew too little`).toBeGreaterThanOrEqual(2);
          expect(b[tag], `${tag} under "${csp}"`).toEqual(a[tag]);
        }
        // The subscribe button shows in the provider's colour, not white on transparent.
        const button = strict.p.locator('agora-subscribe-button button, agora-subscribe-button a').first();
        expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
        // Each refused data: sheet reports once; nothing else was reported.
        await expect.poll(() => strict.reports).toBeGreaterThan(0);
        expect(strict.reports).toBe(strict.violations.length);
        if (policy.includes('script-src')) await screenshot(strict.p, 'hosts-strict-csp');
      } finally {
        await strict.p.context().close();
      }
    });
  }
});
