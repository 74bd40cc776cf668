// The catalogue gate of spec 1 §6 on a private marketplace: a signed-in user without Consumer or
// Subscriber (here a Developer) sees one unauthorized message in place of each catalogue screen,
// in the portal and in an element alone on a page, while the shell and the rest of the portal stay
// usable; a Consumer browses as usual; with the consumer feature off, the Developer browses too.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { poll, useSuite } from './harness.ts';

const UNAUTHORIZED = 'You are not authorised to see this page';

const suite = useSuite({ settings: { public: false } });

/** suite.pageAs(who), counting the catalogue requests it sends. */
async function watchedPageAs(who: string): Promise<{ page: Page; catalogueCalls: string[] }> {
  const page = await suite.pageAs(who);
  const catalogueCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/v1\/(products|categories|stages|search)\b/.test(path)) catalogueCalls.push(path);
  });
  return { page, catalogueCalls };
}

const main = (page: Page) => page.locator('agora-portal main');

describe('the catalogue gate of a private marketplace', () => {
  it('shows a Developer one unauthorized message on each catalogue screen, and keeps the rest of the portal', async () => {
    const { page, catalogueCalls } = await watchedPageAs('developer');
    for (const path of ['/browseProducts', '/categories', '/productDetails/p-1/overview', '/advancedSearchResults/all?q=payments', '/']) {
      await page.goto(`${suite.portal.baseUrl}${path}`);
      await main(page).getByText(UNAUTHORIZED).waitFor();
      expect(await main(page).getByRole('alert').count(), path).toBe(1);
      expect(await main(page).getByText('could not be loaded').count(), path).toBe(0);
    }
    // The shell is whole: the user menu and the side navigation of a signed-in user.
    expect(await page.locator('agora-portal aside nav a', { hasText: 'Credentials' }).count()).toBe(1);
    expect(catalogueCalls).toEqual([]);
    await page.close();
  });

  it('shows the same message in a catalogue element alone on a page', async () => {
    const { page, catalogueCalls } = await watchedPageAs('developer');
    await page.route(`${suite.portal.baseUrl}/__cms/gate`, (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CMS page</title>
        <script type="module" src="/dist/agora.js"></script></head>
        <body><agora-catalogue></agora-catalogue><agora-categories></agora-categories></body></html>`,
    }));
    await page.goto(`${suite.portal.baseUrl}/__cms/gate`);
    await page.locator('agora-catalogue').getByText(UNAUTHORIZED).waitFor();
    await page.locator('agora-categories').getByText(UNAUTHORIZED).waitFor();
    expect(await page.locator('agora-catalogue').getByText('could not be loaded').count()).toBe(0);
    expect(catalogueCalls).toEqual([]);
    await page.close();
  });

  it('lets a Consumer browse', async () => {
    const { page } = await watchedPageAs('consumer');
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await poll(() => main(page).locator('[data-product-id]').count()).toBeGreaterThan(0);
    expect(await main(page).getByText(UNAUTHORIZED).count()).toBe(0);
    await page.close();
  });

  it('opens the catalogue to the Developer when the consumer feature is off', async () => {
    await suite.portal.setSettings({ consumer: false });
    try {
      const { page } = await watchedPageAs('developer');
      await page.goto(`${suite.portal.baseUrl}/browseProducts`);
      await poll(() => main(page).locator('[data-product-id]').count()).toBeGreaterThan(0);
      expect(await main(page).getByText(UNAUTHORIZED).count()).toBe(0);
      await page.close();
    } finally {
      await suite.portal.setSettings({ consumer: true });
    }
  });
});
