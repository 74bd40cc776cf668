// Self-service registration (POST /auth/register, when settings.signup is on): the answer is
// sign-in's, so the new user is signed in the same way.
import type { RegisterBody } from '../../server/src/schemas/registration.ts';
import type { TokenPair } from '../../server/src/schemas/auth.ts';
import { announceSession, setTokens, tokensFrom } from '../state/store.ts';
import type { Api } from './client.ts';

export type { RegisterBody };

export async function register(api: Api, body: RegisterBody): Promise<TokenPair> {
  const pair = await api.post<TokenPair>('/auth/register', body, { anonymous: true, headers: api.sessionHeaders });
  setTokens(tokensFrom(pair));
  announceSession('signed-in');
  return pair;
}
