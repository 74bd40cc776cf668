// Server rendering of elements (Node): an element's HTML with a declarative shadow root holding
// its screen as a visitor sees it, with the data in it, so a marketing page shows it before any
// script runs and search engines read it. When the bundle arrives the element takes that DOM over
// (prerendered.ts).
//
//   const html = await renderElement('agora-carousel', { category: 'cat-finance' }, { apiBase: 'https://market.example.com/api/v1' });
//
// The screen is the element's own (the definition of elements/<tag>.ts), rendered with React's
// prerender, which waits for its data: each request the screen makes through swr is made here and
// awaited (a Suspense), then the render goes on. Its utility classes become a <style> in the root
// (twind, as the build does), followed by the data as JSON for the take-over.
// GET /embed/render/{tag} (server/src/embed/) serves it; a provider's own Node server may call it.
import { createElement, lazy, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { SWRConfig, unstable_serialize, useSWRConfig, type Middleware } from 'swr';
import { twind, virtual, type Twind } from '@twind/core';
import { portalOf, resetClientsForRendering, type ElementConfig } from '../api/context.ts';
import { swrCache } from '../api/swr.ts';
import { toLocale } from '../i18n/intl.ts';
import { DEFAULT_LOCALE } from '../rules/constants.ts';
import { HOST_CSS } from '../styles/host.ts';
import { twindConfig } from '../styles/twind.config.ts';
import { definitions, ElementTree, kebab, parseAttribute, type AgoraTag } from './define.ts';
import { PRERENDERED_DATA, type PrerenderedEntry } from './prerendered.ts';
import { setMarkdownWindow } from '../ui/markdown.ts';

/** The elements worth pre-rendering: shown to visitors on marketing pages, with data in them. */
const RENDERABLE: Record<string, () => Promise<unknown>> = {
  'agora-carousel': () => import('../../elements/agora-carousel.ts'),
  'agora-catalogue': () => import('../../elements/agora-catalogue.ts'),
  'agora-subscribe-button': () => import('../../elements/agora-subscribe-button.ts'),
  'agora-product': () => import('../../elements/agora-product.ts'),
  'agora-explorer': () => import('../../elements/agora-explorer.ts'),
};

export const RENDERABLE_TAGS = Object.keys(RENDERABLE);

export interface RenderOptions {
  /** The marketplace API as the server reaches it, e.g. 'https://market.example.com/api/v1'. */
  apiBase: string;
  tenant?: string;
  locale?: string;
  /** Where the full portal lives, for the links in the HTML; default: the origin of an absolute
   * api-base attribute, else of `apiBase` (a portal-url attribute overrides both). */
  portalUrl?: string;
  /** How the server sends the requests (default: the global fetch). */
  fetch?: typeof fetch;
}

export class RenderError extends Error {}

/** The attribute names `tag` takes (hyphenated), common ones included. */
export async function attributesOf(tag: string): Promise<string[]> {
  await RENDERABLE[tag]?.();
  return Object.keys(definitions.get(tag as AgoraTag)?.types ?? {}).map(kebab);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Markdown is sanitised by DOMPurify (src/ui/markdown.ts), which needs a DOM: jsdom's, made once
 * on the first render, so the server's HTML is what the browser's sanitiser makes. */
let markdownDom: Promise<void> | null = null;
function prepareMarkdown(): Promise<void> {
  // (happy-dom's DOM lets DOMPurify pass scripts and handlers through: not that one.)
  markdownDom ??= (import('jsdom' as string) as Promise<{ JSDOM: new (html: string) => { window: unknown } }>)
    .then(({ JSDOM }) => setMarkdownWindow(new JSDOM('').window as Window));
  return markdownDom;
}

let tw: Twind | null = null;

/** The stylesheet of the classes used in `html`: preflight first, then the rules in cascade order. */
function stylesOf(html: string): string {
  tw ??= twind(twindConfig, virtual()) as unknown as Twind;
  tw.clear();
  for (const m of html.matchAll(/\bclass="([^"]*)"/g)) tw(m[1]!.replace(/&amp;/g, '&'));
  return (tw.target as string[]).join('');
}

/** Each request the screen makes through swr: made here, awaited (the render suspends), then put
 * into the cache the screen reads from, and kept for the page. */
function recorder(kept: Map<string, PrerenderedEntry>): Middleware {
  const pending = new Map<string, Promise<void>>();
  return (useSWRNext) => (key, fetcher, config) => {
    const { cache } = useSWRConfig();
    if (Array.isArray(key) && fetcher) {
      const id = unstable_serialize(key);
      if (!cache.get(id)) {
        let wait = pending.get(id);
        if (!wait) {
          const cacheKey = key.slice(2) as PrerenderedEntry['key'];
          wait = Promise.resolve(fetcher(key)).then(
            (data) => {
              cache.set(id, { data });
              kept.set(id, { key: cacheKey, data });
            },
            (error: unknown) => void cache.set(id, { error }),
          );
          pending.set(id, wait);
        }
        throw wait;
      }
    }
    return useSWRNext(key, fetcher, config);
  };
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return out;
}

// The browser paints a page while it parses it, and a declarative shadow root fills as its markup
// arrives: a part drawn half-parsed moves when the rest comes (the explorer header's right-aligned
// column grew from one bare button to the full block on a slow CPU, a layout shift before any
// script ran). The root is hidden until its last node is parsed, by style alone (script may be off).
// Separate <style>s: the first one becomes an adopted sheet at the take-over (prerendered.ts), and
// must not carry the hiding rule. !important: HOST_CSS's own :host rule says visible!important.
const HIDDEN_WHILE_PARSED = '<style>:host{visibility:hidden!important}</style>';
const SHOWN_ONCE_PARSED = '<style>:host{visibility:visible!important}</style>';

// One render at a time: the swr cache and the API clients are module state shared by the screens.
let queue: Promise<unknown> = Promise.resolve();

/** The element `<tag attributes…>` with its pre-rendered declarative shadow root. */
export function renderElement(tag: string, attributes: Record<string, string>, options: RenderOptions): Promise<string> {
  const run = queue.then(() => renderNow(tag, attributes, options));
  queue = run.catch(() => undefined);
  return run;
}

async function renderNow(tag: string, attributes: Record<string, string>, options: RenderOptions): Promise<string> {
  const load = RENDERABLE[tag];
  if (!load) throw new RenderError(`${tag} is not pre-rendered; these are: ${RENDERABLE_TAGS.join(', ')}`);
  await Promise.all([load(), prepareMarkdown()]);
  const definition = definitions.get(tag as AgoraTag)!;
  const props: Record<string, unknown> = {};
  for (const [prop, type] of Object.entries(definition.types)) {
    const value = parseAttribute(type, attributes[kebab(prop)] ?? null);
    if (value !== undefined) props[prop] = value;
  }
  const { apiBase: ownBase, tenant: ownTenant, locale: ownLocale, portalUrl: ownPortal, ...screenProps } = props as Record<string, unknown> & {
    apiBase?: string; tenant?: string; locale?: string; portalUrl?: string;
  };
  const config: ElementConfig = {
    // The server's own API base, whatever the attribute says (it is for the browser): a render never
    // sends requests where a caller's attribute points.
    apiBase: options.apiBase,
    tenant: ownTenant?.trim() || options.tenant || null,
    locale: toLocale(ownLocale) ?? toLocale(options.locale) ?? DEFAULT_LOCALE,
    // The links the element will have once its script runs (define.ts configOf), so a page without
    // script, or before it, opens the portal too, not the host page's own /productDetails/….
    portalUrl: portalOf(ownPortal || options.portalUrl, /^https?:\/\//i.test(ownBase?.trim() ?? '') ? ownBase!.trim() : options.apiBase),
  };
  swrCache.clear();
  resetClientsForRendering(options.fetch);
  const kept = new Map<string, PrerenderedEntry>();
  const Screen = lazy(definition.load) as ComponentType<Record<string, unknown>>;
  const tree = createElement(SWRConfig, { value: { use: [recorder(kept)] } },
    createElement(ElementTree, { Screen, options: definition.options, config, host: null, props: screenProps }));
  let html: string;
  try {
    // One piece: no boundary outlined for a script to swap in later (the page may run none).
    const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
    html = await text(prelude);
  } finally {
    swrCache.clear();
    resetClientsForRendering(undefined);
  }
  const data = [...kept.values()];
  const attrs = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  return `<${tag}${attrs}><template shadowrootmode="open"><style>${HOST_CSS}${stylesOf(html)}</style>${HIDDEN_WHILE_PARSED}${html}`
    + `<script type="application/json" ${PRERENDERED_DATA}>${scriptJson(data)}</script>${SHOWN_ONCE_PARSED}</template></${tag}>`;
}
