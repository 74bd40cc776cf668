// GET /analytics/applications: the application selector of the insights. A consumer: its
// organisation's applications; a provider Administrator: the applications that called its
// products (from the daily rollups, so the last 13 months).
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { and, rows, textArray } from '../catalogue/sql.ts';
import type { AnalyticsApplications, AnalyticsApplicationsQuery } from '../schemas/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { analyticsScope } from './scope.ts';

export async function analyticsApplications(db: Db, caller: Caller, query: AnalyticsApplicationsQuery): Promise<AnalyticsApplications> {
  const scope = await analyticsScope(db, caller);
  const pageSize = query.pageSize ?? TRAFFIC_PAGE_SIZE;
  const search = query.search?.trim();
  const found = await rows<{ id: string; title: string; org_id: string; n: string | number }>(db, sql`
    select a.id, a.title, a.org_id, count(*) over () as n from applications a
    where ${and([
      scope.productIds
        ? sql`a.id in (select r.application_id from transaction_rollups_day r where r.product_id = any(${textArray(scope.productIds)}))`
        : sql`a.org_id = ${scope.orgId}`,
      search && sql`strpos(lower(a.title), lower(${search})) > 0`,
    ])}
    order by lower(a.title) ${sql.raw(query.sort === '-title' ? 'desc' : 'asc')}, a.id
    limit ${pageSize} offset ${((query.page ?? 1) - 1) * pageSize}`);
  return { items: found.map((a) => ({ id: a.id, title: a.title, orgId: a.org_id })), totalCount: Number(found[0]?.n ?? 0) };
}
