// Invoices of paid plans (spec 3 §3, §4; issue 11): the first invoice at subscription, one invoice
// at the end of every billing cycle (the closed cycle's usage charges + the next interval price),
// open invoices turning pastDue after their due date. Amounts come from src/rules/billing.ts.
//
// Choices (the spec gives none):
// - A subscription's cycles start at the moment it was created and follow the plan's billing
//   interval (monthly by default); the plan's `subscription.cycles` (a commitment term) does not
//   stop billing: a subscription is billed until it is unsubscribed.
// - An invoice of 0 (a pay-as-you-go plan's first invoice) is issued paid: nothing to pay, nothing blocked.
// - Invoices are due INVOICE_DUE_DAYS after their date, then pastDue (state 'error', for the banner).
// - Unsubscribing voids the invoices not yet owed for service given (draft, open, incomplete);
//   pastDue ones stay owed. The cycle of a subscription no longer active (archiving included) gets a last invoice of
//   its usage charges (if any) and no next interval.
// - While billing is off for the marketplace (site settings), no invoice is issued; cycles go on.
// Every step runs in the caller's transaction; the jobs are rows of `jobs` written in it, so a
// cycle job exists exactly when the subscription's billing does.
import { recordNotification } from '../notifications/notify.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { invoices, jobs } from '../db/schema.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { one, rows } from '../catalogue/sql.ts';
import { INVOICE_DUE_DAYS, type QuotaInterval } from '../../../src/rules/constants.ts';
import { readBilling, readPricing } from '../../../src/rules/quota.ts';
import { billingCycle, cycleInvoice, quotaWindowsInCycle, type CycleInvoice, type QuotaUsage } from '../../../src/rules/billing.ts';

export const CYCLE_JOB = 'billing.cycle';
export const DUE_JOB = 'billing.due';
const DAY_MS = 86_400_000;

/** What a subscription's `billing` column holds once billing started. */
export interface SubscriptionBilling {
  interval: QuotaInterval;
  currency: string;
  /** When cycle 0 started (the subscription's creation). */
  anchor: string;
  cycle: { index: number; start: string; end: string };
  /** The latest invoice. */
  invoice: { id: string; link: string };
  /** The latest invoice's link (the spec's Subscription.billing.link). */
  link: string;
}

/** What an invoice's `billing` column holds. */
export interface InvoiceBilling {
  number: string;
  link: string;
  amount: { total: number; currency: string };
  lines: CycleInvoice['lines'];
  cycle: { index: number; start: string; end: string };
}

export interface BillingSubscription {
  id: string;
  orgId: string;
  productId: string;
  planId: string;
  ownerId: string;
}

export interface BillingPlan {
  id: string;
  title: string;
  type: string;
  billing: unknown;
}

/** The built-in checkout page of an invoice (routes/checkout.ts). */
export const checkoutLink = (invoiceId: string) => `/checkout/${encodeURIComponent(invoiceId)}`;

export async function billingEnabled(db: Db): Promise<boolean> {
  return (await readSiteConfig(db)).settings.billing.enabled;
}

const intervalOf = (plan: BillingPlan): QuotaInterval => readBilling(plan.billing).interval ?? 'monthly';

/** Writes an invoice (issued: open, or paid when there is nothing to pay) and its due-date job.
 * `now` is its date: the subscription's start, or the end of the cycle it closes (also when the
 * job runs late), so invoices sort in cycle order. */
async function issueInvoice(tx: Db, sub: BillingSubscription, computed: CycleInvoice, cycle: { index: number; start: Date; end: Date }, now: Date) {
  const id = `inv-${randomUUID()}`;
  const number = `INV-${now.getUTCFullYear()}-${randomUUID().slice(0, 8).toUpperCase()}`;
  const link = checkoutLink(id);
  const dueDate = new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS);
  const billing: InvoiceBilling = {
    number, link, amount: { total: computed.total, currency: computed.currency }, lines: computed.lines,
    cycle: { index: cycle.index, start: cycle.start.toISOString(), end: cycle.end.toISOString() },
  };
  // Drafted, then issued once complete (spec 3 §4 draft -> open), within one transaction.
  await tx.insert(invoices).values({
    id, orgId: sub.orgId, subscriptionId: sub.id, productId: sub.productId, planId: sub.planId, ownerId: sub.ownerId,
    status: 'draft', state: 'ok', invoiceDate: now, dueDate, billing, createdAt: now,
  });
  const status = computed.total > 0 ? 'open' : 'paid';
  await tx.execute(sql`update invoices set status = ${status} where id = ${id}`);
  if (status === 'open') {
    await tx.insert(jobs).values({ kind: DUE_JOB, payload: { invoiceId: id }, runAt: dueDate });
    // The payer hears of an invoice to pay (server/src/notifications).
    await recordNotification(tx, 'invoice.issued', id, now);
  }
  return { id, link, status };
}

/**
 * Starts the billing of a new subscription to a paid plan, in the caller's transaction (POST
 * /subscriptions): the first invoice (setup price + first interval, open, due in INVOICE_DUE_DAYS)
 * and the billing cycle on the subscription, with the job that closes the cycle. Returns the
 * invoice, or null when there is nothing to bill (a free plan, or billing off for the marketplace).
 */
export async function startBilling(tx: Db, { subscription, plan, now }: { subscription: BillingSubscription; plan: BillingPlan; now: Date }) {
  if (plan.type !== 'paid' || !(await billingEnabled(tx))) return null;
  const interval = intervalOf(plan);
  const cycle = billingCycle(now, interval, 0);
  const computed = cycleInvoice(plan, { first: true });
  const invoice = await issueInvoice(tx, subscription, computed, cycle, now);
  const billing: SubscriptionBilling = {
    interval, currency: computed.currency, anchor: now.toISOString(),
    cycle: { index: 0, start: cycle.start.toISOString(), end: cycle.end.toISOString() },
    invoice: { id: invoice.id, link: invoice.link }, link: invoice.link,
  };
  await tx.execute(sql`update subscriptions set billing = ${JSON.stringify(billing)}::jsonb where id = ${subscription.id}`);
  await tx.insert(jobs).values({ kind: CYCLE_JOB, payload: { subscriptionId: subscription.id, cycleIndex: 0 }, runAt: cycle.end });
  return invoice;
}

/** Usage of each quota of the plan in [start, end), per quota window (see quotaWindowsInCycle). */
async function cycleUsage(db: Db, subscriptionId: string, planId: string, interval: QuotaInterval, start: Date, end: Date): Promise<QuotaUsage[]> {
  const quotas = await rows<{ id: string; title: string; unit_name: string; pricing: unknown }>(db,
    sql`select id, title, unit_name, pricing from quotas where plan_id = ${planId} order by sort_order, id`);
  const TRUNC: Record<QuotaInterval, string> = { minute: 'minute', hourly: 'hour', daily: 'day', weekly: 'week', monthly: 'month', annually: 'year' };
  const out: QuotaUsage[] = [];
  for (const q of quotas) {
    const qInterval = readPricing(q.pricing)?.interval ?? 'monthly';
    // Windows of the quota's own interval (UTC calendar) when shorter than the cycle.
    const groupBy = quotaWindowsInCycle(qInterval, interval) ? sql`group by date_trunc(${TRUNC[qInterval]}, "at" at time zone 'UTC')` : sql``;
    const windows = await rows<{ n: number }>(db, sql`select coalesce(sum(count), 0)::float8 as n from usage_records
      where subscription_id = ${subscriptionId} and quota_id = ${q.id} and "at" >= ${start} and "at" < ${end} ${groupBy}`);
    out.push({ id: q.id, title: q.title, unitName: q.unit_name, pricing: q.pricing, windows: windows.map((w) => Number(w.n)) });
  }
  return out;
}

// Unsubscribing (archiving) stops the billing: no next interval is charged.
const BILLED_STATES = ['active', 'migrating'];

/** Job: closes cycle `cycleIndex` of a subscription: the invoice of its usage and the next
 * interval, the next cycle recorded, its job written. Runs once per cycle (idempotent). */
export async function closeCycle(db: Db, payload: Record<string, unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    const sub = await one<BillingSubscription & { state: string; billing: Partial<SubscriptionBilling> }>(tx,
      sql`select id, org_id as "orgId", product_id as "productId", plan_id as "planId", owner_id as "ownerId", state, billing
        from subscriptions where id = ${String(payload.subscriptionId)} for update`);
    const billing = sub?.billing;
    if (!sub || !billing?.cycle || billing.cycle.index !== payload.cycleIndex || !billing.anchor) return;
    const plan = await one<BillingPlan>(tx, sql`select id, title, type, billing from plans where id = ${sub.planId}`);
    if (!plan) return;
    const interval = billing.interval ?? intervalOf(plan);
    const closed = billingCycle(new Date(billing.anchor), interval, billing.cycle.index);
    const continues = BILLED_STATES.includes(sub.state);
    const next = billingCycle(new Date(billing.anchor), interval, billing.cycle.index + 1);
    let invoice: { id: string; link: string } | null = null;
    if (await billingEnabled(tx)) {
      const usage = await cycleUsage(tx, sub.id, plan.id, interval, closed.start, closed.end);
      const computed = cycleInvoice(plan, { nextInterval: continues, usage });
      if (computed.lines.length > 0) invoice = await issueInvoice(tx, sub, computed, closed, closed.end);
    }
    const updated: Partial<SubscriptionBilling> = {
      ...billing, cycle: { index: next.index, start: next.start.toISOString(), end: next.end.toISOString() },
      ...(invoice ? { invoice, link: invoice.link } : {}),
    };
    await tx.execute(sql`update subscriptions set billing = ${JSON.stringify(updated)}::jsonb where id = ${sub.id}`);
    if (continues) await tx.insert(jobs).values({ kind: CYCLE_JOB, payload: { subscriptionId: sub.id, cycleIndex: next.index }, runAt: next.end });
  });
}

/** Job: an invoice still unpaid at its due date becomes pastDue (state error). */
export async function markPastDue(db: Db, payload: Record<string, unknown>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    const due = await rows<{ id: string }>(w, sql`update invoices set status = 'pastDue', state = 'error'
      where id = ${String(payload.invoiceId)} and status in ('open', 'incomplete') and due_date <= ${now} returning id`);
    if (due[0]) await recordNotification(w, 'invoice.pastDue', due[0].id, now);
  });
}

/** For DELETE /subscriptions/{id}, in its transaction: voids the invoices not owed (draft, open,
 * incomplete). The cycle job then bills the last cycle's usage only and stops. */
export async function endBilling(tx: Db, { subscriptionId }: { subscriptionId: string }): Promise<void> {
  await tx.execute(sql`update invoices set status = 'void', state = 'ok'
    where subscription_id = ${subscriptionId} and status in ('draft', 'open', 'incomplete')`);
}
