// Turns a lazily loaded React screen into an `agora-*` custom element (r2wc): open shadow root,
// typed attributes, the utility styles (made by twind at build time) adopted into the shadow
// root, the provider theme as CSS custom properties, and the page-wide configuration, session and
// cache shared by every element.
import r2wc from '@r2wc/react-to-web-component';
import { createElement, Fragment, lazy, Suspense, useLayoutEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { apiFor, ElementConfigContext, portalOf, type ElementConfig } from '../api/context.ts';
import { restoreSession } from '../api/auth.ts';
import type { Api } from '../api/client.ts';
import { loadTexts, LocaleContext, readLocaleCookie, toLocale, useMessages } from '../i18n/intl.ts';
import { DEFAULT_LOCALE, type Locale } from '../rules/constants.ts';
import { agoraStore, useAgora, type AgoraConfig } from '../state/store.ts';
import { adoptStyles } from '../styles/sheet.ts';
import { loadOnce } from './chunks.ts';
import { ElementFrame } from './frame.tsx';
import { installPageApi } from './page.ts';
import { HostContext } from './host.ts';
import { CatalogueGate } from './CatalogueGate.tsx';
import { dropPrerendered, keepDeclarativeRoot, keepPrerendered, seedPrerendered } from './prerendered.ts';
import { SWRConfig } from 'swr';

/** How an attribute's text becomes a prop. */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

type AttributeTypeOf<V> = [V] extends [boolean] ? 'boolean' : [V] extends [number] ? 'number' : [V] extends [string] ? 'string' : 'json';

/**
 * One entry per prop of the screen, typed by the prop's type: TypeScript fails when an attribute
 * is missing, unknown, or of the wrong kind (the idea of Stoplight Elements' createElementClass).
 * Props are camelCase; the attribute is their kebab-case form (basePath -> base-path).
 */
export type AttributeMap<P> = { [K in keyof P]-?: AttributeTypeOf<NonNullable<P[K]>> };

/** Attributes every element takes, handled here rather than by the screen. */
export interface CommonAttributes {
  /** API base, default '/api/v1' (or Agora.configure({ apiBase })). */
  apiBase?: string;
  /** Organisation id sent as X-Tenant-Id. */
  tenant?: string;
  /** en-US, fr-FR, pt-BR or de-DE; default: Agora.configure, then the locale cookie, then en-US. */
  locale?: string;
  /** Where the full portal lives, for links and sign-in (e.g. 'https://market.example.com'); default: Agora.configure({ portalUrl }), else the origin of an absolute api-base, else this page's origin. */
  portalUrl?: string;
}

const COMMON_ATTRIBUTES: AttributeMap<CommonAttributes> = { apiBase: 'string', tenant: 'string', locale: 'string', portalUrl: 'string' };

export type AgoraTag = `agora-${string}`;

export interface DefineOptions {
  /** Shown while the screen's chunk loads (default: nothing; chunks are small). */
  fallback?: ComponentType;
  /** Message sections the screen uses (e.g. 'catalogue'), loaded before it renders. */
  sections?: string[];
  /**
   * Starts the screen's first requests when an element is created, from its attributes, while
   * the screen's chunk is still on its way (the screen's fetchers pick the answers up; see
   * src/api/explorer.ts prefetchExplorer). Must only read: a thrown error is ignored.
   */
  prefetch?: (props: Record<string, unknown>, api: Api) => void;
  /** A catalogue element: behind the catalogue gate of spec 1 §6 (CatalogueGate.tsx). */
  catalogue?: boolean;
}

// r2wc 2.1 keeps the parsed props and its render method under these registered symbols. Its own
// attribute parsing ignores empty values (a bare boolean attribute would read as false) and
// removed attributes, so the element class below parses attributes itself and hands them over.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
const R2WC_CONTEXT = Symbol.for('r2wc.context'); // set once mounted

/** What defineElement was given, by tag: the server renders from it (render.ts), in Node too. */
export interface ElementDefinition {
  tag: AgoraTag;
  load: () => Promise<{ default: ComponentType<any> }>;
  /** Attribute types by prop, the common ones included. */
  types: Record<string, AttributeType>;
  options: DefineOptions;
}

export const definitions = new Map<AgoraTag, ElementDefinition>();

export const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/** Attribute text -> prop value. A removed attribute gives undefined (booleans: false). */
export function parseAttribute(type: AttributeType, value: string | null): unknown {
  if (type === 'boolean') return value !== null && value.toLowerCase() !== 'false';
  if (value === null) return undefined;
  if (type === 'number') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (type === 'json') {
    try {
      return JSON.parse(value);
    } catch {
      console.warn(`agora: attribute value is not JSON: ${value.slice(0, 80)}`);
      return undefined;
    }
  }
  return value;
}

/** The element's configuration: its attributes, over Agora.configure, over the cookie and defaults. */
function configOf(attrs: CommonAttributes, page: AgoraConfig): ElementConfig {
  const apiBase = attrs.apiBase?.trim() || page.apiBase;
  return {
    apiBase,
    tenant: attrs.tenant?.trim() || page.tenant,
    locale: toLocale(attrs.locale) ?? page.locale ?? readLocaleCookie() ?? DEFAULT_LOCALE,
    portalUrl: portalOf(attrs.portalUrl || page.portalUrl, apiBase),
  };
}

function useConfig(attrs: CommonAttributes): ElementConfig {
  const page = useAgora((s) => s.config);
  return useMemo(() => configOf(attrs, page), [attrs.apiBase, attrs.tenant, attrs.locale, attrs.portalUrl, page]);
}

/** Suspends until the element's message sections are there. */
function Sections({ names, children }: { names: string[]; children?: ReactNode }): ReactNode {
  useMessages(...names);
  return children;
}

/** Once the screen's content commits (not a fallback), the pre-rendered nodes go, before paint. */
function TakeOver({ host }: { host: HTMLElement | null }): null {
  useLayoutEffect(() => dropPrerendered(host?.shadowRoot), [host]);
  return null;
}

/** Everything an element renders around its screen, given its configuration: the custom element's
 * Root in the browser, and render.ts on a server (with a null host). */
export function ElementTree({ Screen, options, config, host, props }: {
  Screen: ComponentType<any>; options: DefineOptions; config: ElementConfig; host: HTMLElement | null; props: Record<string, unknown>;
}): ReactNode {
  const fallback = options.fallback ? createElement(options.fallback) : null;
  const screen = createElement(Fragment, null, createElement(Screen, props), createElement(TakeOver, { host }));
  return createElement(HostContext.Provider, { value: host }, createElement(SWRConfig, { value: PRERENDERED_SWR },
    createElement(ElementConfigContext.Provider, { value: config },
      createElement(LocaleContext.Provider, { value: config.locale },
        createElement(ElementFrame, null,
          createElement(Suspense, { fallback },
            createElement(Sections, { names: options.sections ?? [] }, options.catalogue
              ? createElement(CatalogueGate, null, screen)
              : screen)))))));
}

/** A pre-rendered element keeps its data when a refresh fails (prerendered.ts). */
const PRERENDERED_SWR = { use: [keepPrerendered] };

/**
 * Defines `tag` once; loading the bundle twice, or two bundles, is harmless.
 *
 *   defineElement('agora-product', () => import('../src/screens/product/Product.tsx'),
 *     { productId: 'string', versionId: 'string' });
 */
export function defineElement<P extends object>(
  tag: AgoraTag,
  load: () => Promise<{ default: ComponentType<P> }>,
  attributes: NoInfer<AttributeMap<P>>,
  options: DefineOptions = {},
): void {
  const types: Record<string, AttributeType> = { ...COMMON_ATTRIBUTES, ...(attributes as Record<string, AttributeType>) };
  if (!definitions.has(tag)) definitions.set(tag, { tag, load, types, options });
  // A server's import (SSR, pre-rendering) defines nothing.
  if (typeof window === 'undefined' || typeof document === 'undefined' || typeof customElements === 'undefined') return;
  installPageApi();
  if (customElements.get(tag)) return;

  // One load for every instance; started as soon as an instance exists, so the screen's chunk
  // downloads alongside its message sections instead of after them.
  let loaded: ComponentType<P> | null = null;
  const loadScreen = loadOnce(() => load().then((module) => {
    loaded = module.default;
    return module;
  }));
  // React's lazy suspends on its first render even when the module is already there (its loader's
  // then runs later): once loaded, the screen renders directly.
  const LazyScreen = lazy(loadScreen) as unknown as ComponentType<P>;
  function Screen(props: P) {
    return createElement(loaded ?? LazyScreen, props);
  }
  // The first render waits for the screen, its texts and the page's session restore (one refresh
  // by the cookie, alongside the downloads) rather than suspending on them: a Suspense fallback
  // once shown makes React hold the content back (up to 300 ms) when it comes; and a screen drawn
  // before the session is back would show the visitor's view, or send the user to sign in.
  let ready = false;
  const whenReady = (config: ElementConfig) => Promise.all([
    loadScreen(), loadTexts(config.locale, options.sections ?? []), restoreSession(apiFor(config)),
  ]).then(() => {
    ready = true;
  }, () => undefined); // a failed load shows in the element's error boundary once it renders
  const byAttribute = new Map(Object.keys(types).map((prop) => [kebab(prop), prop]));

  function Root(props: CommonAttributes & { container?: ShadowRoot } & Record<string, unknown>) {
    const { container, apiBase, tenant, locale, portalUrl, ...screenProps } = props;
    const config = useConfig({ apiBase, tenant, locale, portalUrl });
    const host = (container?.host as HTMLElement | undefined) ?? null;
    return createElement(ElementTree, { Screen, options, config, host, props: screenProps });
  }
  Root.displayName = `Agora(${tag})`;

  const Base = r2wc(Root, { shadow: 'open', props: types as never }) as unknown as typeof HTMLElement;

  class AgoraElement extends Base {
    constructor() {
      super();
      void loadScreen().catch(() => undefined);
      const parsed = (this as unknown as Record<symbol, Record<string, unknown>>)[R2WC_PROPS]!;
      for (const [attr, prop] of byAttribute) parsed[prop] = parseAttribute(types[prop]!, this.getAttribute(attr));
      const api = apiFor(configOf(parsed as CommonAttributes, agoraStore.getState().config));
      // Pre-rendered on a server (render.ts): its data goes into the cache, so the screen's first
      // render shows what the page already shows.
      seedPrerendered(this.shadowRoot!, api);
      // Started before the prefetch, whose requests wait for it when it brings a session back (a
      // visitor's go at once: src/api/client.ts).
      void restoreSession(api);
      if (options.prefetch) {
        try {
          options.prefetch(parsed, api);
        } catch {
          // Only an early start: the screen asks again itself.
        }
      }
      adoptStyles(this.shadowRoot!);
    }

    /** r2wc attaches the shadow root in its constructor; a declarative one (pre-rendered) keeps its
     * content until the screen's first render replaces it (prerendered.ts). */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return keepDeclarativeRoot(this, init, (i) => super.attachShadow(i));
    }

    connectedCallback(): void {
      const mount = (Base.prototype as unknown as { connectedCallback(): void }).connectedCallback;
      if (ready) return mount.call(this);
      const parsed = (this as unknown as Record<symbol, CommonAttributes>)[R2WC_PROPS]!;
      void whenReady(configOf(parsed, agoraStore.getState().config)).then(() => {
        if (this.isConnected) mount.call(this);
      });
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
      const prop = byAttribute.get(name);
      if (!prop) return;
      const self = this as unknown as Record<symbol, unknown>;
      (self[R2WC_PROPS] as Record<string, unknown>)[prop] = parseAttribute(types[prop]!, value);
      // Before the first mount only the props change: r2wc's render would mount at once (an
      // upgrade reports every attribute), ahead of connectedCallback's wait for the screen, and the
      // Suspense fallback it then shows holds the screen back when it comes (React's 300 ms).
      if (self[R2WC_CONTEXT]) (self[R2WC_RENDER] as () => void).call(this);
    }
  }

  // Another copy of the bundle may have defined it meanwhile: only the first definition counts.
  if (!customElements.get(tag)) customElements.define(tag, AgoraElement);
}
