// The configuration an element works with (its attributes over Agora.configure over defaults),
// and the API client for it. Clients are shared: one per distinct base + tenant + locale.
import { createContext, useContext, useMemo } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../rules/constants.ts';
import { agoraStore, DEFAULT_API_BASE, forceSignIn, sessionRestored, setTokens } from '../state/store.ts';
import { createClient, type Api } from './client.ts';

export interface ElementConfig {
  apiBase: string;
  tenant: string | null;
  locale: Locale;
  /** Base of the full portal's addresses for links from a stand-alone element, without a trailing
   * slash ('' for this page's origin). */
  portalUrl: string;
}

export const ElementConfigContext = createContext<ElementConfig>({
  apiBase: DEFAULT_API_BASE,
  tenant: null,
  locale: DEFAULT_LOCALE,
  portalUrl: '',
});

/**
 * Where an element's links lead: the portal-url attribute or Agora.configure({ portalUrl }) when
 * given, else the origin of an absolute API base: an element on another origin (a CMS page) links
 * to the marketplace that answers its API, not to a /productDetails/… of the host that answers 404.
 * A relative API base means the API, and so the portal, share this page's origin.
 */
export function portalOf(portalUrl: string | null | undefined, apiBase: string): string {
  const given = portalUrl?.trim();
  if (given) return given.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(apiBase)) {
    try {
      return new URL(apiBase).origin;
    } catch {
      // Not a URL after all: links stay on this page's origin.
    }
  }
  return '';
}

export function useElementConfig(): ElementConfig {
  return useContext(ElementConfigContext);
}

const clients = new Map<string, Api>();
/** The fetch of a server rendering elements (src/elements/render.ts); the global one otherwise. */
let renderingFetch: typeof fetch | undefined;

/** Server rendering: new clients, sending their requests through `fetchImpl` (e.g. the server's own
 * routes, without a network round trip). Called once per render, which are one at a time. */
export function resetClientsForRendering(fetchImpl?: typeof fetch): void {
  clients.clear();
  renderingFetch = fetchImpl;
}

export function apiFor(config: ElementConfig): Api {
  const scope = `${config.apiBase}|${config.tenant ?? ''}|${config.locale}`;
  let api = clients.get(scope);
  if (!api) {
    api = createClient({
      apiBase: config.apiBase,
      tenant: config.tenant,
      locale: config.locale,
      getTokens: () => agoraStore.getState().tokens,
      setTokens,
      onSessionLost: forceSignIn,
      ready: sessionRestored,
      ...(renderingFetch ? { fetch: renderingFetch } : {}),
    });
    clients.set(scope, api);
  }
  return api;
}

/** The API client of the element this component renders in. */
export function useApi(): Api {
  const config = useElementConfig();
  return useMemo(() => apiFor(config), [config]);
}
