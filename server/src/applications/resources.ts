// The resources an application holds an access request for (spec 2 §3 "Resource list item").
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { and, rows } from '../catalogue/sql.ts';
import { DEFAULT_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { findApplication } from './applications.ts';

interface Query { assetResourceNameSearch?: string | undefined; productId?: string | undefined; sort?: '+title' | '-title' | undefined; page?: number | undefined; pageSize?: number | undefined }

const ORDER: Record<string, SQL> = { '+title': sql`lower(ar.title) asc, ar.id`, '-title': sql`lower(ar.title) desc, ar.id` };

export async function listApplicationResources(db: Db, caller: Caller, applicationId: string, q: Query) {
  await findApplication(db, caller, applicationId);
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = q.page ?? 1;
  const search = q.assetResourceNameSearch?.trim();
  const where = and([
    sql`r.application_id = ${applicationId}`,
    q.productId && sql`r.product_id = ${q.productId}`,
    search && sql`strpos(lower(ar.title), lower(${search})) > 0`,
  ]);
  const from = sql`access_requests r join asset_resources ar on ar.id = r.asset_resource_id
    join product_versions v on v.id = ar.product_version_id join products p on p.id = r.product_id
    join subscriptions s on s.id = r.subscription_id left join stages st on st.id = ar.stage_id left join assets ast on ast.id = ar.asset_id`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  const found = pageSize === 0 ? [] : await rows<Record<string, unknown>>(db, sql`select ar.id, ar.title, ast.title as asset_title,
    ar.version, ar.type, ar.stage_id, st.title as stage_title, p.id as product_id, p.title as product_title, ar.product_version_id,
    ar.source_asset_resource_id, ar.status, ar.access_request_definition_id, r.id as request_id, r.approval_state,
    s.id as subscription_id, s.title as subscription_title,
    (select count(*)::int from credential_resources cr join credentials c on c.id = cr.credential_id
      where cr.asset_resource_id = ar.id and c.application_id = r.application_id) as credentials
    from ${from} where ${where} order by ${ORDER[q.sort ?? '+title']!} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return {
    totalCount: count?.n ?? 0,
    items: found.map((r) => ({
      id: r.id as string, title: r.title as string, assetTitle: (r.asset_title as string | null) ?? null, version: r.version as string,
      type: r.type as string, stage: r.stage_id ? { id: r.stage_id as string, title: (r.stage_title as string | null) ?? '' } : null,
      product: { id: r.product_id as string, title: r.product_title as string }, productId: r.product_id as string,
      versionId: r.product_version_id as string, sourceResourceId: (r.source_asset_resource_id as string | null) ?? null,
      status: (r.status as string | null) ?? null,
      accessRequestDefinition: r.access_request_definition_id ? { id: r.access_request_definition_id as string } : null,
      accessRequest: { id: r.request_id as string, approvalState: r.approval_state as string },
      subscription: { id: r.subscription_id as string, title: r.subscription_title as string },
      credentials: { totalCount: r.credentials as number },
    })),
  };
}
