// Screenshots of the resource page and its viewers at 1280 and 375 px, for review:
// test-results/screenshots/explorer-<screen>-<width>.png. Each shot waits for the viewer's real
// content (inside its shadow roots), so a blank or broken viewer fails here.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS_DIR, useSuite } from './harness.ts';

const DIR = join(RESULTS_DIR, 'screenshots');
const path = (product: string, resource: string) => `/productDetails/${product}/resources/${resource}/methods`;

interface Shot {
  name: string;
  path: string;
  ready: string;
  /** Something to do before the shot (open an operation, the Authorize panel…). */
  /** Before waiting for `ready` (e.g. choosing a view tab). */
  open?: (page: Page) => Promise<void>;
  act?: (page: Page) => Promise<void>;
  /** Whole page (default) or the viewport. */
  viewport?: boolean;
}

const SHOTS: Shot[] = [
  {
    name: 'openapi-swagger', path: path('prod-petstore', 'res-petstore'), ready: '[data-viewer="swagger-ui"] .opblock',
    // Swagger UI is the second view, on its tab, of a description under the large threshold.
    open: (page) => page.locator('agora-portal [data-part="view-tabs"] [data-view="swagger"]').click({ timeout: 60_000 }),
  },
  {
    name: 'openapi-large-list', path: path('prod-github-rest', 'res-github-rest'), ready: '[data-operation]', viewport: true,
  },
  {
    name: 'openapi-large-operation', path: path('prod-github-rest', 'res-github-rest'), ready: '[data-operation]',
    act: async (page) => {
      await page.locator('agora-portal [data-field="filter"]').fill('timeline');
      const row = page.locator('agora-portal [data-operation][data-path$="/timeline"]');
      await row.locator(':scope > button').click();
      await row.locator('[data-part="responses"]').waitFor();
      await row.locator('[data-action="try-it"]').click();
      await row.locator('[data-input="owner"]').fill('octocat');
      await row.locator('[data-input="repo"]').fill('hello-world');
      await row.locator('[data-input="issue_number"]').fill('1');
      await row.locator('[data-action="execute"]').click();
      await row.locator('[data-part="try-it-response"] [data-code-viewer] code').waitFor();
    },
  },
  {
    name: 'authorize', path: path('prod-petstore', 'res-petstore'), ready: '[data-operation]', viewport: true,
    act: async (page) => {
      await page.locator('agora-portal [data-action="open-authorize"]').click();
      const panel = page.locator('agora-portal [data-part="authorize"]');
      await panel.locator('select').first().selectOption('petstore_auth');
      await panel.locator('[data-field="clientId"]').fill('my-client');
      await page.waitForTimeout(400);
    },
  },
  { name: 'asyncapi', path: path('prod-iot-telemetry', 'res-iot-telemetry'), ready: '[data-viewer="asyncapi"] .aui-root #introduction', viewport: true },
  {
    name: 'graphql', path: path('prod-storefront', 'res-storefront'), ready: '[data-viewer="graphiql"] .monaco-editor', viewport: true,
    act: async (page) => {
      const ide = page.locator('agora-portal [data-viewer="graphiql"]');
      await ide.locator('.graphiql-execute-button').click();
      await ide.locator('.graphiql-response .view-lines').filter({ hasText: 'shop' }).waitFor();
    },
  },
  { name: 'wsdl', path: path('prod-fx-rates', 'res-fx-rates'), ready: '[data-code-viewer] .hljs-tag', viewport: true },
  { name: 'protobuf', path: path('prod-inventory', 'res-inventory'), ready: '[data-code-viewer] .hljs-keyword', viewport: true },
  { name: 'unsupported', path: path('prod-legacy-billing', 'res-legacy-billing'), ready: '[data-explorer="unsupported"]' },
  { name: 'deleted', path: path('prod-email', 'res-email-templates-legacy'), ready: '[data-warning="deleted"]', viewport: true },
];

const suite = useSuite();

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
});

describe.each([1280, 375])('explorer screens at %i px', (width) => {
  let page: Page;
  beforeAll(async () => {
    page = await suite.pageAs('consumer', { viewport: { width, height: 900 } });
  });
  afterAll(async () => { await page?.context().close(); });

  it.each(SHOTS)('$name', async ({ name, path: at, open, ready, act, viewport }) => {
    await page.goto(suite.portal.baseUrl + at);
    await open?.(page);
    await page.locator(`agora-portal ${ready}`).first().waitFor({ timeout: 60_000 });
    await act?.(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(DIR, `explorer-${name}-${width}.png`), fullPage: !viewport });
  });
});
