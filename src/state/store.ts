// One store per page, shared by every Agora element: configuration, the signed-in session's
// tokens, and a flag that tells the portal a new sign-in is needed. One per page, not per copy of
// the bundle: a page may load two copies (dist/agora.js of two deploys, or the element files of two
// hosts), and Agora.setAccessToken / Agora.configure of whichever defined window.Agora must reach
// every element. So the store, the session restore and the tabs' channel live in a registry on
// globalThis under Symbol.for(PAGE_REGISTRY), which every copy finds. Server data (site
// settings, the decoded session) lives in the shared swr cache (src/api), not here.
//
// Tokens live in memory only (README "Security", token storage), never in localStorage where any
// script of the page could read them. On the API's own origin the refresh token is an HttpOnly
// cookie the browser keeps, so a reload gets the session back with one refresh (restoreOnce);
// elsewhere the sign-in lasts as long as the page.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { DEFAULT_LOCALE, type Locale } from '../rules/constants.ts';
import { tokenSubject } from './token.ts';

export const DEFAULT_API_BASE = '/api/v1';
/** Where bundles before the cookie kept the tokens: removed once when a page loads. */
const LEGACY_TOKENS_KEY = 'agora-session';

export interface AgoraConfig {
  /** Base of the marketplace API, default '/api/v1'. */
  apiBase: string;
  /** Organisation id sent as X-Tenant-Id; null lets the server use the signed-in user's. */
  tenant: string | null;
  /** Page-level locale; null means: the cookie, else en-US. */
  locale: Locale | null;
  /** Where the full portal lives, for links and sign-in from stand-alone elements; null: the
   * origin of apiBase when that is absolute (the server that answers the API serves the portal),
   * else this page's origin (src/api/context.ts portalOf). */
  portalUrl: string | null;
}

export interface Tokens {
  accessToken: string;
  /** null when the refresh token is in the HttpOnly cookie (or there is none: a host's token). */
  refreshToken: string | null;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
}

export interface AgoraState {
  config: AgoraConfig;
  tokens: Tokens | null;
  /**
   * Set when a refresh failed: the session is gone and the visitor must sign in again. The
   * portal takes it (clears it) and goes to the sign-in page, saying why.
   */
  sessionExpired: boolean;
}

/** The page's shared state. Its shape is a contract between copies of the bundle: a change to
 * AgoraState or PageRegistry that an older copy would misread takes a new key (…v2). */
interface PageRegistry {
  store: StoreApi<AgoraState>;
  /** The page's one session restore (restoreOnce). */
  restored: Promise<void> | null;
  /** What to do when another tab signed in (onSignedInElsewhere). */
  signedInElsewhere: (() => void) | null;
  /** Other tabs of the page's origin; null on a server. */
  channel: BroadcastChannel | null;
}

export const PAGE_REGISTRY = 'agora.page.v1';

function pageRegistry(): PageRegistry {
  const holder = globalThis as unknown as Record<symbol, PageRegistry | undefined>;
  const key = Symbol.for(PAGE_REGISTRY);
  const existing = holder[key];
  if (existing) return existing;
  const registry: PageRegistry = {
    store: createStore<AgoraState>(() => ({
      config: { apiBase: DEFAULT_API_BASE, tenant: null, locale: null, portalUrl: null },
      tokens: null,
      sessionExpired: false,
    })),
    restored: null,
    signedInElsewhere: null,
    channel: openChannel(),
  };
  // Not enumerable, not writable: a page's own scripts iterating globals never meet it.
  Object.defineProperty(holder, key, { value: registry });
  return registry;
}

// Other tabs of the portal hear of a sign-in or sign-out (never a token): a sign-out forgets the
// session here too; a sign-in lets this tab take the session from the cookie (onSignedInElsewhere).
const SESSION_CHANNEL = 'agora-session';

function openChannel(): BroadcastChannel | null {
  // Not on a server (SSR import, pre-rendering): no other tabs there, and no channel kept open.
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent) => {
    const { store, signedInElsewhere } = pageRegistry();
    if (event.data === 'signed-out') store.setState({ tokens: null });
    else if (event.data === 'signed-in' && !store.getState().tokens) signedInElsewhere?.();
  });
  return channel;
}

const registry = pageRegistry();

export const agoraStore = registry.store;

try {
  globalThis.localStorage?.removeItem(LEGACY_TOKENS_KEY);
} catch {
  // Storage may be disabled (private mode, sandboxed frame): nothing was kept there then.
}

/** Tells the page's other tabs (same origin) that the user signed in or out here. */
export function announceSession(what: 'signed-in' | 'signed-out'): void {
  registry.channel?.postMessage(what);
}

/** What to do when another tab signed in (take the session from the cookie). */
export function onSignedInElsewhere(handler: () => void): void {
  registry.signedInElsewhere = handler;
}

/** The page's one session restore (src/api/auth.ts restoreSession), run once whichever copy of the
 * bundle asks first; failures count as done (the visitor is simply not signed in). */
export function restoreOnce(run: () => Promise<unknown>): Promise<void> {
  registry.restored ??= run().then(() => undefined, () => undefined);
  return registry.restored;
}

/** The restore in progress or done, for requests to wait on; null before any. */
export const sessionRestored = (): Promise<void> | null => registry.restored;

export type ConfigureOptions = Partial<AgoraConfig>;

/** Page-level configuration (window.Agora.configure); element attributes override it. */
export function configure(options: ConfigureOptions): AgoraConfig {
  const current = agoraStore.getState().config;
  const next: AgoraConfig = { ...current };
  for (const key of Object.keys(options) as Array<keyof AgoraConfig>) {
    const value = options[key];
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  agoraStore.setState({ config: next });
  return next;
}

export function setTokens(tokens: Tokens | null): void {
  agoraStore.setState(tokens ? { tokens, sessionExpired: false } : { tokens });
}

/** Answer of sign-in and refresh: expiresIn is in seconds; no refreshToken when it went into the cookie. */
export function tokensFrom(answer: { accessToken: string; refreshToken?: string | undefined; expiresIn: number }, now = Date.now()): Tokens {
  return { accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? null, expiresAt: now + answer.expiresIn * 1000 };
}

/** The session is over (failed refresh): forget it and ask the visitor to sign in again. */
export function forceSignIn(): void {
  agoraStore.setState({ tokens: null, sessionExpired: true });
}

/** The portal has acted on an ended session. */
export function clearSessionExpired(): void {
  agoraStore.setState({ sessionExpired: false });
}

export function useAgora<T>(selector: (state: AgoraState) => T): T {
  return useStore(agoraStore, selector);
}

export const useSignedIn = () => useAgora((s) => s.tokens !== null);

/** Who is signed in ('' for a visitor): part of every cache key, so users never see each other's data. */
export const useSubject = () => useAgora((s) => (s.tokens ? tokenSubject(s.tokens.accessToken) ?? 'user' : ''));

export { DEFAULT_LOCALE };
