// One store per page, shared by every Agora element: configuration, the signed-in session's
// tokens, and a counter that tells the portal a new sign-in is needed. Server data (site
// settings, the decoded session) lives in the shared swr cache (src/api), not here.
//
// Tokens live in memory only (README "Security", token storage), never in localStorage where any
// script of the page could read them. On the API's own origin the refresh token is an HttpOnly
// cookie the browser keeps, so a reload gets the session back with one refresh (restoreOnce);
// elsewhere the sign-in lasts as long as the page.
import { createStore } from 'zustand/vanilla';
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
  /** Where the full portal lives, for links from stand-alone elements (default: this page's origin root). */
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

export const agoraStore = createStore<AgoraState>(() => ({
  config: { apiBase: DEFAULT_API_BASE, tenant: null, locale: null, portalUrl: null },
  tokens: null,
  sessionExpired: false,
}));

try {
  globalThis.localStorage?.removeItem(LEGACY_TOKENS_KEY);
} catch {
  // Storage may be disabled (private mode, sandboxed frame): nothing was kept there then.
}

// Other tabs of the portal hear of a sign-in or sign-out (never a token): a sign-out forgets the
// session here too; a sign-in lets this tab take the session from the cookie (onSignedInElsewhere).
const SESSION_CHANNEL = 'agora-session';
// Not on a server (SSR import, pre-rendering): no other tabs there, and no channel kept open.
const channel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
let signedInElsewhere: (() => void) | null = null;
channel?.addEventListener('message', (event: MessageEvent) => {
  if (event.data === 'signed-out') agoraStore.setState({ tokens: null });
  else if (event.data === 'signed-in' && !agoraStore.getState().tokens) signedInElsewhere?.();
});

/** Tells the page's other tabs (same origin) that the user signed in or out here. */
export function announceSession(what: 'signed-in' | 'signed-out'): void {
  channel?.postMessage(what);
}

/** What to do when another tab signed in (take the session from the cookie). */
export function onSignedInElsewhere(handler: () => void): void {
  signedInElsewhere = handler;
}

let restored: Promise<void> | null = null;

/** The page's one session restore (src/api/auth.ts restoreSession), run once; failures count as
 * done (the visitor is simply not signed in). */
export function restoreOnce(run: () => Promise<unknown>): Promise<void> {
  restored ??= run().then(() => undefined, () => undefined);
  return restored;
}

/** The restore in progress or done, for requests to wait on; null before any. */
export const sessionRestored = (): Promise<void> | null => restored;

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
