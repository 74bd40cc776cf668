// Sign-in, refresh, sign-out and the decoded session (GET /auth/findSession).
import type { Session, SignInBody, TokenPair } from '../../server/src/schemas/auth.ts';
import { SESSION_STALE_MS } from '../rules/constants.ts';
import { agoraStore, setTokens, tokensFrom, useSignedIn } from '../state/store.ts';
import type { Api } from './client.ts';
import { keys } from './keys.ts';
import { useApiQuery } from './swr.ts';

export type { Session, SignInBody, TokenPair };

/** Signs in and keeps the tokens (in localStorage, so a reload stays signed in). */
export async function signIn(api: Api, body: SignInBody): Promise<TokenPair> {
  const pair = await api.post<TokenPair>('/auth/signin', body, { anonymous: true });
  setTokens(tokensFrom(pair));
  return pair;
}

/** Revokes the refresh token on the server, then forgets the session here whatever the answer. */
export async function signOut(api: Api): Promise<void> {
  const tokens = agoraStore.getState().tokens;
  try {
    if (tokens) await api.post('/auth/signout', { refreshToken: tokens.refreshToken }, { anonymous: true });
  } finally {
    setTokens(null);
  }
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
