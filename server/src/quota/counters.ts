// Counting gateway calls in the store: quota_counters (enforcement, current usage) and
// usage_records (billing, insights).
//
// - Strict limits are taken in leases (issue 31): an instance reserves a block of calls from the
//   counter in one atomic statement (count and leased grow by the block, never past the limit; the
//   row is locked for it, so two instances never both get the last calls) and spends it locally,
//   without a store round trip a call. The block is a LEASE_SHARE-th of what is left (at most
//   LEASE_MAX, at least 1): it shrinks as the limit nears, so the last calls go one by one to
//   whichever instance asks. Spent calls are reported with the batched counts (leased shrinks by
//   them); unspent ones are given back when the instance stops (releaseLeases). An instance that
//   dies without stopping keeps its unspent lease for the rest of the window: fewer calls admitted,
//   never more.
// - Loose and unlimited counts, and the usage records of every counted call (strict ones too), are
//   summed in memory and written with the gateway's record batches (gateway/record.ts
//   flushTransactions calls flushUsage), or after FALLBACK_MS when no batch comes (try-it calls),
//   and on shutdown. Counts of calls answered in the last moments before a crash can be lost; a
//   strict limit never is.
// The calls used in a window are count - leased (usage.ts).
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

/** A strict lease is a LEASE_SHARE-th of what is left of the limit in the store… */
const LEASE_SHARE = 16;
/** …and at most this many calls. */
const LEASE_MAX = 1000;

/** An instance's lease on one strict counter (subscription, quota, window). */
interface Lease {
  subscriptionId: string;
  quotaId: string;
  window: CountWindow;
  /** the limit it was leased under: another one (the plan edited) gives the rest back first */
  limit: number;
  /** leased calls not spent yet */
  left: number;
  /** spent calls not yet reported to the store (leased shrinks by them at the next flush) */
  spent: number;
  /** the lease statement under way, shared by the calls that wait for it */
  refill: Promise<number> | null;
}
const leases = new WeakMap<Db, Map<string, Lease>>();
const leaseKey = (subscriptionId: string, quotaId: string, w: CountWindow) => `${subscriptionId}|${quotaId}|${w.startText}`;

/** Takes one call of a strict limit from this instance's lease, leasing a new block from the store
 * when it is spent; false when the store has no call left under `limit` in the window. */
export async function takeStrict(db: Db, subscriptionId: string, quotaId: string, limit: number, w: CountWindow): Promise<boolean> {
  if (limit <= 0) return false;
  let all = leases.get(db);
  if (!all) leases.set(db, all = new Map());
  const key = leaseKey(subscriptionId, quotaId, w);
  let lease = all.get(key);
  if (lease && lease.limit !== limit) {
    await releaseLease(db, lease);
    lease = undefined;
  }
  if (!lease) all.set(key, lease = { subscriptionId, quotaId, window: w, limit, left: 0, spent: 0, refill: null });
  const l = lease;
  for (;;) {
    if (l.left > 0) {
      l.left -= 1;
      l.spent += 1;
      return true;
    }
    l.refill ??= leaseBlock(db, l).finally(() => { l.refill = null; });
    // Nothing granted: the limit is reached.
    if (await l.refill === 0 && l.left === 0) return false;
  }
}

/** Reserves the next block in the store; adds it to the lease and returns its size (0: none left). */
async function leaseBlock(db: Db, lease: Lease): Promise<number> {
  const { subscriptionId: s, quotaId: q, window: w, limit } = lease;
  await db.execute(sql`insert into quota_counters (subscription_id, quota_id, window_start, window_end, count, leased)
    values (${s}, ${q}, ${w.startText}::timestamptz, ${w.endText}::timestamptz, 0, 0) on conflict do nothing`);
  // The subquery locks the row and reads its latest count, so the block is sized on what is left now.
  const granted = await preparedRows<{ n: string | number }>(db, sql`
    update quota_counters c set count = c.count + g.n, leased = c.leased + g.n
    from (select least(${LEASE_MAX}::bigint, greatest(1, ceil((${limit}::bigint - count) / ${LEASE_SHARE}::numeric))::bigint) as n
          from quota_counters where subscription_id = ${s} and quota_id = ${q} and window_start = ${w.startText}::timestamptz and count < ${limit}::bigint
          for update) g
    where c.subscription_id = ${s} and c.quota_id = ${q} and c.window_start = ${w.startText}::timestamptz
    returning g.n`);
  const n = Number(granted[0]?.n ?? 0);
  lease.left += n;
  return n;
}

/** Gives back a strict count taken for a call that another strict quota then refused (to the lease:
 * the store still holds it as leased). */
export async function giveBack(db: Db, subscriptionId: string, quotaId: string, w: CountWindow): Promise<void> {
  const lease = leases.get(db)?.get(leaseKey(subscriptionId, quotaId, w));
  if (!lease) return;
  // spent may go below 0 when the call was reported spent meanwhile: the next report gives it back.
  lease.spent -= 1;
  lease.left += 1;
}

/** Up to `want` calls of a strict limit for a data plane worker's own lease (server/src/dataplane):
 * taken from this instance's lease as its calls would be, so the store's count never passes the
 * limit whatever the number of workers; 0 when none is left. */
export async function leaseCalls(db: Db, subscriptionId: string, quotaId: string, limit: number, w: CountWindow, want: number): Promise<number> {
  let n = 0;
  while (n < want && await takeStrict(db, subscriptionId, quotaId, limit, w)) n++;
  return n;
}

/** What a worker did not spend of its calls, back into this instance's lease (a worker that stops). */
export async function returnCalls(db: Db, subscriptionId: string, quotaId: string, w: CountWindow, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await giveBack(db, subscriptionId, quotaId, w);
}

/** Reports what a lease spent and returns what it did not to the store, and forgets it. */
async function releaseLease(db: Db, lease: Lease): Promise<void> {
  leases.get(db)?.delete(leaseKey(lease.subscriptionId, lease.quotaId, lease.window));
  const { left, spent } = lease;
  lease.left = 0;
  lease.spent = 0;
  if (left === 0 && spent === 0) return;
  await db.execute(sql`update quota_counters set count = greatest(0, count - ${left}::bigint), leased = greatest(0, leased - ${left + spent}::bigint)
    where subscription_id = ${lease.subscriptionId} and quota_id = ${lease.quotaId} and window_start = ${lease.window.startText}::timestamptz`);
}

/** On stop (the gateway's onClose hook, ops/shutdown.ts): every lease's unspent calls go back to
 * the store, where the other instances may spend them, and its spent ones are reported. */
export async function releaseLeases(db: Db): Promise<void> {
  const all = leases.get(db);
  if (!all) return;
  for (const lease of [...all.values()]) {
    if (lease.refill) await lease.refill.catch(() => 0);
    await releaseLease(db, lease);
  }
}

/** The spent calls of every lease, to be reported with the next counts (and the leases of ended
 * windows forgotten: their unspent calls no longer matter). */
function takeSpent(db: Db): Array<{ subscription_id: string; quota_id: string; window_start: string; window_end: string; spent: number }> {
  const all = leases.get(db);
  if (!all) return [];
  const out = [];
  const now = Date.now();
  for (const [key, lease] of all) {
    if (lease.spent !== 0) out.push({ subscription_id: lease.subscriptionId, quota_id: lease.quotaId, window_start: lease.window.startText, window_end: lease.window.endText, spent: lease.spent });
    lease.spent = 0;
    if (lease.window.end.getTime() < now - KEEP_ENDED_MS && !lease.refill) all.delete(key);
  }
  return out;
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
  const spent = takeSpent(db).sort((a, b) => (`${a.subscription_id}|${a.quota_id}` < `${b.subscription_id}|${b.quota_id}` ? -1 : 1));
  p.counters.clear();
  p.usage.clear();
  if (spent.length) {
    // An upsert (the rows exist: their leases made them) so that the rows are locked in key order.
    await db.execute(sql`insert into quota_counters as c (subscription_id, quota_id, window_start, window_end, count, leased)
      select subscription_id, quota_id, window_start, window_end, 0, spent
      from jsonb_to_recordset(${JSON.stringify(spent)}::jsonb) as j(subscription_id text, quota_id text, window_start timestamptz, window_end timestamptz, spent bigint)
      on conflict (subscription_id, quota_id, window_start) do update set leased = greatest(0, c.leased - excluded.leased)`).catch(p.log);
  }
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
