// The owners a caller may give an application (spec 2 §5): Consumer-type teams of the caller's
// organisation where they hold the Administrator team role, filtered by the consume_teams
// preference (all, included ids, excluded ids, or by tag); with the global capability every
// Consumer-type team of the organisation, whatever the preference. A private team is offered as
// the user owner (type 'user', the caller, in that team), marked private.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { badRequest } from '../errors.ts';
import { rows } from '../catalogue/sql.ts';
import type { Owner } from '../schemas/applications.ts';
import type { SiteSettings } from '../schemas/config.ts';
import { TEAM_ROLES } from '../../../src/rules/roleNames.ts';
import { hasGlobalCapability, isPrivateTeam } from './rights.ts';

interface TeamRow { id: string; name: string; tags: string[]; type: string }

export function allowedByPreference(team: TeamRow, pref: SiteSettings['consume_teams']): boolean {
  switch (pref.type) {
    case 'included': return pref.values.includes(team.id);
    case 'excluded': return !pref.values.includes(team.id);
    case 'tag': return team.tags.some((tag) => pref.values.includes(tag));
    default: return true;
  }
}

/** Every owner the caller may choose, private first, then by team name. */
export async function offeredOwners(db: Db, caller: Caller): Promise<Owner[]> {
  if (!caller.orgId || !caller.userId) return [];
  const global = hasGlobalCapability(caller);
  const pref = (await readSiteConfig(db)).settings.consume_teams;
  const teams = await rows<TeamRow>(db, sql`select id, name, tags, type from teams
    where org_id = ${caller.orgId} and type = 'consumer' order by lower(name), id`);
  const owners: Owner[] = [];
  for (const team of teams) {
    const mine = caller.teams.find((t) => t.guid === team.id);
    if (isPrivateTeam(team.tags)) {
      // A private team is its member's own context, whatever the preference.
      if (mine) owners.unshift({ type: 'user', id: caller.userId, contextId: team.id, name: team.name, private: true });
      continue;
    }
    const admin = !!mine?.roles.includes(TEAM_ROLES.administrator);
    if (global || (admin && allowedByPreference(team, pref))) {
      owners.push({ type: 'team', id: team.id, contextId: null, name: team.name, private: false });
    }
  }
  return owners;
}

export interface ResolvedOwner { type: 'team' | 'user'; id: string; contextId: string | null }

/** The owner of a new application from the request, or 400 naming `owner` (or `owner.id`).
 * Without an owner, a caller with the global capability gets their private team if they have
 * one, else the first team offered (by name); anyone else must name one. */
export async function resolveOwner(db: Db, caller: Caller, input: { type: 'team' | 'user'; id: string } | undefined): Promise<ResolvedOwner> {
  const offered = await offeredOwners(db, caller);
  if (!input) {
    if (!hasGlobalCapability(caller)) throw badRequest('owner', 'owner is required: choose the team that owns the application.');
    const first = offered[0];
    if (!first) throw badRequest('owner', 'No team can own an application: create a Consumer team first.');
    return { type: first.type, id: first.id, contextId: first.contextId };
  }
  if (input.type === 'user') {
    if (input.id !== caller.userId) throw badRequest('owner.id', 'A user owner must be yourself.');
    const own = offered.find((o) => o.type === 'user');
    if (!own) throw badRequest('owner.id', 'You have no private team to own an application in.');
    return { type: 'user', id: own.id, contextId: own.contextId };
  }
  // A private team named as a team means its member, the caller, as the user owner.
  const asPrivate = offered.find((o) => o.type === 'user' && o.contextId === input.id);
  if (asPrivate) return { type: 'user', id: asPrivate.id, contextId: asPrivate.contextId };
  if (!offered.some((o) => o.type === 'team' && o.id === input.id)) {
    throw badRequest('owner.id', 'This team cannot own an application: it must be a Consumer team offered to you, where you hold the Administrator team role.');
  }
  return { type: 'team', id: input.id, contextId: null };
}
