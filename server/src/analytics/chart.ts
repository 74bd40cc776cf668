// GET /analytics/chart: calls over time by outcome. Hour, day and week buckets are read from the
// hourly (1h) or daily (1d, 7d) rollups; the range is widened to whole buckets (UTC hours or
// days); 7-day buckets start at the widened from. A request without an interval gets the one of
// its range (rules/analytics.ts intervalForRange): up to 6 hours that is 1- or 5-minute buckets,
// counted from the raw transactions (a few thousand rows at most, by the org/time index), as long
// as the range lies within their retention; an older short range falls back to hours. Every
// bucket is in the answer, zeros included.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { badRequest } from '../errors.ts';
import { and, iso, rows } from '../catalogue/sql.ts';
import type { Chart, ChartQuery } from '../schemas/analytics.ts';
import { CHART_FILTER_FIELDS, FINE_BUCKETS, INTERVAL_MS, intervalForRange, MAX_CHART_POINTS, type ChartBucket } from '../../../src/rules/analytics.ts';
import { CALL_UNIT } from '../quota/coverage.ts';
import { analyticsScope, ceilTo, DAY, filterSql, floorTo, HOUR, inScope, readRange, type Scope } from './scope.ts';
import { flushTransactions } from '../gateway/record.ts';

export interface ChartOptions {
  now: Date;
  /** TRANSACTIONS_RETENTION_DAYS: how far back raw transactions (the minute buckets' source) reach */
  retentionDays: number;
}

export async function chart(db: Db, caller: Caller, query: ChartQuery, options: ChartOptions): Promise<Chart> {
  const scope = await analyticsScope(db, caller);
  const range = readRange(query.from, query.to);
  let interval: ChartBucket = query.interval ?? intervalForRange(range.from.getTime(), range.to.getTime());
  if (FINE_BUCKETS.includes(interval) && range.from.getTime() < options.now.getTime() - options.retentionDays * DAY) interval = '1h';
  const step = INTERVAL_MS[interval];
  const unit = interval === '1h' ? HOUR : interval === '1d' || interval === '7d' ? DAY : step;
  const from = floorTo(range.from, unit);
  const points = Math.ceil((ceilTo(range.to, unit).getTime() - from.getTime()) / step);
  if (points > MAX_CHART_POINTS) throw badRequest('interval', `A chart has at most ${MAX_CHART_POINTS} points: choose a wider interval or a shorter range.`);
  const to = new Date(from.getTime() + points * step);
  const items = Array.from({ length: points }, (_, i) => ({
    timestamp: new Date(from.getTime() + i * step).toISOString(), totalCount: 0, successCount: 0, failureCount: 0, exceptionCount: 0,
  }));
  const answer = { interval, from: iso(from), to: iso(to), items };
  if (query.unitId && query.unitId !== CALL_UNIT) return answer;
  await flushTransactions(db);
  // Counted per source bucket (a timestamp, cheap to group by) and placed into the answer's
  // buckets here: computing each row's bucket number in SQL (numeric epoch arithmetic) cost more
  // than the rest of the query on the embedded store.
  const found = FINE_BUCKETS.includes(interval) ? await rawCounts(db, scope, query, from, to) : await rollupCounts(db, scope, query, interval, from, to);
  for (const f of found) {
    const point = items[Math.floor((Date.parse(iso(f.bucket)) - from.getTime()) / step)];
    if (!point) continue;
    const n = Number(f.n);
    point.totalCount += n;
    if (f.status_detail === 'success') point.successCount += n;
    else if (f.status_detail === 'failure') point.failureCount += n;
    else point.exceptionCount += n;
  }
  return answer;
}

interface Counted { bucket: unknown; status_detail: string; n: string | number }

function conditions(scope: Scope, query: ChartQuery, alias: string): SQL[] {
  const a = sql.raw(alias);
  return [
    inScope(scope, alias),
    query.subscriptionId ? sql`${a}.subscription_id = ${query.subscriptionId}` : undefined,
    query.productId ? sql`${a}.product_id = ${query.productId}` : undefined,
    ...filterSql(query.query, 'query', CHART_FILTER_FIELDS, alias),
  ].filter((c): c is SQL => !!c);
}

function rollupCounts(db: Db, scope: Scope, query: ChartQuery, interval: ChartBucket, from: Date, to: Date): Promise<Counted[]> {
  const table = sql.raw(interval === '1h' ? 'transaction_rollups_hour' : 'transaction_rollups_day');
  return rows<Counted>(db, sql`
    select r.bucket, r.status_detail, sum(r.count) as n
    from ${table} r
    where ${and([...conditions(scope, query, 'r'), sql`r.bucket >= ${from.toISOString()}::timestamptz and r.bucket < ${to.toISOString()}::timestamptz`])}
    group by 1, 2`);
}

function rawCounts(db: Db, scope: Scope, query: ChartQuery, from: Date, to: Date): Promise<Counted[]> {
  return rows<Counted>(db, sql`
    select date_trunc('minute', t.at) as bucket, t.status_detail, count(*) as n
    from transactions t
    where ${and([...conditions(scope, query, 't'), sql`t.at >= ${from.toISOString()}::timestamptz and t.at < ${to.toISOString()}::timestamptz`])}
    group by 1, 2`);
}
