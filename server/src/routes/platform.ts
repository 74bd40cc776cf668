// Platform look-ups (spec 3 §7.4): the teams of the caller's organisation and its users. Nobody
// sees another organisation's teams or users, nor another user's private team.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { ErrorResponses, IdParams } from '../schemas/common.ts';
import { OrgUserParams, OrgUserQuery, PlatformUserList, Team, TeamList, TeamQuery } from '../schemas/platform.ts';
import { teamMembers, teams, users } from '../db/schema.ts';
import { ApiError, notFound } from '../errors.ts';
import { assertSignedIn, type Caller } from '../context.ts';
import { PRIVATE_TEAM_TAG } from '../../../src/rules/roleNames.ts';

/** Teams of the caller's organisation the caller may see: every team but other users' private ones. */
function visibleTeams(caller: Caller & { orgId: string }): SQL {
  const mine = caller.teams.map((t) => t.guid);
  const notPrivate = not(sql`${PRIVATE_TEAM_TAG} = any(${teams.tags})`);
  return and(eq(teams.orgId, caller.orgId), mine.length ? or(notPrivate, inArray(teams.id, mine)) : notPrivate)!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export default async function platformRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const teamColumns = {
    guid: teams.id, name: teams.name, tags: teams.tags, type: teams.type,
    memberCount: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
  };
  const withRoles = (caller: Caller, row: Omit<Team, 'roles'>): Team =>
    ({ ...row, roles: caller.teams.find((t) => t.guid === row.guid)?.roles ?? [] });

  app.get('/team', { schema: { querystring: TeamQuery, response: { 200: TeamList, ...ErrorResponses } } }, async (request) => {
    const caller = request.caller;
    assertSignedIn(caller);
    const q = request.query;
    const filters = [visibleTeams(caller)];
    if (q.member) filters.push(caller.teams.length ? inArray(teams.id, caller.teams.map((t) => t.guid)) : sql`false`);
    if (q.tag?.length) filters.push(sql`${teams.tags} && ${sql`array[${sql.join(q.tag.map((t) => sql`${t}`), sql`, `)}]::text[]`}`);
    if (q.search) filters.push(ilike(teams.name, `%${escapeLike(q.search)}%`));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      app.db.select(teamColumns).from(teams).where(where).orderBy(asc(teams.name), asc(teams.id))
        .limit(q.limit ?? 100).offset(q.offset ?? 0),
      app.db.select({ n: count() }).from(teams).where(where),
    ]);
    return { items: rows.map((row) => withRoles(caller, row)), totalCount: total?.n ?? 0 };
  });

  app.get('/team/:id', { schema: { params: IdParams, response: { 200: Team, ...ErrorResponses } } }, async (request) => {
    const caller = request.caller;
    assertSignedIn(caller);
    const [row] = await app.db.select(teamColumns).from(teams).where(and(visibleTeams(caller), eq(teams.id, request.params.id)));
    if (!row) throw notFound(`Team ${request.params.id}`);
    return withRoles(caller, row);
  });

  app.get('/org/:orgId/user', {
    schema: { params: OrgUserParams, querystring: OrgUserQuery, response: { 200: PlatformUserList, ...ErrorResponses } },
  }, async (request) => {
    const caller = request.caller;
    assertSignedIn(caller);
    if (request.params.orgId !== caller.orgId) {
      throw new ApiError(403, 'Forbidden', 'You may only look up users of your own organisation.', 'orgId');
    }
    const q = request.query;
    const filters = [eq(users.orgId, caller.orgId)];
    if (q.user_guid?.length) filters.push(inArray(users.id, q.user_guid));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      app.db.select({ user_guid: users.id, name: users.name, email: users.email, org_id: users.orgId })
        .from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(q.limit ?? 100).offset(q.offset ?? 0),
      app.db.select({ n: count() }).from(users).where(where),
    ]);
    return { items: rows, totalCount: total?.n ?? 0 };
  });
}
