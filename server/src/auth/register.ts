// Self-service registration (settings.signup): a new consumer organisation, its first user as
// its Administrator, and the organisation's first team with that user as its administrator (an
// application or subscription is owned by a team, so the new account can act at once). All in
// one transaction: a refused registration leaves no organisation behind.
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
  const [problem] = registrationProblems(input);
  if (problem) throw badRequest(problem[0], DETAIL[problem[1]](problem[0]));
}

export const EMAIL_TAKEN = 'An account with this e-mail address already exists: sign in instead.';

/** Creates the organisation, user and team; returns the e-mail to sign in with. */
export async function registerAccount(db: Db, input: RegisterBody, now: Date): Promise<{ userId: string; orgId: string; email: string }> {
  const email = input.email.trim();
  const passwordHash = await hashPasswordAsync(input.password);
  const orgId = `org-${randomUUID()}`;
  const userId = `user-${randomUUID()}`;
  const teamId = `team-${randomUUID()}`;
  const organisation = input.organisation.trim();
  await db.transaction(async (tx) => {
    await tx.insert(organisations).values({ id: orgId, name: organisation, kind: 'consumer', createdAt: now });
    // The unique index on lower(email) decides, so two registrations racing for one address
    // cannot both win; the loser's organisation goes with its transaction.
    const [user] = await tx.insert(users).values({
      id: userId, orgId, email, name: input.name.trim(), passwordHash, orgRoles: [ORG_ROLES.Administrator], createdAt: now,
    }).onConflictDoNothing().returning({ id: users.id });
    if (!user) throw conflict('email', EMAIL_TAKEN);
    await tx.insert(teams).values({ id: teamId, orgId, name: organisation, type: 'consumer', createdAt: now });
    await tx.insert(teamMembers).values({ teamId, userId, roles: ['administrator', 'consumer'] });
  });
  return { userId, orgId, email };
}

/** Whether an account holds the address (case-insensitively), checked before the costly hash. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return rows.length > 0;
}
