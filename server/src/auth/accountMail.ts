// Account e-mails (issue 33): the verification of a self-registered address, password reset, and
// the notice that a password changed. Tokens are single-use (only their hash is stored; the one
// update that accepts a token also marks it used) and expire (PASSWORD_RESET_TTL_MINUTES,
// EMAIL_VERIFICATION_TTL_DAYS).
//
// "Send me a reset link" and "send the verification again" take an address and must not tell
// whether an account holds it, by answer or by timing: the route only enqueues a job (the same
// single insert whatever the address) and answers 202; the job looks the address up and, when an
// account holds it, issues the token and queues the e-mail. Links point at the portal's public
// origin (PUBLIC_URL), never at an origin a request's Host header claims (reset-link poisoning).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { accountTokens, sessions, users } from '../db/schema.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Caller } from '../context.ts';
import { ApiError, badRequest, forbidden } from '../errors.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { queueMail } from '../mail/mailer.ts';
import { passwordProblem } from '../../../src/rules/registration.ts';
import { EMAIL_VERIFICATION_TTL_DAYS, PASSWORD_MIN_DISTINCT_CHARS, PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_MINUTES } from '../../../src/rules/constants.ts';
import { hashPasswordAsync } from './password.ts';

export const RESET_JOB = 'auth.passwordReset';
export const VERIFY_AGAIN_JOB = 'auth.verifyAgain';
const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60_000;
const VERIFY_TTL_MS = EMAIL_VERIFICATION_TTL_DAYS * 86_400_000;

export const TOKEN_INVALID = 'This link is not valid: it was used already or has expired. Ask for a new one.';
export const NOT_VERIFIED = 'Confirm your e-mail address first: open the link in the e-mail we sent you (or ask for a new one on your account menu).';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The portal link of an account e-mail: the public origin (PUBLIC_URL), never a request's Host. */
export function portalLink(origins: ReadonlySet<string>, path: string, query: Record<string, string>): string {
  const origin = [...origins][0] ?? 'http://localhost';
  return `${origin}${path}?${new URLSearchParams(query).toString()}`;
}

async function issueToken(db: Db, userId: string, purpose: 'verify' | 'reset', ttlMs: number, now: Date): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await db.insert(accountTokens).values({ id, userId, purpose, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  return { id, token };
}

/** A verification token and its e-mail, in the caller's transaction (registration's). */
export async function queueVerification(db: Db, jobs: JobRunner, origins: ReadonlySet<string>, userId: string, now: Date): Promise<void> {
  const { id, token } = await issueToken(db, userId, 'verify', VERIFY_TTL_MS, now);
  await queueMail(db, jobs, { key: `verify:${id}`, kind: 'verify', userId, params: { link: portalLink(origins, '/verify-email', { token }) } });
}

/** Whether a new account must confirm its address (settings.email_verification). */
export async function verificationRequired(db: Db): Promise<boolean> {
  return (await readSiteConfig(db)).settings.email_verification;
}

/** Subscribing and creating credentials need a confirmed address, while the setting is on. */
export async function assertVerified(db: Db, caller: Caller): Promise<void> {
  if (!caller.userId) return;
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, caller.userId));
  if (!user || user.verifiedAt) return;
  if (await verificationRequired(db)) throw forbidden(NOT_VERIFIED);
}

export function registerAccountMailJobs(jobs: JobRunner, origins: ReadonlySet<string>): void {
  jobs.register(RESET_JOB, async (payload, ctx) => {
    const [user] = await ctx.db.select({ id: users.id, state: users.state, passwordHash: users.passwordHash }).from(users)
      .where(sql`lower(${users.email}) = lower(${String(payload.email)})`);
    // Accounts of an external identity issuer have no password here to reset.
    if (!user || user.state !== 'active' || !user.passwordHash) return;
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const { id, token } = await issueToken(tx as unknown as Db, user.id, 'reset', RESET_TTL_MS, now);
      await queueMail(tx as unknown as Db, jobs, { key: `reset:${id}`, kind: 'reset', userId: user.id, params: { link: portalLink(origins, '/reset-password', { token }) } });
    });
  });
  jobs.register(VERIFY_AGAIN_JOB, async (payload, ctx) => {
    const [user] = await ctx.db.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users)
      .where(sql`lower(${users.email}) = lower(${String(payload.email)})`);
    if (!user || user.verifiedAt) return;
    await ctx.db.transaction(async (tx) => queueVerification(tx as unknown as Db, jobs, origins, user.id, ctx.clock.now()));
  });
}

/** Takes a token once: marks it used and returns its user, or throws 404 naming `token` (no usable
 * link by that token, as an unknown invitation code answers). */
async function takeToken(db: Db, token: string, purpose: 'verify' | 'reset', now: Date): Promise<{ id: string; userId: string }> {
  const [row] = await db.update(accountTokens).set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id, userId: accountTokens.userId });
  if (!row) throw new ApiError(404, 'Not Found', TOKEN_INVALID, 'token');
  return row;
}

export async function verifyEmail(db: Db, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { userId } = await takeToken(tx as unknown as Db, token, 'verify', now);
    await tx.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  });
}

const PASSWORD_DETAIL = {
  passwordTooShort: `password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooSimple: `password must use at least ${PASSWORD_MIN_DISTINCT_CHARS} different characters.`,
  passwordHasEmail: 'password must not contain the e-mail address.',
} as Record<string, string>;

/** Sets a new password with a reset token: the token is spent, every session of the account ends,
 * the address counts as confirmed (the link reached it) and the owner is told by e-mail. */
export async function resetPassword(db: Db, jobs: JobRunner, token: string, password: string, now: Date): Promise<void> {
  const [pending] = await db.select({ email: users.email }).from(accountTokens).innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'reset'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)));
  if (!pending) throw new ApiError(404, 'Not Found', TOKEN_INVALID, 'token');
  const problem = passwordProblem(password, pending.email);
  if (problem) throw badRequest('password', PASSWORD_DETAIL[problem] ?? 'password is not acceptable.');
  const passwordHash = await hashPasswordAsync(password);
  await db.transaction(async (tx) => {
    const { id, userId } = await takeToken(tx as unknown as Db, token, 'reset', now);
    await tx.update(users).set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` }).where(eq(users.id, userId));
    // Other reset links of the account stop working, and so does every session (a thief's too).
    await tx.update(accountTokens).set({ usedAt: now }).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'reset'), isNull(accountTokens.usedAt)));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await queueMail(tx as unknown as Db, jobs, { key: `passwordChanged:${id}`, kind: 'passwordChanged', userId, params: { when: now.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' } });
  });
}
