// One store per page, shared by every Agora element: configuration, the signed-in session's
// tokens, and a counter that tells the portal a new sign-in is needed. Server data (site
// settings, the decoded session) lives in the shared swr cache (src/api), not here.
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { DEFAULT_LOCALE, type Locale } from '../rules/constants.ts';
import { tokenSubject } from './token.ts';

export const DEFAULT_API_BASE = '/api/v1';
const TOKENS_KEY = 'agora-session';

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
  refreshToken: string;
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

function readTokens(): Tokens | null {
  try {
    const raw = globalThis.localStorage?.getItem(TOKENS_KEY);
    if (!raw) return null;
    const t = JSON.parse(raw) as Partial<Tokens>;
    return typeof t.accessToken === 'string' && typeof t.refreshToken === 'string'
      ? { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: Number(t.expiresAt) || 0 }
      : null;
  } catch {
    return null;
  }
}

function writeTokens(tokens: Tokens | null): void {
  try {
    if (tokens) globalThis.localStorage?.setItem(TOKENS_KEY, JSON.stringify(tokens));
    else globalThis.localStorage?.removeItem(TOKENS_KEY);
  } catch {
    // Storage may be disabled (private mode, sandboxed frame): the session then lasts for the page.
  }
}

export const agoraStore = createStore<AgoraState>(() => ({
  config: { apiBase: DEFAULT_API_BASE, tenant: null, locale: null, portalUrl: null },
  tokens: readTokens(),
  sessionExpired: false,
}));

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKENS_KEY) agoraStore.setState({ tokens: readTokens() });
  });
}

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
  writeTokens(tokens);
  agoraStore.setState(tokens ? { tokens, sessionExpired: false } : { tokens });
}

/** Answer of sign-in and refresh: expiresIn is in seconds. */
export function tokensFrom(answer: { accessToken: string; refreshToken: string; expiresIn: number }, now = Date.now()): Tokens {
  return { accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresAt: now + answer.expiresIn * 1000 };
}

/** The session is over (failed refresh): forget it and ask the visitor to sign in again. */
export function forceSignIn(): void {
  writeTokens(null);
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
