// GET /analytics/chart: calls over time by outcome, read from the hourly (1h) or daily (1d, 7d)
// rollups. The range is widened to whole buckets (UTC hours or days); 7-day buckets start at the
// widened from. Every bucket is in the answer, zeros included.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { badRequest } from '../errors.ts';
import { and, iso, rows } from '../catalogue/sql.ts';
import type { Chart, ChartQuery } from '../schemas/analytics.ts';
import { CHART_FILTER_FIELDS, INTERVAL_MS, intervalForRange, MAX_CHART_POINTS } from '../../../src/rules/analytics.ts';
import { CALL_UNIT } from '../quota/coverage.ts';
import { analyticsScope, ceilTo, DAY, filterSql, floorTo, HOUR, inScope, readRange } from './scope.ts';
import { flushTransactions } from '../gateway/record.ts';

export async function chart(db: Db, caller: Caller, query: ChartQuery): Promise<Chart> {
  const scope = await analyticsScope(db, caller);
  const range = readRange(query.from, query.to);
  const interval = query.interval ?? intervalForRange(range.from.getTime(), range.to.getTime());
  const unit = interval === '1h' ? HOUR : DAY;
  const step = INTERVAL_MS[interval];
  const from = floorTo(range.from, unit);
  const points = Math.ceil((ceilTo(range.to, unit).getTime() - from.getTime()) / step);
  if (points > MAX_CHART_POINTS) throw badRequest('interval', `A chart has at most ${MAX_CHART_POINTS} points: choose a wider interval or a shorter range.`);
  const to = new Date(from.getTime() + points * step);
  const items = Array.from({ length: points }, (_, i) => ({
    timestamp: new Date(from.getTime() + i * step).toISOString(), totalCount: 0, successCount: 0, failureCount: 0, exceptionCount: 0,
  }));
  if (query.unitId && query.unitId !== CALL_UNIT) return { interval, from: from.toISOString(), to: to.toISOString(), items };
  await flushTransactions(db);
  const table = sql.raw(interval === '1h' ? 'transaction_rollups_hour' : 'transaction_rollups_day');
  const found = await rows<{ i: number; status_detail: string; n: string | number }>(db, sql`
    select floor(extract(epoch from (r.bucket - ${from.toISOString()}::timestamptz)) * 1000 / ${step})::int as i, r.status_detail, sum(r.count) as n
    from ${table} r
    where ${and([
      inScope(scope, 'r'),
      sql`r.bucket >= ${from.toISOString()}::timestamptz and r.bucket < ${to.toISOString()}::timestamptz`,
      query.subscriptionId && sql`r.subscription_id = ${query.subscriptionId}`,
      query.productId && sql`r.product_id = ${query.productId}`,
      ...filterSql(query.query, 'query', CHART_FILTER_FIELDS, 'r'),
    ])}
    group by 1, 2`);
  for (const f of found) {
    const point = items[f.i];
    if (!point) continue;
    const n = Number(f.n);
    point.totalCount += n;
    if (f.status_detail === 'success') point.successCount += n;
    else if (f.status_detail === 'failure') point.failureCount += n;
    else point.exceptionCount += n;
  }
  return { interval, from: iso(from), to: iso(to), items };
}
