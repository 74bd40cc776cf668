// Who may see and change applications (spec 2 §5, §6), from the caller alone: no query here.
// - An application belongs to one organisation; another organisation's is never seen (404).
// - A private one (owned by a user, in their private team) is seen by that user only.
// - Edit, archive and delete need the right on the owning team: the Administrator team role in
//   it, or the global capability (an organisation Administrator of a consumer organisation).
// - Using it (profiles, access requests) also passes for a consumer of the owning team
//   (spec 2 §6: "an administrator or a consumer in the owner team").
import { assertSignedIn, roleSession, type Caller } from '../context.ts';
import { forbidden } from '../errors.ts';
import { ORG_ROLES, PRIVATE_TEAM_TAG, TEAM_ROLES } from '../../../src/rules/roleNames.ts';
import { isConsumer } from '../../../src/rules/roles.ts';

export interface OwnedRow { org_id: string; owner_type: string; owner_id: string; owner_context_id: string | null; owner_private: boolean }

/** The global capability: an Administrator of a consumer organisation (provider users own no applications). */
export const hasGlobalCapability = (caller: Caller): boolean =>
  !caller.providerGuid && caller.orgRoles.includes(ORG_ROLES.Administrator);

/** The team whose rights decide: the owner team, or a user owner's private team. */
const teamOf = (row: OwnedRow): string => (row.owner_type === 'user' ? row.owner_context_id ?? '' : row.owner_id);

export function canSee(caller: Caller, row: OwnedRow): boolean {
  if (!caller.orgId || row.org_id !== caller.orgId) return false;
  if (row.owner_type === 'user') return row.owner_id === caller.userId;
  if (row.owner_private) return caller.teams.some((t) => t.guid === row.owner_id);
  return true;
}

export function canEdit(caller: Caller, row: OwnedRow): boolean {
  if (!canSee(caller, row)) return false;
  if (row.owner_type === 'user') return row.owner_id === caller.userId;
  if (hasGlobalCapability(caller)) return true;
  return caller.teams.some((t) => t.guid === teamOf(row) && t.roles.includes(TEAM_ROLES.administrator));
}

export function canUse(caller: Caller, row: OwnedRow): boolean {
  return canEdit(caller, row) || (canSee(caller, row) && isConsumerIn(caller, teamOf(row)));
}

/** A member of the team with consumer rights there (the Consumer organisation role alone does
 * not make one a member of every team). */
export function isConsumerIn(caller: Caller, teamId: string): boolean {
  return caller.teams.some((t) => t.guid === teamId) && isConsumer(roleSession(caller), teamId);
}

/** Access request and subscription lists (spec 2 §6): the Administrator role or a consumer. */
export function assertConsumer(caller: Caller): void {
  assertSignedIn(caller);
  if (!isConsumer(roleSession(caller))) throw forbidden('Access requests need the Administrator or Consumer role.');
}

/** Provider administrators decide access requests and see every organisation's. */
export const isProviderAdministrator = (caller: Caller): boolean =>
  !!caller.userId && !!caller.providerGuid && caller.orgRoles.includes(ORG_ROLES.Administrator);

export const isPrivateTeam = (tags: readonly string[]): boolean => tags.includes(PRIVATE_TEAM_TAG);
