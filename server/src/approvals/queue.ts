// GET /approvals: the pending subscriptions, access requests and reviews of the products the
// caller's organisation provides, in one list, oldest first. Provider Administrators only (a
// visitor 401, anyone else 403); each sees their own products' items only (scope.ts).
// Each item's arrival and decision is also told by e-mail and webhook (server/src/notifications).
import { sql } from 'drizzle-orm';
import { assertSignedIn, type Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { forbidden } from '../errors.ts';
import { and, iso, rows, textArray } from '../catalogue/sql.ts';
import { isProviderAdministrator } from '../applications/rights.ts';
import type { ApprovalItem, ApprovalsQuery } from '../schemas/approvals.ts';
import { APPROVALS_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { providesProduct } from './scope.ts';

const PENDING = sql`
  select 'subscription' as type, s.id, s.title, s.product_id, s.org_id, s.created_by as user_id, s.created_at as requested_at,
    jsonb_build_object('plan', jsonb_build_object('id', pl.id, 'title', pl.title, 'type', pl.type),
      'owner', jsonb_build_object('type', s.owner_type, 'id', s.owner_id, 'name', case when s.owner_type = 'user' then ou.name else ot.name end),
      'data', s.data, 'schema', coalesce(srd.schema, '{}'::jsonb)) as detail
  from subscriptions s join plans pl on pl.id = s.plan_id left join subscription_request_definitions srd on srd.id = pl.subscription_request_definition_id
    left join teams ot on ot.id = s.owner_id and s.owner_type = 'team' left join users ou on ou.id = s.owner_id and s.owner_type = 'user'
  where s.approval_state = 'pending' and s.state = 'active'
  union all
  select 'accessRequest', r.id, r.title, r.product_id, r.org_id, r.created_by, r.created_at,
    jsonb_build_object('application', jsonb_build_object('id', a.id, 'title', a.title),
      'assetResource', jsonb_build_object('id', ar.id, 'title', ar.title),
      'subscription', jsonb_build_object('id', rs.id, 'title', rs.title), 'data', r.data, 'schema', coalesce(ard.schema, '{}'::jsonb),
      'applicationProfile', case when apf.id is null then null
        else jsonb_build_object('title', apdd.title, 'schema', apdd.schema, 'data', apf.data) end)
  from access_requests r join applications a on a.id = r.application_id join asset_resources ar on ar.id = r.asset_resource_id
    join subscriptions rs on rs.id = r.subscription_id left join access_request_definitions ard on ard.id = ar.access_request_definition_id
    left join application_profiles apf on apf.application_id = r.application_id and apf.definition_id = ard.application_profile_definition_id
    left join application_profile_definitions apdd on apdd.id = apf.definition_id
  where r.approval_state = 'pending'
  union all
  select 'review', rv.id, rv.title, rv.product_id, rv.org_id, rv.user_id, rv.modified_at,
    jsonb_build_object('rating', rv.rating, 'comment', rv.comment)
  from reviews rv where rv.approval_state = 'pending'`;

interface Row {
  type: ApprovalItem['type']; id: string; title: string; product_id: string; product_title: string; org_id: string; org_name: string;
  user_id: string | null; user_name: string | null; requested_at: unknown; detail: Record<string, unknown>;
}

export async function listApprovals(db: Db, caller: Caller, q: ApprovalsQuery) {
  assertSignedIn(caller);
  if (!isProviderAdministrator(caller)) throw forbidden('The approvals queue is for the provider\'s Administrators.');
  const where = and([
    providesProduct(caller, sql`x.product_id`),
    q.type?.length && sql`x.type = any(${textArray(q.type)})`,
    q.product && sql`x.product_id = ${q.product}`,
  ]);
  const from = sql`(${PENDING}) x join products p on p.id = x.product_id join organisations o on o.id = x.org_id
    left join users u on u.id = x.user_id`;
  const limit = q.limit ?? APPROVALS_PAGE_SIZE;
  const order = q.sort === '-requestedAt' ? sql`x.requested_at desc, x.id` : sql`x.requested_at asc, x.id`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  const found = limit === 0 ? [] : await rows<Row>(db, sql`select x.*, p.title as product_title, o.name as org_name, u.name as user_name
    from ${from} where ${where} order by ${order} limit ${limit} offset ${q.offset ?? 0}`);
  return { items: found.map(toItem), totalCount: count?.n ?? 0 };
}

function toItem(r: Row): ApprovalItem {
  const d = r.detail;
  return {
    type: r.type, id: r.id, title: r.title,
    product: { id: r.product_id, title: r.product_title },
    organisation: { id: r.org_id, name: r.org_name },
    requestedBy: r.user_id && r.user_name ? { id: r.user_id, name: r.user_name } : null,
    requestedAt: iso(r.requested_at),
    subscription: r.type === 'subscription' ? d as ApprovalItem['subscription'] : null,
    accessRequest: r.type === 'accessRequest' ? d as ApprovalItem['accessRequest'] : null,
    review: r.type === 'review' ? d as ApprovalItem['review'] : null,
  };
}
