// GET /subscriptions/{id}/usage: each quota of the subscription's plan with what its current
// window counted (quota_counters), its limit and its usage state (src/rules/quota.ts usageState,
// the rule the screens' usage bars use). Who may read it: the organisation's administrators and
// the members of the owner team (a subscription owned by a user: that user); another
// organisation's, or another user's own, is a 404; a team member of the organisation who is not in
// the owner team gets a 403.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import { assertSignedIn } from '../context.ts';
import type { Db } from '../db/store.ts';
import { forbidden, notFound } from '../errors.ts';
import type { Clock } from '../clock.ts';
import { iso, one, rows } from '../catalogue/sql.ts';
import { hasGlobalCapability } from '../applications/rights.ts';
import { quotaWindow, usageState } from '../../../src/rules/quota.ts';
import type { SubscriptionUsage } from '../schemas/usage.ts';
import { CALL_UNIT, countedQuota } from './coverage.ts';
import { flushUsage } from './counters.ts';

interface QuotaRow { id: string; title: string; unit_name: string; unit_title: string | null; pricing: unknown; asset_resource_ids: string[] }

export async function subscriptionUsage(db: Db, clock: Clock, caller: Caller, id: string): Promise<SubscriptionUsage> {
  assertSignedIn(caller);
  const sub = await one<{ owner_type: string; owner_id: string; plan_id: string }>(db, sql`
    select s.owner_type, s.owner_id, s.plan_id from subscriptions s where s.id = ${id} and s.org_id = ${caller.orgId}`);
  if (!sub || (sub.owner_type === 'user' && sub.owner_id !== caller.userId)) throw notFound(`Subscription ${id}`);
  if (sub.owner_type === 'team' && !hasGlobalCapability(caller) && !caller.teams.some((t) => t.guid === sub.owner_id)) {
    throw forbidden('The usage of a subscription is shown to the members of its team and to administrators.');
  }
  // This instance's counts not yet written are part of the answer.
  await flushUsage(db);
  const now = clock.now();
  const quotas = await rows<QuotaRow>(db, sql`
    select q.id, q.title, q.unit_name, u.title as unit_title, q.pricing, q.asset_resource_ids
    from quotas q left join units u on u.name = q.unit_name where q.plan_id = ${sub.plan_id} order by q.sort_order, q.id`);
  // count holds the calls instances leased and have not spent yet (counters.ts): used is the rest.
  const counters = await rows<{ quota_id: string; window_start: unknown; count: string | number }>(db, sql`
    select quota_id, window_start, count - leased as count from quota_counters
    where subscription_id = ${id} and window_start <= ${now.toISOString()}::timestamptz and window_end > ${now.toISOString()}::timestamptz`);
  const used = new Map(counters.map((c) => [`${c.quota_id}|${iso(c.window_start)}`, Number(c.count)]));
  return {
    subscriptionId: id,
    at: now.toISOString(),
    items: quotas.map((row) => {
      const quota = countedQuota(row);
      const window = quotaWindow(quota.interval, now);
      const count = used.get(`${row.id}|${window.start.toISOString()}`) ?? 0;
      return {
        quota: { id: row.id, title: row.title, unit: { name: row.unit_name, title: row.unit_title ?? row.unit_name } },
        assetResourceIds: row.asset_resource_ids ?? [],
        interval: quota.interval,
        mode: quota.mode,
        limit: quota.limit,
        unlimited: quota.mode === 'unlimited',
        metered: row.unit_name === CALL_UNIT,
        used: count,
        state: usageState(count, quota.limit),
        window: { start: window.start.toISOString(), end: window.end.toISOString() },
      };
    }),
  };
}
