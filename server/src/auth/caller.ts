// Loads what a request knows about its caller from the store: user, organisation roles, teams
// and team roles. Read on every request (never cached in memory) so a role change applies at once
// on every instance.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { organisations, teamMembers, teams, users } from '../db/schema.ts';
import type { Caller } from '../context.ts';

/** The caller for an active user, or null when the user is gone or disabled. */
export async function loadCaller(db: Db, userId: string): Promise<Caller | null> {
  const [user] = await db
    .select({
      id: users.id, name: users.name, email: users.email, orgId: users.orgId, orgRoles: users.orgRoles,
      providerGuid: users.providerGuid, state: users.state, entitlements: organisations.entitlements,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.orgId))
    .where(eq(users.id, userId));
  if (!user || user.state !== 'active') return null;
  const memberships = await db
    .select({ guid: teams.id, name: teams.name, tags: teams.tags, roles: teamMembers.roles })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), eq(teams.orgId, user.orgId)))
    .where(eq(teamMembers.userId, user.id))
    .orderBy(teams.name);
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    orgId: user.orgId,
    orgRoles: user.orgRoles,
    teams: memberships,
    providerGuid: user.providerGuid,
    entitlements: user.entitlements,
  };
}
