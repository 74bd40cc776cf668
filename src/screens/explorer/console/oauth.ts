// OAuth 2 for credentials typed into the console: the token request is made by the server
// (…/spec/token), the authorization step (implicit, authorization code) in a pop-up window that
// comes back to this page, where the console reads the code or token from its address.
import { requestToken, serverUrl, type TryIt } from '../../../api/explorer.ts';
import type { Api } from '../../../api/client.ts';
import { flowUrls, tokenGrantOf, type AuthOption, type ConsoleAuth } from '../../../rules/consoleAuth.ts';

export type TokenResult = { ok: true; token: string } | { ok: false; problem: 'popupBlocked' | 'popupClosed' | 'denied' | 'token'; detail?: string };

const POPUP_POLL_MS = 250;
const POPUP_TIMEOUT_MS = 5 * 60_000;

function randomState(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The pop-up's address once it is back on this origin at the redirect URI. */
function waitForRedirect(popup: Window, redirectUri: string): Promise<URL | null> {
  return new Promise((resolve) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (popup.closed || Date.now() - started > POPUP_TIMEOUT_MS) {
        clearInterval(timer);
        resolve(null);
        return;
      }
      let href = '';
      try {
        href = popup.location.href;
      } catch {
        return; // still at the authorization server (another origin)
      }
      if (href.startsWith(redirectUri)) {
        clearInterval(timer);
        popup.close();
        resolve(new URL(href));
      }
    }, POPUP_POLL_MS);
  });
}

export async function obtainToken(api: Api, tryIt: TryIt, option: AuthOption | undefined, auth: ConsoleAuth): Promise<TokenResult> {
  const urls = flowUrls(option, auth);
  const scope = auth.scopes?.length ? auth.scopes.join(' ') : undefined;
  const grant = tokenGrantOf(auth.grant);
  const tokenRequest = async (extra: Record<string, string | undefined>): Promise<TokenResult> => {
    const answer = await requestToken(api, tryIt, {
      tokenUrl: urls.tokenUrl ?? '',
      grantType: extra.grantType as 'client_credentials',
      ...(auth.clientId ? { clientId: auth.clientId.trim() } : {}),
      ...(auth.clientSecret ? { clientSecret: auth.clientSecret } : {}),
      ...(scope ? { scope } : {}),
      ...Object.fromEntries(Object.entries(extra).filter(([k, v]) => k !== 'grantType' && v !== undefined)),
    });
    const token = answer.body.access_token;
    if (answer.ok && typeof token === 'string' && token) return { ok: true, token };
    const errors = answer.body.errors as Array<{ detail?: string }> | undefined;
    const detail = [answer.body.error, answer.body.error_description, errors?.[0]?.detail].filter(Boolean).join(': ') || `HTTP ${answer.status}`;
    return { ok: false, problem: 'token', detail };
  };

  if (grant === 'client_credentials') return tokenRequest({ grantType: 'client_credentials' });
  if (grant === 'password') return tokenRequest({ grantType: 'password', username: auth.username, password: auth.password });

  // implicit or authorization code: the authorization server's page, in a pop-up.
  const redirectUri = `${location.origin}${location.pathname}`;
  const declared = option?.flows?.find((f) => f.grant === auth.grant)?.authorizationUrl;
  const typed = auth.authorizationUrl?.trim();
  // The built-in mock's declared URLs are not real: its own authorization page stands in.
  const base = typed || (tryIt.mock && tryIt.authorizeUrl ? serverUrl(api.options.apiBase, tryIt.authorizeUrl) : urls.authorizationUrl ?? declared ?? '');
  const state = randomState();
  const url = new URL(base, location.href);
  url.searchParams.set('response_type', grant === 'authorization_code' ? 'code' : 'token');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  if (auth.clientId) url.searchParams.set('client_id', auth.clientId.trim());
  if (scope) url.searchParams.set('scope', scope);
  const popup = window.open(url.href, 'agora-oauth', 'popup,width=520,height=680');
  if (!popup) return { ok: false, problem: 'popupBlocked' };
  const back = await waitForRedirect(popup, redirectUri);
  if (!back) return { ok: false, problem: 'popupClosed' };
  const params = new URLSearchParams(grant === 'authorization_code' ? back.search : back.hash.slice(1));
  if (params.get('state') !== state || params.get('error')) {
    return { ok: false, problem: 'denied', detail: params.get('error_description') ?? params.get('error') ?? undefined };
  }
  if (grant !== 'authorization_code') {
    const token = params.get('access_token');
    return token ? { ok: true, token } : { ok: false, problem: 'denied' };
  }
  const code = params.get('code');
  if (!code) return { ok: false, problem: 'denied' };
  return tokenRequest({ grantType: 'authorization_code', code, redirectUri });
}
