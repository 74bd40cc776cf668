// The top navigation at the laptop widths where it used to cut entries off (992-1280 px), in
// English and German (the longest labels), for a visitor and a signed-in user: every entry is
// either whole in the bar or under "More", nothing overlaps the buttons on the right, and every
// entry of a wide screen is reachable. Screenshots of the bar (More open) go to
// test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { inFlight, RESULTS_DIR, useSuite, waitQuiet } from './harness.ts';

const suite = useSuite();
const SHOTS = join(RESULTS_DIR, 'screenshots');

const bar = (page: Page) => page.locator('agora-portal header nav').first();
const barLinks = (page: Page) => bar(page).locator(':scope > ul > li > a');
const more = (page: Page) => bar(page).locator('[data-testid=nav-more]');
const moreLinks = (page: Page) => bar(page).locator('ul[id] a');

async function open(who: string | null, locale: string, width: number): Promise<Page> {
  const page = await suite.pageAs(who, { viewport: { width, height: 700 }, locale });
  const url = new URL(suite.portal.baseUrl);
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: url.hostname, path: '/' }]);
  await page.goto(`${suite.portal.baseUrl}/browseProducts`);
  await page.locator('agora-portal main[data-route]').waitFor();
  // Signed in: the account menu arrives in its own chunk and takes its room.
  if (who) await page.locator('agora-portal header .ml-auto button[aria-controls]').first().waitFor({ timeout: 15_000 });
  await barSettled(page);
  return page;
}

/** Waits until the bar's entries and the room the buttons on the right leave have not changed, and
 * no request was in flight, for 600 ms: the assistant's button arrives in a chunk of its own after
 * the account menu, and the bar then moves an entry under More (a link read just before it went is
 * waited for 30 s). */
async function barSettled(page: Page): Promise<void> {
  const right = page.locator('agora-portal header .ml-auto').first();
  await waitQuiet(async () => (inFlight(page) ? null : JSON.stringify([await texts(barLinks(page)), (await right.boundingBox())?.x])), 600, { timeout: 15_000 });
}

const texts = async (links: ReturnType<typeof barLinks>) => (await links.allInnerTexts()).map((t) => t.trim());

describe.each([
  ['a visitor', null],
  ['a signed-in user', 'consumer'],
] as const)('top navigation for %s', (_, who) => {
  describe.each(['en-US', 'de-DE'])('in %s', (locale) => {
    let all: string[] = [];

    it('lists every entry in the bar on a wide screen', async () => {
      const page = await open(who, locale, 1920);
      all = await texts(barLinks(page));
      expect(all.length).toBeGreaterThanOrEqual(5);
      // The provider's own entries in the reader's language (settings.translations of the seed).
      expect(all).toEqual(expect.arrayContaining(locale === 'de-DE' ? ['Entwicklerhandbuch', 'API-Status'] : ['Developer handbook', 'API status']));
      expect(await more(page).count()).toBe(0);
      await page.context().close();
    });

    it.each([992, 1100, 1200, 1280])('at %i px: nothing cut, every entry reachable', async (width) => {
      const page = await open(who, locale, width);
      const navBox = (await bar(page).boundingBox())!;
      const right = (await page.locator('agora-portal header .ml-auto').first().boundingBox())!;
      // Each entry in the bar is whole: its text not clipped, inside the bar, clear of the buttons.
      for (const link of await barLinks(page).all()) {
        const box = (await link.boundingBox())!;
        expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(Math.min(navBox.x + navBox.width, right.x) + 0.5);
        expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth + 1)).toBe(true);
      }
      const header = page.locator('agora-portal header').first();
      expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
      const shown = await texts(barLinks(page));
      let under: string[] = [];
      if (await more(page).count()) {
        const moreBox = (await more(page).boundingBox())!;
        expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(right.x + 0.5);
        await more(page).click();
        await moreLinks(page).first().waitFor();
        under = await texts(moreLinks(page));
        for (const link of await moreLinks(page).all()) {
          const box = (await link.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      }
      expect([...shown, ...under]).toEqual(all);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `nav-${who ?? 'visitor'}-${locale}-${width}.png`), clip: { x: 0, y: 0, width, height: 300 } });
      await page.context().close();
    });
  });
});
