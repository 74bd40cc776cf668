// The insights' rollups (migration 0019): calls by hour and by day (UTC) per organisation,
// product, version, resource, application, subscription and outcome. They are kept current by the
// very statement that inserts transaction rows (gateway/record.ts insertRows): a data-modifying
// WITH adds the inserted rows, grouped, to both tables with an upsert, so a chart never scans raw
// transactions and a rollup never misses or doubles a row. Raw rows are kept
// TRANSACTIONS_RETENTION_DAYS, rollups 13 months (pruned by the 'analytics.prune' job).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { JobRunner } from '../jobs/runner.ts';

const KEY_COLUMNS = 'bucket, org_id, product_id, product_version_id, asset_resource_id, application_id, subscription_id, status_detail';
const KEY = sql.raw(KEY_COLUMNS);
const GROUPED = (unit: 'hour' | 'day') => sql.raw(`select date_trunc('${unit}', at, 'UTC'), coalesce(org_id, ''), coalesce(product_id, ''),
  coalesce(product_version_id, ''), coalesce(asset_resource_id, ''), coalesce(application_id, ''), coalesce(subscription_id, ''),
  status_detail, count(*), sum(duration_ms), min(duration_ms), max(duration_ms) from ins group by 1, 2, 3, 4, 5, 6, 7, 8`);
const MERGE = (table: string) => sql.raw(`on conflict (${KEY_COLUMNS}) do update set
  count = ${table}.count + excluded.count, duration_sum = ${table}.duration_sum + excluded.duration_sum,
  duration_min = least(${table}.duration_min, excluded.duration_min), duration_max = greatest(${table}.duration_max, excluded.duration_max)`);

/** `insert into transactions …` (without returning) made to add its rows to the rollups too. */
export function withRollups(insert: SQL): SQL {
  return sql`with ins as (${insert} returning at, org_id, product_id, product_version_id, asset_resource_id, application_id,
      subscription_id, status_detail, duration_ms),
    hour as (insert into transaction_rollups_hour (${KEY}, count, duration_sum, duration_min, duration_max) ${GROUPED('hour')} ${MERGE('transaction_rollups_hour')})
    insert into transaction_rollups_day (${KEY}, count, duration_sum, duration_min, duration_max) ${GROUPED('day')} ${MERGE('transaction_rollups_day')}`;
}

export const DEFAULT_RETENTION_DAYS = 30;
export const PRUNE_JOB = 'analytics.prune';
const PRUNE_EVERY_MS = 3_600_000;
/** Rollups are kept 13 months: the usage periods reach 12 months back from the current month. */
export const ROLLUP_RETENTION_MONTHS = 13;

/** Deletes raw transactions older than the retention and rollups older than 13 months. */
export async function prune(db: Db, now: Date, retentionDays: number): Promise<void> {
  const rawBefore = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const rollupBefore = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ROLLUP_RETENTION_MONTHS, 1)).toISOString();
  await db.execute(sql`delete from transactions where at < ${rawBefore}::timestamptz`);
  await db.execute(sql`delete from transaction_rollups_hour where bucket < ${rollupBefore}::timestamptz`);
  await db.execute(sql`delete from transaction_rollups_day where bucket < ${rollupBefore}::timestamptz`);
}

/** The prune job runs hourly on whichever instance takes it, and enqueues its next run; one
 * pending run is kept however many instances start (ensurePruneScheduled). */
export function registerPrune(jobs: JobRunner, retentionDays: number): void {
  jobs.register(PRUNE_JOB, async (_payload, ctx) => {
    await prune(ctx.db, ctx.clock.now(), retentionDays);
    await ctx.enqueue(ctx.db, PRUNE_JOB, {}, PRUNE_EVERY_MS);
  });
}

export async function ensurePruneScheduled(db: Db): Promise<void> {
  await db.execute(sql`insert into jobs (kind, payload) select ${PRUNE_JOB}, '{}'::jsonb
    where not exists (select 1 from jobs where kind = ${PRUNE_JOB})`);
}
