// GET /analytics/usage (interval 1M): usage by subscription over a period of three months (spec 3
// §2.5 Usage by subscription): per subscription with calls in the period, its total and one row a
// resource with the plan, the quota covering it (unit transactions first), the quota's monthly
// equivalent (spec 3 §5, src/rules/quota.ts) and the calls of each month, from the daily rollups
// (kept 13 months, so months 10 to 12 are always there).
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import type { Clock } from '../clock.ts';
import { and, rows, textArray } from '../catalogue/sql.ts';
import type { MonthlyUsage, UsageQuery } from '../schemas/analytics.ts';
import { DEFAULT_USAGE_PERIOD, usagePeriodMonths } from '../../../src/rules/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { pricingMonthlyEquivalent, readBilling, readPricing } from '../../../src/rules/quota.ts';
import { CALL_UNIT } from '../quota/coverage.ts';
import { analyticsScope } from './scope.ts';
import { flushTransactions } from '../gateway/record.ts';

interface CountRow { subscription_id: string; asset_resource_id: string; month: string; n: string | number }
interface SubRow { id: string; title: string; product_id: string; product_title: string; plan_id: string; plan_title: string; billing: unknown; total: string | number; subs: string | number }
interface ResRow { id: string; title: string }
interface QuotaRow { id: string; plan_id: string; title: string; pricing: unknown; unit_name: string; unit_title: string | null; asset_resource_ids: string[] }

const monthKey = (d: Date) => d.toISOString().slice(0, 7);

export async function monthlyUsage(db: Db, clock: Clock, caller: Caller, query: UsageQuery): Promise<MonthlyUsage> {
  const scope = await analyticsScope(db, caller);
  const period = query.period ?? DEFAULT_USAGE_PERIOD;
  const months = usagePeriodMonths(period, clock.now());
  const from = months[0]!;
  const to = new Date(Date.UTC(months[2]!.getUTCFullYear(), months[2]!.getUTCMonth() + 1, 1));
  const keys = months.map(monthKey);
  const pageSize = query.pageSize ?? TRAFFIC_PAGE_SIZE;
  await flushTransactions(db);
  const subScope = scope.productIds ? sql`s.product_id = any(${textArray(scope.productIds)})` : sql`s.org_id = ${scope.orgId}`;
  const inPeriod = sql`r.bucket >= ${from.toISOString()}::timestamptz and r.bucket < ${to.toISOString()}::timestamptz`;
  // Subscriptions with calls in the period, busiest first; a page of them.
  const subs = await rows<SubRow>(db, sql`
    select s.id, s.title, s.product_id, p.title as product_title, s.plan_id, pl.title as plan_title, pl.billing, c.total, count(*) over () as subs
    from (select r.subscription_id, sum(r.count) as total from transaction_rollups_day r
          where ${inPeriod} and r.subscription_id <> '' group by 1) c
      join subscriptions s on s.id = c.subscription_id
      join products p on p.id = s.product_id
      join plans pl on pl.id = s.plan_id
    where ${and([subScope, query.productId && sql`s.product_id = ${query.productId}`, query.subscriptionId && sql`s.id = ${query.subscriptionId}`])}
    order by c.total desc, s.title, s.id
    limit ${pageSize} offset ${((query.page ?? 1) - 1) * pageSize}`);
  const ids = subs.map((s) => s.id);
  if (!ids.length) return { period, months: keys, items: [], totalCount: 0, at: clock.now().toISOString() };
  const counts = await rows<CountRow>(db, sql`
    select r.subscription_id, r.asset_resource_id, to_char(date_trunc('month', r.bucket, 'UTC'), 'YYYY-MM') as month, sum(r.count) as n
    from transaction_rollups_day r where ${inPeriod} and r.subscription_id = any(${textArray(ids)}) group by 1, 2, 3`);
  const resources = await rows<ResRow>(db, sql`select id, title from asset_resources where id = any(${textArray([...new Set(counts.map((c) => c.asset_resource_id))])})`);
  const quotas = await rows<QuotaRow>(db, sql`
    select q.id, q.plan_id, q.title, q.pricing, q.unit_name, u.title as unit_title, q.asset_resource_ids
    from quotas q left join units u on u.name = q.unit_name
    where q.plan_id = any(${textArray([...new Set(subs.map((s) => s.plan_id))])}) ${query.unitId ? sql`and q.unit_name = ${query.unitId}` : sql``}
    order by (q.unit_name = ${CALL_UNIT}) desc, q.sort_order, q.id`);
  const titles = new Map(resources.map((r) => [r.id, r.title]));
  return {
    period,
    months: keys,
    totalCount: Number(subs[0]!.subs),
    at: clock.now().toISOString(),
    items: subs.map((s) => {
      const billing = readBilling(s.billing);
      const byResource = new Map<string, Map<string, number>>();
      for (const c of counts.filter((c) => c.subscription_id === s.id)) {
        const m = byResource.get(c.asset_resource_id) ?? new Map<string, number>();
        m.set(c.month, (m.get(c.month) ?? 0) + Number(c.n));
        byResource.set(c.asset_resource_id, m);
      }
      const resourceRows = [...byResource].map(([resourceId, perMonth]) => {
        const q = quotas.find((x) => x.plan_id === s.plan_id && (!x.asset_resource_ids?.length || x.asset_resource_ids.includes(resourceId)));
        const pricing = q ? readPricing(q.pricing) : null;
        const monthly = keys.map((month) => ({ month, count: perMonth.get(month) ?? 0 }));
        return {
          assetResource: { id: resourceId, title: titles.get(resourceId) ?? resourceId },
          plan: { id: s.plan_id, title: s.plan_title, billingInterval: billing.interval, currency: billing.currency },
          quota: q ? {
            id: q.id, title: q.title, pricing: q.pricing, unitName: q.unit_name, unitTitle: q.unit_title ?? q.unit_name,
            limit: pricing?.type === 'fixed' ? pricing.value : pricing?.type === 'unlimited' ? -1 : null,
            interval: pricing?.interval ?? null,
            monthlyEquivalent: pricing ? pricingMonthlyEquivalent(pricing) : null,
          } : null,
          months: monthly,
          totalCount: monthly.reduce((sum, m) => sum + m.count, 0),
        };
      }).sort((a, b) => b.totalCount - a.totalCount || a.assetResource.title.localeCompare(b.assetResource.title));
      return { subscriptionId: s.id, subscriptionName: s.title, productId: s.product_id, productName: s.product_title, totalCount: Number(s.total), resources: resourceRows };
    }),
  };
}
