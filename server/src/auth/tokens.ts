// Access tokens of the built-in identity: short-lived HS256 JWTs signed with a key shared by
// every instance (AUTH_SECRET, or one generated once and kept in the store).
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_ISSUER = 'agora';
export const TOKEN_AUDIENCE = 'agora-api';

export interface AccessClaims {
  userId: string;
  orgId: string;
  sessionId: string;
}

export class TokenKeys {
  private readonly key: Uint8Array;
  constructor(secret: string, readonly accessTtlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ org: claims.orgId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  /** Throws TokenError with a message fit for the client when the token is not ours or expired. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.sid !== 'string') {
        throw new TokenError('The access token is missing its subject.');
      }
      return { userId: payload.sub, orgId: payload.org, sessionId: payload.sid };
    } catch (error) {
      throw asTokenError(error);
    }
  }
}

export class TokenError extends Error {}

export function asTokenError(error: unknown): TokenError {
  if (error instanceof TokenError) return error;
  if (error instanceof joseErrors.JWTExpired) return new TokenError('The access token has expired.');
  if (error instanceof joseErrors.JOSEError) return new TokenError('The access token is not valid.');
  throw error;
}

/** Refresh tokens are random; only their SHA-256 is stored, so a leaked table signs nobody in. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
