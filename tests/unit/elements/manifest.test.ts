// The custom elements manifest (dist/custom-elements.json, scripts/elements-manifest.mjs): valid
// against the custom-elements-manifest schema, listing every element file, attribute and event,
// each with a description. An element added to elements/ is covered without touching this file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script
import { buildManifest, missingDescriptions, readEvents } from '../../../scripts/elements-manifest.mjs';

const ROOT = join(import.meta.dirname, '../../..');

interface Declaration {
  tagName: string;
  description: string;
  attributes: Array<{ name: string; description: string; type: { text: string } }>;
  events: Array<{ name: string; description: string; type: { text: string } }>;
  cssProperties: Array<{ name: string }>;
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

  it('lists the theme CSS custom properties', () => {
    expect(byTag.get('agora-carousel')!.cssProperties.map((p) => p.name)).toEqual(expect.arrayContaining(['--agora-primary', '--agora-button-radius']));
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
