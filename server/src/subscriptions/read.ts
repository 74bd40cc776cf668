// The subscriptions list as spec 2 needs it (§7 "Subscriptions list", the wizard's subscription
// choice and its resources step). Read side only; the subscriptions issue owns the rest.
// Scope: the caller's organisation; a subscription owned by a user is that user's only.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import { and, iso, one, rows, textArray } from '../catalogue/sql.ts';
import { latestVersionOf, planCovers } from '../catalogue/resources.ts';
import type { SubscriptionSummary, SubscriptionsQuery } from '../schemas/accessRequests.ts';
import { appVisible } from '../applications/applications.ts';
import { hasGlobalCapability, isConsumerIn } from '../applications/rights.ts';
import { assertSignedIn } from '../context.ts';

function visible(caller: Caller): SQL {
  return sql`s.org_id = ${caller.orgId ?? null}::text and (s.owner_type <> 'user' or s.owner_id = ${caller.userId ?? null}::text)`;
}

const SELECT = sql`select s.id, s.title, s.product_id, p.title as product_title, s.plan_id, pl.title as plan_title, s.owner_type, s.owner_id,
  s.owner_context_id, case when s.owner_type = 'user' then u.name else t.name end as owner_name, s.state, s.approval_state, s.approval_reason,
  s.archival_scheduled_at, s.migration_scheduled_at, s.created_at
  from subscriptions s join products p on p.id = s.product_id join plans pl on pl.id = s.plan_id
  left join teams t on t.id = s.owner_id and s.owner_type = 'team' left join users u on u.id = s.owner_id and s.owner_type = 'user'`;

type Row = Record<string, unknown> & { id: string; owner_type: string; owner_id: string; owner_context_id: string | null; state: string; approval_state: string };

/** Spec 2 §6: registering needs an administrator, or a consumer in the owner team (a user owner: themselves). */
function mayRegister(caller: Caller, r: Row): boolean {
  if (r.owner_type === 'user') return r.owner_id === caller.userId;
  return hasGlobalCapability(caller) || isConsumerIn(caller, r.owner_id);
}

function toSummary(caller: Caller, r: Row): SubscriptionSummary {
  const scheduled = (v: unknown) => (v ? iso(v) : null);
  return {
    id: r.id, title: r.title as string,
    product: { id: r.product_id as string, title: r.product_title as string },
    plan: { id: r.plan_id as string, title: r.plan_title as string },
    owner: { type: r.owner_type, id: r.owner_id, name: (r.owner_name as string | null) ?? null },
    state: r.state as SubscriptionSummary['state'],
    approval: { state: r.approval_state as SubscriptionSummary['approval']['state'], reason: (r.approval_reason as string | null) ?? null },
    canRequestAccess: r.approval_state === 'approved' && r.state === 'active' && mayRegister(caller, r),
    archival: { scheduledAt: scheduled(r.archival_scheduled_at) },
    migration: { to: { scheduledAt: scheduled(r.migration_scheduled_at) } },
    metadata: { createdAt: iso(r.created_at) },
  };
}

export async function listSubscriptions(db: Db, caller: Caller, q: SubscriptionsQuery) {
  assertSignedIn(caller);
  const search = q.search?.trim();
  const where = and([
    visible(caller),
    q.product && sql`s.product_id = ${q.product}`,
    // Subscriptions under which the resource can be requested: its product, the latest version, the plan covers it.
    q.resource && sql`exists (select 1 from asset_resources ar where ar.id = ${q.resource}
      and ar.product_version_id = ${latestVersionOf(sql`s.product_id`)} and ${planCovers('pl', 'ar')})`,
    q.ownerId?.length && sql`(s.owner_id = any(${textArray(q.ownerId)}) or s.owner_context_id = any(${textArray(q.ownerId)}))`,
    q.states?.length && sql`s.state = any(${textArray(q.states)})`,
    q.approvalStates?.length && sql`s.approval_state = any(${textArray(q.approvalStates)})`,
    search && sql`(strpos(lower(s.title), lower(${search})) > 0 or strpos(lower(p.title), lower(${search})) > 0)`,
  ]);
  const pageSize = q.pageSize ?? 10;
  const page = q.page ?? 1;
  const order = q.sort === '+metadata.createdAt' ? sql`s.created_at asc, s.id` : sql`s.created_at desc, s.id`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from subscriptions s join products p on p.id = s.product_id
    join plans pl on pl.id = s.plan_id where ${where}`);
  const found = pageSize === 0 ? [] : await rows<Row>(db, sql`${SELECT} where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return { items: found.map((r) => toSummary(caller, r)), totalCount: count?.n ?? 0 };
}

async function findSubscription(db: Db, caller: Caller, id: string): Promise<Row> {
  assertSignedIn(caller);
  const row = await one<Row>(db, sql`${SELECT} where s.id = ${id} and ${visible(caller)}`);
  if (!row) throw notFound(`Subscription ${id}`);
  return row;
}

export async function getSubscription(db: Db, caller: Caller, id: string): Promise<SubscriptionSummary> {
  return toSummary(caller, await findSubscription(db, caller, id));
}

interface ResourcesQuery { applicationId?: string | undefined; searchTerm?: string | undefined; sort?: '+title' | '-title' | undefined; page?: number | undefined; pageSize?: number | undefined }

export async function listSubscriptionResources(db: Db, caller: Caller, id: string, q: ResourcesQuery) {
  await findSubscription(db, caller, id);
  // An application the caller cannot see marks nothing (and reveals nothing).
  const application = q.applicationId
    ? await one<{ id: string }>(db, sql`select a.id from applications a where a.id = ${q.applicationId} and ${appVisible(caller)}`)
    : undefined;
  const search = q.searchTerm?.trim();
  const from = sql`subscriptions s join plans pl on pl.id = s.plan_id join products p on p.id = s.product_id
    join asset_resources ar on ar.product_version_id = ${latestVersionOf(sql`s.product_id`)}
    left join stages st on st.id = ar.stage_id left join assets ast on ast.id = ar.asset_id`;
  const where = and([
    sql`s.id = ${id}`, sql`ar.access_request_definition_id is not null`, sql`ar.status is distinct from 'deleted'`, planCovers('pl', 'ar'),
    search && sql`strpos(lower(ar.title), lower(${search})) > 0`,
  ]);
  const pageSize = q.pageSize ?? 10;
  const page = q.page ?? 1;
  const order = q.sort === '-title' ? sql`lower(ar.title) desc, ar.id` : sql`lower(ar.title) asc, ar.id`;
  const [count] = await rows<{ n: number; group_by: string | null }>(db, sql`select count(*)::int as n,
    (select resources_group_by from products where id = (select product_id from subscriptions where id = ${id})) as group_by from ${from} where ${where}`);
  const found = pageSize === 0 ? [] : await rows<Record<string, unknown>>(db, sql`select ar.id, ar.title, ast.title as asset_title, ar.version,
    ar.type, ar.stage_id, st.title as stage_title, p.id as product_id, ar.product_version_id, ar.status, ar.access_request_definition_id,
    exists (select 1 from access_requests r where r.application_id = ${application?.id ?? null}::text and r.asset_resource_id = ar.id) as registered
    from ${from} where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return {
    totalCount: count?.n ?? 0,
    groupBy: count?.group_by ?? null,
    items: found.map((r) => ({
      id: r.id as string, title: r.title as string, group: (r.asset_title as string | null) ?? null, version: r.version as string,
      type: r.type as string, stage: r.stage_id ? { id: r.stage_id as string, title: (r.stage_title as string | null) ?? '' } : null,
      productId: r.product_id as string, versionId: r.product_version_id as string, status: (r.status as string | null) ?? null,
      accessRequestDefinition: { id: r.access_request_definition_id as string }, registered: r.registered === true,
    })),
  };
}
