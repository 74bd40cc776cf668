// Trusting an external OpenID Connect issuer: its access tokens are verified against its JWKS,
// and the subject is matched to a user by external_subject (created on first sight).
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { organisations, users } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { ORG_ROLES, ORG_ROLE_NAMES } from '../../../src/rules/roleNames.ts';
import { asTokenError } from './tokens.ts';

export interface OidcOptions {
  issuer: string;
  jwksUrl: string;
  /** Expected aud claim; unchecked when absent. */
  audience?: string | undefined;
  /** Claim naming the user's organisation id (default org_id). */
  orgClaim?: string | undefined;
  /** Claim listing organisation roles (default roles); when present it is the source of truth. */
  rolesClaim?: string | undefined;
  /** Organisation for users whose token names none (or one this marketplace does not know). */
  defaultOrgId?: string | undefined;
}

export class OidcVerifier {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  constructor(private readonly db: Db, private readonly options: OidcOptions) {
    this.jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  }

  async verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: this.options.issuer,
        ...(this.options.audience ? { audience: this.options.audience } : {}),
      });
      return payload;
    } catch (error) {
      throw asTokenError(error);
    }
  }

  /** The local user id for a verified token: found by subject, else created in the token's
   * organisation. Roles follow the token when it carries them. */
  async userFor(payload: JWTPayload): Promise<string> {
    const subject = `${this.options.issuer}#${payload.sub ?? ''}`;
    if (!payload.sub) throw new ApiError(401, 'Unauthorized', 'The access token has no subject.');
    const rolesClaim = payload[this.options.rolesClaim ?? 'roles'];
    const roles = Array.isArray(rolesClaim)
      ? rolesClaim.filter((r): r is string => typeof r === 'string' && (ORG_ROLE_NAMES as readonly string[]).includes(r))
      : undefined;
    const [existing] = await this.db.select({ id: users.id, orgRoles: users.orgRoles }).from(users)
      .where(eq(users.externalSubject, subject));
    if (existing) {
      if (roles && roles.join() !== existing.orgRoles.join()) {
        await this.db.update(users).set({ orgRoles: roles }).where(eq(users.id, existing.id));
      }
      return existing.id;
    }
    const orgId = await this.orgFor(payload[this.options.orgClaim ?? 'org_id']);
    const email = typeof payload.email === 'string' ? payload.email : `${payload.sub}@${new URL(this.options.issuer).host}`;
    const name = typeof payload.name === 'string' ? payload.name : email;
    const id = randomUUID();
    // Two first requests may race: the unique subject index keeps one row, and both read it back.
    await this.db.insert(users).values({
      id, orgId, email: await this.freeEmail(email), name, externalSubject: subject,
      orgRoles: roles ?? [ORG_ROLES.Consumer],
    }).onConflictDoNothing();
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.externalSubject, subject));
    if (!row) throw new ApiError(409, 'Conflict', 'The account could not be created; try again.');
    return row.id;
  }

  private async orgFor(claim: unknown): Promise<string> {
    for (const candidate of [claim, this.options.defaultOrgId]) {
      if (typeof candidate !== 'string' || !candidate) continue;
      const [org] = await this.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, candidate));
      if (org) return org.id;
    }
    throw new ApiError(403, 'Forbidden', 'Your organisation is not known to this marketplace.');
  }

  /** E-mail is unique across users; an external user whose address a local user already holds
   * keeps a distinct address rather than taking over that account. */
  private async freeEmail(email: string): Promise<string> {
    const [taken] = await this.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return taken ? `${randomUUID()}+${email}` : email;
  }
}
