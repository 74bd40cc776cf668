// Sign-in, refresh, sign-out and the decoded session (GET /auth/findSession).
import type { Session, SignInBody, TokenPair } from '../../server/src/schemas/auth.ts';
import { SESSION_STALE_MS } from '../rules/constants.ts';
import { canLoadCatalogue } from '../rules/roles.ts';
import { agoraStore, announceSession, onSignedInElsewhere, restoreOnce, setTokens, tokensFrom, useSignedIn } from '../state/store.ts';
import type { Api } from './client.ts';
import { keys } from './keys.ts';
import { useMarketplace } from './marketplace.ts';
import { useApiQuery } from './swr.ts';

export type { Session, SignInBody, TokenPair };

/** Signs in and keeps the tokens in memory; on the API's own origin the refresh token goes into
 * the HttpOnly cookie, so a reload stays signed in (restoreSession). */
export async function signIn(api: Api, body: SignInBody): Promise<TokenPair> {
  const pair = await api.post<TokenPair>('/auth/signin', body, { anonymous: true, headers: api.sessionHeaders });
  setTokens(tokensFrom(pair));
  announceSession('signed-in');
  return pair;
}

/** Revokes the session on the server (and clears the cookie), then forgets it here whatever the answer. */
export async function signOut(api: Api): Promise<void> {
  const tokens = agoraStore.getState().tokens;
  try {
    if (tokens?.refreshToken) await api.post('/auth/signout', { refreshToken: tokens.refreshToken }, { anonymous: true });
    else if (api.cookieSession) await api.post('/auth/signout', {}, { anonymous: true, headers: api.sessionHeaders });
  } finally {
    setTokens(null);
    announceSession('signed-out');
  }
}

/** Once per page, on the API's own origin: one refresh by the session cookie brings back the
 * signed-in user's access token (kept in memory only). Signed-in requests wait for it; a visitor
 * gets a 401 and stays a visitor. */
export function restoreSession(api: Api): Promise<void> {
  return restoreOnce(async () => {
    if (api.cookieSession) onSignedInElsewhere(() => void api.restore().catch(() => undefined));
    if (api.cookieSession && !agoraStore.getState().tokens) await api.restore();
  });
}

export const fetchSession = (api: Api) => api.get<Session>('/auth/findSession');

/** The signed-in user's session (roles, teams, organisation); undefined data when signed out. */
export function useSession() {
  const signedIn = useSignedIn();
  return useApiQuery(signedIn ? keys.session() : null, fetchSession, {
    dedupingInterval: SESSION_STALE_MS,
    revalidateIfStale: false,
  });
}

/** The catalogue gate of spec 1 §6 on this page, for a signed-in user: 'pending' until the
 * marketplace settings (and, on a private marketplace, the session) say whether the catalogue may
 * load. Visitors pass: the portal sends them to sign in, and the server answers them 401. A failed
 * look-up passes too: the server has the last word, and the screen shows its answer. */
export function useCatalogueAccess(): 'open' | 'closed' | 'pending' {
  const signedIn = useSignedIn();
  const marketplace = useMarketplace();
  const session = useSession();
  if (!signedIn) return 'open';
  const settings = marketplace.data?.settings;
  if (!settings) return marketplace.error ? 'open' : 'pending';
  if (canLoadCatalogue(null, { requiresLogin: !settings.public })) return 'open';
  if (!session.data) return session.error ? 'open' : 'pending';
  return canLoadCatalogue(session.data, { requiresLogin: true, consumerEnabled: settings.consumer }) ? 'open' : 'closed';
}
