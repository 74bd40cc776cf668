// Counting gateway calls in the store: quota_counters (enforcement, current usage) and
// usage_records (billing, insights).
//
// - Strict limits: takeStrict is one atomic statement before the call is forwarded,
//     insert … on conflict (subscription_id, quota_id, window_start)
//       do update set count = count + 1 where count < limit returning count
//   No row back: the limit is reached and the call is refused. PostgreSQL locks the counter row for
//   the upsert, so two instances on one database never both let the last call through.
// - Loose and unlimited counts, and the usage records of every counted call (strict ones too), are
//   summed in memory and written with the gateway's record batches (gateway/record.ts
//   flushTransactions calls flushUsage), or after FALLBACK_MS when no batch comes (try-it calls),
//   and on shutdown. Counts of calls answered in the last moments before a crash can be lost; a
//   strict limit never is.
//
// What billing reads (usage_records): one row per (subscription, quota, asset resource,
// application, minute) per flush of an instance: at = the start of the minute (UTC) the calls were
// counted in, count = calls in it, unit_name = 'transactions', org_id = the subscription's
// organisation, application_id null for a try-it call without an application. Several rows may
// share a key (several flushes or instances in one minute): always sum count. Calls refused by a
// strict limit are not counted anywhere.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { preparedRows } from '../catalogue/sql.ts';
import { quotaWindow, type QuotaWindow } from '../../../src/rules/quota.ts';
import type { QuotaInterval } from '../../../src/rules/constants.ts';

/** Pending counts are written at the latest this long after the first of them. */
const FALLBACK_MS = 250;
/** Counters whose window ended this long ago are deleted (at most once per PRUNE_EVERY_MS). */
const KEEP_ENDED_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** A quota window with its bounds as the store's text (made once per window, not per call). */
export interface CountWindow extends QuotaWindow {
  startText: string;
  endText: string;
}

/** The current window of each interval, kept until the clock leaves it (any clock: a test's
 * manual one may go back). */
const current = new Map<QuotaInterval, CountWindow>();
export function countWindow(interval: QuotaInterval, now: Date): CountWindow {
  const t = now.getTime();
  let w = current.get(interval);
  if (!w || t < w.start.getTime() || t >= w.end.getTime()) {
    const { start, end } = quotaWindow(interval, now);
    current.set(interval, w = { start, end, startText: start.toISOString(), endText: end.toISOString() });
  }
  return w;
}

/** Adds one call to a strict counter if it stays within `limit`; false when the limit is reached. */
export async function takeStrict(db: Db, subscriptionId: string, quotaId: string, limit: number, w: CountWindow): Promise<boolean> {
  if (limit <= 0) return false;
  const taken = await preparedRows<{ count: string | number }>(db, sql`
    insert into quota_counters as c (subscription_id, quota_id, window_start, window_end, count)
    values (${subscriptionId}, ${quotaId}, ${w.startText}::timestamptz, ${w.endText}::timestamptz, 1)
    on conflict (subscription_id, quota_id, window_start) do update set count = c.count + 1 where c.count < ${limit}::bigint
    returning c.count`);
  return taken.length > 0;
}

/** Gives back a strict count taken for a call that another strict quota then refused. */
export async function giveBack(db: Db, subscriptionId: string, quotaId: string, w: CountWindow): Promise<void> {
  await db.execute(sql`update quota_counters set count = count - 1
    where subscription_id = ${subscriptionId} and quota_id = ${quotaId} and window_start = ${w.startText}::timestamptz and count > 0`);
}

export interface CountedCall {
  orgId: string;
  subscriptionId: string;
  applicationId: string | null;
  resourceId: string;
  unitName: string;
  /** the start of the minute (ms) the call was counted in */
  minute: number;
}

interface Pending {
  counters: Map<string, { subscriptionId: string; quotaId: string; start: string; end: string; n: number }>;
  usage: Map<string, { orgId: string; at: string; subscriptionId: string; applicationId: string | null; resourceId: string; quotaId: string; unitName: string; n: number }>;
  timer: NodeJS.Timeout | null;
  /** The writes already under way: a flush waits for them too (flushTransactions does the same). */
  writing: Promise<void>;
  log: (e: unknown) => void;
  lastPrune: number;
}
const pending = new WeakMap<Db, Pending>();

/** Counts one call: `counted` are the quotas whose counters still need the call (loose and
 * unlimited; strict ones were taken already), `recorded` every quota it is a usage record of. */
export function queueCounts(db: Db, call: CountedCall, counted: ReadonlyArray<{ id: string; window: CountWindow }>, recorded: ReadonlyArray<{ id: string }>, log: (e: unknown) => void): void {
  let p = pending.get(db);
  if (!p) pending.set(db, p = { counters: new Map(), usage: new Map(), timer: null, log, lastPrune: Date.now(), writing: Promise.resolve() });
  for (const { id, window } of counted) {
    const key = `${call.subscriptionId}|${id}|${window.startText}`;
    const c = p.counters.get(key);
    if (c) c.n += 1;
    else p.counters.set(key, { subscriptionId: call.subscriptionId, quotaId: id, start: window.startText, end: window.endText, n: 1 });
  }
  for (const { id: quotaId } of recorded) {
    const key = `${call.subscriptionId}|${quotaId}|${call.resourceId}|${call.applicationId ?? ''}|${call.minute}`;
    const u = p.usage.get(key);
    if (u) u.n += 1;
    else {
      p.usage.set(key, {
        orgId: call.orgId, at: new Date(call.minute).toISOString(), subscriptionId: call.subscriptionId,
        applicationId: call.applicationId, resourceId: call.resourceId, quotaId, unitName: call.unitName, n: 1,
      });
    }
  }
  p.timer ??= setTimeout(() => void flushUsage(db), FALLBACK_MS);
}

/** Writes the pending counts and usage records now (two statements at most; failures are logged:
 * the calls were answered already). */
export async function flushUsage(db: Db): Promise<void> {
  const p = pending.get(db);
  if (!p) return;
  const write = writeUsage(db, p);
  p.writing = Promise.all([p.writing, write]).then(() => undefined);
  await p.writing;
}

async function writeUsage(db: Db, p: Pending): Promise<void> {
  if (p.timer) clearTimeout(p.timer);
  p.timer = null;
  // Sorted by key: two instances adding to the same counters lock them in the same order.
  const counters = [...p.counters.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c);
  const usage = [...p.usage.values()];
  p.counters.clear();
  p.usage.clear();
  if (counters.length) {
    const json = JSON.stringify(counters.map((c) => ({ subscription_id: c.subscriptionId, quota_id: c.quotaId, window_start: c.start, window_end: c.end, count: c.n })));
    await db.execute(sql`insert into quota_counters as c (subscription_id, quota_id, window_start, window_end, count)
      select subscription_id, quota_id, window_start, window_end, count
      from jsonb_to_recordset(${json}::jsonb) as j(subscription_id text, quota_id text, window_start timestamptz, window_end timestamptz, count bigint)
      on conflict (subscription_id, quota_id, window_start) do update set count = c.count + excluded.count`).catch(p.log);
  }
  if (usage.length) {
    const json = JSON.stringify(usage.map((u) => ({
      org_id: u.orgId, at: u.at, subscription_id: u.subscriptionId, application_id: u.applicationId,
      asset_resource_id: u.resourceId, quota_id: u.quotaId, unit_name: u.unitName, count: u.n,
    })));
    await db.execute(sql`insert into usage_records (org_id, at, subscription_id, application_id, asset_resource_id, quota_id, unit_name, count)
      select org_id, at, subscription_id, application_id, asset_resource_id, quota_id, unit_name, count
      from jsonb_to_recordset(${json}::jsonb) as j(org_id text, at timestamptz, subscription_id text, application_id text,
        asset_resource_id text, quota_id text, unit_name text, count integer)`).catch(p.log);
  }
  if (Date.now() - p.lastPrune > PRUNE_EVERY_MS) {
    p.lastPrune = Date.now();
    await db.execute(sql`delete from quota_counters where window_end < ${new Date(Date.now() - KEEP_ENDED_MS).toISOString()}::timestamptz`).catch(p.log);
  }
}
