// The custom elements manifest (dist/custom-elements.json, https://github.com/webcomponents/custom-elements-manifest)
// and the host types (dist/agora.d.ts), made from one source: the element files in elements/.
//
// Each elements/agora-<name>.ts documents itself in JSDoc (read here, not by a TypeScript API:
// TypeScript 7 has none):
//
//   /**
//    * Featured products for marketing pages.          <- the element's description
//    * @fires agora-subscribed                          <- events of its own (besides COMMON_EVENTS)
//    */
//   defineElement('agora-carousel', () => import(…), {
//     /** Features the products of this category. @default "…" */   <- one per attribute
//     category: 'string',
//   }, { … });
//
// Events come from src/elements/events.ts (their JSDoc and detail types), the attributes every
// element takes from CommonAttributes in src/elements/define.ts, the CSS custom properties from
// the theme (src/styles/theme.ts). Every file in elements/ is read, so a new element is covered
// without touching this script; `missingDescriptions` names what is left undocumented (the build
// and tests/unit/elements/manifest.test.ts fail on it).
//
// The editor data is made from the manifest: dist/vscode.html-custom-data.json (VS Code's
// "html.customData") and dist/web-types.json (JetBrains IDEs, package.json "web-types").
//
//   node scripts/elements-manifest.mjs        writes the four files into dist/
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);
const pascal = (tag) => tag.split('-').map((p) => p[0].toUpperCase() + p.slice(1)).join('');

/** The text and tags of a JSDoc block body (without the slash-stars). */
function parseDoc(body) {
  const lines = body.split('\n').map((l) => l.replace(/^\s*\*\s?/, '').trimEnd());
  const text = [];
  const tags = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) tags.push({ tag: tag[1], value: tag[2].trim() });
    else if (tags.length) tags[tags.length - 1].value += (tags[tags.length - 1].value ? ' ' : '') + line.trim();
    else text.push(line);
  }
  // An inline @default at the end of a one-line description.
  let description = text.join('\n').trim().replace(/\s*\n\s*/g, ' ');
  const inline = /\s*@default\s+(.+)$/.exec(description);
  if (inline) {
    tags.push({ tag: 'default', value: inline[1].trim() });
    description = description.slice(0, inline.index).trim();
  }
  return { description, tags };
}

/** The JSDoc block right before `index` in `text` (only blank space between), or null. Only that
 * block: the last one opening before `index` (an earlier block's text never runs into it). */
function docBefore(text, index) {
  const before = text.slice(0, index);
  const end = before.lastIndexOf('*/');
  if (end < 0 || before.slice(end + 2).trim()) return null;
  const start = before.lastIndexOf('/**', end);
  return start < 0 ? null : parseDoc(before.slice(start + 3, end));
}

/** The {…} starting at `open` (an index of '{'), braces balanced, strings skipped. */
function braced(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  throw new Error('unbalanced braces');
}

/** `name: 'type'` entries of an attribute-map literal, each with the JSDoc before it. */
function attributeEntries(literal) {
  const out = [];
  for (const m of literal.matchAll(/(?:^|[,{\n])\s*(?:\/\*\*([\s\S]*?)\*\/\s*)?([A-Za-z_$][\w$]*)\s*:\s*'(string|number|boolean|json)'/g)) {
    out.push({ prop: m[2], kind: m[3], doc: m[1] !== undefined ? parseDoc(m[1]) : null });
  }
  return out;
}

/** One element file: tag, description, own events, attributes. */
export function readElementFile(file) {
  const text = readFileSync(file, 'utf8');
  const call = /defineElement(?:<[^>]*>)?\(\s*'(agora-[a-z0-9-]+)'/.exec(text);
  if (!call) return null;
  const doc = docBefore(text, call.index);
  // The attribute map is the first object literal after the loader (the second argument).
  const afterLoader = text.indexOf('),', call.index);
  const open = text.indexOf('{', afterLoader);
  const attributes = open < 0 ? [] : attributeEntries(braced(text, open));
  return {
    tag: call[1],
    file: `elements/${basename(file)}`,
    description: doc?.description ?? '',
    fires: (doc?.tags ?? []).filter((t) => t.tag === 'fires' || t.tag === 'event').map((t) => t.value.split(/\s+/)[0]),
    attributes: attributes.map(({ prop, kind, doc: d }) => ({
      prop,
      name: kebab(prop),
      kind,
      description: d?.description ?? '',
      default: d?.tags.find((t) => t.tag === 'default')?.value,
    })),
  };
}

/** The attributes of every element (CommonAttributes in define.ts). */
function commonAttributes(root) {
  const text = readFileSync(join(root, 'src/elements/define.ts'), 'utf8');
  const start = text.indexOf('export interface CommonAttributes');
  const body = braced(text, text.indexOf('{', start));
  return [...body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*([A-Za-z]\w*)\?:\s*string;/g)].map((m) => {
    const doc = parseDoc(m[1]);
    return { prop: m[2], name: kebab(m[2]), kind: 'string', description: doc.description, default: doc.tags.find((t) => t.tag === 'default')?.value };
  });
}

/** The events of src/elements/events.ts: name, description, detail type text. */
export function readEvents(root = ROOT) {
  const text = readFileSync(join(root, 'src/elements/events.ts'), 'utf8');
  const start = text.indexOf('export interface AgoraEventMap');
  const body = braced(text, text.indexOf('{', start));
  const events = [];
  for (const m of body.matchAll(/'(agora-[a-z-]+)':\s*/g)) {
    const doc = docBefore(body, m.index);
    const typeStart = m.index + m[0].length;
    const detail = body[typeStart] === '{' ? braced(body, typeStart) : body.slice(typeStart, body.indexOf(';', typeStart));
    events.push({ name: m[1], description: doc?.description ?? '', detail: detail.replace(/\s+/g, ' ') });
  }
  const common = /COMMON_EVENTS[^=]*=\s*\[([^\]]*)\]/.exec(text);
  const commonNames = common ? [...common[1].matchAll(/'(agora-[a-z-]+)'/g)].map((x) => x[1]) : [];
  return { events, common: commonNames };
}

/** What each theme colour (THEME_COLORS in src/styles/theme.ts, by settings key) is used for. */
const COLOR_USES = {
  primary: 'links, the active navigation item and tab, focus rings, primary buttons',
  secondary: 'secondary accents and badges',
  tertiary: 'tertiary accents (highlighted labels)',
  info: 'informational notices and badges',
  success: 'success states (approved, active, paid)',
  warning: 'warnings (pending, about to expire)',
  danger: 'errors and destructive actions',
  button: 'the call-to-action buttons (subscribe, sign in to subscribe)',
  bg: "the element's background",
  container_bg: 'cards, panels and other containers',
  heading_bg: 'the portal header and hero banners',
};
const WHERE = 'Set it on the element or any ancestor to override the provider\'s appearance settings.';

/**
 * The CSS custom properties the elements read, each once with its own text: the theme colours
 * (THEME_COLORS and DEFAULT_COLORS of src/styles/theme.ts: variable, settings key, default), the
 * text colours on the provider's backgrounds, the button radius (theme.ts) and the font
 * (src/styles/host.ts). tests/browser/manifest.test.ts checks this list against the built bundle.
 */
export function cssProperties(root = ROOT) {
  const theme = readFileSync(join(root, 'src/styles/theme.ts'), 'utf8');
  const list = (name, open, close) => {
    const start = theme.indexOf(open, theme.indexOf(`export const ${name}`));
    return theme.slice(start, theme.indexOf(close, start));
  };
  const font = /FONT_STACK\s*=\s*'([^']+)'/.exec(readFileSync(join(root, 'src/styles/units.ts'), 'utf8'))?.[1];
  const defaults = Object.fromEntries([...list('DEFAULT_COLORS', '{', '};').matchAll(/([a-z_]+):\s*'([^']+)'/g)].map((m) => [m[1], m[2]]));
  const colors = [...list('THEME_COLORS', '[', '];').matchAll(/\['([a-z]+)',\s*'([a-z-]+)',\s*'([a-z_]+)'\]/g)].map((m) => ({
    name: `--agora-${m[2]}`,
    syntax: '<color>',
    ...(defaults[m[3]] ? { default: defaults[m[3]] } : {}),
    description: `Colour of ${COLOR_USES[m[3]] ?? m[3]} (appearance setting colors.${m[3]}). ${WHERE}`,
  }));
  const on = (variable, of) => ({
    name: `--agora-on-${variable}`,
    syntax: '<color>',
    description: `Text colour on ${of}: white or near-black, whichever reads on the provider's colour. ${WHERE} (with the colour it goes on)`,
  });
  return [
    ...colors,
    on('primary', 'the primary colour (--agora-primary)'),
    on('button', 'call-to-action buttons (--agora-button)'),
    on('heading', 'the header and hero banners (--agora-heading-bg)'),
    { name: '--agora-button-radius', syntax: '<length>', default: '6px', description: `Corner radius of buttons (appearance setting button_radius: 6px, 9999px for pill, 0px for square). ${WHERE}` },
    { name: '--agora-font-family', syntax: '*', ...(font ? { default: font } : {}), description: `Font of everything inside the element (the page's own font never reaches in). ${WHERE}` },
  ];
}

const TYPE_TEXT = { string: 'string', number: 'number', boolean: 'boolean', json: 'string' };

/** Every element of elements/ with its attributes (own, then common) and events. */
export function readElements(root = ROOT) {
  const dir = join(root, 'elements');
  const common = commonAttributes(root);
  const { events, common: commonEvents } = readEvents(root);
  const byName = new Map(events.map((e) => [e.name, e]));
  return readdirSync(dir)
    .filter((f) => /^agora-[a-z0-9-]+\.ts$/.test(f))
    .sort()
    .map((f) => readElementFile(join(dir, f)))
    .filter(Boolean)
    .map((el) => ({
      ...el,
      attributes: [...el.attributes, ...common.filter((c) => !el.attributes.some((a) => a.name === c.name))],
      events: [...new Set([...commonEvents, ...el.fires])].map((name) => byName.get(name) ?? { name, description: '', detail: 'unknown', unknown: true }),
    }));
}

export function buildManifest(root = ROOT) {
  const css = cssProperties(root);
  const modules = readElements(root).map((el) => {
    const path = `elements/${el.tag}.js`;
    const name = pascal(el.tag);
    return {
      kind: 'javascript-module',
      path,
      declarations: [{
        kind: 'class',
        customElement: true,
        name,
        tagName: el.tag,
        description: el.description,
        superclass: { name: 'HTMLElement' },
        attributes: el.attributes.map((a) => ({
          name: a.name,
          fieldName: a.prop,
          type: { text: a.kind === 'json' ? 'string (JSON)' : TYPE_TEXT[a.kind] },
          ...(a.default !== undefined ? { default: a.default } : a.kind === 'boolean' ? { default: 'false' } : {}),
          description: a.description,
        })),
        // r2wc gives every attribute a property of the camelCase name; setting it sets the attribute.
        members: el.attributes.map((a) => ({
          kind: 'field',
          name: a.prop,
          type: { text: a.kind === 'json' ? 'unknown' : TYPE_TEXT[a.kind] },
          description: `${a.description} (The property of the ${a.name} attribute; setting it sets the attribute${a.kind === 'json' ? ', as JSON' : ''}.)`,
          attribute: a.name,
          reflects: true,
        })),
        events: el.events.map((e) => ({ name: e.name, type: { text: `CustomEvent<${e.detail}>` }, description: e.description })),
        cssProperties: css,
        // The screen is drawn in the shadow root from the attributes: nothing a page puts inside the
        // element is shown, and no inner node is exposed to ::part(); the custom properties above
        // are the styling interface.
        slots: [],
        cssParts: [],
      }],
      exports: [{ kind: 'custom-element-definition', name: el.tag, declaration: { name, module: path } }],
    };
  });
  return { schemaVersion: '2.1.0', readme: 'README.md', modules };
}

const declarationsOf = (manifest) => manifest.modules.flatMap((m) => m.declarations.map((d) => ({ ...d, path: m.path })));

/** dist/vscode.html-custom-data.json: VS Code's custom HTML data (settings: "html.customData"),
 * made from the manifest: tags with their description and attributes. */
export function buildVsCodeData(manifest) {
  return {
    version: 1.1,
    tags: declarationsOf(manifest).map((d) => ({
      name: d.tagName,
      description: d.description,
      attributes: d.attributes.map((a) => ({
        name: a.name,
        description: a.default !== undefined ? `${a.description}\n\nDefault: ${a.default}` : a.description,
        ...(a.type.text === 'boolean' ? { valueSet: 'v' } : {}),
      })),
    })),
  };
}

/** dist/web-types.json: JetBrains web-types (package.json "web-types"), made from the manifest:
 * attributes, properties, events, CSS custom properties, parts and slots of every tag. */
export function buildWebTypes(manifest, pkg) {
  return {
    $schema: 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    'js-types-syntax': 'typescript',
    contributions: {
      html: {
        elements: declarationsOf(manifest).map((d) => ({
          name: d.tagName,
          description: d.description,
          source: { module: `./dist/${d.path}`, symbol: d.name },
          attributes: d.attributes.map((a) => ({
            name: a.name,
            description: a.description,
            ...(a.default !== undefined ? { default: a.default } : {}),
            value: a.type.text === 'boolean' ? { type: 'boolean', required: false } : { type: a.type.text === 'number' ? 'number' : 'string' },
          })),
          slots: d.slots,
          js: {
            properties: d.members.map((m) => ({ name: m.name, description: m.description, type: m.type.text })),
            events: d.events.map((e) => ({ name: e.name, description: e.description, type: e.type.text })),
          },
          css: {
            properties: d.cssProperties.map((p) => ({ name: p.name, description: p.description })),
            parts: d.cssParts,
          },
        })),
      },
    },
  };
}

/** What lacks a description: 'agora-x', 'agora-x[attr]', 'agora-x@event' (an event not declared
 * in events.ts counts as undocumented). */
export function missingDescriptions(manifest) {
  const missing = [];
  for (const mod of manifest.modules) {
    for (const d of mod.declarations) {
      if (!d.description) missing.push(d.tagName);
      for (const a of d.attributes ?? []) if (!a.description) missing.push(`${d.tagName}[${a.name}]`);
      for (const e of d.events ?? []) if (!e.description) missing.push(`${d.tagName}@${e.name}`);
    }
  }
  return missing;
}

/** dist/agora.d.ts: the tags for TypeScript hosts (DOM, React 19, Preact, Vue) and window.Agora. */
export function buildTypes(root = ROOT) {
  const elements = readElements(root);
  const { events } = readEvents(root);
  const doc = (text, indent) => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '');
  const attrType = (a) => (a.kind === 'boolean' ? 'boolean | string' : a.kind === 'number' ? 'number | string' : 'string');
  const out = [];
  out.push('// Generated by scripts/elements-manifest.mjs from elements/*.ts and src/elements/events.ts: do not edit.');
  out.push('// Types for pages and frameworks that use the Agora elements:');
  out.push('//   /// <reference types="…/agora.d.ts" />  or  "types": ["…/agora.d.ts"]');
  out.push('');
  out.push('export interface AgoraEventMap {');
  for (const e of events) out.push(`${doc(e.description, '  ')}  '${e.name}': CustomEvent<${e.detail}>;`);
  out.push('}');
  out.push('');
  out.push('export interface AgoraConfigureOptions {');
  out.push("  /** The marketplace API, e.g. 'https://market.example.com/api/v1' (default '/api/v1'). */");
  out.push('  apiBase?: string;');
  out.push('  /** Organisation id sent as X-Tenant-Id. */');
  out.push('  tenant?: string;');
  out.push("  /** en-US, fr-FR, pt-BR or de-DE. */");
  out.push('  locale?: string;');
  out.push('  /** Where the full portal lives, for links from stand-alone elements. */');
  out.push('  portalUrl?: string;');
  out.push('}');
  out.push('');
  out.push('export interface AgoraPageApi {');
  out.push('  readonly version: string;');
  out.push('  configure(options: AgoraConfigureOptions): Required<Pick<AgoraConfigureOptions, \'apiBase\'>> & AgoraConfigureOptions;');
  out.push('  signedIn(): boolean;');
  out.push('  forgetSession(): void;');
  out.push('  /** Signs the elements in with an access token of the page\'s own identity provider; null forgets it. */');
  out.push('  setAccessToken(token: string | null): void;');
  out.push('}');
  out.push('');
  for (const el of elements) {
    out.push(`${doc(el.description, '')}export interface ${pascal(el.tag)}Attributes {`);
    for (const a of el.attributes) out.push(`${doc(a.description, '  ')}  '${a.name}'?: ${attrType(a)};`);
    out.push('}');
    out.push(`export interface ${pascal(el.tag)}Element extends HTMLElement {`);
    out.push(`  addEventListener<K extends keyof AgoraEventMap>(type: K, listener: (this: ${pascal(el.tag)}Element, ev: AgoraEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;`);
    out.push('  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;');
    out.push('}');
  }
  out.push('');
  out.push('/** Every tag with its attributes (hyphenated, as written in HTML and JSX). */');
  out.push('export interface AgoraElementAttributes {');
  for (const el of elements) out.push(`  '${el.tag}': ${pascal(el.tag)}Attributes;`);
  out.push('}');
  out.push('');
  out.push('/** What a JSX host adds to every tag: its own attributes (key, ref, class, style, events…). */');
  out.push('type Host<A, E> = A & { key?: string | number | null; ref?: unknown; id?: string; class?: string; className?: string; style?: unknown; slot?: string; hidden?: boolean; children?: unknown } & { [K in keyof AgoraEventMap as `on${K}`]?: (event: AgoraEventMap[K]) => void } & { __element?: E };');
  out.push('type AgoraJsxElements = {');
  for (const el of elements) out.push(`  '${el.tag}': Host<${pascal(el.tag)}Attributes, ${pascal(el.tag)}Element>;`);
  out.push('};');
  out.push('');
  out.push('declare global {');
  out.push('  interface HTMLElementTagNameMap {');
  for (const el of elements) out.push(`    '${el.tag}': ${pascal(el.tag)}Element;`);
  out.push('  }');
  out.push('  interface HTMLElementEventMap extends AgoraEventMap {}');
  out.push('  interface DocumentEventMap extends AgoraEventMap {}');
  out.push('  interface WindowEventMap extends AgoraEventMap {}');
  out.push('  interface Window { Agora?: AgoraPageApi }');
  out.push('  const Agora: AgoraPageApi | undefined;');
  out.push('  // Hosts with the global JSX namespace (Preact, Solid and older React types).');
  out.push('  namespace JSX { interface IntrinsicElements extends AgoraJsxElements {} }');
  out.push('}');
  out.push('');
  out.push("// React 19: JSX lives in the 'react' module.");
  out.push("declare module 'react' { namespace JSX { interface IntrinsicElements extends AgoraJsxElements {} } }");
  out.push("declare module 'react/jsx-runtime' { namespace JSX { interface IntrinsicElements extends AgoraJsxElements {} } }");
  out.push("// Preact");
  out.push("declare module 'preact' { namespace JSX { interface IntrinsicElements extends AgoraJsxElements {} } }");
  out.push("// Vue 3 templates (Volar) and its JSX");
  out.push("declare module '@vue/runtime-dom' { interface IntrinsicElementAttributes extends AgoraElementAttributes {} }");
  out.push('');
  return out.join('\n');
}

/** Every generated file, by name under dist/: the manifest, the types and the editor data. */
export function elementFiles(root = ROOT) {
  const manifest = buildManifest(root);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const json = (value) => JSON.stringify(value, null, 2) + '\n';
  return {
    manifest,
    files: {
      'custom-elements.json': json(manifest),
      'agora.d.ts': buildTypes(root),
      'vscode.html-custom-data.json': json(buildVsCodeData(manifest)),
      'web-types.json': json(buildWebTypes(manifest, pkg)),
    },
  };
}

/** Writes them into `dir` (default dist/); returns what lacks a description. */
export function writeElementFiles(dir = join(ROOT, 'dist'), root = ROOT) {
  const { manifest, files } = elementFiles(root);
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  return missingDescriptions(manifest);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = writeElementFiles();
  if (missing.length) {
    console.error(`custom-elements.json: no description for ${missing.join(', ')}`);
    process.exit(1);
  }
}
