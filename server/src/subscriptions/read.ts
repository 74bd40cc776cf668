// The subscriptions a caller may read (spec 3 §2.3, §7.1; spec 2's wizard reads the same): the
// list with every filter, one with its history, the applications under one, and the resources
// one lets an application register.
// Scope: the caller's organisation, a subscription owned by a user being that user's only; and
// for a provider Administrator, the subscriptions of the products their organisation provides.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import { and, iso, one, rows, textArray } from '../catalogue/sql.ts';
import { latestVersionOf, planCovers } from '../catalogue/resources.ts';
import type { Subscription, SubscriptionSummary, SubscriptionsQuery } from '../schemas/subscriptions.ts';
import { appVisible } from '../applications/applications.ts';
import { hasGlobalCapability, isConsumerIn } from '../applications/rights.ts';
import { assertSignedIn } from '../context.ts';
import { providesProduct } from '../approvals/scope.ts';
import { mayUnsubscribe } from '../../../src/rules/subscribe.ts';
import { historyWithNames, type StoredHistory } from './history.ts';
import { hasPendingInvoice } from '../billing/invoices.ts';

function visible(caller: Caller): SQL {
  return sql`((s.org_id = ${caller.orgId ?? null}::text and (s.owner_type <> 'user' or s.owner_id = ${caller.userId ?? null}::text))
    or ${providesProduct(caller, sql`s.product_id`)})`;
}

const SELECT = (caller: Caller) => sql`select s.id, s.title, s.org_id, s.product_id, p.title as product_title, s.plan_id, pl.title as plan_title,
  pl.type as plan_type, s.owner_type, s.owner_id, s.owner_context_id, case when s.owner_type = 'user' then u.name else t.name end as owner_name,
  s.state, s.approval_state, s.approval_reason, s.archival_scheduled_at, s.archival_reason, s.migration_scheduled_at, s.created_at, s.modified_at,
  (select count(distinct a.id)::int from access_requests r join applications a on a.id = r.application_id
    where r.subscription_id = s.id and ${appVisible(caller, 'a')}) as applications,
  ${hasPendingInvoice(sql`s.id`)} as pending_invoice
  from subscriptions s join products p on p.id = s.product_id join plans pl on pl.id = s.plan_id
  left join teams t on t.id = s.owner_id and s.owner_type = 'team' left join users u on u.id = s.owner_id and s.owner_type = 'user'`;

type Row = Record<string, unknown> & {
  id: string; org_id: string; owner_type: string; owner_id: string; owner_context_id: string | null; state: string; approval_state: string; plan_type: string;
};

/** Spec 2 §6: registering needs an administrator, or a consumer in the owner team (a user owner: themselves). */
function mayRegister(caller: Caller, r: Row): boolean {
  if (r.org_id !== caller.orgId) return false;
  if (r.owner_type === 'user') return r.owner_id === caller.userId;
  return hasGlobalCapability(caller) || isConsumerIn(caller, r.owner_id);
}

/** Spec 3 §4 unsubscribe rights, for the caller's own organisation's subscriptions. */
export function mayUnsubscribeRow(caller: Caller, r: Row): boolean {
  if (r.org_id !== caller.orgId) return false;
  return mayUnsubscribe(
    { state: r.state, planType: r.plan_type, ownerType: r.owner_type, ownerId: r.owner_id },
    { userId: caller.userId, isAdministrator: hasGlobalCapability(caller), consumerTeamIds: caller.teams.filter((t) => isConsumerIn(caller, t.guid)).map((t) => t.guid) },
  );
}

function toSummary(caller: Caller, r: Row): SubscriptionSummary {
  const scheduled = (v: unknown) => (v ? iso(v) : null);
  return {
    id: r.id, title: r.title as string,
    product: { id: r.product_id as string, title: r.product_title as string },
    plan: { id: r.plan_id as string, title: r.plan_title as string, type: r.plan_type === 'paid' ? 'paid' : 'free' },
    owner: { type: r.owner_type, id: r.owner_id, contextId: r.owner_context_id, name: (r.owner_name as string | null) ?? null },
    state: r.state as SubscriptionSummary['state'],
    approval: { state: r.approval_state as SubscriptionSummary['approval']['state'], reason: (r.approval_reason as string | null) ?? null },
    // Spec 3 §2.1: an unpaid invoice of a paid plan blocks access requests (billing/invoices.ts).
    canRequestAccess: r.approval_state === 'approved' && r.state === 'active' && !r.pending_invoice && mayRegister(caller, r),
    rights: { unsubscribe: mayUnsubscribeRow(caller, r) },
    applications: { totalCount: (r.applications as number | null) ?? 0 },
    archival: { scheduledAt: scheduled(r.archival_scheduled_at), reason: (r.archival_reason as string | null) ?? null },
    migration: { to: { scheduledAt: scheduled(r.migration_scheduled_at) } },
    metadata: { createdAt: iso(r.created_at), modifiedAt: iso(r.modified_at) },
  };
}

export async function listSubscriptions(db: Db, caller: Caller, q: SubscriptionsQuery) {
  assertSignedIn(caller);
  const search = (q.searchText ?? q.search)?.trim();
  const product = q.product ?? q.productId;
  const owners = [...(q.ownerId ?? []), ...(q.owner ?? [])];
  const where = and([
    visible(caller),
    product && sql`s.product_id = ${product}`,
    q.plan && sql`s.plan_id = ${q.plan}`,
    // Subscriptions under which the resource can be requested: its product, the latest version, the plan covers it.
    q.resource && sql`exists (select 1 from asset_resources ar where ar.id = ${q.resource}
      and ar.product_version_id = ${latestVersionOf(sql`s.product_id`)} and ${planCovers('pl', 'ar')})`,
    owners.length && sql`(s.owner_id = any(${textArray(owners)}) or s.owner_context_id = any(${textArray(owners)}))`,
    q.states?.length && sql`s.state = any(${textArray(q.states)})`,
    q.approvalStates?.length && sql`s.approval_state = any(${textArray(q.approvalStates)})`,
    search && sql`(strpos(lower(s.title), lower(${search})) > 0 or strpos(lower(p.title), lower(${search})) > 0)`,
  ]);
  const pageSize = q.pageSize ?? 10;
  const page = q.currentPage ?? q.page ?? 1;
  const order = q.sort === '+metadata.createdAt' ? sql`s.created_at asc, s.id` : sql`s.created_at desc, s.id`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from subscriptions s join products p on p.id = s.product_id
    join plans pl on pl.id = s.plan_id where ${where}`);
  const found = pageSize === 0 ? [] : await rows<Row>(db, sql`${SELECT(caller)} where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return { items: found.map((r) => toSummary(caller, r)), totalCount: count?.n ?? 0 };
}

export async function findSubscription(db: Db, caller: Caller, id: string): Promise<Row> {
  assertSignedIn(caller);
  const row = await one<Row>(db, sql`${SELECT(caller)} where s.id = ${id} and ${visible(caller)}`);
  if (!row) throw notFound(`Subscription ${id}`);
  return row;
}

export async function getSubscription(db: Db, caller: Caller, id: string): Promise<Subscription> {
  const row = await findSubscription(db, caller, id);
  const more = await one<{ data: unknown; schema: unknown; billing: unknown; history: StoredHistory[]; latest_id: string | null; latest_state: string | null }>(db,
    sql`select s.data, srd.schema, s.billing, s.history, v.id as latest_id, v.state as latest_state
      from subscriptions s join plans pl on pl.id = s.plan_id
      left join subscription_request_definitions srd on srd.id = pl.subscription_request_definition_id
      left join product_versions v on v.id = ${latestVersionOf(sql`s.product_id`)} where s.id = ${id}`);
  const summary = toSummary(caller, row);
  return {
    ...summary,
    product: { ...summary.product, latestVersion: more?.latest_id ? { id: more.latest_id, state: more.latest_state ?? '' } : null },
    data: more?.data ?? {},
    schema: more?.schema ?? {},
    billing: more?.billing ?? {},
    history: await historyWithNames(db, more?.history ?? []),
  };
}

/** GET /subscriptions/{id}/applications: applications the caller can see holding an access
 * request under the subscription. */
export async function listSubscriptionApplications(db: Db, caller: Caller, id: string,
  q: { searchText?: string | undefined; sort?: '+name' | '-name' | undefined; page?: number | undefined; pageSize?: number | undefined }) {
  await findSubscription(db, caller, id);
  const search = q.searchText?.trim();
  const where = and([
    sql`exists (select 1 from access_requests r where r.application_id = a.id and r.subscription_id = ${id})`,
    appVisible(caller, 'a'),
    search && sql`strpos(lower(a.title), lower(${search})) > 0`,
  ]);
  const pageSize = q.pageSize ?? 10;
  const page = q.page ?? 1;
  const order = q.sort === '-name' ? sql`lower(a.title) desc, a.id desc` : sql`lower(a.title) asc, a.id`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from applications a where ${where}`);
  const found = pageSize === 0 ? [] : await rows<{ id: string; title: string; owner_type: string; owner_id: string; owner_name: string | null }>(db,
    sql`select a.id, a.title, a.owner_type, a.owner_id, case when a.owner_type = 'user' then u.name else t.name end as owner_name
      from applications a left join teams t on t.id = a.owner_id and a.owner_type = 'team' left join users u on u.id = a.owner_id and a.owner_type = 'user'
      where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return {
    items: found.map((a) => ({ id: a.id, title: a.title, owner: { type: a.owner_type, id: a.owner_id, name: a.owner_name } })),
    totalCount: count?.n ?? 0,
  };
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
    sql`s.id = ${id}`, sql`ar.access_request_definition_id is not null`, sql`ar.status is distinct from 'deleted'`,
    // Spec 2 §7 lists resources in state active: an archived resource takes no new requests.
    sql`ar.state = 'active'`, planCovers('pl', 'ar'),
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
