// Accessibility and narrow screens for a visitor (tests/browser/a11y.ts): every public route of
// the portal (src/rules/routes.ts) and every explorer type of the demo catalogue, signed out, at
// 1280 and 375 px, plus the sign-in and registration screens.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { useSuite } from './harness.ts';
import { PUBLIC, WIDTHS, check, moderateFindings, open, pageAt } from './a11y.ts';

const suite = useSuite();
const moderate = moderateFindings();

for (const width of WIDTHS) {
  describe(`signed out at ${width} px`, () => {
    let page: Page;
    beforeAll(async () => { page = await pageAt(suite, null, width); });
    afterAll(async () => { await page.context().close(); });

    it.each([...PUBLIC, '/signin', '/register'])('%s', { timeout: 120_000 }, async (path) => {
      await open(page, path);
      await check(page, `signed out ${path}`, width, moderate);
    });
  });
}
