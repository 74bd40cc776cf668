// What every request knows about its caller, set by the auth plugin and read by every route.
// Routes scope every query with it: organisation, teams, roles.

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
}

export const VISITOR: Caller = Object.freeze({
  userId: null, name: null, email: null, orgId: null, orgRoles: [], teams: [], providerGuid: null,
}) as Caller;
