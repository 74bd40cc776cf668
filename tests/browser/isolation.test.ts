// Style isolation, both ways (DESIGN "Styles never leak in or out"):
//  - in: an element on a hostile host page (universal selector with !important, Bootstrap-like
//    reset, html font-size 10px) looks exactly as on a blank page: the computed styles and boxes
//    of every node inside its shadow root are compared;
//  - out: loading the bundle and showing the element changes nothing on the host page: the
//    computed styles of every host node, and no <style>, stylesheet, adopted sheet, @font-face
//    or attribute added to the document.
// The host pages are tests/browser/fixtures/host-page.html (+ hostile.css), served on the
// portal's own origin (so the element talks to the real API as on a provider's page).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, pageErrors, screenshot, startPortal, ROOT, type Portal } from './harness.ts';
import {
  documentFootprint, measureHost, measureInside, renderSignature, PROPERTIES, SKIPPED_TAGS,
  type DocumentFootprint, type NodeStyle,
} from './fixtures/measure.ts';

const FIXTURES = join(ROOT, 'tests', 'browser', 'fixtures');
const TEMPLATE = readFileSync(join(FIXTURES, 'host-page.html'), 'utf8');
const HOSTILE = readFileSync(join(FIXTURES, 'hostile.css'), 'utf8');
const SUBJECT = '[data-subject]';

interface Case {
  name: string;
  /** Script (path on the portal) that defines the element. */
  script: string;
  /** The element's markup; must carry data-subject. */
  markup: string;
  /** Hash of the page URL (the portal in hash mode reads its route from it). */
  hash?: string;
  /** A shadow-piercing selector that shows the element has rendered its real content. */
  ready: string;
}

const CASES: Case[] = [
  {
    name: '<agora-portal> landing (hash mode)',
    script: '/agora.js',
    markup: '<agora-portal data-subject routing="hash"></agora-portal>',
    hash: '#/',
    ready: `${SUBJECT} header`,
  },
  {
    name: '<agora-portal> sign-in form (hash mode)',
    script: '/agora.js',
    markup: '<agora-portal data-subject routing="hash"></agora-portal>',
    hash: '#/signin',
    ready: `${SUBJECT} input`,
  },
];

type Variant = { hostile: boolean; element: boolean };

function hostPage(c: Case, v: Variant): string {
  return TEMPLATE
    .replace('<!--HOSTILE-->', v.hostile ? `<style id="hostile">\n${HOSTILE}\n</style>` : '')
    .replace('<!--BUNDLE-->', v.element ? `<script type="module" src="${c.script}"></script>` : '')
    .replace('<!--ELEMENT-->', v.element ? c.markup : '');
}

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** Opens the host page variant on the portal's origin and waits until the element has settled. */
async function open(c: Case, v: Variant): Promise<Page> {
  const page = await newPage(browser);
  const path = `/__isolation/${v.hostile ? 'hostile' : 'blank'}/${v.element ? 'with' : 'without'}`;
  await page.route(`${portal.baseUrl}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostPage(c, v) }));
  await page.goto(`${portal.baseUrl}${path}${c.hash ?? ''}`);
  if (v.element) {
    await page.locator(c.ready).first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await settle(page);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page;
}

/** Waits until what the element shows stops changing (lazy chunks, data, the 250 ms
 * loading placeholder) for three checks in a row. */
async function settle(page: Page): Promise<void> {
  let last = '';
  let same = 0;
  for (let i = 0; i < 60 && same < 3; i++) {
    const now = await page.evaluate(renderSignature, SUBJECT);
    same = now === last ? same + 1 : 0;
    last = now;
    await page.waitForTimeout(250);
  }
}

async function inside(page: Page): Promise<NodeStyle[]> {
  const result = await page.evaluate(measureInside, { selector: SUBJECT, properties: PROPERTIES, skipped: SKIPPED_TAGS, limit: 3000 });
  if (typeof result === 'string') throw new Error(result);
  return result;
}

async function host(page: Page): Promise<NodeStyle[]> {
  return page.evaluate(measureHost, { subject: SUBJECT, slot: '#agora-slot', properties: PROPERTIES, skipped: SKIPPED_TAGS });
}

/** Human-readable differences, grouped by property so a failure says what leaks at a glance. */
function differences(expected: NodeStyle[], actual: NodeStyle[], labels: [string, string]): string[] {
  const lines: string[] = [];
  const byPath = new Map(actual.map((n) => [n.path, n]));
  const missing = expected.filter((n) => !byPath.has(n.path)).map((n) => n.path);
  const extra = actual.filter((n) => !expected.some((e) => e.path === n.path)).map((n) => n.path);
  if (missing.length || extra.length) {
    lines.push(`structure differs: ${missing.length} nodes only on the ${labels[0]} page (${missing.slice(0, 5).join(', ')}), ${extra.length} only on the ${labels[1]} page (${extra.slice(0, 5).join(', ')})`);
  }
  const byProperty = new Map<string, string[]>();
  for (const e of expected) {
    const a = byPath.get(e.path);
    if (!a) continue;
    const props = Object.keys(e.styles).filter((p) => e.styles[p] !== a.styles[p]);
    for (const p of props) {
      const list = byProperty.get(p) ?? [];
      list.push(`${e.path}: ${labels[0]} ${JSON.stringify(e.styles[p])} vs ${labels[1]} ${JSON.stringify(a.styles[p])}`);
      byProperty.set(p, list);
    }
    if (e.box !== a.box) {
      const list = byProperty.get('box') ?? [];
      list.push(`${e.path}: ${labels[0]} ${e.box} vs ${labels[1]} ${a.box}`);
      byProperty.set('box', list);
    }
  }
  for (const [prop, list] of byProperty) {
    lines.push(`${prop} differs on ${list.length} node(s), e.g.:`, ...list.slice(0, 3).map((l) => `    ${l}`));
  }
  return lines;
}

describe('style isolation', () => {
  for (const c of CASES) {
    it(`${c.name} looks the same on a hostile page as on a blank page`, async () => {
      const blankPage = await open(c, { hostile: false, element: true });
      const hostilePage = await open(c, { hostile: true, element: true });
      try {
        const blank = await inside(blankPage);
        const hostile = await inside(hostilePage);
        expect(blank.length, 'the element drew nothing to compare').toBeGreaterThan(5);
        const diff = differences(blank, hostile, ['blank', 'hostile']);
        if (diff.length) {
          await screenshot(blankPage, `isolation-${c.name}-blank`);
          await screenshot(hostilePage, `isolation-${c.name}-hostile`);
        }
        expect(diff, `host CSS leaks into ${c.name} (${blank.length} nodes compared)`).toEqual([]);
        expect(pageErrors(blankPage)).toEqual([]);
        expect(pageErrors(hostilePage)).toEqual([]);
      } finally {
        await blankPage.context().close();
        await hostilePage.context().close();
      }
    });

    for (const hostile of [false, true]) {
      it(`${c.name} changes nothing on a ${hostile ? 'hostile' : 'blank'} host page`, async () => {
        const without = await open(c, { hostile, element: false });
        const withIt = await open(c, { hostile, element: true });
        try {
          const before: DocumentFootprint = await without.evaluate(documentFootprint);
          const after: DocumentFootprint = await withIt.evaluate(documentFootprint);
          expect(after, 'the bundle added styles, fonts or attributes to the document').toEqual(before);
          const diff = differences(await host(without), await host(withIt), ['without', 'with']);
          expect(diff, `${c.name} changes the host page`).toEqual([]);
        } finally {
          await without.context().close();
          await withIt.context().close();
        }
      });
    }
  }

  it('measures what it claims: the hostile sheet does change an unprotected shadow tree', async () => {
    // Guards the test itself: a naive element (open shadow root, no reset) must show differences.
    const naive: Case = {
      name: 'naive element',
      script: 'data:text/javascript,',
      markup: '<naive-box data-subject></naive-box>',
      ready: `${SUBJECT} p`,
    };
    const define = `customElements.define('naive-box', class extends HTMLElement {
      connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<div><p>Text <a href="/x">link</a></p><button>Go</button><ul><li>One</li></ul></div>'; }
    });`;
    const pages: Page[] = [];
    const measure = async (hostile: boolean) => {
      const page = await open({ ...naive, script: `data:text/javascript,${encodeURIComponent(define)}` }, { hostile, element: true });
      pages.push(page);
      return inside(page);
    };
    try {
      const diff = differences(await measure(false), await measure(true), ['blank', 'hostile']).join('\n');
      for (const leak of ['font-family', 'color', 'line-height', 'letter-spacing', 'text-align']) expect(diff).toContain(`${leak} differs`);
    } finally {
      for (const page of pages) await page.context().close();
    }
  });
});
