// What every request knows about its caller, set by the auth plugin and read by every route.
// Routes scope every query with it: organisation, teams, roles.
import type { RoleSession } from '../../src/rules/roles.ts';
import { unauthorized } from './errors.ts';

export interface CallerTeam {
  guid: string;
  name: string;
  tags: string[];
  roles: string[];
}

export interface Caller {
  /** null for a signed-out visitor */
  userId: string | null;
  name: string | null;
  email: string | null;
  /** The organisation (tenant) of the caller; null for a visitor. */
  orgId: string | null;
  orgRoles: string[];
  teams: CallerTeam[];
  /** Set for users of the provider organisation. */
  providerGuid: string | null;
  /** Entitlements of the caller's organisation (e.g. public_provider). */
  entitlements?: string[];
}

export const VISITOR: Caller = Object.freeze({
  userId: null, name: null, email: null, orgId: null, orgRoles: [], teams: [], providerGuid: null, entitlements: [],
}) as Caller;

/** A signed-in user of an organisation; visitors get 401. */
export function assertSignedIn(caller: Caller): asserts caller is Caller & { userId: string; orgId: string } {
  if (!caller.userId || !caller.orgId) throw unauthorized();
}

/** The caller in the shape the role checks of src/rules/roles.ts take (the findSession shape),
 * so the server and the screens run the very same checks. */
export function roleSession(caller: Caller): RoleSession | null {
  if (!caller.userId) return null;
  return {
    roles: caller.orgRoles,
    teams: caller.teams,
    org_id: caller.orgId,
    provider_guid: caller.providerGuid,
    entitlements: caller.entitlements ?? [],
  };
}
