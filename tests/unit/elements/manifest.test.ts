// The custom elements manifest (dist/custom-elements.json, scripts/elements-manifest.mjs): valid
// against the custom-elements-manifest schema, listing every element file, attribute and event,
// each with a description; each event and CSS custom property with its own text; and the editor
// data made from it (VS Code custom HTML data, JetBrains web-types). An element added to elements/
// is covered without touching this file. tests/browser/manifest.test.ts checks it against the BUILT
// elements (what they observe, dispatch and read).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script
import { buildManifest, buildTypes, elementFiles as generatedFiles, missingDescriptions, readEvents } from '../../../scripts/elements-manifest.mjs';

const ROOT = join(import.meta.dirname, '../../..');

interface Declaration {
  tagName: string;
  description: string;
  attributes: Array<{ name: string; description: string; type: { text: string } }>;
  events: Array<{ name: string; description: string; type: { text: string } }>;
  cssProperties: Array<{ name: string; description: string }>;
  members: Array<{ kind: string; name: string; attribute: string; description: string }>;
  slots: unknown[];
  cssParts: unknown[];
}
type Manifest = { schemaVersion: string; modules: Array<{ path: string; declarations: Declaration[] }> };

const manifest = buildManifest(ROOT) as Manifest;
const declarations = manifest.modules.flatMap((m) => m.declarations);
const byTag = new Map(declarations.map((d) => [d.tagName, d]));
const elementFiles = readdirSync(join(ROOT, 'elements')).filter((f) => /^agora-[a-z0-9-]+\.ts$/.test(f));
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

describe('custom-elements.json', () => {
  it('validates against the custom-elements-manifest schema', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'node_modules/custom-elements-manifest/schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('lists every element file of elements/', () => {
    expect(elementFiles.length).toBeGreaterThan(10);
    expect([...byTag.keys()].sort()).toEqual(elementFiles.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  it("lists each element's attributes as its file declares them, and the common ones", () => {
    for (const file of elementFiles) {
      const text = readFileSync(join(ROOT, 'elements', file), 'utf8');
      const map = /defineElement[\s\S]*?\),\s*(\{[\s\S]*?\})\s*(?:,|\))/.exec(text)?.[1] ?? '{}';
      const props = [...map.matchAll(/([A-Za-z]\w*)\s*:\s*'(?:string|number|boolean|json)'/g)].map((m) => kebab(m[1]!));
      const names = byTag.get(file.replace(/\.ts$/, ''))!.attributes.map((a) => a.name);
      expect(names, file).toEqual(expect.arrayContaining([...props, 'api-base', 'tenant', 'locale', 'portal-url']));
      expect(names.length, file).toBe(new Set([...props, 'api-base', 'tenant', 'locale', 'portal-url']).size);
    }
    const carousel = byTag.get('agora-carousel')!;
    expect(carousel.attributes.find((a) => a.name === 'limit')).toMatchObject({ type: { text: 'number' }, default: '10' });
  });

  it('documents every event of src/elements/events.ts with its detail type, on the elements that send it', () => {
    const { events, common } = readEvents(ROOT) as { events: Array<{ name: string }>; common: string[] };
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining([
      'agora-navigate', 'agora-signin-required', 'agora-subscribed', 'agora-application-created', 'agora-credential-created', 'agora-error',
    ]));
    for (const d of declarations) {
      expect(d.events.map((e) => e.name), d.tagName).toEqual(expect.arrayContaining(common));
      for (const e of d.events) expect(e.type.text, `${d.tagName}@${e.name}`).toMatch(/^CustomEvent<\{.+\}>$/);
    }
    // Every declared event is sent by some element, and each element's @fires names a real event.
    const sent = new Set(declarations.flatMap((d) => d.events.map((e) => e.name)));
    expect([...sent].sort()).toEqual(events.map((e) => e.name).sort());
    expect(byTag.get('agora-subscribe-button')!.events.map((e) => e.name)).toContain('agora-subscribed');
    expect(byTag.get('agora-applications')!.events.map((e) => e.name)).toContain('agora-application-created');
    expect(byTag.get('agora-credentials')!.events.map((e) => e.name)).toContain('agora-credential-created');
  });

  it('gives each event only its own JSDoc, in the manifest and in agora.d.ts', () => {
    const source = readFileSync(join(ROOT, 'src/elements/events.ts'), 'utf8');
    const { events } = readEvents(ROOT) as { events: Array<{ name: string; description: string; detail: string }> };
    const types = buildTypes(ROOT) as string;
    for (const e of events) {
      // The block right above the event's key, whitespace-normalised, is its description, whole.
      const at = source.indexOf(`'${e.name}':`);
      const block = source.slice(source.lastIndexOf('/**', at) + 3, source.lastIndexOf('*/', at));
      const own = block.split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trim()).filter(Boolean).join(' ');
      expect(e.description, e.name).toBe(own);
      expect(e.description, e.name).not.toMatch(/agora-[a-z]+-?[a-z]*':|\bstring;/);
      for (const d of declarations) {
        const listed = d.events.find((x) => x.name === e.name);
        if (listed) expect(listed.description, `${d.tagName}@${e.name}`).toBe(own);
      }
      expect(types, e.name).toContain(`  /** ${own} */\n  '${e.name}': CustomEvent<${e.detail}>;`);
    }
    expect(events.find((e) => e.name === 'agora-error')!.description.length).toBeLessThan(200);
  });

  it('lists each CSS custom property once, with its own text, the font and the theme colours', () => {
    const props = byTag.get('agora-carousel')!.cssProperties;
    const names = props.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['--agora-primary', '--agora-button', '--agora-heading-bg', '--agora-on-primary', '--agora-button-radius', '--agora-font-family']));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(props.map((p) => p.description)).size).toBe(props.length);
    expect(props.find((p) => p.name === '--agora-button')!.description).toMatch(/colors\.button\b/);
    expect(props.find((p) => p.name === '--agora-heading-bg')!.description).toMatch(/colors\.heading_bg\b/);
    for (const p of props) expect(p.description, p.name).toMatch(/on the element or any ancestor/);
    for (const d of declarations) expect(d.cssProperties, d.tagName).toEqual(props);
  });

  it("describes each element's properties, and says it has no slots and no CSS parts", () => {
    for (const d of declarations) {
      expect(d.members.map((m) => m.attribute), d.tagName).toEqual(d.attributes.map((a) => a.name));
      for (const m of d.members) {
        expect(kebab(m.name), d.tagName).toBe(m.attribute);
        expect(m.description, `${d.tagName}.${m.name}`).toContain(d.attributes.find((a) => a.name === m.attribute)!.description);
      }
      expect(d.slots).toEqual([]);
      expect(d.cssParts).toEqual([]);
    }
  });

  it('is named by package.json, and the editor data says what the manifest says', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const { files } = generatedFiles(ROOT) as { files: Record<string, string> };
    expect(pkg.customElements).toBe('dist/custom-elements.json');
    expect(pkg['web-types']).toBe('dist/web-types.json');
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['custom-elements.json', 'agora.d.ts', 'vscode.html-custom-data.json', 'web-types.json']));

    const vscode = JSON.parse(files['vscode.html-custom-data.json']!);
    const webTypes = JSON.parse(files['web-types.json']!);
    expect(webTypes.name).toBe(pkg.name);
    expect(webTypes.version).toBe(pkg.version);
    const vsTags = new Map(vscode.tags.map((t: { name: string }) => [t.name, t]));
    const wtTags = new Map(webTypes.contributions.html.elements.map((t: { name: string }) => [t.name, t]));
    expect([...vsTags.keys()].sort()).toEqual([...byTag.keys()].sort());
    expect([...wtTags.keys()].sort()).toEqual([...byTag.keys()].sort());
    for (const d of declarations) {
      const vs = vsTags.get(d.tagName) as { description: string; attributes: Array<{ name: string }> };
      const wt = wtTags.get(d.tagName) as { description: string; attributes: Array<{ name: string; description: string }>; js: { events: Array<{ name: string; description: string }>; properties: Array<{ name: string }> }; css: { properties: Array<{ name: string; description: string }> } };
      expect(vs.description).toBe(d.description);
      expect(vs.attributes.map((a) => a.name)).toEqual(d.attributes.map((a) => a.name));
      expect(wt.description).toBe(d.description);
      expect(wt.attributes.map((a) => [a.name, a.description])).toEqual(d.attributes.map((a) => [a.name, a.description]));
      expect(wt.js.events.map((e) => [e.name, e.description])).toEqual(d.events.map((e) => [e.name, e.description]));
      expect(wt.js.properties.map((p) => p.name)).toEqual(d.members.map((m) => m.name));
      expect(wt.css.properties).toEqual(d.cssProperties.map((p) => ({ name: p.name, description: p.description })));
    }
  });

  // The description check of the build (which fails on it too: rollup.config.mjs elementsManifest).
  it('gives every element, attribute and event a description (JSDoc in elements/<tag>.ts)', () => {
    expect(missingDescriptions(manifest)).toEqual([]);
  });

  it('notices a missing description', () => {
    const copy = structuredClone(manifest);
    copy.modules[0]!.declarations[0]!.attributes[0]!.description = '';
    const d = copy.modules[0]!.declarations[0]!;
    const before = missingDescriptions(manifest) as string[];
    expect(missingDescriptions(copy)).toEqual([`${d.tagName}[${d.attributes[0]!.name}]`, ...before]);
  });
});
