// GET /analytics/summary: calls grouped by any of application, subscription, product, version,
// resource, plan and quota, with the split by outcome and (durationDetails) min/avg/max duration.
// Read from the rollups: whole UTC days from the daily rows, the hours at either end from the
// hourly rows (the range is widened to whole hours). A plan is the subscription's; a quota is each
// quota of that plan counting the call (unit transactions, covering the resource), so grouping by
// quota counts a call once per quota it counts against, as the gateway does.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { and, rows } from '../catalogue/sql.ts';
import type { Summary, SummaryGroup, SummaryQuery, SummaryRow } from '../schemas/analytics.ts';
import { SUMMARY_FILTER_FIELDS } from '../../../src/rules/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { CALL_UNIT } from '../quota/coverage.ts';
import { analyticsScope, ceilTo, coveringQuota, DAY, filterSql, floorTo, HOUR, inScope, readRange, type Range, type Scope } from './scope.ts';
import { flushTransactions } from '../gateway/record.ts';

/** Per group key: its expression over the rollup row r (s: subscription, q: quota), and its name. */
const GROUPS: Record<SummaryGroup, { key: string; expr: string; name?: [string, string] }> = {
  applicationId: { key: 'application_id', expr: "nullif(r.application_id, '')", name: ['applicationName', '(select a.title from applications a where a.id = g.application_id)'] },
  subscriptionId: { key: 'subscription_id', expr: "nullif(r.subscription_id, '')", name: ['subscriptionName', '(select s.title from subscriptions s where s.id = g.subscription_id)'] },
  productId: { key: 'product_id', expr: "nullif(r.product_id, '')", name: ['productName', '(select p.title from products p where p.id = g.product_id)'] },
  productVersionId: { key: 'product_version_id', expr: "nullif(r.product_version_id, '')", name: ['productVersionName', '(select v.label from product_versions v where v.id = g.product_version_id)'] },
  assetResourceId: { key: 'asset_resource_id', expr: "nullif(r.asset_resource_id, '')", name: ['apiName', '(select ar.title from asset_resources ar where ar.id = g.asset_resource_id)'] },
  planId: { key: 'plan_id', expr: '(select s.plan_id from subscriptions s where s.id = r.subscription_id)', name: ['planTitle', '(select pl.title from plans pl where pl.id = g.plan_id)'] },
  quotaId: { key: 'quota_id', expr: 'q.id', name: ['quotaTitle', '(select qq.title from quotas qq where qq.id = g.quota_id)'] },
};
const PROP: Record<string, SummaryGroup> = Object.fromEntries(Object.entries(GROUPS).map(([k, v]) => [v.key, k as SummaryGroup]));

/** The rollup rows of a range: daily rows for its whole days, hourly rows for the rest. A day
 * cut by the range's start or end is read from its daily rows when the scope has no calls in the
 * part of that day outside the range (the present, for a range ending now; before the first call)
 * since the day's rows then hold exactly the hours inside it: 30 daily rows a key instead of up
 * to 46 hourly ones, which were most of a 30-day summary's cost. Daily and hourly rows are
 * written by one statement and pruned at whole months, so they always agree. */
export function rollupSource(range: Range, scope: Scope): SQL {
  const from = floorTo(range.from, HOUR).toISOString();
  const to = ceilTo(range.to, HOUR).toISOString();
  const dayFrom = ceilTo(new Date(from), DAY).toISOString();
  const dayTo = floorTo(new Date(to), DAY).toISOString();
  if (dayFrom >= dayTo) return sql`(select * from transaction_rollups_hour where bucket >= ${from}::timestamptz and bucket < ${to}::timestamptz)`;
  const firstDay = floorTo(new Date(from), DAY).toISOString();
  const afterLastDay = ceilTo(new Date(to), DAY).toISOString();
  const quiet = (start: string, end: string) => sql`not exists (select 1 from transaction_rollups_hour h
    where ${inScope(scope, 'h')} and h.bucket >= ${start}::timestamptz and h.bucket < ${end}::timestamptz)`;
  const edge = (hourFrom: string, hourTo: string, day: string, outside: SQL) => hourFrom === hourTo ? sql`` : sql`
    union all select * from transaction_rollups_day where bucket = ${day}::timestamptz and ${outside}
    union all select * from transaction_rollups_hour where bucket >= ${hourFrom}::timestamptz and bucket < ${hourTo}::timestamptz and not ${outside}`;
  return sql`(select * from transaction_rollups_day where bucket >= ${dayFrom}::timestamptz and bucket < ${dayTo}::timestamptz
    ${edge(from, dayFrom, firstDay, quiet(firstDay, from))}
    ${edge(dayTo, to, dayTo, quiet(to, afterLastDay))})`;
}

interface Row { [key: string]: unknown; total: string | number; success: string | number; failure: string | number; exception: string | number; dsum: string | number; dmin: number; dmax: number; groups: string | number }

export async function summary(db: Db, caller: Caller, query: SummaryQuery): Promise<Summary> {
  const scope = await analyticsScope(db, caller);
  const range = readRange(query.from, query.to);
  const groups = [...new Set(query.groupBy ?? [])];
  const pageSize = query.pageSize ?? TRAFFIC_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  const at = new Date().toISOString();
  const answer = (items: SummaryRow[], totalCount: number): Summary => ({
    items, totalCount, from: floorTo(range.from, HOUR).toISOString(), to: ceilTo(range.to, HOUR).toISOString(), at,
  });
  if (query.unit && query.unit !== CALL_UNIT) return answer([], 0);
  await flushTransactions(db);
  const keys = groups.map((g) => sql.raw(`${GROUPS[g].expr} as ${GROUPS[g].key}`));
  const keyCols = groups.map((g) => sql.raw(`g.${GROUPS[g].key}`));
  const names = groups.filter((g) => GROUPS[g].name).map((g) => sql.raw(`${GROUPS[g].name![1]} as "${GROUPS[g].name![0]}"`));
  const quotaJoin = groups.includes('quotaId') ? sql`left join quotas q on ${coveringQuota('r')}` : sql``;
  const order = query.sort === 'totalCount' ? sql`g.total asc` : query.sort === 'title' || query.sort === '-title'
    ? sql.raw(`${groups[0] && GROUPS[groups[0]].name ? `"${GROUPS[groups[0]].name![0]}"` : 'g.total'} ${query.sort === 'title' ? 'asc' : 'desc'} nulls last`)
    : sql`g.total desc`;
  const found = await rows<Row>(db, sql`
    with g as (
      select ${sql.join([...keys, sql`sum(r.count) as total`], sql`, `)},
        sum(case when r.status_detail = 'success' then r.count else 0 end) as success,
        sum(case when r.status_detail = 'failure' then r.count else 0 end) as failure,
        sum(case when r.status_detail = 'exception' then r.count else 0 end) as exception,
        sum(r.duration_sum) as dsum, min(r.duration_min) as dmin, max(r.duration_max) as dmax
      from ${rollupSource(range, scope)} r ${quotaJoin}
      where ${and([inScope(scope, 'r'), ...filterSql(query.filter, 'filter', SUMMARY_FILTER_FIELDS, 'r')])}
      ${groups.length ? sql`group by ${sql.join(groups.map((g) => sql.raw(String(groups.indexOf(g) + 1))), sql`, `)}` : sql``}
    )
    select ${sql.join([sql`g.*`, ...names, sql`count(*) over () as groups`], sql`, `)} from g
    where g.total > 0
    order by ${sql.join([order, ...keyCols.map((k) => sql`${k} nulls first`)], sql`, `)}
    limit ${pageSize} offset ${offset}`);
  const items = found.map((row) => {
    const out: SummaryRow = {
      totalCount: Number(row.total), successCount: Number(row.success), failureCount: Number(row.failure), exceptionCount: Number(row.exception),
    };
    for (const g of groups) {
      const spec = GROUPS[g];
      (out as Record<string, unknown>)[PROP[spec.key]!] = (row[spec.key] as string | null) ?? null;
      if (spec.name) (out as Record<string, unknown>)[spec.name[0]] = (row[spec.name[0]] as string | null) ?? null;
    }
    if (query.durationDetails) {
      const total = Number(row.total);
      out.minDurationMs = total ? Number(row.dmin) : null;
      out.maxDurationMs = total ? Number(row.dmax) : null;
      out.avgDurationMs = total ? Math.round((Number(row.dsum) / total) * 100) / 100 : null;
    }
    return out;
  });
  return answer(items, Number(found[0]?.groups ?? 0));
}
