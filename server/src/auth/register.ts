// Self-service registration (settings.signup): a new consumer organisation, its first user as
// its Administrator, and the organisation's first team with that user as its administrator (an
// application or subscription is owned by a team, so the new account can act at once); or, with
// an invitation's code, a Consumer of the inviting organisation in the invitation's team (else a
// private team of their own). All in one transaction: a refused registration leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { organisations, teamMembers, teams, users } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import { ORG_ROLES } from '../../../src/rules/roleNames.ts';
import { registrationProblems, type RegistrationProblem } from '../../../src/rules/registration.ts';
import {
  DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, ORGANISATION_NAME_MAX_LENGTH, PASSWORD_MIN_DISTINCT_CHARS, PASSWORD_MIN_LENGTH,
} from '../../../src/rules/constants.ts';
import type { RegisterBody } from '../schemas/registration.ts';
import { hashPasswordAsync } from './password.ts';
import { recordInvitee, takeInvitation } from './invitations.ts';

const DETAIL: Record<RegistrationProblem, (field: string) => string> = {
  required: (field) => `${field} is required.`,
  tooLong: (field) => `${field} is too long (at most ${{ email: EMAIL_MAX_LENGTH, name: DISPLAY_NAME_MAX_LENGTH, organisation: ORGANISATION_NAME_MAX_LENGTH }[field] ?? ''} characters).`,
  emailInvalid: () => 'email is not a valid e-mail address.',
  passwordTooShort: () => `password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooSimple: () => `password must use at least ${PASSWORD_MIN_DISTINCT_CHARS} different characters.`,
  passwordHasEmail: () => 'password must not contain the e-mail address.',
};

/** The first problem of the input as the one 400 shape, naming the field. */
export function checkRegistration(input: RegisterBody): void {
  if (input.invitation && input.organisation) throw badRequest('organisation', 'Give either organisation (a new one) or invitation (to join one), not both.');
  const [problem] = registrationProblems(input);
  if (problem) throw badRequest(problem[0], DETAIL[problem[1]](problem[0]));
}

export const EMAIL_TAKEN = 'An account with this e-mail address already exists: sign in instead.';

export interface RegisterOptions {
  /** Locale of the account's e-mails (from the registering browser). */
  locale?: string;
  /** settings.email_verification: the address waits for its link, unless an invitation for this
   * very address was taken (that link reached it already). */
  verify?: boolean;
  /** Runs in the registering transaction once the user exists and must still confirm (the verification e-mail). */
  onUnverified?: (tx: Db, userId: string) => Promise<void>;
}

/** Creates the organisation (or takes the invitation), the user and the team; returns the e-mail to sign in with. */
export async function registerAccount(db: Db, input: RegisterBody, now: Date, options: RegisterOptions = {}): Promise<{ userId: string; orgId: string; email: string }> {
  const email = input.email.trim();
  const name = input.name.trim();
  const passwordHash = await hashPasswordAsync(input.password);
  const userId = `user-${randomUUID()}`;
  const teamId = `team-${randomUUID()}`;
  let orgId = `org-${randomUUID()}`;
  await db.transaction(async (tx) => {
    let orgRoles: string[] = [ORG_ROLES.Administrator];
    let taken: Awaited<ReturnType<typeof takeInvitation>> | null = null;
    let team: { id: string; roles: string[]; create?: { name: string; tags: string[] } } = { id: teamId, roles: ['administrator', 'consumer'] };
    if (input.invitation) {
      taken = await takeInvitation(tx, input.invitation, email, now);
      orgId = taken.orgId;
      orgRoles = [ORG_ROLES.Consumer];
      team = taken.teamId
        ? { id: taken.teamId, roles: ['consumer', 'developer'] }
        : { id: teamId, roles: ['administrator', 'consumer'], create: { name, tags: ['private'] } };
    } else {
      const organisation = (input.organisation ?? '').trim();
      await tx.insert(organisations).values({ id: orgId, name: organisation, kind: 'consumer', createdAt: now });
      team.create = { name: organisation, tags: [] };
    }
    // The unique index on lower(email) decides, so two registrations racing for one address
    // cannot both win; the loser's organisation (or claimed invitation) goes with its transaction.
    const unverified = !!options.verify && !taken?.email;
    const [user] = await tx.insert(users).values({
      id: userId, orgId, email, name, passwordHash, orgRoles, createdAt: now, locale: options.locale ?? null,
      emailVerifiedAt: unverified ? null : now,
    }).onConflictDoNothing().returning({ id: users.id });
    if (!user) throw conflict('email', EMAIL_TAKEN);
    if (unverified) await options.onUnverified?.(tx as unknown as Db, userId);
    if (team.create) await tx.insert(teams).values({ id: team.id, orgId, name: team.create.name, tags: team.create.tags, type: 'consumer', createdAt: now });
    await tx.insert(teamMembers).values({ teamId: team.id, userId, roles: team.roles });
    if (taken) await recordInvitee(tx, taken.id, userId);
  });
  return { userId, orgId, email };
}

/** Whether an account holds the address (case-insensitively), checked before the costly hash. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return rows.length > 0;
}
