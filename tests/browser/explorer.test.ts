// The resource page and its viewers, against the seeded server: every resource type renders its
// viewer inside the element's shadow root (the host document gets none of their markup or CSS),
// the notices (deleted, not the latest version, mutual TLS, read-only, large file), the download
// (disabled with its tooltip when the definition is empty), the release-state tooltip, the tabs
// by role, the code viewer's paging, GitHub's 13 MB description, and the element alone on a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { assetResources } from '../../server/src/db/schema.ts';
import { join } from 'node:path';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite();

beforeAll(async () => {
  // Cases the demo catalogue does not hold: a resource needing mutual TLS, one with an empty definition.
  await suite.portal.db.update(assetResources).set({ mutualTls: true }).where(eq(assetResources.id, 'res-inventory'));
  await suite.portal.db.update(assetResources).set({ specification: '', specificationSize: 0 }).where(eq(assetResources.id, 'res-payments-compat'));
});

const VIEWPORT = { viewport: { width: 1280, height: 900 } };

const resourcePath = (productId: string, resourceId: string, versionId?: string, tab = 'methods') =>
  `/productDetails/${productId}${versionId ? `/version/${versionId}` : ''}/resources/${resourceId}/${tab}`;

async function openResource(page: Page, path: string): Promise<void> {
  await page.goto(suite.portal.baseUrl + path);
  await page.locator('agora-portal [data-page="resource"] [data-part="tab-content"]').waitFor({ timeout: 30_000 });
}

/** What the host document holds of a viewer's own markup and styles (all should stay in shadow roots). */
async function leakedIntoDocument(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const selector of ['.swagger-ui', '.opblock', '.aui-root', '.graphiql-container', '.monaco-editor', '.context-view', '.monaco-aria-container', '[data-code-viewer]', '.hljs-tag']) {
      if (document.querySelector(selector)) found.push(selector);
    }
    for (const style of Array.from(document.querySelectorAll('style'))) {
      if (/swagger-ui|aui-root|graphiql|monaco|hljs/.test(style.textContent ?? '')) found.push('a <style> of a viewer');
    }
    return found;
  });
}

describe('renderers by resource type, inside the shadow root', () => {
  const cases: Array<[type: string, productId: string, resourceId: string, viewer: string]> = [
    // OpenAPI of every size: the explorer's own list (Swagger UI is a second tab, tested below).
    ['oas2', 'prod-petstore', 'res-petstore', '[data-explorer="openapi"][data-mode="list"] [data-operation]'],
    ['oas3', 'prod-payments', 'res-payments', '[data-explorer="openapi"][data-mode="list"] [data-operation]'],
    ['oas3.1', 'prod-shipping', 'res-shipping', '[data-explorer="openapi"][data-mode="list"] [data-operation]'],
    ['asyncapi (2.6)', 'prod-iot-telemetry', 'res-iot-telemetry', '[data-viewer="asyncapi"] .aui-root #introduction'],
    ['asyncapi (3.0)', 'prod-order-events', 'res-order-events', '[data-viewer="asyncapi"] .aui-root #introduction'],
    ['graphql', 'prod-storefront', 'res-storefront', '[data-viewer="graphiql"] .graphiql-container .monaco-editor'],
    ['wsdl', 'prod-fx-rates', 'res-fx-rates', '[data-code-viewer][data-language="xml"] code .hljs-tag'],
    ['protobuf', 'prod-inventory', 'res-inventory', '[data-code-viewer][data-language="proto"] code .hljs-keyword'],
    ['other', 'prod-legacy-billing', 'res-legacy-billing', '[data-explorer="unsupported"]'],
  ];
  let page: Page;
  beforeAll(async () => { page = await suite.pageAs(null, VIEWPORT); });
  afterAll(async () => { await page.context().close(); });

  for (const [type, productId, resourceId, viewer] of cases) {
    // GraphiQL brings Monaco (megabytes of script): a busy machine needs time.
    it(`${type}: ${resourceId}`, { timeout: 180_000 }, async () => {
      await openResource(page, resourcePath(productId, resourceId));
      await page.locator(`agora-portal ${viewer}`).first().waitFor({ timeout: 150_000 });
      expect(await leakedIntoDocument(page)).toEqual([]);
      if (type.startsWith('asyncapi')) {
        // The document is valid: the component shows it, not its list of errors.
        expect(await page.locator('agora-portal [data-viewer="asyncapi"]').innerText()).not.toContain('There are errors');
      }
      if (type === 'other') {
        const text = await page.locator('agora-portal [data-explorer="unsupported"]').innerText();
        expect(text).toContain('RAML file preview is not supported yet');
        expect(await page.locator('agora-portal [data-explorer="unsupported"] [data-action="download"]').isEnabled()).toBe(true);
      }
    });
  }
});

describe('the page: title, badges, download, tabs', () => {
  it('shows the title with its stage, the state and the release state with its message as a tooltip', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, resourcePath('prod-payments', 'res-payments-sandbox'));
    const header = page.locator('agora-portal [data-part="resource-header"]');
    expect(await header.locator('[data-part="title"]').innerText()).toBe('Payments API (sandbox)');
    expect(await header.locator('[data-part="stage"]').innerText()).toBe('Sandbox');
    expect(await header.locator('[data-part="release"]').innerText()).toBe('Release: prerelease');
    await header.locator('[data-part="release"]').hover();
    const tip = page.locator('agora-portal [role="tooltip"]:not([hidden])');
    await tip.waitFor({ timeout: 5000 });
    expect(await tip.innerText()).toBe('The sandbox already runs 3.3 (preview of instant payouts).');
    await page.context().close();
  });

  it('downloads the definition under its file name', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, resourcePath('prod-fx-rates', 'res-fx-rates'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('agora-portal [data-part="resource-header"] [data-action="download"]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.wsdl$/);
    await page.context().close();
  });

  it('disables the download of an empty definition, with the tooltip "Resource definition not found"', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, resourcePath('prod-payments', 'res-payments-compat'));
    const button = page.locator('agora-portal [data-part="resource-header"] [data-action="download"]');
    expect(await button.isDisabled()).toBe(true);
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tip = page.locator('agora-portal [role="tooltip"]:not([hidden])');
    await tip.waitFor({ timeout: 5000 });
    expect(await tip.innerText()).toBe('Resource definition not found');
    expect(await page.locator('agora-portal [data-part="tab-content"]').innerText()).toContain('Resource definition not found');
    await page.context().close();
  });

  it('offers the credentials and access requests tabs to a consumer only, the methods tab by default', async () => {
    const visitor = await suite.pageAs(null, VIEWPORT);
    await openResource(visitor, resourcePath('prod-petstore', 'res-petstore'));
    const tabs = (p: Page) => p.locator('agora-portal nav[aria-label="Resource sections"] a').allInnerTexts();
    expect(await tabs(visitor)).toEqual(['Methods']);
    // A tab the visitor may not see shows the methods.
    await openResource(visitor, resourcePath('prod-petstore', 'res-petstore', 'ver-petstore-2', 'credentials'));
    expect(await visitor.locator('agora-portal [data-part="tab-content"]').getAttribute('data-tab')).toBe('methods');
    await visitor.context().close();

    const consumer = await suite.pageAs('consumer', VIEWPORT);
    await openResource(consumer, resourcePath('prod-petstore', 'res-petstore'));
    expect(await tabs(consumer)).toEqual(['Methods', 'Credentials', 'Access requests']);
    await consumer.locator('agora-portal nav[aria-label="Resource sections"] a', { hasText: 'Credentials' }).click();
    await consumer.locator('agora-portal [data-part="tab-content"][data-tab="credentials"]').waitFor();
    expect(new URL(consumer.url()).pathname).toBe('/productDetails/prod-petstore/version/ver-petstore-2/resources/res-petstore/credentials');
    // Casey's organisation holds no active subscription to the Pet Store: the spec 2 §8 notice, not a table.
    await poll(() => consumer.locator('agora-portal [data-part="tab-content"]').innerText()).toContain('You need an active subscription');
    await consumer.context().close();
  });

  it('goes back to the product from the breadcrumb', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, resourcePath('prod-petstore', 'res-petstore'));
    await page.locator('agora-portal nav[aria-label="Breadcrumb"] a', { hasText: 'Resources' }).click();
    await page.locator('agora-portal [data-product][data-tab="resources"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/productDetails/prod-petstore/version/ver-petstore-2/resources');
    await page.context().close();
  });
});

describe('notices', () => {
  let page: Page;
  beforeAll(async () => { page = await suite.pageAs(null, VIEWPORT); });
  afterAll(async () => { await page.context().close(); });

  it('warns of a deleted resource, with the provider contact', async () => {
    await openResource(page, resourcePath('prod-email', 'res-email-templates-legacy'));
    const warning = page.locator('agora-portal [data-warning="deleted"]');
    expect(await warning.innerText()).toContain('Please contact');
    expect(await warning.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await page.locator('agora-portal [data-part="resource-header"]').innerText()).toContain('Deleted');
  });

  it('warns when the version is not the latest and links to the same resource in the latest', async () => {
    await openResource(page, resourcePath('prod-petstore', 'res-petstore-v1', 'ver-petstore-1'));
    expect(await page.locator('agora-portal [data-warning="not-latest"]').innerText()).toContain('0.9.0');
    await page.locator('agora-portal [data-link="latest"]').click();
    await page.locator('agora-portal [data-page="resource"][data-resource="res-petstore"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/productDetails/prod-petstore/version/ver-petstore-2/resources/res-petstore/methods');
    expect(await page.locator('agora-portal [data-warning="not-latest"]').count()).toBe(0);
  });

  it('warns about mutual TLS', async () => {
    await openResource(page, resourcePath('prod-inventory', 'res-inventory'));
    expect(await page.locator('agora-portal [data-warning="mutual-tls"]').innerText()).toContain('client certificate');
  });

  it('shows the read-only and the large-file warnings (150,000 bytes or more) on GitHub’s description, none on a small one', async () => {
    await openResource(page, resourcePath('prod-github-rest', 'res-github-rest'));
    expect(await page.locator('agora-portal [data-warning="read-only"]').count()).toBe(1);
    const large = page.locator('agora-portal [data-part="warnings"] [role]').filter({ has: page.locator('[data-warning="large"]') });
    expect(await large.innerText()).toMatch(/Large specification \(13(\.\d)? MB\)/);
    await openResource(page, resourcePath('prod-petstore', 'res-petstore'));
    expect(await page.locator('agora-portal [data-part="warnings"]').count()).toBe(0);
  });
});

describe('code viewer', () => {
  it('shows 100 lines first, 50 more on scroll and on "Show more", with line numbers and the whole text to copy', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, resourcePath('prod-fx-rates', 'res-fx-rates'));
    const code = page.locator('agora-portal [data-code-viewer] code');
    await code.waitFor();
    expect(await code.getAttribute('data-shown-lines')).toBe('100');
    const total = Number(await page.locator('agora-portal [data-code-viewer] [data-line-count]').getAttribute('data-line-count'));
    expect(total).toBeGreaterThan(200);
    await page.locator('agora-portal [data-code-viewer] [role="region"]').evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await expect.poll(() => code.getAttribute('data-shown-lines')).toBe('150');
    await page.locator('agora-portal [data-code-viewer] button', { hasText: 'Show 50 more lines' }).click();
    await expect.poll(() => code.getAttribute('data-shown-lines')).toBe('200');
    expect((await code.innerText()).split('\n').length).toBe(200);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('agora-portal [data-code-viewer] button[aria-label="Copy all"]').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '').length).toBe(total);
    await page.context().close();
  });
});

describe('a 13 MB description (GitHub REST)', () => {
  it('lists its operations from the index, filters them, and opens one on demand', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await openResource(page, resourcePath('prod-github-rest', 'res-github-rest'));
    await page.locator('agora-portal [data-operation]').first().waitFor({ timeout: 30_000 });
    await page.locator('agora-portal [data-rendered-all]').waitFor({ timeout: 60_000 });
    // Beyond a few dozen operations the tags start collapsed with their counts, the first open,
    // and an open tag draws a window of rows (issue 16 item 8).
    expect(await page.locator('agora-portal section[data-tag]').count()).toBeGreaterThan(40);
    expect(await page.locator('agora-portal section[data-tag] > h3[data-tag-open]').count()).toBe(1);
    expect(await page.locator('agora-portal [data-operation]').count()).toBeLessThanOrEqual(50);
    expect(await page.locator('agora-portal section[data-tag] [data-tag-count]').first().innerText()).toMatch(/^\d+ operations?$/);
    // The whole document is never fetched: the index, then one operation at a time.
    expect(requests.some((p) => p.endsWith('/res-github-rest/data'))).toBe(false);

    await page.locator('agora-portal [data-field="filter"]').fill('timeline');
    const row = page.locator('agora-portal [data-operation][data-path="/repos/{owner}/{repo}/issues/{issue_number}/timeline"]');
    await expect.poll(() => page.locator('agora-portal [data-operation]').count()).toBeLessThan(5);
    expect(await row.count()).toBe(1);
    await row.locator(':scope > button').click();
    const panel = row.locator('[data-operation-panel]');
    await panel.locator('[data-part="responses"]').waitFor({ timeout: 30_000 });
    expect(await panel.locator('[data-param="issue_number"]').count()).toBe(1);
    await panel.locator('[data-response="200"] > button').click();
    await panel.locator('[data-response="200"] [data-code-viewer] code').waitFor();
    expect(await panel.locator('[data-response="200"] [data-code-viewer] code').getAttribute('data-shown-lines')).toBe('100');
    // Its schema is a reference: fetched when the schema is shown, one level at a time.
    await panel.locator('[data-response="200"] button[aria-pressed]').nth(1).click();
    await panel.locator('[data-response="200"] [data-schema] [data-schema-node]').first().waitFor({ timeout: 30_000 });
    expect(requests.some((p) => /\/spec\/schemas\/\d+$/.test(p))).toBe(true);
    expect(requests.filter((p) => /\/spec\/operations\/\d+$/.test(p))).toHaveLength(1);
    // A visitor reads but does not try.
    expect(await page.locator('agora-portal [data-part="try-it-blocked"][data-reason="signin"]').count()).toBe(1);
    expect(await panel.locator('[data-action="try-it"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('opens the operation a search hit names (?operation=), in its collapsed tag, scrolled to', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, `${resourcePath('prod-github-rest', 'res-github-rest')}?operation=700`);
    const row = page.locator('agora-portal [data-operation="700"]');
    await row.locator('[data-operation-panel]').waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('data-open')).toBe('');
    // Its tag is open (with the first one), and the row is in view.
    expect(await page.locator('agora-portal section[data-tag] > h3[data-tag-open]').count()).toBeLessThanOrEqual(2);
    await expect.poll(() => row.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight; })).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('OpenAPI: one explorer for every size, Swagger UI on a second tab under the large threshold', () => {
  it('offers the Swagger UI tab on a small description (arrow keys move between the tabs), none on GitHub’s', { timeout: 180_000 }, async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await openResource(page, resourcePath('prod-shipping', 'res-shipping'));
    const tabs = page.locator('agora-portal [role="tablist"][data-part="view-tabs"]');
    expect(await tabs.locator('[role="tab"]').allInnerTexts()).toEqual(['Explorer', 'Swagger UI']);
    // OpenAPI 3.1 webhooks: a section of their own, described, never tried.
    const hooks = page.locator('agora-portal section[data-tag="Webhooks"]');
    // Open at first on a short description, collapsed (with its count) beyond a few dozen operations.
    if (await hooks.locator(':scope > h3[data-tag-open]').count() === 0) await hooks.locator(':scope > h3 > button').click();
    const hook = hooks.locator('[data-operation]').first();
    await hook.locator(':scope > button').click();
    await hook.locator('[data-part="responses"]').waitFor({ timeout: 30_000 });
    expect(await hook.locator('[data-action="try-it"]').count()).toBe(0);
    await page.screenshot({ path: join(RESULTS_DIR, 'screenshots', 'explorer-oas31-list-1280.png'), fullPage: true });
    // Swagger UI on its tab, by keyboard.
    await tabs.locator('[data-view="list"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.locator('agora-portal [data-viewer="swagger-ui"] .opblock').first().waitFor({ timeout: 150_000 });
    expect(await tabs.locator('[data-view="swagger"]').getAttribute('aria-selected')).toBe('true');
    expect(await leakedIntoDocument(page)).toEqual([]);
    await page.keyboard.press('ArrowLeft');
    await page.locator('agora-portal [data-explorer="openapi"][data-mode="list"] [data-operation]').first().waitFor();
    await openResource(page, resourcePath('prod-github-rest', 'res-github-rest'));
    await page.locator('agora-portal [data-operation]').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('agora-portal [data-part="view-tabs"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the explorer in fr-FR', () => {
  // Swagger UI's English labels (and the explorer's own English texts): none may show in French.
  // ('Response' is not among them: GitHub's own descriptions say it.)
  const ENGLISH = ['Parameters', 'Responses', 'Try it out', 'Request body', 'Schema', 'Example Value', 'Execute', 'Cancel', 'Clear',
    'Authorize', 'Servers', 'Name', 'Media type', 'Headers', 'Links', 'Callbacks', 'Example', 'No parameters.',
    'Deprecated', 'Authorization', 'Filter operations', 'Download definition', 'Show', 'Hide', 'Explorer', 'required'];

  /** Every text node of the explorer's own markup, each trimmed (the description's texts too). */
  const texts = (page: Page) => page.locator('agora-portal [data-page="resource"]').evaluate((root) => {
    const out: string[] = [];
    const walk = (node: Node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.nodeType === Node.TEXT_NODE && n.textContent?.trim()) out.push(n.textContent.trim());
        if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
      }
    };
    walk(root);
    return out;
  });

  it.each([
    ['Petstore (OpenAPI 2, small)', 'prod-petstore', 'res-petstore', ['get /pets', 'post /pets']],
    ['GitHub REST (13 MB)', 'prod-github-rest', 'res-github-rest', ['get /emojis', 'post /markdown']],
  ])('%s: none of the English labels shows, operations open and tried', { timeout: 180_000 }, async (_name, productId, resourceId, operations) => {
    const page = await suite.pageAs('consumer', { ...VIEWPORT, locale: 'fr-FR' });
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: 'fr-FR', domain: new URL(suite.portal.baseUrl).hostname, path: '/' }]);
    await openResource(page, resourcePath(productId, resourceId));
    for (const op of operations) {
      const [method, path] = op.split(' ') as [string, string];
      await page.locator('agora-portal [data-field="filter"]').fill(path);
      const row = page.locator(`agora-portal [data-operation][data-method="${method}"][data-path="${path}"]`).first();
      await row.locator(':scope > button').click();
      const panel = row.locator('[data-operation-panel]');
      await panel.locator('[data-part="responses"]').waitFor({ timeout: 30_000 });
      if (await panel.locator('[data-action="try-it"]').count()) await panel.locator('[data-action="try-it"]').click();
      for (const response of await panel.locator('[data-response] > button:not([disabled])').all()) await response.click();
      const english = (await texts(page)).filter((t) => ENGLISH.includes(t));
      expect(english, op).toEqual([]);
      if (op === operations[0]) await row.screenshot({ path: join(RESULTS_DIR, 'screenshots', `explorer-fr-${resourceId}.png`) });
    }
    await page.context().close();
  });
});

describe('<agora-explorer> alone on a page', () => {
  it('renders the Petstore on demo/embed.html, with the host page untouched', async () => {
    const page = await suite.pageAs(null, VIEWPORT);
    await page.goto(`${suite.portal.baseUrl}/embed.html`);
    const explorer = page.locator('agora-explorer[resource-id="res-petstore"]');
    await explorer.locator('[data-operation]').first().waitFor({ timeout: 60_000 });
    expect(await explorer.locator('[data-part="resource-header"] [data-part="title"]').innerText()).toBe('Petstore');
    // No breadcrumb into a portal the page may not have.
    expect(await explorer.locator('nav[aria-label="Breadcrumb"]').count()).toBe(0);
    const large = page.locator('agora-explorer[resource-id="res-github-rest"]');
    await large.scrollIntoViewIfNeeded();
    await large.locator('[data-operation]').first().waitFor({ timeout: 60_000 });
    expect(await leakedIntoDocument(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
