// Style isolation, both ways (DESIGN "Styles never leak in or out"):
//  - in: an element on a hostile host page (universal selector with !important, Bootstrap-like
//    reset, html font-size 10px) and on pages built with real CSS frameworks looks exactly as on a
//    blank page: the computed styles and boxes of every node inside its shadow root are compared;
//  - out: loading the bundle and showing the element changes nothing on the host page, blank or
//    hostile: the computed styles of every host node, and no <style>, stylesheet, adopted sheet,
//    @font-face or attribute added to the document.
// The host pages are tests/browser/fixtures/host-page.html (+ hostile.css), served on the
// portal's own origin (so the element talks to the real API as on a provider's page).
// Cases: <agora-portal> from the full bundle in hash mode (landing and sign-in routes), and every
// element from its own one-element entry dist/elements/<tag>.js.
// "In" is checked with every one-element case on one page, measured blank, then with each host
// stylesheet added to the page in turn: the hostile one, and real CSS frameworks no one here
// wrote (Bootstrap 5, Bulma, Tailwind's preflight, from node_modules); one page load for all (a
// page per case and stylesheet tripled the file's time), each element compared with itself on
// the blank page. "Out" needs a page per case: the document must show that element's footprint.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JSHandle, Page } from 'playwright-core';
import { newPage, pageErrors, ROOT, screenshot, useSuite } from './harness.ts';
import {
  documentFootprint, finishAnimations, measureHost, measureInside, PROPERTIES, SKIPPED_TAGS,
  type DocumentFootprint, type NodeStyle,
} from './fixtures/measure.ts';
import { ELEMENT_ATTRIBUTES, settle } from './fixtures/hostPages.ts';

const FIXTURES = join(ROOT, 'tests', 'browser', 'fixtures');
const TEMPLATE = readFileSync(join(FIXTURES, 'host-page.html'), 'utf8');
const HOSTILE = readFileSync(join(FIXTURES, 'hostile.css'), 'utf8');
const SUBJECT = '[data-subject]';

interface Case {
  name: string;
  /** Script URL (on the portal) that defines the element. */
  script: string;
  /** The element's markup; must carry data-subject. */
  markup: string;
  /** Hash of the page URL (the portal in hash mode reads its route from it). */
  hash?: string;
  /** A shadow-piercing selector that shows the element has rendered its real content. */
  ready: string;
  /** Fewest nodes the element must draw for the comparison to mean something. */
  minNodes: number;
}

const PORTAL = '<agora-portal data-subject router="hash"></agora-portal>';

/** Every one-element entry the build wrote, shown as ATTRIBUTES says. */
function singleElementCases(): Case[] {
  const dir = join(ROOT, 'dist', 'elements');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => /^agora-[a-z0-9-]+\.js$/.test(f)).sort().flatMap((file) => {
    const tag = file.replace(/\.js$/, '');
    const base = { script: `/dist/elements/${file}` };
    if (tag === 'agora-portal') {
      return [{ ...base, name: `<${tag}> alone (dist/elements/${file})`, markup: PORTAL, hash: '#/', ready: `${SUBJECT} header nav`, minNodes: 5 }];
    }
    return (ELEMENT_ATTRIBUTES[tag] ?? [{ attrs: '' }]).map(({ label, attrs }) => ({
      ...base,
      name: `<${tag}${label ? ` ${label}` : ''}> alone (dist/elements/${file})`,
      markup: `<${tag} data-subject ${attrs}></${tag}>`,
      ready: `${SUBJECT} *`,
      minNodes: 1,
    }));
  });
}

const CASES: Case[] = [
  {
    name: '<agora-portal> landing (hash mode)',
    script: '/dist/agora.js', markup: PORTAL, hash: '#/', ready: `${SUBJECT} header nav`, minNodes: 5,
  },
  {
    name: '<agora-portal> sign-in form (hash mode)',
    script: '/dist/agora.js', markup: PORTAL, hash: '#/signin', ready: `${SUBJECT} form input`, minNodes: 5,
  },
  ...singleElementCases(),
];

/** Host stylesheets added in turn to the page of every element: the hostile one, and the
 * frameworks' own, as a site built on them loads them. */
const FRAMEWORKS: Record<string, string> = {
  'hostile host': 'tests/browser/fixtures/hostile.css',
  'Bootstrap 5': 'node_modules/bootstrap/dist/css/bootstrap.min.css',
  'Bulma': 'node_modules/bulma/css/bulma.min.css',
  "Tailwind's preflight": 'node_modules/tailwindcss/preflight.css',
};
const FRAMEWORK_CSS = new Map(Object.entries(FRAMEWORKS).map(([name, file]) => [name, readFileSync(join(ROOT, file), 'utf8')]));

type Variant = { hostile: boolean; element: boolean };

function hostPage(c: Pick<Case, 'script' | 'markup'>, v: Variant): string {
  return TEMPLATE
    .replace('<!--HOSTILE-->', v.hostile ? `<style id="hostile">\n${HOSTILE}\n</style>` : '')
    .replace('<!--BUNDLE-->', v.element ? `<script type="module" src="${c.script}"></script>` : '')
    .replace('<!--ELEMENT-->', v.element ? c.markup : '');
}

const suite = useSuite();

let pageCount = 0;

/** Opens a host page variant on the portal's origin and waits until the element has settled. */
async function open(c: Pick<Case, 'script' | 'markup' | 'hash' | 'ready'>, v: Variant): Promise<Page> {
  const page = await newPage(suite.browser);
  const path = `/__isolation/${++pageCount}`;
  await page.route(`${suite.portal.baseUrl}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostPage(c, v) }));
  await page.goto(`${suite.portal.baseUrl}${path}${c.hash ?? ''}`);
  if (v.element) {
    await page.locator(c.ready).first().waitFor({ state: 'attached', timeout: 30_000 });
    await settle(page, SUBJECT);
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page;
}

interface Measured {
  page: Page;
  inside: NodeStyle[] | null;
  host: NodeStyle[];
  footprint: DocumentFootprint;
}

/** The host page's nodes and footprint; with `inside`, also every node of the element's shadow tree. */
async function measure(page: Page, inside: boolean): Promise<Measured> {
  let nodes: NodeStyle[] | null = null;
  await page.evaluate(finishAnimations);
  if (inside) {
    const result = await page.evaluate(measureInside, { selector: SUBJECT, properties: PROPERTIES, skipped: SKIPPED_TAGS, limit: 3000 });
    if (typeof result === 'string') throw new Error(result);
    nodes = result;
  }
  const host = await page.evaluate(measureHost, { subject: SUBJECT, slot: '#agora-slot', properties: PROPERTIES, skipped: SKIPPED_TAGS });
  return { page, inside: nodes, host, footprint: await page.evaluate(documentFootprint) };
}

/** The host pages without any bundle, measured once per run (the baseline of "changes nothing"). */
const baselines = new Map<boolean, Promise<Measured>>();
function baseline(hostile: boolean): Promise<Measured> {
  if (!baselines.has(hostile)) {
    baselines.set(hostile, (async () => {
      const page = await open({ script: '', markup: '', ready: 'body' }, { hostile, element: false });
      const m = await measure(page, false);
      await page.context().close();
      return m;
    })());
  }
  return baselines.get(hostile)!;
}

/** Human-readable differences, grouped by property so a failure says what leaks at a glance. */
function differences(expected: NodeStyle[], actual: NodeStyle[], labels: [string, string]): string[] {
  const lines: string[] = [];
  const byPath = new Map(actual.map((n) => [n.path, n]));
  const expectedPaths = new Set(expected.map((n) => n.path));
  const missing = expected.filter((n) => !byPath.has(n.path)).map((n) => n.path);
  const extra = actual.filter((n) => !expectedPaths.has(n.path)).map((n) => n.path);
  if (missing.length || extra.length) {
    lines.push(`structure differs: ${missing.length} nodes only on the ${labels[0]} page (${missing.slice(0, 5).join(', ')}), ${extra.length} only on the ${labels[1]} page (${extra.slice(0, 5).join(', ')})`);
  }
  const byProperty = new Map<string, string[]>();
  const note = (prop: string, line: string) => byProperty.set(prop, [...(byProperty.get(prop) ?? []), line]);
  for (const e of expected) {
    const a = byPath.get(e.path);
    if (!a) continue;
    for (const p of Object.keys(e.styles)) {
      if (e.styles[p] !== a.styles[p]) note(p, `${e.path}: ${labels[0]} ${JSON.stringify(e.styles[p])} vs ${labels[1]} ${JSON.stringify(a.styles[p])}`);
    }
    if (e.box !== a.box) note('box', `${e.path}: ${labels[0]} ${e.box} vs ${labels[1]} ${a.box}`);
  }
  for (const [prop, list] of byProperty) {
    lines.push(`${prop} differs on ${list.length} node(s), e.g.:`, ...list.slice(0, 3).map((l) => `    ${l}`));
  }
  return lines;
}

const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();

describe('style isolation', () => {
  for (const c of CASES) {
    describe(c.name, () => {
      let blank: Measured;
      let hostile: Measured;

      beforeAll(async () => {
        // The pages load side by side: most of their time is waiting for the element to settle.
        const [blankPage, hostilePage] = await Promise.all([
          open(c, { hostile: false, element: true }), open(c, { hostile: true, element: true }),
        ]);
        // The host side only: the shadow trees are compared on the page of every element below.
        blank = await measure(blankPage, false);
        hostile = await measure(hostilePage, false);
      });

      afterAll(async () => {
        await blank?.page.context().close();
        await hostile?.page.context().close();
      });

      for (const hostileHost of [false, true]) {
        it(`changes nothing on a ${hostileHost ? 'hostile' : 'blank'} host page`, async () => {
          const before = await baseline(hostileHost);
          const after = hostileHost ? hostile : blank;
          expect(after.footprint, 'the bundle added styles, fonts or attributes to the document').toEqual(before.footprint);
          expect(differences(before.host, after.host, ['without', 'with']), `${c.name} changes the host page`).toEqual([]);
        });
      }
    });
  }

  describe('on host pages built with CSS frameworks', () => {
    const cases = CASES.filter((c) => c.script.startsWith('/dist/elements/'));
    const PIN = `.agora-slot{width:1000px!important;margin:0 0 24px!important;padding:0!important;border:0 none!important}
.agora-slot>[data-subject]{display:block!important;width:1000px!important;margin:0!important;padding:0!important;border:0 none!important;box-sizing:border-box!important}`;
    const html = TEMPLATE
      .replace('<!--HOSTILE-->', `<style>${PIN}</style>`)
      // Each element's own entry (dist/agora.js leaves some out, agora-insights among them).
      .replace('<!--BUNDLE-->', [...new Set(cases.map((c) => c.script))].map((src) => `<script type="module" src="${src}"></script>`).join(''))
      .replace('<!--ELEMENT-->', cases.map((c, i) => `<div class="agora-slot">${c.markup.replace('data-subject', `data-subject="${i}"`)}</div>`).join('\n'));
    let page: Page;
    /** Each element's measure on the blank page, kept in the page (a handle). */
    let blank: Array<JSHandle<NodeStyle[] | string>> = [];
    /** Per stylesheet, each element compared with its blank measure. */
    const compared = new Map<string, Comparison[]>();
    const undrawn: string[] = [];

    /** Every element measured in the page, the measures left there: up to 3000 nodes x 45
     * properties an element, passed to the test and back for each stylesheet, were most of the
     * file's time; now only a comparison that finds a difference brings the two lists out. */
    async function measureAll(): Promise<Array<JSHandle<NodeStyle[] | string>>> {
      await settle(page, SUBJECT);
      await page.evaluate(finishAnimations);
      const out: Array<JSHandle<NodeStyle[] | string>> = [];
      for (let i = 0; i < cases.length; i++) {
        out.push(await page.evaluateHandle(measureInside, { selector: `[data-subject="${i}"]`, properties: PROPERTIES, skipped: SKIPPED_TAGS, limit: 3000 }));
      }
      return out;
    }

    beforeAll(async () => {
      page = await newPage(suite.browser);
      const path = `/__isolation/${++pageCount}`;
      await page.route(`${suite.portal.baseUrl}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
      await page.goto(`${suite.portal.baseUrl}${path}#/`);
      for (const [i, c] of cases.entries()) {
        await page.locator(c.ready.replace(SUBJECT, `[data-subject="${i}"]`)).first()
          .waitFor({ state: 'attached', timeout: 30_000 }).catch(() => undrawn.push(c.name));
      }
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      blank = await measureAll();
      for (const [name, css] of FRAMEWORK_CSS) {
        await page.evaluate((text) => {
          const style = document.createElement('style');
          style.id = 'framework';
          style.textContent = text;
          document.head.append(style);
        }, css);
        const styled = await measureAll();
        const results = await Promise.all(styled.map((m, i) => compare(blank[i]!, m)));
        compared.set(name, results);
        await Promise.all(styled.map((m) => m.dispose()));
        if (results.some((r) => !r.same)) await screenshot(page, `isolation-${slug(name)}`);
        await page.evaluate(() => document.getElementById('framework')!.remove());
      }
    }, 300_000);

    /** The same measure (the usual case, found in the page), or both, for the failure's message. */
    type Comparison = { same: true; nodes: number } | { same: false; blank: NodeStyle[] | string; styled: NodeStyle[] | string };
    function compare(a: JSHandle<NodeStyle[] | string>, b: JSHandle<NodeStyle[] | string>): Promise<Comparison> {
      return page.evaluate(([x, y]) => (typeof x !== 'string' && typeof y !== 'string' && JSON.stringify(x) === JSON.stringify(y)
        ? { same: true as const, nodes: x.length }
        : { same: false as const, blank: x, styled: y }), [a, b] as const);
    }

    afterAll(async () => {
      await page?.context().close();
    });

    for (const framework of FRAMEWORK_CSS.keys()) {
      it(`every element looks the same on a ${framework} page as on a blank page`, () => {
        expect(undrawn, 'elements that drew nothing on the page').toEqual([]);
        const wrong: string[] = [];
        compared.get(framework)!.forEach((r, i) => {
          const c = cases[i]!;
          if (r.same) return void (r.nodes < c.minNodes && wrong.push(`${c.name}: drew too little (${r.nodes} nodes)`));
          const [a, b] = [r.blank, r.styled];
          if (typeof a === 'string' || typeof b === 'string') return void wrong.push(`${c.name}: ${String(typeof a === 'string' ? a : b)}`);
          if (a.length < c.minNodes) return void wrong.push(`${c.name}: drew too little (${a.length} nodes)`);
          const diff = differences(a, b, ['blank', framework]);
          if (diff.length) wrong.push(`${c.name}:`, ...diff.map((l) => `  ${l}`));
        });
        expect(wrong, `${framework} reaches into the elements (screenshot in test-results/)`).toEqual([]);
        expect(pageErrors(page)).toEqual([]);
      });
    }
  });

  describe('the measurement itself', () => {
    // Guards the test: a naive element (open shadow root, no reset, a global <style> for its
    // button like many widgets add) must show differences both ways.
    const naive = `customElements.define('naive-box', class extends HTMLElement {
      connectedCallback() {
        this.attachShadow({ mode: 'open' }).innerHTML = '<div><p>Text <a href="/x">link</a></p><button>Go</button><ul><li>One</li></ul></div>';
        const style = document.createElement('style');
        style.textContent = 'button { color: blue; letter-spacing: 2px }';
        document.head.append(style);
      }
    });`;
    const c = { script: `data:text/javascript,${encodeURIComponent(naive)}`, markup: '<naive-box data-subject></naive-box>', ready: `${SUBJECT} p` };

    it('sees the hostile sheet reach into an unprotected shadow tree', async () => {
      const blank = await measure(await open(c, { hostile: false, element: true }), true);
      const hostile = await measure(await open(c, { hostile: true, element: true }), true);
      try {
        const diff = differences(blank.inside!, hostile.inside!, ['blank', 'hostile']).join('\n');
        for (const leak of ['font-family', 'font-size', 'color', 'line-height', 'letter-spacing', 'text-align']) expect(diff).toContain(`${leak} differs`);
      } finally {
        await blank.page.context().close();
        await hostile.page.context().close();
      }
    });

    it('sees a global style added by an element change the host page', async () => {
      const withIt = await measure(await open(c, { hostile: false, element: true }), true);
      try {
        const before = await baseline(false);
        expect(withIt.footprint.styleNodes).toBe(before.footprint.styleNodes + 1);
        const diff = differences(before.host, withIt.host, ['without', 'with']).join('\n');
        expect(diff).toContain('letter-spacing differs');
        expect(diff).toMatch(/button\[\d+\]: without "rgb\(0, 0, 0\)" vs with "rgb\(0, 0, 255\)"/);
      } finally {
        await withIt.page.context().close();
      }
    });
  });
});
