// Who may see which product (spec 3 §6), as ONE SQL predicate that every catalogue query
// (products, versions, resources, documents, plans, search, category counts) applies, so no
// path can leak a product the caller may not see. A product one cannot see answers 404.
//
// - provider users (providerGuid set) see every product that is not deleted, published or not;
// - everyone else sees published products whose visibility lets them in:
//   unrestricted: everyone, visitors included (on a public marketplace);
//   authenticated: signed-in users;
//   restricted: members of one of the listed teams;
//   restrictedExcluded: signed-in users unless every team they belong to is listed;
//   restrictedTags: members of a team carrying one of the listed tags;
//   and the product's owner team always sees it.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { roleSession, type Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { ORG_ROLES } from '../../../src/rules/roleNames.ts';
import { canLoadCatalogue } from '../../../src/rules/roles.ts';
import { one, textArray } from './sql.ts';

export const isVisitor = (caller: Caller): boolean => !caller.userId;
export const isProviderUser = (caller: Caller): boolean => !!caller.userId && !!caller.providerGuid;
/** Provider administrators also see the visibility team lists of a product. */
export const isProviderAdmin = (caller: Caller): boolean =>
  isProviderUser(caller) && (caller.orgRoles.includes(ORG_ROLES.Administrator) || caller.orgRoles.includes(ORG_ROLES.CentralAdmin));

/** The predicate "the caller may see product row `alias`". It reads the product's audience
 * (a column the database derives from state and visibility, schema.ts) and its id only, so it
 * can be tested on the entries of the catalogue's indexes: most products are public or for
 * signed-in users; the few restricted ones the caller may see are found once per statement
 * (a hashed set, or a lookup when a single product is asked for). */
export function productVisible(caller: Caller, alias = 'p', idColumn = 'id'): SQL {
  const p = sql.raw(alias);
  if (isProviderUser(caller)) return sql`${p}.audience in ('public', 'user', 'restricted', 'hidden')`;
  if (isVisitor(caller)) return sql`${p}.audience = 'public'`;
  return signedIn(p, sql.raw(idColumn), restrictedVisible(caller));
}

/** Written so that the audience alone is an index condition (the leading column of
 * products_audience_idx), and the few restricted rows are tested against `restricted`. */
const signedIn = (p: SQL, id: SQL, restricted: SQL): SQL =>
  sql`(${p}.audience in ('public', 'user', 'restricted') and (${p}.audience <> 'restricted' or ${p}.${id} in (${restricted})))`;

/** For a statement that tests visibility more than once (a page and its total): `ctes` lists
 * once, as `visible_restricted`, the restricted products the caller may see, and `visible` is
 * the predicate reading that list. Put `ctes` first in the statement's WITH. `visible` also
 * takes rows that carry a product's audience and id under another name (search_entries). */
export interface VisibilityScope {
  ctes: SQL | undefined;
  visible(alias?: string, idColumn?: string): SQL;
  /** How many products the caller may see (an int), from product_audience_counts. */
  count: SQL;
}

const audienceCount = (audiences: string[]) =>
  sql`(select coalesce(sum(n), 0) from product_audience_counts where audience = any(${textArray(audiences)}))`;

export function visibilityScope(caller: Caller): VisibilityScope {
  if (isProviderUser(caller) || isVisitor(caller)) {
    return {
      ctes: undefined,
      visible: (alias = 'p', idColumn = 'id') => productVisible(caller, alias, idColumn),
      count: sql`${audienceCount(isVisitor(caller) ? ['public'] : ['public', 'user', 'restricted', 'hidden'])}::int`,
    };
  }
  return {
    ctes: sql`visible_restricted as materialized (${restrictedVisible(caller)})`,
    visible: (alias = 'p', idColumn = 'id') => signedIn(sql.raw(alias), sql.raw(idColumn), sql`select vr.id from visible_restricted vr`),
    count: sql`(${audienceCount(['public', 'user'])} + (select count(*) from visible_restricted))::int`,
  };
}

/** `with <scope>, <rest>` (or `with <rest>`, or nothing). */
export function withScope(scope: VisibilityScope, rest: SQL[]): SQL {
  const all = [scope.ctes, ...rest].filter((x): x is SQL => !!x);
  return all.length ? sql`with ${sql.join(all, sql`, `)}` : sql``;
}

/** Ids of the restricted products a signed-in consumer may see: by team list, team tags,
 * exclusion list, or as a member of the owner team. Read from restricted_products (schema.ts). */
function restrictedVisible(caller: Caller): SQL {
  const teamIds = caller.teams.map((t) => t.guid);
  const tags = [...new Set(caller.teams.flatMap((t) => t.tags))];
  const kinds: SQL[] = [];
  if (teamIds.length) {
    const ids = textArray(teamIds);
    kinds.push(
      sql`vr.owner_team_id = any(${ids})`,
      sql`(vr.visibility = 'restricted' and vr.team_ids && ${ids})`,
      sql`(vr.visibility = 'restrictedExcluded' and not (${ids} <@ vr.team_ids))`,
    );
  } else {
    kinds.push(sql`vr.visibility = 'restrictedExcluded'`);
  }
  if (tags.length) kinds.push(sql`(vr.visibility = 'restrictedTags' and vr.team_tags && ${textArray(tags)})`);
  return sql`select vr.id from restricted_products vr where ${sql.join(kinds, sql` or `)}`;
}

/** "Product `productId` (an SQL expression) is visible to the caller", for rows that hang off a product. */
export function productIdVisible(caller: Caller, productId: SQL): SQL {
  return sql`exists (select 1 from products vp where vp.id = ${productId} and ${productVisible(caller, 'vp')})`;
}

/** Subscriptions that still count as held: not ended, not declined. */
export function liveSubscription(alias = 's'): SQL {
  const s = sql.raw(alias);
  return sql`(${s}.state not in ('archived', 'migrated', 'deleting') and ${s}.approval_state <> 'rejected')`;
}

/** The caller's organisation as an SQL value; a visitor's is null so every "= org" test is false. */
export const callerOrg = (caller: Caller): SQL => sql`${caller.orgId ?? null}::text`;

/** What the catalogue gate reads of site_config.settings: a private marketplace (public is
 * false) and the consumer feature switched off. As in db/siteConfig.ts, a missing or non-boolean
 * value means the default (public, consumer on). Read on each call that needs it: another
 * instance may have changed it. */
async function gateSettings(db: Db): Promise<{ private: boolean; consumerOff: boolean }> {
  const row = await one<{ private: boolean; consumer_off: boolean }>(db, sql`select settings->'public' = 'false'::jsonb as private,
    settings->'consumer' = 'false'::jsonb as consumer_off from site_config where id = 'default'`);
  return { private: row?.private === true, consumerOff: row?.consumer_off === true };
}

/** Is the marketplace browsable without signing in? */
export async function isPublicMarketplace(db: Db): Promise<boolean> {
  return !(await gateSettings(db)).private;
}

/** The catalogue gate of spec 1 §6 on a marketplace that requires sign-in: visitors must sign in
 * (401), and a signed-in user needs Administrator among provider roles or Consumer or Subscriber
 * among consumer roles (403), unless the consumer feature is off (then the catalogue is open
 * without consumer rights). A caller who holds those rights passes without reading the settings. */
export async function assertCatalogueOpen(db: Db, caller: Caller): Promise<void> {
  const session = roleSession(caller);
  if (canLoadCatalogue(session, { requiresLogin: true })) return;
  const settings = await gateSettings(db);
  if (canLoadCatalogue(session, { requiresLogin: settings.private, consumerEnabled: !settings.consumerOff })) return;
  if (!session) throw unauthorized('This marketplace is private: sign in to browse its catalogue.');
  throw forbidden('Your roles do not include access to this marketplace\'s catalogue.');
}

/** Puts the private-marketplace gate in front of every route of a catalogue route module. It runs
 * after the auth plugin's onRequest hook (which sets request.caller), before validation.
 * It also reads `sort= title` as `sort=+title`: an unencoded + in a query string arrives as a space. */
export function catalogueGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => assertCatalogueOpen(app.db, request.caller));
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.sort === 'string' && query.sort.startsWith(' ')) query.sort = `+${query.sort.slice(1)}`;
  });
}
