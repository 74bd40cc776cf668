// The third-party viewers at a phone's width and in another language (issue 16 item 2): the
// seeded AsyncAPI and GraphQL resources at 375 px widen no page (scroll width = viewport), GraphiQL
// stacks its query editor over its result (both visible, full width), the AsyncAPI component shows
// its labels in French and no literal backticks. Screenshots at 375 and 1280 px:
// test-results/screenshots/viewers-<viewer>-<width>.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite();
const DIR = join(RESULTS_DIR, 'screenshots');
beforeAll(() => { mkdirSync(DIR, { recursive: true }); });

const ASYNCAPI = ['/productDetails/prod-iot-telemetry/resources/res-iot-telemetry/methods', '[data-viewer="asyncapi"] .aui-root #introduction'] as const;
const ASYNCAPI_V3 = ['/productDetails/prod-order-events/resources/res-order-events/methods', '[data-viewer="asyncapi"] .aui-root #introduction'] as const;
const GRAPHQL = ['/productDetails/prod-storefront/resources/res-storefront/methods', '[data-viewer="graphiql"] .graphiql-container .monaco-editor'] as const;

async function open(page: Page, [path, ready]: readonly [string, string]): Promise<void> {
  await page.goto(suite.portal.baseUrl + path);
  // Monaco and the AsyncAPI parser are megabytes of script: a busy machine needs time.
  await page.locator(`agora-portal ${ready}`).first().waitFor({ timeout: 150_000 });
  await page.waitForTimeout(500);
}

/** A consumer's page: try-it (GraphiQL's run button) needs one signed in. */
async function pageAt(width: number, locale?: string): Promise<Page> {
  const page = await suite.pageAs('consumer', { viewport: { width, height: 900 } });
  if (locale) {
    const { hostname } = new URL(suite.portal.baseUrl);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: hostname, path: '/' }]);
  }
  return page;
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('at 375 px', () => {
  it.each([['asyncapi 2.6', ASYNCAPI], ['asyncapi 3.0', ASYNCAPI_V3]])('%s: no horizontal page overflow, "Expand all" inside its card', { timeout: 200_000 }, async (_name, target) => {
    const page = await pageAt(375);
    await open(page, target);
    expect(await scrollWidth(page)).toBe(375);
    const viewer = page.locator('agora-portal [data-viewer="asyncapi"]');
    const box = (await viewer.boundingBox())!;
    for (const button of await viewer.locator('.aui-root button').all()) {
      if (!(await button.isVisible())) continue;
      const b = (await button.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    // Server URLs stay inside their cards.
    for (const url of await viewer.locator('#servers .font-mono').all()) {
      const b = (await url.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    if (target === ASYNCAPI) await page.screenshot({ path: join(DIR, 'viewers-asyncapi-375.png') });
    await page.context().close();
  });

  it('GraphiQL: no overflow; the query editor and the result are stacked, both visible at full width', { timeout: 200_000 }, async () => {
    const page = await pageAt(375);
    await open(page, GRAPHQL);
    expect(await scrollWidth(page)).toBe(375);
    const ide = page.locator('agora-portal [data-viewer="graphiql"]');
    const editor = (await ide.locator('.graphiql-query-editor').boundingBox())!;
    const result = (await ide.locator('.graphiql-response').boundingBox())!;
    expect(result.y).toBeGreaterThanOrEqual(editor.y + editor.height - 1);
    expect(editor.width).toBeGreaterThan(280);
    expect(result.width).toBeGreaterThan(280);
    expect(editor.height).toBeGreaterThan(150);
    expect(result.height).toBeGreaterThan(150);
    // Usable: run the first query and read its answer in the result.
    await ide.locator('.graphiql-execute-button').click();
    await ide.locator('.graphiql-response .view-lines').filter({ hasText: 'shop' }).waitFor({ timeout: 30_000 });
    await ide.locator('.graphiql-response').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(DIR, 'viewers-graphql-375.png') });
    expect(await scrollWidth(page)).toBe(375);
    await page.context().close();
  });
});

describe('at 1280 px', () => {
  it('GraphiQL keeps query and result side by side', { timeout: 200_000 }, async () => {
    const page = await pageAt(1280);
    await open(page, GRAPHQL);
    const ide = page.locator('agora-portal [data-viewer="graphiql"]');
    const editor = (await ide.locator('.graphiql-editors').boundingBox())!;
    const result = (await ide.locator('.graphiql-response').boundingBox())!;
    expect(result.x).toBeGreaterThan(editor.x + editor.width - 1);
    await page.screenshot({ path: join(DIR, 'viewers-graphql-1280.png') });
    await open(page, ASYNCAPI);
    await page.screenshot({ path: join(DIR, 'viewers-asyncapi-1280.png') });
    await page.context().close();
  });
});

describe('AsyncAPI in fr-FR', () => {
  // The component's English labels (a whole text each) that the viewer translates.
  const ENGLISH = ['Servers', 'Operations', 'Schemas', 'Expand all', 'Collapse all', 'Payload', 'Accepts the following message:', 'Examples', 'Security', 'required', 'Contact', 'License', 'SEND', 'RECEIVE'];

  it.each([['2.6', ASYNCAPI], ['3.0', ASYNCAPI_V3]])('AsyncAPI %s: none of the translated English labels shows; no literal backticks around inline code', { timeout: 200_000 }, async (_v, target) => {
    const page = await pageAt(1280, 'fr-FR');
    await open(page, target);
    const viewer = page.locator('agora-portal [data-viewer="asyncapi"] .aui-root');
    const texts = await viewer.evaluate((root) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent?.trim()) out.push(n.textContent.trim());
      return out;
    });
    expect(texts.filter((t) => ENGLISH.includes(t))).toEqual([]);
    expect(texts).toContain('Serveurs');
    const backtick = await viewer.evaluate((root) => {
      const code = root.querySelector('.prose code');
      return code ? getComputedStyle(code, '::before').content : 'none';
    });
    expect(['none', 'normal']).toContain(backtick);
    await page.context().close();
  });
});
