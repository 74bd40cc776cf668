// The authorization matrix, generated from the routes the real app registers (issue 12): every
// route × a visitor, each seeded account of the demo, and the other organisation (Globex against
// Acme's objects), checked against the policy the route declares in authorization.table.ts.
// A route registered without a policy there fails here, so a route added later without its check
// cannot slip in. The area suites (credentials, access, applications…) test what an allowed
// caller gets; this one that nobody gets what the policy refuses:
// - visitors: 401 on every route that needs a signed-in user; the catalogue open on a public
//   marketplace; on a private one 401, and 403 for roles without catalogue rights (spec 1 §6);
// - signed-in users are never told to sign in (401); a role the policy excludes never gets a 2xx;
// - Globex: Acme's ids in a path answer exactly as unknown ids do (404, nothing of the object),
//   and no answer to Globex or a visitor carries an id of Acme's rows (lists included).
// Calls with side effects (other methods than GET, the gateway) are made only by callers the
// policy must refuse, so the seeded store stays as it is for the other checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { type TestApp } from './helper.ts';
import { buildAppWithRoutes, fillPath, sampleOf, type RegisteredRoute } from './routes.ts';
import { ACCESS, FIXTURES, POLICY_ALLOWS, SHARED_ORG_TABLES, accessOf, type Policy } from './authorization.table.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { loadCaller } from '../../server/src/auth/caller.ts';
import { roleSession } from '../../server/src/context.ts';
import { canLoadCatalogue, type RoleSession } from '../../src/rules/roles.ts';
import type { Db } from '../../server/src/db/store.ts';

type World = 'seen' | 'acmeOnly' | 'unknown';
interface Who { key: string; user: { id: string; orgId: string } | null; session: RoleSession | null; headers: Record<string, string> }
interface Answer { status: number; body: string; json: unknown }

let t: TestApp;
let routes: RegisteredRoute[];
let values: Record<string, string>;
let callers: Who[];
let acmeIds: Set<string>;

const rows = async <T,>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query) as unknown as { rows: T[] }).rows;

/** The ids FIXTURES names in braces, read from the seeded store: the payments product's latest
 * version and what hangs off it, and the same for the product restricted to an Acme team. */
async function fixtureValues(db: Db): Promise<Record<string, string>> {
  const of = async (product: string, prefix: string) => {
    const [v] = await rows<Record<string, string | null>>(db, sql`
      select v.id as "versionId",
        (select ar.id from asset_resources ar where ar.product_version_id = v.id order by ar.id limit 1) as "resourceId",
        (select ar.access_request_definition_id from asset_resources ar where ar.product_version_id = v.id
          and ar.access_request_definition_id is not null order by ar.id limit 1) as "ardId",
        (select d.id from documents d where d.product_version_id = v.id order by d.id limit 1) as "documentId",
        (select a.id from articles a join document_sections s on s.id = a.section_id join documents d on d.id = s.document_id
          where d.product_version_id = v.id order by a.id limit 1) as "articleId",
        (select pl.id from plans pl where pl.product_id = p.id order by pl.id limit 1) as "planId",
        (select q.id from quotas q join plans pl on pl.id = q.plan_id where pl.product_id = p.id order by pl.id, q.id limit 1) as "quotaId",
        (select pl.subscription_request_definition_id from plans pl where pl.product_id = p.id
          and pl.subscription_request_definition_id is not null order by pl.id limit 1) as "srdId"
      from products p join product_versions v on v.product_id = p.id where p.id = ${product}
      order by v.created_at desc, v.id desc limit 1`);
    if (!v) throw new Error(`The demo seed has no product ${product}`);
    const [tag] = await rows<{ tag: string }>(db, sql`select t.tag from spec_operations o, unnest(o.tags) t(tag)
      where o.resource_id = ${v.resourceId} order by o.ordinal limit 1`).catch(() => []);
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...v, tag: tag?.tag ?? 'pets' })) {
      out[prefix ? `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}` : key] = value ?? `missing-${key}`;
    }
    return out;
  };
  const [invoice] = await rows<{ id: string }>(db, sql`select id from invoices where org_id = ${ORG.acme} order by id limit 1`);
  // No invitation is seeded: one pending invitation of Acme's (its code unknown to anyone).
  await db.execute(sql`insert into invitations (id, org_id, code_hash, created_by, expires_at)
    values ('invite-matrix-acme', ${ORG.acme}, 'matrix-code-hash', 'user-orgadmin', now() + interval '14 days') on conflict do nothing`);
  return {
    ...(await of('prod-payments', '')), ...(await of('prod-internal-hr', 'hr')), invoiceId: invoice?.id ?? 'missing-invoiceId', invitationId: 'invite-matrix-acme',
  };
}

/** Ids of Acme's rows (every table with an org_id but the public ones) and of the product
 * restricted to an Acme team: none may reach Globex or a visitor. */
async function acmeRowIds(db: Db): Promise<Set<string>> {
  const tables = await rows<{ table_name: string }>(db, sql`select c.table_name from information_schema.columns c
    join information_schema.columns i on i.table_name = c.table_name and i.table_schema = c.table_schema and i.column_name = 'id'
    where c.column_name = 'org_id' and c.table_schema = current_schema()`);
  const ids = new Set<string>();
  for (const { table_name: table } of tables) {
    if (SHARED_ORG_TABLES.includes(table)) continue;
    for (const r of await rows<{ id: string }>(db, sql`select id::text as id from ${sql.identifier(table)} where org_id = ${ORG.acme}`)) ids.add(r.id);
  }
  for (const key of ['versionId', 'resourceId', 'documentId', 'articleId', 'planId', 'quotaId']) {
    const id = values[`hr${key[0]!.toUpperCase()}${key.slice(1)}`];
    if (id && !id.startsWith('missing-')) ids.add(id);
  }
  ids.add('prod-internal-hr');
  return ids;
}

function fixture(param: string, collection: string, world: World): string {
  if (world === 'unknown') return param === 'ordinal' || param === 'schemaId' ? '99999' : param === '*' ? 'payments' : `zz-unknown-${param}`;
  const entry = FIXTURES[`${collection}/:${param}`] ?? FIXTURES[`:${param}`];
  if (!entry) throw new Error(`no fixture for ${collection}/:${param}: add one to FIXTURES in authorization.table.ts`);
  const raw = world === 'acmeOnly' ? entry.acmeOnly ?? entry.seen : entry.seen;
  return raw.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `missing-${name}`);
}

/** Whether the route's path holds an object Globex must not see. */
const holdsAcmeObject = (route: RegisteredRoute) => route.url.split('/').some((part, i, parts) => {
  if (!part.startsWith(':') && part !== '*') return false;
  const param = part === '*' ? '*' : part.slice(1);
  const entry = FIXTURES[`${parts[i - 1]}/:${param}`] ?? FIXTURES[`:${param}`];
  return !!entry?.acmeOnly;
});

const withValues = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name));

function requestOf(route: RegisteredRoute, world: World): InjectOptions {
  const access = accessOf(route.key);
  const query = withValues(access?.query ?? sampleOf(route.schema.querystring)) as Record<string, unknown> | undefined;
  const search = query && Object.keys(query).length
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const payload = withValues(access?.body ?? sampleOf(route.schema.body));
  return {
    method: route.method as InjectOptions['method'],
    url: `${fillPath(route.url, (param, collection) => fixture(param, collection, world))}${search}`,
    ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    headers: access?.headers ?? {},
  };
}

async function call(who: Who, route: RegisteredRoute, world: World): Promise<Answer> {
  const options = requestOf(route, world);
  const res = await t.app.inject({ ...options, headers: { ...(options.headers as Record<string, string>), ...who.headers } });
  let json: unknown;
  try { json = res.json(); } catch { json = undefined; }
  return { status: res.statusCode, body: res.body, json };
}

/** Runs `check` for every item, a few at a time, and returns the failures it reports. */
async function collect<T>(items: T[], check: (item: T) => Promise<string | string[] | null>): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 6 }, async () => {
    while (next < items.length) {
      const found = await check(items[next++]!);
      if (found) failures.push(...[found].flat());
    }
  }));
  return failures.sort();
}

const mustSignIn = (policy: Policy) => !['public', 'client', 'catalogue', 'token'].includes(policy);
const hasSideEffects = (route: RegisteredRoute, policy: Policy) => route.method !== 'GET' || policy === 'tryIt';
const allows = (who: Who, policy: Policy) => who.session !== null && POLICY_ALLOWS[policy](who.session);
const line = (who: Who, route: RegisteredRoute, answer: Answer, want: string) =>
  `${route.key} as ${who.key}: ${answer.status} (${want}) ${answer.body.slice(0, 160)}`;

/** Ids of Acme's rows found in an answer (any string value, or a path segment of one). */
function leakedIds(json: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const token of value.split(/[^A-Za-z0-9._:-]+/)) if (acmeIds.has(token)) found.add(token);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { walk(k); walk(v); }
  };
  walk(json);
  return [...found];
}

beforeAll(async () => {
  // publicOrigins: the portal's origin, the one redirect target the mock authorize page accepts
  ({ t, routes } = await buildAppWithRoutes({ demo: true, ...{ publicOrigins: ['http://localhost'] } }));
  values = await fixtureValues(t.db);
  const origins = t.app.hasDecorator('publicOrigins') ? [...(t.app as unknown as { publicOrigins: Set<string> }).publicOrigins] : [];
  values.publicOrigin = origins[0] ?? 'http://localhost';
  acmeIds = await acmeRowIds(t.db);
  callers = [{ key: 'visitor', user: null, session: null, headers: {} }];
  for (const [key, id] of Object.entries(USER)) {
    const caller = await loadCaller(t.db, id);
    if (!caller) throw new Error(`seeded user ${id} cannot sign in`);
    const user = { id, orgId: caller.orgId! };
    callers.push({ key, user, session: roleSession(caller), headers: await t.headersFor(user) });
  }
});
afterAll(() => t?.close());

const routed = () => routes.filter((route) => accessOf(route.key));

describe('authorization matrix (generated from the registered routes)', () => {
  it('every registered route declares its policy in authorization.table.ts, and every entry is a route', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !ACCESS[r.key]).map((r) => r.key), 'routes without a policy').toEqual([]);
    const keys = new Set(routes.map((r) => r.key));
    expect(Object.keys(ACCESS).filter((key) => !keys.has(key)), 'policies of routes that do not exist').toEqual([]);
  });

  it('every path id has a fixture, and every sample request passes validation', async () => {
    const admin = callers.find((c) => c.key === 'orgadmin')!;
    const failures = await collect(routed(), async (route) => {
      try { requestOf(route, 'seen'); } catch (error) { return `${route.key}: ${(error as Error).message}`; }
      if (hasSideEffects(route, accessOf(route.key)!.policy)) {
        // a visitor's call shows whether the sample got past validation (a 400 would hide the check)
        const answer = await call(callers[0]!, route, 'seen');
        // (an OAuth client's 400 is RFC 6749's invalid_request, which no sample avoids)
        return answer.status === 400 && accessOf(route.key)!.policy !== 'client' ? line(callers[0]!, route, answer, 'sample body or query refused: give one in ACCESS') : null;
      }
      const answer = await call(admin, route, 'seen');
      return answer.status === 400 ? line(admin, route, answer, 'sample query refused: give one in ACCESS') : null;
    });
    expect(failures).toEqual([]);
  });

  it('visitors: 401 wherever sign-in is needed; public and catalogue routes open; nothing of Acme in any answer', async () => {
    const visitor = callers[0]!;
    const failures = await collect(routed(), async (route) => {
      const { policy } = accessOf(route.key)!;
      if (!mustSignIn(policy) && hasSideEffects(route, policy)) return null;
      const answer = await call(visitor, route, 'seen');
      if (answer.status >= 500) return line(visitor, route, answer, 'never 5xx');
      if (mustSignIn(policy)) return answer.status === 401 ? null : line(visitor, route, answer, 'want 401');
      if (policy === 'client') return [400, 401].includes(answer.status) ? null : line(visitor, route, answer, 'want 400 or 401');
      if (policy === 'token') return answer.status === 403 ? null : line(visitor, route, answer, 'a made-up token: want 403');
      if (answer.status === 401 || answer.status === 403) return line(visitor, route, answer, `${policy}: open to visitors`);
      const leaks = answer.status < 300 ? leakedIds(answer.json) : [];
      return leaks.length ? line(visitor, route, answer, `leaks Acme ids ${leaks.join(', ')}`) : null;
    });
    expect(failures).toEqual([]);
  });

  it('each seeded role: a role the policy excludes never gets a 2xx; a signed-in user is never asked to sign in', async () => {
    const pairs = routed().flatMap((route) => callers.slice(1).map((who) => ({ route, who })));
    const failures = await collect(pairs, async ({ route, who }) => {
      const { policy } = accessOf(route.key)!;
      const allowed = allows(who, policy);
      if (allowed && hasSideEffects(route, policy)) return null;
      const answer = await call(who, route, 'seen');
      if (answer.status >= 500) return line(who, route, answer, 'never 5xx');
      if (answer.status === 401 && !['public', 'client', 'token'].includes(policy)) return line(who, route, answer, 'signed in: never 401');
      if (!allowed && ![403, 404].includes(answer.status)) return line(who, route, answer, `${policy} excludes this role: want 403 or 404`);
      return null;
    });
    expect(failures).toEqual([]);
  });

  it('Globex: Acme\'s ids in a path answer as unknown ids do, and no answer carries an id of Acme\'s rows', async () => {
    const globex = callers.filter((c) => c.user?.orgId === ORG.globex);
    expect(globex.length).toBeGreaterThan(0);
    const pairs = routed().flatMap((route) => globex.map((who) => ({ route, who })));
    const failures = await collect(pairs, async ({ route, who }) => {
      const { policy } = accessOf(route.key)!;
      if (holdsAcmeObject(route)) {
        const [theirs, unknown] = [await call(who, route, 'acmeOnly'), await call(who, route, 'unknown')];
        const ids = [...new Set([requestOf(route, 'acmeOnly').url, requestOf(route, 'unknown').url]
            .flatMap((url) => (url as string).split('?')[0]!.split('/').map(decodeURIComponent)))].filter((s) => s.length > 2 && s !== 'api' && s !== 'v1');
        ids.sort((a, b) => b.length - a.length);
        const normal = (a: Answer) => ids.reduce((text, id) => text.split(id).join('<id>'), a.body);
        if (theirs.status < 400 || theirs.status >= 500) return line(who, route, theirs, 'Acme\'s object: want 4xx as for an unknown id');
        if (theirs.status !== unknown.status || normal(theirs) !== normal(unknown)) {
          return line(who, route, theirs, `differs from an unknown id's answer: ${unknown.status} ${unknown.body.slice(0, 120)}`);
        }
        return null;
      }
      if (hasSideEffects(route, policy)) return null;
      const answer = await call(who, route, 'seen');
      if (answer.status >= 500) return line(who, route, answer, 'never 5xx');
      const leaks = answer.status < 300 ? leakedIds(answer.json) : [];
      return leaks.length ? line(who, route, answer, `leaks Acme ids ${leaks.join(', ')}`) : null;
    });
    expect(failures).toEqual([]);
  });

  it('a private marketplace: catalogue routes answer 401 to visitors and 403 to roles without catalogue rights', async () => {
    await t.setSettings({ public: false });
    try {
      const everyone = routed().filter((route) => accessOf(route.key)!.policy === 'catalogue')
        .flatMap((route) => callers.map((who) => ({ route, who })));
      const failures = await collect(everyone, async ({ route, who }) => {
        const answer = await call(who, route, 'seen');
        if (answer.status >= 500) return line(who, route, answer, 'never 5xx');
        if (!who.session) return answer.status === 401 ? null : line(who, route, answer, 'private marketplace: want 401');
        const open = canLoadCatalogue(who.session, { requiresLogin: true });
        if (!open) return answer.status === 403 ? null : line(who, route, answer, 'no catalogue rights: want 403');
        return answer.status === 401 || answer.status === 403 ? line(who, route, answer, 'catalogue rights: open') : null;
      });
      expect(failures).toEqual([]);
    } finally {
      await t.setSettings({ public: true });
    }
  });
});
