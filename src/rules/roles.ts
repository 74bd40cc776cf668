// The role checks of spec 3 §6 (and the catalogue gate of spec 1 §6) as pure functions of the
// session. The screens call them on the findSession answer; the server calls them on the
// caller (server/src/context.ts roleSession), so what a screen offers is what the server allows.
import { ORG_ROLES, TEAM_ROLES, PUBLIC_PROVIDER_ENTITLEMENT } from './roleNames.ts';

/** The findSession shape (only what role checks read). null or undefined means signed out. */
export interface RoleSession {
  roles: readonly string[];
  teams: ReadonlyArray<{ guid: string; roles: readonly string[]; tags?: readonly string[] }>;
  org_id?: string | null;
  provider_guid?: string | null;
  entitlements?: readonly string[];
}

export interface RoleCheck {
  /** Organisation roles that pass. */
  orgRoles?: readonly string[];
  /** Team roles that pass, held in any team, or only in `teamGuid` when given. */
  teamRoles?: readonly string[];
  teamGuid?: string | null;
  /** For a session without a provider guid: the organisation roles checked instead of
   * `orgRoles`. Without them such a session passes (spec 3 §6). */
  fallbackRoles?: readonly string[];
}

type Maybe<T> = T | null | undefined;

const intersects = (held: readonly string[], wanted: readonly string[] | undefined) =>
  !!wanted && wanted.some((role) => held.includes(role));

/** Passes if an organisation role matches, or any team role (optionally in one team) matches.
 * With no provider guid in the session and no fallback roles, it passes; with fallback roles,
 * those replace the organisation roles. A signed-out visitor never passes. */
export function checkRole(session: Maybe<RoleSession>, check: RoleCheck): boolean {
  if (!session) return false;
  let orgRoles = check.orgRoles;
  if (!session.provider_guid) {
    if (!check.fallbackRoles) return true;
    orgRoles = check.fallbackRoles;
  }
  if (intersects(session.roles, orgRoles)) return true;
  const teams = check.teamGuid ? session.teams.filter((team) => team.guid === check.teamGuid) : session.teams;
  return teams.some((team) => intersects(team.roles, check.teamRoles));
}

const SUBSCRIBER_ORG_ROLES = [ORG_ROLES.Administrator, ORG_ROLES.Subscriber];
const CONSUMER_ORG_ROLES = [ORG_ROLES.Administrator, ORG_ROLES.Consumer];

/** Subscriber check: an administrator or a Subscriber (in a team: its manager or its subscriber). */
export function isSubscriber(session: Maybe<RoleSession>, teamGuid?: string | null): boolean {
  return checkRole(session, {
    orgRoles: SUBSCRIBER_ORG_ROLES,
    teamRoles: [TEAM_ROLES.administrator, TEAM_ROLES.subscription_admin],
    teamGuid,
    fallbackRoles: SUBSCRIBER_ORG_ROLES,
  });
}

/** Consumer check: an administrator, a Consumer, or team roles consumer, developer, catalog_manager. */
export function isConsumer(session: Maybe<RoleSession>, teamGuid?: string | null): boolean {
  return checkRole(session, {
    orgRoles: CONSUMER_ORG_ROLES,
    teamRoles: [TEAM_ROLES.consumer, TEAM_ROLES.developer, TEAM_ROLES.catalog_manager],
    teamGuid,
    fallbackRoles: CONSUMER_ORG_ROLES,
  });
}

/** Administrator check: Administrator on a consumer marketplace, CentralAdmin otherwise. Never
 * passes by default: an administrator right must be held. */
export function isAdministrator(session: Maybe<RoleSession>, options: { consumerMarketplace: boolean }): boolean {
  if (!session) return false;
  return session.roles.includes(options.consumerMarketplace ? ORG_ROLES.Administrator : ORG_ROLES.CentralAdmin);
}

/** A provider Administrator: the provider's own Administrator, who decides subscriptions, access
 * requests and reviews of its products (the server's applications/rights.ts isProviderAdministrator). */
export function isProviderAdministrator(session: Maybe<RoleSession>): boolean {
  return !!session?.provider_guid && session.roles.includes(ORG_ROLES.Administrator);
}

/** On a public marketplace: the organisation is entitled public_provider, or the user has a provider guid. */
export function isOnPublicMarketplace(session: Maybe<RoleSession>): boolean {
  if (!session) return false;
  return !!session.provider_guid || !!session.entitlements?.includes(PUBLIC_PROVIDER_ENTITLEMENT);
}

/** The catalogue gate of spec 1 §6: on a portal that requires sign-in, the catalogue loads for
 * Administrator among provider roles, or Consumer or Subscriber among consumer roles (an
 * administrator of a consumer organisation holds every consumer right, as in isConsumer). With
 * the consumer feature off there are no consumer rights to hold: every signed-in user passes. */
export function canLoadCatalogue(session: Maybe<RoleSession>, options: { requiresLogin: boolean; consumerEnabled?: boolean }): boolean {
  if (!options.requiresLogin) return true;
  if (!session) return false;
  if (options.consumerEnabled === false) return true;
  if (session.provider_guid) return session.roles.includes(ORG_ROLES.Administrator);
  return intersects(session.roles, [ORG_ROLES.Consumer, ORG_ROLES.Subscriber, ORG_ROLES.Administrator]);
}

/** Guids of the caller's teams in which one of `roles` is held. */
export function teamsWithRole(session: Maybe<RoleSession>, roles: readonly string[]): string[] {
  return session ? session.teams.filter((team) => intersects(team.roles, roles)).map((team) => team.guid) : [];
}
