// Invitations into an organisation: created, listed and revoked by its Administrator (a consumer
// organisation's), looked up by the holder of the code, and taken in the registering transaction
// (registerAccount), once: the row is claimed with `accepted_at IS NULL` in the same statement
// that marks it, so two registrations racing for one code cannot both win.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { invitations, organisations, teams } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { assertSignedIn } from '../context.ts';
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts';
import { hasGlobalCapability } from '../applications/rights.ts';
import { emailProblem } from '../../../src/rules/registration.ts';
import { hashRefreshToken } from './tokens.ts';
import type { Invitation, InvitationCreateBody, InvitationCreated, InvitationLookup } from '../schemas/invitations.ts';

/** How long a link stays valid: long enough for a colleague back from a fortnight away. */
export const INVITATION_TTL_DAYS = 14;
const DAY_MS = 86_400_000;

export const INVITATION_INVALID = 'This invitation is not valid: it was used, revoked or has expired. Ask your administrator for a new one.';
export const INVITATION_OTHER_EMAIL = 'This invitation is for another e-mail address.';

const hashCode = hashRefreshToken;

/** Only the Administrator of a consumer organisation invites (provider users are seeded, not invited). */
function assertInviter(caller: Caller): asserts caller is Caller & { userId: string; orgId: string } {
  assertSignedIn(caller);
  if (!hasGlobalCapability(caller)) {
    throw forbidden('Only an Administrator of the organisation can invite people.');
  }
}

type Row = typeof invitations.$inferSelect & { teamName: string | null };

function toInvitation(row: Row, now: Date): Invitation {
  const state = row.acceptedAt ? 'accepted' : row.expiresAt <= now ? 'expired' : 'pending';
  return {
    id: row.id,
    email: row.email,
    team: row.teamId && row.teamName ? { id: row.teamId, name: row.teamName } : null,
    state,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

export async function createInvitation(db: Db, caller: Caller, body: InvitationCreateBody, now: Date): Promise<InvitationCreated> {
  assertInviter(caller);
  const email = body.email?.trim() || null;
  if (email && emailProblem(email)) throw badRequest('email', 'email is not a valid e-mail address.');
  let teamName: string | null = null;
  if (body.team) {
    const [team] = await db.select({ name: teams.name, type: teams.type, tags: teams.tags }).from(teams)
      .where(and(eq(teams.id, body.team.id), eq(teams.orgId, caller.orgId)));
    if (!team) throw badRequest('team.id', 'team.id is not a team of your organisation.');
    if (team.type !== 'consumer' || team.tags.includes('private')) throw badRequest('team.id', 'team.id must be a shared consumer team (not a private one).');
    teamName = team.name;
  }
  const code = randomBytes(32).toString('base64url');
  const [row] = await db.insert(invitations).values({
    id: `invite-${randomUUID()}`, orgId: caller.orgId, teamId: body.team?.id ?? null, email, codeHash: hashCode(code),
    createdBy: caller.userId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  }).returning();
  return { ...toInvitation({ ...row!, teamName }, now), code };
}

export async function listInvitations(db: Db, caller: Caller, now: Date): Promise<{ items: Invitation[]; totalCount: number }> {
  assertInviter(caller);
  const rows = await db.select({ invitation: invitations, teamName: teams.name }).from(invitations)
    .leftJoin(teams, eq(teams.id, invitations.teamId))
    .where(eq(invitations.orgId, caller.orgId)).orderBy(desc(invitations.createdAt), desc(invitations.id));
  const items = rows.map((r) => toInvitation({ ...r.invitation, teamName: r.teamName }, now));
  return { items, totalCount: items.length };
}

/** Revoking removes a pending invitation (its link then answers as unknown); an accepted one is history and stays. */
export async function revokeInvitation(db: Db, caller: Caller, id: string): Promise<void> {
  assertInviter(caller);
  const [row] = await db.select({ acceptedAt: invitations.acceptedAt }).from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.orgId, caller.orgId)));
  if (!row) throw notFound('The invitation');
  if (row.acceptedAt) throw new ApiError(409, 'Conflict', 'This invitation was accepted already: it cannot be revoked.');
  await db.delete(invitations).where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)));
}

/** What the holder of a valid code may know: the organisation's name, the address and team. */
export async function lookupInvitation(db: Db, code: string, now: Date): Promise<InvitationLookup> {
  const [row] = await db.select({ orgName: organisations.name, email: invitations.email, teamName: teams.name, expiresAt: invitations.expiresAt })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .leftJoin(teams, eq(teams.id, invitations.teamId))
    .where(and(eq(invitations.codeHash, hashCode(code)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
  if (!row) throw new ApiError(404, 'Not Found', INVITATION_INVALID, 'code');
  return { organisation: { name: row.orgName }, email: row.email, team: row.teamName ? { name: row.teamName } : null, expiresAt: row.expiresAt.toISOString() };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Claims the invitation for a new user inside the registering transaction; throws (and so rolls
 * the registration back) when the code is unknown, used, expired or for another address. */
export async function takeInvitation(tx: Tx, code: string, email: string, now: Date): Promise<{ id: string; orgId: string; teamId: string | null; email: string | null }> {
  const [row] = await tx.update(invitations).set({ acceptedAt: now })
    .where(and(eq(invitations.codeHash, hashCode(code)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id, orgId: invitations.orgId, teamId: invitations.teamId, email: invitations.email });
  if (!row) throw new ApiError(400, 'Bad Request', INVITATION_INVALID, 'invitation');
  if (row.email && row.email.toLowerCase() !== email.toLowerCase()) throw badRequest('email', INVITATION_OTHER_EMAIL);
  return { id: row.id, orgId: row.orgId, teamId: row.teamId, email: row.email };
}

/** Names the user an invitation opened (once the user row exists, in the same transaction). */
export async function recordInvitee(tx: Tx, invitationId: string, userId: string): Promise<void> {
  await tx.update(invitations).set({ acceptedBy: userId }).where(eq(invitations.id, invitationId));
}

/** Whether a code names a usable invitation, before the costly password hash. */
export async function invitationUsable(db: Db, code: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`1` }).from(invitations)
    .where(and(eq(invitations.codeHash, hashCode(code)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
  return !!row;
}
