// Loads what a request knows about its caller from the store: user, organisation roles, teams
// and team roles, in one statement. A session's caller is kept in memory only until the store's
// principals' version moves on (SessionCallers), so a role change applies at once on every instance.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { Caller, CallerTeam } from '../context.ts';
import { StoreVersion } from '../db/version.ts';

interface Row {
  id: string; name: string | null; email: string | null; org_id: string; org_roles: string[]; provider_guid: string | null;
  state: string; entitlements: string[]; teams: CallerTeam[]; session_active?: boolean;
}

const CALLER_COLUMNS = `select u.id, u.name, u.email, u.org_id, u.org_roles, u.provider_guid, u.state, o.entitlements,
      coalesce((select json_agg(json_build_object('guid', t.id, 'name', t.name, 'tags', t.tags, 'roles', tm.roles) order by t.name)
        from team_members tm join teams t on t.id = tm.team_id and t.org_id = u.org_id where tm.user_id = u.id), '[]'::json) as teams`;
const CALLER_FROM = 'from users u join organisations o on o.id = u.org_id where u.id = $1';
const CALLER = `${CALLER_COLUMNS} ${CALLER_FROM}`;
const SESSION_CALLER = `${CALLER_COLUMNS},
      exists (select 1 from sessions s where s.id = $2 and s.revoked_at is null) as session_active ${CALLER_FROM}`;

interface Client { query(text: string, params: unknown[]): Promise<{ rows: Row[] }> }

/** Through the driver's own client (pg Pool, PGlite) with fixed text: every signed-in request
 * runs it, and Drizzle's query path costs more than the statement on the embedded store. */
async function callerRow(db: Db, userId: string, sessionId?: string): Promise<Row | undefined> {
  const client = (db as unknown as { $client: Client }).$client;
  const result = sessionId === undefined ? await client.query(CALLER, [userId]) : await client.query(SESSION_CALLER, [userId, sessionId]);
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

/** Callers of built-in sessions, kept in memory per session until the principals' version moves
 * on (migration 0017: every write to users, organisations, teams, team members or sessions bumps
 * it at commit, and db/version.ts follows it), so a role change or a sign-out still applies to the
 * very next request while a signed-in request usually reads nothing. At most `max` sessions. */
export class SessionCallers {
  private entries = new Map<string, { active: boolean; caller: Caller | null }>();
  private version = '';
  readonly versions: StoreVersion;
  constructor(private readonly db: Db, private readonly max = 10_000) {
    this.versions = new StoreVersion(db, 'principals_version');
  }

  async load(userId: string, sessionId: string): Promise<{ active: boolean; caller: Caller | null }> {
    const version = await this.versions.read();
    // Versions only grow: one read before a newer one must not empty the newer entries.
    if (version !== this.version && (!this.version || BigInt(version) > BigInt(this.version))) {
      this.entries.clear();
      this.version = version;
    }
    const key = `${userId} ${sessionId}`;
    const kept = version === this.version ? this.entries.get(key) : undefined;
    if (kept) return kept;
    const loaded = await loadSessionCaller(this.db, userId, sessionId);
    if (version === this.version) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, loaded);
    }
    return loaded;
  }
}
