// Plans and quotas of a product (read side), the resources a plan covers, subscription request
// definitions, and the units used by plan quotas.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import type { Plan, PlansQuery, Quota, QuotasQuery, UnitsQuery } from '../schemas/plans.ts';
import { and, iso, one, rows, textArray } from './sql.ts';
import { callerOrg, isProviderUser, liveSubscription, productVisible } from './visibility.ts';
import { assertProductVisible, planVisible } from './products.ts';
import { latestVersionOf, listResourcesWhere, planCovers } from './resources.ts';

const PLAN_ORDER: Record<string, SQL> = {
  '+sortOrder': sql`pl.sort_order asc, lower(pl.title) asc, pl.id`,
  '+title': sql`lower(pl.title) asc, pl.id`,
  '-title': sql`lower(pl.title) desc, pl.id`,
  '+metadata.createdAt': sql`pl.created_at asc, pl.id`,
  '-metadata.createdAt': sql`pl.created_at desc, pl.id`,
};
const QUOTA_ORDER: Record<string, SQL> = {
  '+sortOrder': sql`q.sort_order asc, lower(q.title) asc, q.id`,
  '+title': sql`lower(q.title) asc, q.id`,
  '-title': sql`lower(q.title) desc, q.id`,
};

/** limit/offset, or page/pageSize when a page is given. */
export function paging(q: { limit?: number | undefined; offset?: number | undefined; page?: number | undefined; pageSize?: number | undefined }, defaultLimit: number) {
  if (q.page !== undefined) {
    const size = q.pageSize ?? q.limit ?? defaultLimit;
    return { limit: size, offset: (q.page - 1) * size };
  }
  return { limit: q.pageSize ?? q.limit ?? defaultLimit, offset: q.offset ?? 0 };
}

const QUOTA_COLUMNS = sql`q.id, q.title, q.plan_id, q.unit_name, u.title as unit_title, q.pricing,
  cardinality(q.asset_resource_ids) = 0 as all_resources,
  (select coalesce(json_agg(json_build_object('id', ar.id, 'title', ar.title) order by lower(ar.title), ar.id), '[]'::json)
    from asset_resources ar where ar.id = any(q.asset_resource_ids)) as resources`;

interface QuotaRow {
  id: string; title: string; plan_id: string; unit_name: string; unit_title: string | null; pricing: unknown;
  all_resources: boolean; resources: Array<{ id: string; title: string }>; total?: number;
}
const toQuota = (r: QuotaRow): Quota => ({
  id: r.id, title: r.title, planId: r.plan_id, unit: { name: r.unit_name, title: r.unit_title ?? r.unit_name },
  pricing: r.pricing, assetResources: r.resources ?? [], allResources: r.all_resources,
});

interface PlanRow {
  id: string; product_id: string; title: string; description: string; type: string; state: string; approval: string;
  billing: unknown; subscription: Record<string, unknown> | null; subscription_request_definition_id: string | null;
  created_at: unknown; subscriptions: number; can_subscribe: boolean; total?: number;
}

function planColumns(caller: Caller): SQL {
  return sql`pl.id, pl.product_id, pl.title, pl.description, pl.type, pl.state, pl.approval, pl.billing, pl.subscription,
    pl.subscription_request_definition_id, pl.created_at,
    (select count(*)::int from subscriptions s where s.plan_id = pl.id and s.org_id = ${callerOrg(caller)} and ${liveSubscription('s')}) as subscriptions,
    (pl.state = 'active' and p.can_subscribe
      and coalesce((select v.state from product_versions v where v.id = ${latestVersionOf(sql`p.id`)}), '') = 'active'
      and (pl.type = 'free' or coalesce((select not (settings->'billing'->'enabled' = 'false'::jsonb) from site_config where id = 'default'), true))
    ) as can_subscribe`;
}

async function quotasOf(db: Db, planIds: string[]): Promise<QuotaRow[]> {
  if (!planIds.length) return [];
  return rows<QuotaRow>(db, sql`select ${QUOTA_COLUMNS} from quotas q left join units u on u.name = q.unit_name
    where q.plan_id = any(${textArray(planIds)}) order by ${QUOTA_ORDER['+sortOrder']!}`);
}

function toPlan(r: PlanRow, quotas: QuotaRow[]): Plan {
  const sub = r.subscription ?? {};
  return {
    id: r.id, productId: r.product_id, title: r.title, description: r.description, type: r.type, state: r.state,
    canSubscribe: r.can_subscribe, approval: r.approval, billing: r.billing ?? {},
    subscription: { definitionId: r.subscription_request_definition_id, cycles: sub.cycles, intervalType: sub.intervalType },
    quotas: quotas.filter((q) => q.plan_id === r.id).map(toQuota),
    subscriptions: { totalCount: r.subscriptions },
    metadata: { createdAt: iso(r.created_at) },
  };
}

/** "The caller may see plan pl" for one plan read by id: visible plans, or any plan their
 * organisation holds a live subscription to (so a subscriber can still read an archived plan). */
function planReadable(caller: Caller): SQL {
  return sql`(${planVisible(caller)} or exists (select 1 from subscriptions s where s.plan_id = pl.id
    and s.org_id = ${callerOrg(caller)} and ${liveSubscription('s')}))`;
}

export async function listPlans(db: Db, caller: Caller, productId: string, q: PlansQuery) {
  await assertProductVisible(db, caller, productId);
  const { limit, offset } = paging(q, 100);
  const org = callerOrg(caller);
  const held = sql`exists (select 1 from subscriptions s where s.plan_id = pl.id and s.org_id = ${org} and ${liveSubscription('s')})`;
  const states = q['plan.state'];
  const base = and([planVisible(caller), states?.length && sql`pl.state = any(${textArray(states)})`]);
  const where = and([
    sql`pl.product_id = ${productId}`,
    q.includePlansWithSubscriptions ? sql`(${base} or ${held})` : base,
    q['plan.type']?.length && sql`pl.type = any(${textArray(q['plan.type'])})`,
  ]);
  const from = sql`plans pl join products p on p.id = pl.product_id`;
  const found = limit === 0 ? [] : await rows<PlanRow>(db, sql`select ${planColumns(caller)}, count(*) over ()::int as total
    from ${from} where ${where} order by ${PLAN_ORDER[q.sort ?? '+sortOrder']!} limit ${limit} offset ${offset}`);
  const totalCount = found[0]?.total ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`))?.n ?? 0;
  const quotas = await quotasOf(db, found.map((p) => p.id));
  return { items: found.map((p) => toPlan(p, quotas)), totalCount };
}

export async function getPlan(db: Db, caller: Caller, productId: string, planId: string): Promise<Plan> {
  const row = await one<PlanRow>(db, sql`select ${planColumns(caller)} from plans pl join products p on p.id = pl.product_id
    where pl.id = ${planId} and pl.product_id = ${productId} and ${productVisible(caller, 'p')} and ${planReadable(caller)}`);
  if (!row) throw notFound('Plan');
  return toPlan(row, await quotasOf(db, [row.id]));
}

async function assertPlanReadable(db: Db, caller: Caller, productId: string, planId: string): Promise<void> {
  const row = await one<{ id: string }>(db, sql`select pl.id from plans pl join products p on p.id = pl.product_id
    where pl.id = ${planId} and pl.product_id = ${productId} and ${productVisible(caller, 'p')} and ${planReadable(caller)}`);
  if (!row) throw notFound('Plan');
}

export async function listQuotas(db: Db, caller: Caller, productId: string, planId: string, q: QuotasQuery) {
  await assertPlanReadable(db, caller, productId, planId);
  const { limit, offset } = paging(q, 10);
  const found = limit === 0 ? [] : await rows<QuotaRow>(db, sql`select ${QUOTA_COLUMNS}, count(*) over ()::int as total
    from quotas q left join units u on u.name = q.unit_name where q.plan_id = ${planId}
    order by ${QUOTA_ORDER[q.sort ?? '+sortOrder']!} limit ${limit} offset ${offset}`);
  const totalCount = found[0]?.total ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from quotas where plan_id = ${planId}`))?.n ?? 0;
  return { items: found.map(toQuota), totalCount };
}

export async function getQuota(db: Db, caller: Caller, productId: string, planId: string, quotaId: string): Promise<Quota> {
  await assertPlanReadable(db, caller, productId, planId);
  const row = await one<QuotaRow>(db, sql`select ${QUOTA_COLUMNS} from quotas q left join units u on u.name = q.unit_name
    where q.id = ${quotaId} and q.plan_id = ${planId}`);
  if (!row) throw notFound('Quota');
  return toQuota(row);
}

/** Resources of the product's latest version that the plan covers. */
export async function listPlanResources(db: Db, caller: Caller, productId: string, planId: string,
  q: { limit?: number | undefined; offset?: number | undefined; page?: number | undefined; pageSize?: number | undefined }) {
  await assertPlanReadable(db, caller, productId, planId);
  const { limit, offset } = paging(q, 10);
  return listResourcesWhere(db, caller, and([
    sql`v.product_id = ${productId}`,
    sql`v.id = ${latestVersionOf(sql`v.product_id`)}`,
    sql`exists (select 1 from plans pl where pl.id = ${planId} and ${planCovers('pl', 'ar')})`,
  ]), { limit, offset });
}

export async function getSubscriptionRequestDefinition(db: Db, caller: Caller, productId: string, planId: string, definitionId: string) {
  await assertPlanReadable(db, caller, productId, planId);
  const row = await one<{ id: string; title: string; schema: unknown }>(db, sql`select d.id, d.title, d.schema
    from subscription_request_definitions d join plans pl on pl.subscription_request_definition_id = d.id
    where d.id = ${definitionId} and pl.id = ${planId}`);
  if (!row) throw notFound('Subscription request definition');
  return { id: row.id, title: row.title, schema: row.schema ?? {} };
}

/** Units used by the quotas of plans the caller may see. */
export async function listUnits(db: Db, caller: Caller, q: UnitsQuery) {
  const { limit, offset } = paging(q, 10);
  const text = q['search.unit.name']?.trim();
  const excluded = q['excluded.resource.name'];
  const where = and([
    sql`exists (select 1 from quotas q join plans pl on pl.id = q.plan_id join products p on p.id = pl.product_id
      where q.unit_name = u.name and ${productVisible(caller, 'p')} and ${isProviderUser(caller) ? sql`true` : sql`pl.state = 'active'`})`,
    text && sql`(strpos(lower(u.name), lower(${text})) > 0 or strpos(lower(u.title), lower(${text})) > 0)`,
    excluded?.length && sql`not (u.name = any(${textArray(excluded)}))`,
  ]);
  const found = limit === 0 ? [] : await rows<{ name: string; title: string; total: number }>(db, sql`
    select u.name, u.title, count(*) over ()::int as total from units u where ${where} order by lower(u.title), u.name
    limit ${limit} offset ${offset}`);
  const totalCount = found[0]?.total ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from units u where ${where}`))?.n ?? 0;
  return { items: found.map(({ name, title }) => ({ name, title })), totalCount };
}
