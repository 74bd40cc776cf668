// The built-in identity: sign-in with e-mail and password, refresh-token rotation, sign-out.
// Sessions (hashed refresh tokens) live in the store so any instance can refresh or revoke.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { retiredRefreshTokens, sessions, users } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { dummyHash, verifyPasswordAsync } from './password.ts';
import { TokenKeys, hashRefreshToken, newRefreshToken } from './tokens.ts';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

const BAD_CREDENTIALS = 'The e-mail address or password is incorrect.';
const BAD_REFRESH = 'The session has expired or was signed out; sign in again.';
/** A token retired this recently still refreshes (once more rotating the session): two tabs or
 * elements refreshing with the same token at once must not end the user's session. A thief
 * replaying within it gains nothing lasting: the user's next refresh, with the token the thief's
 * rotation retired, ends the session for both. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
const REUSED_REFRESH = 'This refresh token was already used, so it may have been copied: the session was ended. Sign in again.';

export class AuthService {
  constructor(
    private readonly db: Db,
    readonly keys: TokenKeys,
    readonly refreshTtlSeconds: number,
  ) {}

  /** Unknown user and wrong password give the same answer, after the same work. */
  async signIn(username: string, password: string): Promise<TokenPair> {
    const [user] = await this.db
      .select({ id: users.id, orgId: users.orgId, passwordHash: users.passwordHash, state: users.state })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${username.trim()})`);
    const ok = await verifyPasswordAsync(password, user?.passwordHash ?? dummyHash());
    if (!user || !user.passwordHash || !ok) throw unauthorized(BAD_CREDENTIALS);
    if (user.state !== 'active') throw unauthorized('This account is disabled.');
    const refreshToken = newRefreshToken();
    const sessionId = randomUUID();
    await this.db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      refreshTokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + this.refreshTtlSeconds * 1000),
    });
    return this.pair(user.id, user.orgId, sessionId, refreshToken);
  }

  /** Rotates the refresh token: the one presented stops working, even if two requests race
   * (the update matches the old hash once). Presenting a token a rotation already replaced ends
   * the whole session (OAuth 2.1 reuse detection): either a thief or the user holds a copy that
   * was already used, and which one is not knowable, so neither keeps the session. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const next = newRefreshToken();
    const presented = hashRefreshToken(refreshToken);
    const session = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sessions)
        .set({ refreshTokenHash: hashRefreshToken(next), expiresAt: new Date(Date.now() + this.refreshTtlSeconds * 1000) })
        .where(and(
          eq(sessions.refreshTokenHash, presented),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ))
        .returning({ id: sessions.id, userId: sessions.userId });
      if (row) await tx.insert(retiredRefreshTokens).values({ tokenHash: presented, sessionId: row.id });
      return row;
    });
    if (!session) return this.reused(presented, next);
    const [user] = await this.db.select({ orgId: users.orgId, state: users.state }).from(users).where(eq(users.id, session.userId));
    if (!user || user.state !== 'active') throw unauthorized(BAD_REFRESH);
    // Retired tokens older than a refresh token lives are expired anyway: no reuse to detect.
    if (Math.random() < 0.01) {
      await this.db.delete(retiredRefreshTokens)
        .where(lt(retiredRefreshTokens.retiredAt, new Date(Date.now() - this.refreshTtlSeconds * 1000)));
    }
    return this.pair(session.userId, user.orgId, session.id, next);
  }

  /** A token that is not the session's current one: retired a moment ago (a concurrent refresh)
   * rotates the session again; retired earlier ends the session; unknown is a plain 401. */
  private async reused(presented: string, next: string): Promise<TokenPair> {
    const [retired] = await this.db.select({ sessionId: retiredRefreshTokens.sessionId, at: retiredRefreshTokens.retiredAt })
      .from(retiredRefreshTokens).where(eq(retiredRefreshTokens.tokenHash, presented));
    if (!retired) throw unauthorized(BAD_REFRESH);
    if (Date.now() - retired.at.getTime() < REFRESH_REUSE_GRACE_MS) {
      const session = await this.db.transaction(async (tx) => {
        const [current] = await tx.select({ id: sessions.id, userId: sessions.userId, hash: sessions.refreshTokenHash })
          .from(sessions)
          .where(and(eq(sessions.id, retired.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
          .for('update');
        if (!current) return undefined;
        await tx.update(sessions)
          .set({ refreshTokenHash: hashRefreshToken(next), expiresAt: new Date(Date.now() + this.refreshTtlSeconds * 1000) })
          .where(eq(sessions.id, current.id));
        await tx.insert(retiredRefreshTokens).values({ tokenHash: current.hash, sessionId: current.id }).onConflictDoNothing();
        return current;
      });
      if (!session) throw unauthorized(BAD_REFRESH);
      const [user] = await this.db.select({ orgId: users.orgId, state: users.state }).from(users).where(eq(users.id, session.userId));
      if (!user || user.state !== 'active') throw unauthorized(BAD_REFRESH);
      return this.pair(session.userId, user.orgId, session.id, next);
    }
    await this.db.update(sessions).set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, retired.sessionId), isNull(sessions.revokedAt)));
    throw unauthorized(REUSED_REFRESH);
  }

  /** Revokes the session of this refresh token. Unknown or already revoked tokens are not an
   * error: signing out twice leaves the caller signed out either way. */
  async signOut(refreshToken: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() })
      .where(and(eq(sessions.refreshTokenHash, hashRefreshToken(refreshToken)), isNull(sessions.revokedAt)));
  }

  /** True while the session behind an access token has not been signed out. */
  async sessionActive(sessionId: string): Promise<boolean> {
    const [row] = await this.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
    return !!row && !row.revokedAt;
  }

  private async pair(userId: string, orgId: string, sessionId: string, refreshToken: string): Promise<TokenPair> {
    const accessToken = await this.keys.sign({ userId, orgId, sessionId });
    return { accessToken, refreshToken, expiresIn: this.keys.accessTtlSeconds };
  }
}
