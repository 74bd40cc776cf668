// window.Agora: the page-level API, installed by the first element definition of any bundle.
//   Agora.configure({ apiBase: 'https://market.example.com/api/v1', tenant: 'org-1', locale: 'fr-FR' })
// Element attributes (api-base, tenant, locale) override it per element.
import { APP_VERSION } from '../rules/constants.ts';
import { agoraStore, configure, setTokens, type AgoraConfig, type ConfigureOptions } from '../state/store.ts';

export interface AgoraPageApi {
  version: string;
  configure(options: ConfigureOptions): AgoraConfig;
  /** The current configuration. */
  config(): AgoraConfig;
  /** Whether someone is signed in (tokens are kept in this page's memory only). */
  signedIn(): boolean;
  /** Forgets the session in this page (the portal's sign-out also revokes it on the server and
   * clears its cookie). */
  forgetSession(): void;
  /**
   * Signs the page's elements in with an access token of the host page's own identity provider
   * (accepted by the server when OIDC_ISSUER names it), kept in memory; null forgets it. The
   * elements cannot refresh it: hand a new one before it expires (a refused token ends the session
   * as a failed refresh does).
   */
  setAccessToken(token: string | null): void;
}

declare global {
  interface Window {
    Agora?: AgoraPageApi;
  }
}

export function installPageApi(): AgoraPageApi | undefined {
  if (typeof window === 'undefined') return undefined;
  // A second copy of the bundle keeps the first one's API (and its store).
  window.Agora ??= {
    version: APP_VERSION,
    configure,
    config: () => agoraStore.getState().config,
    signedIn: () => agoraStore.getState().tokens !== null,
    forgetSession: () => setTokens(null),
    setAccessToken: (token) => setTokens(token ? { accessToken: token, refreshToken: null, expiresAt: 0 } : null),
  };
  return window.Agora;
}
