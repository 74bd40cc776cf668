// Access tokens of POST /oauth/token (client_credentials): short-lived HS256 JWTs signed with a key
// of their own (server_secrets 'gateway.token-key', never the portal's), naming the credential and
// its secret version, so a rotation revokes every token issued before it.
import { SignJWT, jwtVerify } from 'jose';
import { OAUTH_TOKEN_TTL_SECONDS } from '../../../src/rules/constants.ts';
import type { CredentialEntry } from './lookup.ts';
import type { RefusalReason } from '../../../src/rules/analytics.ts';

/** Protected-header key id of these tokens: how the auth plugin tells them from portal tokens. */
export const GATEWAY_TOKEN_KID = 'agora-gateway';
const AUDIENCE = 'agora-gateway';

export async function issueToken(key: Uint8Array, credentialId: string, secretVersion: number, now: Date, scope?: string): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: secretVersion, ...(scope ? { scope } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: GATEWAY_TOKEN_KID })
    .setSubject(credentialId).setAudience(AUDIENCE).setIssuedAt(iat).setExpirationTime(iat + OAUTH_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** The credential id and secret version of a valid token, or null (bad signature, expired…). */
export async function verifyToken(key: Uint8Array, token: string, now: Date): Promise<{ credentialId: string; secretVersion: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { credentialId: payload.sub, secretVersion: payload.ver };
  } catch {
    return null;
  }
}

/** Why a credential cannot be used now (the gateway's 401 detail and its recorded reason), or null
 * when it can. */
export function unusable(entry: CredentialEntry | null, now: Date): { reason: RefusalReason; detail: string } | null {
  if (!entry) return { reason: 'unknownCredential', detail: 'The credential is not known.' };
  if (entry.retired) return { reason: 'rotated', detail: 'The credential was rotated: use its new secret.' };
  if (entry.state === 'inactive') return { reason: 'suspended', detail: 'The credential is suspended.' };
  if (entry.state !== 'active') return { reason: 'unknownCredential', detail: 'The credential is being deleted.' };
  if (entry.provisioningStatus !== 'success') return { reason: 'pending', detail: 'The credential is not provisioned.' };
  if (entry.expiresAt !== null && entry.expiresAt <= now.getTime()) return { reason: 'expired', detail: 'The credential has expired.' };
  if (!entry.applicationActive) return { reason: 'applicationInactive', detail: 'The credential\'s application is not active.' };
  return null;
}
