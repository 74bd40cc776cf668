// Loads what a request knows about its caller from the store: user, organisation roles, teams
// and team roles. Read on every request (never cached in memory) so a role change applies at once
// on every instance; one statement, as every API call pays for it.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { Caller, CallerTeam } from '../context.ts';

interface Row {
  id: string; name: string | null; email: string | null; org_id: string; org_roles: string[]; provider_guid: string | null;
  state: string; entitlements: string[]; teams: CallerTeam[]; session_active?: boolean;
}

async function callerRow(db: Db, userId: string, sessionId?: string): Promise<Row | undefined> {
  const result = (await db.execute(sql`select u.id, u.name, u.email, u.org_id, u.org_roles, u.provider_guid, u.state, o.entitlements,
      coalesce((select json_agg(json_build_object('guid', t.id, 'name', t.name, 'tags', t.tags, 'roles', tm.roles) order by t.name)
        from team_members tm join teams t on t.id = tm.team_id and t.org_id = u.org_id where tm.user_id = u.id), '[]'::json) as teams
      ${sessionId === undefined ? sql`` : sql`, exists (select 1 from sessions s where s.id = ${sessionId} and s.revoked_at is null) as session_active`}
    from users u join organisations o on o.id = u.org_id where u.id = ${userId}`)) as unknown as { rows: Row[] };
  return result.rows[0];
}

function toCaller(user: Row | undefined): Caller | null {
  if (!user || user.state !== 'active') return null;
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    orgId: user.org_id,
    orgRoles: user.org_roles,
    teams: user.teams,
    providerGuid: user.provider_guid,
    entitlements: user.entitlements,
  };
}

/** The caller for an active user, or null when the user is gone or disabled. */
export async function loadCaller(db: Db, userId: string): Promise<Caller | null> {
  return toCaller(await callerRow(db, userId));
}

/** The caller of a built-in access token, with whether its session is still signed in. */
export async function loadSessionCaller(db: Db, userId: string, sessionId: string): Promise<{ active: boolean; caller: Caller | null }> {
  const row = await callerRow(db, userId, sessionId);
  if (row) return { active: row.session_active === true, caller: toCaller(row) };
  // No such user: the session may still have been signed out, which the client is told first.
  const session = (await db.execute(sql`select 1 from sessions where id = ${sessionId} and revoked_at is null`)) as unknown as { rows: unknown[] };
  return { active: session.rows.length > 0, caller: null };
}
