// Which quotas a gateway call counts against, cached on the hot path (./cache.ts, 1 s):
// - the quotas of a subscription's plan that cover the resource (quotas.asset_resource_ids; empty:
//   every resource of the plan) and are counted in calls (unit 'transactions'; megabytes, messages
//   and the like are not something a call through the gateway measures);
// - for a try-it call without an application, the subscription it is counted under.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { Caller } from '../context.ts';
import { preparedRows, rows, textArray } from '../catalogue/sql.ts';
import { planCovers } from '../catalogue/resources.ts';
import { TRANSACTIONS_UNIT } from '../publish/rows.ts';
import { isInterval, quotaLimit, readPricing, type QuotaLimit } from '../../../src/rules/quota.ts';
import type { QuotaInterval } from '../../../src/rules/constants.ts';
import { TtlCache } from '../ttlCache.ts';

export interface CountedQuota extends QuotaLimit {
  id: string;
  title: string;
  unitName: string;
  interval: QuotaInterval;
}

/** The unit a gateway call is counted in. */
export const CALL_UNIT = TRANSACTIONS_UNIT.name;

const caches = new WeakMap<Db, { quotas: TtlCache<CountedQuota[]>; tryIt: TtlCache<string | null> }>();
function cachesOf(db: Db) {
  let c = caches.get(db);
  if (!c) caches.set(db, c = { quotas: new TtlCache(), tryIt: new TtlCache() });
  return c;
}

/** Forget what this instance cached (a plan or quota edited here; tests). */
export function forgetQuotaCoverage(db: Db): void {
  const c = caches.get(db);
  c?.quotas.forget();
  c?.tryIt.forget();
}

/** How a stored pricing is counted; an unreadable pricing counts without a limit. */
export function countedQuota(row: { id: string; title: string; unit_name: string; pricing: unknown }): CountedQuota {
  const pricing = readPricing(row.pricing);
  const raw = (row.pricing ?? {}) as { interval?: unknown };
  const interval: QuotaInterval = pricing?.interval ?? (isInterval(raw.interval) ? raw.interval : 'monthly');
  return { id: row.id, title: row.title, unitName: row.unit_name, interval, ...quotaLimit(pricing) };
}

/** The counted quotas of the subscription's plan covering the resource, strict ones first. */
export function quotasFor(db: Db, subscriptionId: string, resourceId: string): Promise<CountedQuota[]> {
  return cachesOf(db).quotas.get(`${subscriptionId}|${resourceId}`, async () => {
    const found = await preparedRows<{ id: string; title: string; unit_name: string; pricing: unknown }>(db, sql`
      select q.id, q.title, q.unit_name, q.pricing from subscriptions s join quotas q on q.plan_id = s.plan_id
      where s.id = ${subscriptionId} and q.unit_name = ${CALL_UNIT}
        and (cardinality(q.asset_resource_ids) = 0 or ${resourceId}::text = any(q.asset_resource_ids))
      order by q.sort_order, q.id`);
    const counted = found.map(countedQuota);
    return [...counted.filter((q) => q.mode === 'strict'), ...counted.filter((q) => q.mode !== 'strict')];
  });
}

/**
 * A try-it call (portal session) names no subscription unless the explorer sends an application
 * (X-Agora-Application: its approved access decides, as for runtime calls). Otherwise it is
 * counted under the caller's own: an active, approved subscription of the caller's organisation
 * to this product, owned by one of the caller's teams or by the caller, whose plan covers the
 * resource; the oldest when several do. None: the call is not counted (a provider trying its own
 * API, a consumer before subscribing).
 */
export function tryItSubscription(db: Db, caller: Caller, productId: string, resourceId: string): Promise<string | null> {
  if (!caller.userId || !caller.orgId) return Promise.resolve(null);
  const teams = caller.teams.map((t) => t.guid);
  const key = `${caller.userId}|${caller.orgId}|${teams.join(',')}|${productId}|${resourceId}`;
  return cachesOf(db).tryIt.get(key, async () => {
    const [row] = await rows<{ id: string }>(db, sql`
      select s.id from subscriptions s join plans pl on pl.id = s.plan_id join asset_resources ar on ar.id = ${resourceId}
      where s.org_id = ${caller.orgId} and s.product_id = ${productId} and s.state = 'active' and s.approval_state = 'approved'
        and ((s.owner_type = 'team' and s.owner_id = any(${textArray(teams)})) or (s.owner_type = 'user' and s.owner_id = ${caller.userId}))
        and ${planCovers('pl', 'ar')}
      order by s.created_at, s.id limit 1`);
    return row?.id ?? null;
  });
}
