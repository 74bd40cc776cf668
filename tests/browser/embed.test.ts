// The embedding toolkit in a real browser (issue 17):
//  - one-line embed from another origin: a host page served by a second server (another port)
//    loads dist/agora.js from the portal with one <script type="module">, points api-base at the
//    portal (CORS_ORIGINS allows it), hears agora-signin-required, signs in its own way (a CORS
//    fetch of /auth/signin, then Agora.setAccessToken) and the element turns signed-in; no request
//    carries a cookie or asks for the cookie session;
//  - pre-rendering: the carousel from GET /embed/render/agora-carousel pasted in the host page
//    shows its products with JavaScript disabled (screenshot), and with JavaScript the element
//    takes it over with no layout shift (CLS 0) and the same products;
//  - SSR-safe import: dist/agora.js and every dist/elements/<tag>.js import in Node (also with
//    @lit-labs/ssr-dom-shim's globals installed, as SSR frameworks do) and define nothing.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accountOf, launchBrowser, newPage, pageErrors, poll, RESULTS_DIR, ROOT, startPortal, type Portal } from './harness.ts';

/** test-results/screenshots/<name>.png (the harness's screenshot() flattens folders into the name). */
const shot = (page: Page, name: string) => page.screenshot({ path: join(RESULTS_DIR, 'screenshots', `${name}.png`), fullPage: true });

let host: Server;
let hostOrigin = '';
let portal: Portal;
let browser: Browser;
/** path -> HTML the second origin serves */
const pages = new Map<string, string>();

beforeAll(async () => {
  host = createServer((request, response) => {
    const html = pages.get((request.url ?? '/').split('?')[0]!);
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
  portal = await startPortal({ corsOrigins: [hostOrigin] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
});

const hostPage = (body: string, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CMS page</title>
<style>body{font-family:Georgia,serif;margin:0;padding:24px;max-width:1200px}header{height:80px}footer{height:200px;background:#eee}</style>${head}</head>
<body><header><h1>Acme CMS</h1></header>${body}<footer id="below">Footer</footer></body></html>`;

describe('one-line embed from another origin', () => {
  it('drives <agora-subscribe-button> from a second origin, sign-in included, by bearer token only', { timeout: 120_000 }, async () => {
    const api = `${portal.baseUrl}/api/v1`;
    pages.set('/shop', hostPage(`
      <agora-subscribe-button product-id="prod-payments" api-base="${api}"></agora-subscribe-button>
      <script>
        window.heard = [];
        for (const name of ['agora-signin-required', 'agora-navigate', 'agora-error']) {
          document.addEventListener(name, (e) => { window.heard.push({ name, detail: e.detail }); e.preventDefault(); });
        }
      </script>`, `<script type="module" src="${portal.baseUrl}/dist/agora.js"></script>`));
    const page = await newPage(browser);
    const toPortal: Array<{ url: string; headers: Record<string, string> }> = [];
    page.on('request', (request) => {
      if (request.url().startsWith(portal.baseUrl)) void request.allHeaders().then((headers) => toPortal.push({ url: request.url(), headers }));
    });
    await page.goto(`${hostOrigin}/shop`);
    const button = page.locator('agora-subscribe-button [data-look]');
    await button.first().waitFor({ timeout: 30_000 });
    expect(await button.first().getAttribute('data-look')).toBe('signin');

    // The visitor asks to sign in: the host hears it, keeps the page and signs in its own way.
    await button.first().click();
    await poll(() => page.evaluate(() => (window as unknown as { heard: Array<{ name: string }> }).heard.map((h) => h.name))).toContain('agora-signin-required');
    expect(new URL(page.url()).origin).toBe(hostOrigin);
    const { email, password } = accountOf(portal, 'consumer');
    await page.evaluate(async ({ api, email, password }) => {
      const answer = await fetch(`${api}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
      const { accessToken } = await answer.json() as { accessToken: string };
      (window as unknown as { Agora: { setAccessToken(t: string): void } }).Agora.setAccessToken(accessToken);
    }, { api, email, password });
    await poll(() => button.first().getAttribute('data-look'), 'the button turns signed-in').not.toBe('signin');

    // Credentials crossed only as bearer tokens.
    await page.waitForTimeout(200);
    const apiCalls = toPortal.filter((r) => r.url.includes('/api/v1/'));
    expect(apiCalls.length).toBeGreaterThan(2);
    for (const call of apiCalls) {
      expect(call.headers.cookie, call.url).toBeUndefined();
      expect(call.headers['x-agora-session'], call.url).toBeUndefined();
    }
    expect(apiCalls.some((c) => c.headers.authorization?.startsWith('Bearer '))).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('pre-rendered carousel', () => {
  let rendered = '';
  beforeAll(async () => {
    // What a CMS does at publish time.
    const answer = await fetch(`${portal.baseUrl}/embed/render/agora-carousel?category=cat-finance&api-base=${encodeURIComponent(`${portal.baseUrl}/api/v1`)}`);
    expect(answer.status).toBe(200);
    rendered = await answer.text();
  });

  it('shows its products with JavaScript disabled', { timeout: 60_000 }, async () => {
    pages.set('/static', hostPage(rendered));
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(`${hostOrigin}/static`);
    const text = await page.locator('agora-carousel [data-screen="carousel"]').innerText();
    expect(text).toMatch(/Featured APIs/);
    const slides = await page.locator('agora-carousel [data-slide]').count();
    expect(slides).toBeGreaterThan(0);
    const box = await page.locator('agora-carousel [data-carousel-viewport]').boundingBox();
    expect(box!.height).toBeGreaterThan(100);
    await shot(page, 'embed-prerendered-carousel-no-js');
    await page.context().close();
  });

  it('is taken over by the element without a layout shift (CLS 0), showing the same products', { timeout: 90_000 }, async () => {
    const observer = `<script>window.cls = 0; window.shifts = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) { if (!e.hadRecentInput) { window.cls += e.value; window.shifts.push({ value: e.value, sources: e.sources.map((x) => (x.node ? x.node.nodeName + (x.node.className ? '.' + String(x.node.className).split(' ')[0] : '') : '?') + ' ' + JSON.stringify(x.previousRect) + ' -> ' + JSON.stringify(x.currentRect)) }); } } })
        .observe({ type: 'layout-shift', buffered: true });</script>`;
    pages.set('/live', hostPage(rendered, `${observer}<script type="module" src="${portal.baseUrl}/dist/elements/agora-carousel.js"></script>`));
    pages.set('/static-titles', hostPage(rendered));
    const still = await newPage(browser, { javaScriptEnabled: false });
    await still.goto(`${hostOrigin}/static-titles`);
    const before = await still.locator('agora-carousel [data-slide]').allInnerTexts();
    const positionBefore = await still.locator('agora-carousel [data-carousel-position]').innerText();
    await still.context().close();

    const page = await newPage(browser);
    await page.goto(`${hostOrigin}/live`);
    // Taken over: the element's own render replaced the pre-rendered nodes (their data script is gone)
    // and the window is measured.
    await poll(() => page.locator('agora-carousel script[data-agora-prerendered]').count(), 'the element takes over').toBe(0);
    await poll(() => page.locator('agora-carousel [data-carousel]').getAttribute('data-unmeasured')).toBeNull();
    await page.waitForTimeout(500);
    const after = await page.locator('agora-carousel [data-slide]').allInnerTexts();
    expect(after).toEqual(before);
    // The position ("1 of 5" in a 1280 px window) is the measured one already before any script.
    expect(await page.locator('agora-carousel [data-carousel-position]').innerText()).toBe(positionBefore);
    expect(positionBefore).toBe('1 of 5');
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; shifts: unknown[] };
      return { cls: w.cls, shifts: w.shifts };
    });
    // No tolerance: any shift fails, naming the shifted nodes and their boxes.
    expect(cls, JSON.stringify(shifts)).toBe(0);
    await shot(page, 'embed-prerendered-carousel-live');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('server-side import', () => {
  const entries = () => ['dist/agora.js', ...readdirSync(join(ROOT, 'dist', 'elements')).filter((f) => f.endsWith('.js')).map((f) => `dist/elements/${f}`)];

  it('imports dist/agora.js and every dist/elements/<tag>.js in Node, defining nothing', { timeout: 60_000 }, () => {
    const script = `for (const f of ${JSON.stringify(entries())}) await import('./' + f);
      console.log(JSON.stringify({ customElements: typeof customElements, window: typeof window }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ customElements: 'undefined', window: 'undefined' });
  });

  it('defines nothing under @lit-labs/ssr-dom-shim globals either (as an SSR framework installs them)', { timeout: 60_000 }, () => {
    const script = `import { HTMLElement, customElements, Element, CustomEvent } from '@lit-labs/ssr-dom-shim';
      Object.assign(globalThis, { HTMLElement, customElements, Element, CustomEvent });
      for (const f of ${JSON.stringify(entries())}) await import('./' + f);
      console.log(JSON.stringify(${JSON.stringify(entries())}.length && ['agora-carousel', 'agora-portal'].map((t) => customElements.get(t) ?? null)));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual([null, null]);
  });
});
