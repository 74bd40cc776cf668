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
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { unauthorized } from '../errors.ts';
import { ORG_ROLES } from '../../../src/rules/roleNames.ts';
import { one, textArray } from './sql.ts';

export const isVisitor = (caller: Caller): boolean => !caller.userId;
export const isProviderUser = (caller: Caller): boolean => !!caller.userId && !!caller.providerGuid;
/** Provider administrators also see the visibility team lists of a product. */
export const isProviderAdmin = (caller: Caller): boolean =>
  isProviderUser(caller) && (caller.orgRoles.includes(ORG_ROLES.Administrator) || caller.orgRoles.includes(ORG_ROLES.CentralAdmin));

/** The predicate "the caller may see product row `alias`". */
export function productVisible(caller: Caller, alias = 'p'): SQL {
  const p = sql.raw(alias);
  if (isProviderUser(caller)) return sql`${p}.state <> 'deleted'`;
  const published = sql`${p}.state = 'published'`;
  if (isVisitor(caller)) return sql`(${published} and ${p}.visibility = 'unrestricted')`;
  const teamIds = caller.teams.map((t) => t.guid);
  const tags = [...new Set(caller.teams.flatMap((t) => t.tags))];
  const kinds: SQL[] = [sql`${p}.visibility in ('unrestricted', 'authenticated')`];
  if (teamIds.length) {
    const ids = textArray(teamIds);
    kinds.push(
      sql`${p}.owner_team_id = any(${ids})`,
      sql`(${p}.visibility = 'restricted' and ${p}.visibility_team_ids && ${ids})`,
      sql`(${p}.visibility = 'restrictedExcluded' and not (${ids} <@ ${p}.visibility_team_ids))`,
    );
  } else {
    kinds.push(sql`${p}.visibility = 'restrictedExcluded'`);
  }
  if (tags.length) kinds.push(sql`(${p}.visibility = 'restrictedTags' and ${p}.visibility_team_tags && ${textArray(tags)})`);
  return sql`(${published} and (${sql.join(kinds, sql` or `)}))`;
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

/** Is the marketplace browsable without signing in? site_config.settings.public, where (as in
 * db/siteConfig.ts) a missing or non-boolean value means the default, public. Read on each call:
 * another instance may have changed it. */
export async function isPublicMarketplace(db: Db): Promise<boolean> {
  const row = await one<{ private: boolean }>(db, sql`select settings->'public' = 'false'::jsonb as private from site_config where id = 'default'`);
  return row?.private !== true;
}

/** Visitors of a private marketplace may not read the catalogue. */
export async function assertCatalogueOpen(db: Db, caller: Caller): Promise<void> {
  if (isVisitor(caller) && !(await isPublicMarketplace(db))) {
    throw unauthorized('This marketplace is private: sign in to browse its catalogue.');
  }
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
