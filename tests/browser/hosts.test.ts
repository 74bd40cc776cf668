// The elements in the containers a provider's CMS puts them in (issue 27, problem 3): a flex
// column (`flex: 1`), a two-column grid (`1fr 1fr`), a 320 px sidebar and a full-width section.
// Each element must be a good flex or grid child: never wider than its container, so the page
// never scrolls sideways (the carousel used to grow a `flex: 1` column to 2154 px). And the theme
// variables a page sets on an ancestor reach the elements (issue 27, problem 7).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useSuite } from './harness.ts';
import { elementMarkup, openHostPage, settle } from './fixtures/hostPages.ts';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness.ts';

const suite = useSuite();

/** Every element the build made (dist/elements/<tag>.js). */
const TAGS = existsSync(join(ROOT, 'dist', 'elements'))
  ? readdirSync(join(ROOT, 'dist', 'elements')).filter((f) => /^agora-[a-z0-9-]+\.js$/.test(f)).map((f) => f.slice(0, -3)).sort()
  : [];

const CMS_CSS = `body{margin:0;font:16px/1.5 Georgia,serif}
.row{display:flex;gap:24px;padding:8px}.row>.slot{flex:1}.row>.other{flex:1}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:24px;padding:8px}
.sidebar{display:flex;gap:24px;padding:8px}.sidebar>.slot{width:320px;flex:none}.sidebar>.other{flex:1}
.full{display:block;padding:0}`;

/** A CMS page: each element in a container of `kind`, next to a column of the page's own text. */
function cmsPage(kind: string, tags: string[]): string {
  const other = '<div class="other"><h2>Our own column</h2><p>Text the provider wrote, next to the element.</p></div>';
  const blocks = tags.map((tag) => kind === 'full'
    ? `<section class="full"><div class="slot" data-tag="${tag}">${elementMarkup(tag)}</div></section>`
    : `<div class="${kind}"><div class="slot" data-tag="${tag}">${elementMarkup(tag)}</div>${other}</div>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>CMS</title><style>${CMS_CSS}</style><script type="module" src="/dist/agora.js"></script></head>
<body><h1>A provider's CMS page</h1>${blocks.join('\n')}</body></html>`;
}

interface Fit { tag: string; element: number; slot: number; expected: number; otherLeft: number | null }

async function fits(page: Page): Promise<{ rows: Fit[]; scrollWidth: number; viewport: number }> {
  return page.evaluate(() => ({
    rows: [...document.querySelectorAll<HTMLElement>('.slot')].map((slot) => {
      const el = slot.firstElementChild!;
      const other = slot.parentElement!.querySelector('.other');
      const parent = slot.parentElement!.getBoundingClientRect().width;
      const kind = slot.parentElement!.className;
      // What the container's own CSS gives the slot: half the row, 320 px, or all of it.
      const expected = kind === 'sidebar' ? 320 : kind === 'full' ? parent : (parent - 16 - 24) / 2;
      return {
        tag: slot.dataset['tag']!, element: el.getBoundingClientRect().width, slot: slot.getBoundingClientRect().width,
        expected, otherLeft: other ? other.getBoundingClientRect().left : null,
      };
    }),
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
}

describe('elements in a CMS page\'s containers', () => {
  for (const kind of ['row', 'grid', 'sidebar', 'full']) {
    it(`every element fits a ${kind === 'row' ? 'flex: 1 column' : kind === 'grid' ? '1fr 1fr grid column' : kind === 'sidebar' ? '320 px sidebar' : 'full-width section'}`, { timeout: 120_000 }, async () => {
      expect(TAGS.length).toBeGreaterThanOrEqual(20);
      const page = await openHostPage(suite.browser, suite.portal.baseUrl, cmsPage(kind, TAGS), { hash: '#/', viewport: { width: 1280, height: 900 } });
      try {
        await page.locator('agora-carousel [data-carousel]').waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        await settle(page, TAGS.join(','));
        const { rows, scrollWidth, viewport } = await fits(page);
        if (kind === 'grid') await screenshot(page, 'hosts-cms-two-columns');
        const wrong = rows.filter((r) => r.element > r.slot + 0.5 || Math.abs(r.slot - r.expected) > 1)
          .map((r) => `${r.tag}: element ${r.element} px in a slot of ${r.slot} px (the container gives ${r.expected})`);
        expect(wrong).toEqual([]);
        expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(viewport);
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('theme variables', () => {
  it('set on an ancestor or on the element reach inside; the site colours are the fallback', { timeout: 60_000 }, async () => {
    const html = `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/dist/agora.js"></script>
<style>.brand{--agora-primary:rgb(200, 0, 100)} #own{--agora-primary:rgb(0, 120, 60)}</style></head><body>
<div class="brand"><section>${elementMarkup('agora-subscribe-button', 'id="ancestor"')}</section></div>
<div class="brand">${elementMarkup('agora-subscribe-button', 'id="own"')}</div>
${elementMarkup('agora-subscribe-button', 'id="plain"')}</body></html>`;
    const page = await openHostPage(suite.browser, suite.portal.baseUrl, html);
    try {
      // The button in the primary colour: filled or outlined, as the provider's button format says.
      const colour = (id: string) => page.locator(`#${id} button, #${id} a`).first()
        .evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).borderTopColor}`);
      // The utilities mix the theme colour (color-mix, for opacity modifiers): compare computed with computed.
      const computed = (c: string) => page.evaluate((value) => {
        const probe = document.createElement('i');
        probe.style.color = `color-mix(in srgb, ${value} 100%, transparent)`;
        document.body.append(probe);
        const out = getComputedStyle(probe).color;
        probe.remove();
        return out;
      }, c);
      const [pink, green, site] = await Promise.all(['rgb(200, 0, 100)', 'rgb(0, 120, 60)', '#3b3fd8'].map(computed));
      await expect.poll(() => colour('ancestor'), { timeout: 30_000 }).toContain(pink);
      // Polled: the button's colours transition (`transition-colors`), and a colour read while the
      // theme arrives is an interpolation, printed in oklab.
      await expect.poll(() => colour('own'), { timeout: 10_000 }).toContain(green);
      await expect.poll(() => colour('plain'), { timeout: 10_000 }).toContain(site); // the demo site's primary (server/seed/settings.ts)
      const plain = await colour('plain');
      expect(plain).not.toContain(pink);
      expect(plain).not.toContain(green);
    } finally {
      await page.context().close();
    }
  });
});
