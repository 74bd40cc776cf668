// dist/custom-elements.json against the BUILT elements (tests/unit/elements/manifest.test.ts checks
// it against the sources): each element's attributes are what its class observes and its properties
// what it defines; its events are the agora-* events its code (the chunks its entry file reaches)
// can dispatch; its CSS custom properties are those its shadow root sets on :host or reads with
// var(), nothing more and nothing less. Fails when an element and the manifest disagree.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, poll, ROOT, useSuite } from './harness.ts';

const DIST = join(ROOT, 'dist');

interface Declaration {
  tagName: string;
  attributes: Array<{ name: string }>;
  members: Array<{ name: string }>;
  events: Array<{ name: string }>;
  cssProperties: Array<{ name: string }>;
}
const manifest = JSON.parse(readFileSync(join(DIST, 'custom-elements.json'), 'utf8')) as { modules: Array<{ path: string; declarations: Declaration[] }> };
const elements = manifest.modules.map((m) => ({ path: m.path, ...m.declarations[0]! }));
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** The built files an entry can load: its static and dynamic imports, followed. */
function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [resolve(DIST, entry)];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/["'](\.\.?\/[^"'?]+\.js)["']/g)) stack.push(resolve(dirname(file), m[1]!));
  }
  return [...seen].map((f) => relative(DIST, f));
}

const suite = useSuite();

/** A host page of the portal's origin with `body`, loading these entry files of dist/. */
async function hostPage(body: string, entries = ['agora.js']): Promise<Page> {
  const page = await newPage(suite.browser);
  const path = '/__cms/manifest';
  await page.route(`${suite.portal.baseUrl}${path}`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
      ${entries.map((e) => `<script type="module" src="/dist/${e}"></script>`).join('')}</head><body>${body}</body></html>`,
  }));
  await page.goto(`${suite.portal.baseUrl}${path}`);
  return page;
}

describe('custom-elements.json against the built elements', () => {
  it("lists exactly the attributes each element observes and the properties it defines", async () => {
    // Each element's own file (not agora.js, whose copies would define the tags first).
    const page = await hostPage('', elements.map((e) => e.path));
    const tags = elements.map((e) => e.tagName);
    await poll(() => page.evaluate((t) => t.every((tag) => customElements.get(tag)), tags)).toBe(true);
    const built = await page.evaluate((t) => Object.fromEntries(t.map((tag) => {
      const cls = customElements.get(tag) as unknown as { observedAttributes: string[]; prototype: object };
      const props: string[] = [];
      for (let proto = cls.prototype; proto && proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) if (d.get && d.set) props.push(name);
      }
      return [tag, { observed: cls.observedAttributes, props }];
    })), tags);
    for (const e of elements) {
      expect(sorted(e.attributes.map((a) => a.name)), e.tagName).toEqual(sorted(built[e.tagName]!.observed));
      expect(sorted(e.members.map((m) => m.name)), e.tagName).toEqual(sorted(built[e.tagName]!.props));
    }
    await page.close();
  });

  it('lists exactly the events the code each entry file loads can dispatch', () => {
    const source = readFileSync(join(ROOT, 'src/elements/events.ts'), 'utf8');
    const declared = [...source.matchAll(/^\s*'(agora-[a-z-]+)':/gm)].map((m) => m[1]!);
    for (const e of elements) {
      const code = reachable(e.path).map((f) => readFileSync(join(DIST, f), 'utf8')).join('\n');
      const dispatched = declared.filter((name) => code.includes(`"${name}"`) || code.includes(`'${name}'`) || code.includes(`\`${name}\``));
      expect(sorted(e.events.map((x) => x.name)), e.tagName).toEqual(sorted(dispatched));
    }
  });

  it('lists exactly the CSS custom properties the elements set on :host or read', async () => {
    const page = await hostPage('<agora-carousel limit="2"></agora-carousel><agora-portal></agora-portal>');
    await poll(() => page.locator('agora-carousel [data-product-id], agora-carousel h2').count()).toBeGreaterThan(0);
    await poll(() => page.locator('agora-portal header nav a').count()).toBeGreaterThan(0);
    const used = await page.evaluate(() => {
      const found: Record<string, string[]> = {};
      for (const tag of ['agora-carousel', 'agora-portal']) {
        const root = document.querySelector(tag)!.shadowRoot!;
        const sheets = [...root.adoptedStyleSheets, ...[...root.querySelectorAll('style')].map((s) => s.sheet!)];
        const text = sheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
        // --agora-theme-*: the site's colours under the public names, private to the theme sheet
        // (src/styles/theme.ts), so that a page's --agora-* on an ancestor wins over them.
        found[tag] = [...new Set([...text.matchAll(/--agora-(?!theme-)[a-z0-9-]+(?=\s*:|\s*[,)])/g)].map((m) => m[0]))];
      }
      return found;
    });
    const listed = sorted(elements.find((e) => e.tagName === 'agora-portal')!.cssProperties.map((p) => p.name));
    // Every element reads the same theme: each sets or reads nothing outside the list, and the two
    // together (the portal draws every screen) use all of it.
    for (const [tag, names] of Object.entries(used)) expect(listed, tag).toEqual(expect.arrayContaining(names));
    expect(sorted([...used['agora-carousel']!, ...used['agora-portal']!])).toEqual(listed);
    await page.close();
  });
});
