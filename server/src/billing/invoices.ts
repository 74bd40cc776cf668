// Reading invoices (spec 3 §7.2) and who may see and pay them. An invoice is seen by the members of
// the team owning its subscription (a user-owned subscription: that user) and by the organisation's
// Administrators; another organisation's is never seen (404). Paying needs the right to use the
// subscription: the owner user, an Administrator, or a consumer of the owning team.
import { recordNotification } from '../notifications/notify.ts';
import { sql, type SQL } from 'drizzle-orm';
import { assertSignedIn, type Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { and, iso, one, rows, textArray } from '../catalogue/sql.ts';
import { hasGlobalCapability, isConsumerIn } from '../applications/rights.ts';
import { DEFAULT_SITE_NAME, PENDING_INVOICE_STATUSES } from '../../../src/rules/constants.ts';
import { providesProduct } from '../approvals/scope.ts';
import type { Invoice, InvoicesQuery } from '../schemas/invoices.ts';

/** Spec 3 §2.1, §8: the answer to an access request while an invoice of a paid plan is unpaid. */
export const PAY_INVOICE_FIRST = 'Please complete payment for the invoice before requesting access';

function visible(caller: Caller): SQL {
  const teams = caller.teams.map((t) => t.guid);
  const own = sql`(s.owner_type = 'user' and s.owner_id = ${caller.userId ?? null}::text)
    or (s.owner_type = 'team' and s.owner_id = any(${textArray(teams)}))`;
  return sql`i.org_id = ${caller.orgId ?? null}::text and (${hasGlobalCapability(caller) ? sql`true` : sql`false`} or ${own})`;
}

const FROM = sql`invoices i join subscriptions s on s.id = i.subscription_id join products p on p.id = i.product_id
  join plans pl on pl.id = i.plan_id
  left join teams t on t.id = s.owner_id and s.owner_type = 'team' left join users u on u.id = s.owner_id and s.owner_type = 'user'`;

const SELECT = sql`select i.id, i.state, i.status, i.due_date, i.invoice_date, i.created_at, i.billing, i.org_id,
  s.id as subscription_id, s.title as subscription_title, p.id as product_id, p.title as product_title,
  pl.id as plan_id, pl.title as plan_title, s.owner_type, s.owner_id,
  case when s.owner_type = 'user' then u.name else t.name end as owner_name from ${FROM}`;

interface Row {
  id: string; state: string; status: string; due_date: unknown; invoice_date: unknown; created_at: unknown; org_id: string;
  billing: Record<string, unknown>; subscription_id: string; subscription_title: string; product_id: string; product_title: string;
  plan_id: string; plan_title: string; owner_type: string; owner_id: string; owner_name: string | null;
}

/** Paying is using the subscription: its owner user, an Administrator, or a consumer of the owner team. */
export function mayPay(caller: Caller, owner: { owner_type: string; owner_id: string }): boolean {
  if (owner.owner_type === 'user') return owner.owner_id === caller.userId;
  return hasGlobalCapability(caller) || isConsumerIn(caller, owner.owner_id);
}

const isPending = (status: string) => (PENDING_INVOICE_STATUSES as readonly string[]).includes(status);

function toInvoice(caller: Caller, r: Row): Invoice {
  const b = r.billing ?? {};
  const amount = (b.amount ?? {}) as { total?: unknown; currency?: unknown };
  const cycle = b.cycle as Invoice['billing']['cycle'] | undefined;
  return {
    id: r.id,
    state: r.state as Invoice['state'],
    status: r.status as Invoice['status'],
    dueDate: r.due_date ? iso(r.due_date) : null,
    invoiceDate: r.invoice_date ? iso(r.invoice_date) : null,
    metadata: { createdAt: iso(r.created_at) },
    billing: {
      number: typeof b.number === 'string' ? b.number : r.id,
      link: typeof b.link === 'string' ? b.link : null,
      amount: { total: Number.isInteger(amount.total) ? (amount.total as number) : 0, currency: typeof amount.currency === 'string' ? amount.currency : 'USD' },
      lines: Array.isArray(b.lines) ? (b.lines as Invoice['billing']['lines']) : [],
      cycle: cycle ?? null,
    },
    subscription: { id: r.subscription_id, title: r.subscription_title },
    product: { id: r.product_id, title: r.product_title },
    plan: { id: r.plan_id, title: r.plan_title },
    owner: { id: r.owner_id, type: r.owner_type, name: r.owner_name },
    // The provider reads its customers' invoices (by id) but never pays them.
    canPay: isPending(r.status) && r.org_id === caller.orgId && mayPay(caller, r),
  };
}

export async function listInvoices(db: Db, caller: Caller, q: InvoicesQuery) {
  assertSignedIn(caller);
  const where = and([
    visible(caller),
    q['subscription.id'] && sql`i.subscription_id = ${q['subscription.id']}`,
    q['product.id'] && sql`i.product_id = ${q['product.id']}`,
    q['plan.id'] && sql`i.plan_id = ${q['plan.id']}`,
    q['owner.id'] && sql`(s.owner_id = ${q['owner.id']} or s.owner_context_id = ${q['owner.id']})`,
    q.state && sql`i.state = ${q.state}`,
    q.status?.length && sql`i.status = any(${textArray(q.status)})`,
    q.dueDateStart && sql`i.due_date >= ${new Date(q.dueDateStart)}`,
    q.dueDateEnd && sql`i.due_date <= ${new Date(q.dueDateEnd)}`,
    q.invoiceDateStart && sql`i.invoice_date >= ${new Date(q.invoiceDateStart)}`,
    q.invoiceDateEnd && sql`i.invoice_date <= ${new Date(q.invoiceDateEnd)}`,
  ]);
  const limit = q.limit ?? 10;
  const order = q.sort === '+metadata.createdAt' ? sql`i.created_at asc, i.id` : sql`i.created_at desc, i.id desc`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where}`);
  const found = limit === 0 ? [] : await rows<Row>(db, sql`${SELECT} where ${where} order by ${order} limit ${limit} offset ${q.offset ?? 0}`);
  return { items: found.map((r) => toInvoice(caller, r)), totalCount: count?.n ?? 0 };
}

/** An invoice the caller sees; `provider`: the provider Administrator of the invoice's product sees
 * it too (its detail and PDF by id, not in lists, where the consumer screens' banners read them). */
async function findInvoice(db: Db, caller: Caller, id: string, provider = false): Promise<Row> {
  assertSignedIn(caller);
  const who = provider ? sql`(${visible(caller)} or ${providesProduct(caller, sql`i.product_id`)})` : visible(caller);
  const row = await one<Row>(db, sql`${SELECT} where i.id = ${id} and ${who}`);
  if (!row) throw notFound(`Invoice ${id}`);
  return row;
}

export async function getInvoice(db: Db, caller: Caller, id: string): Promise<Invoice> {
  return toInvoice(caller, await findInvoice(db, caller, id, true));
}

/** The invoice with the names its document prints: the marketplace (seller) and the paying
 * organisation with the subscription's owner. Seen by its payer's organisation and its provider. */
export async function invoiceDocument(db: Db, caller: Caller, id: string): Promise<{ invoice: Invoice; seller: string; payer: string | null }> {
  const row = await findInvoice(db, caller, id, true);
  const names = await one<{ org: string | null; site: string | null }>(db, sql`select
    (select name from organisations where id = ${row.org_id}) as org,
    (select settings->>'sitename' from site_config limit 1) as site`);
  const payer = [names?.org, row.owner_name].filter((n, i, all) => !!n && all.indexOf(n) === i).join(' · ') || null;
  return { invoice: toInvoice(caller, row), seller: names?.site || DEFAULT_SITE_NAME, payer };
}

/** The invoice the caller is about to pay: seen, theirs to pay, still to be paid. */
export async function invoiceToPay(db: Db, caller: Caller, id: string): Promise<Invoice> {
  const row = await findInvoice(db, caller, id);
  if (!mayPay(caller, row)) throw forbidden('Paying an invoice needs the Administrator role or the Consumer role in the subscription\'s team.');
  if (!isPending(row.status)) throw conflict('id', `The invoice is ${row.status}: only open, incomplete or past-due invoices can be paid.`);
  return toInvoice(caller, row);
}

/** Marks an invoice paid (the payment provider confirmed it). False when it was no longer payable. */
export async function markPaid(db: Db, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    const r = await w.execute(sql`update invoices set status = 'paid', state = 'ok'
      where id = ${id} and status = any(${textArray(PENDING_INVOICE_STATUSES)}) returning id`) as unknown as { rows: unknown[] };
    // The payer gets the receipt (server/src/notifications).
    if (r.rows.length > 0) await recordNotification(w, 'invoice.paid', id, now);
    return r.rows.length > 0;
  });
}

/** The oldest invoice still to be paid of a subscription to a paid plan (spec 3 §2.1: it blocks access requests). */
export async function pendingInvoiceOf(db: Db, subscriptionId: string): Promise<{ id: string; link: string | null } | undefined> {
  return one<{ id: string; link: string | null }>(db, sql`select i.id, i.billing->>'link' as link
    from invoices i join plans pl on pl.id = i.plan_id
    where i.subscription_id = ${subscriptionId} and pl.type = 'paid' and i.status = any(${textArray(PENDING_INVOICE_STATUSES)})
    order by i.created_at, i.id limit 1`);
}

/** An invoice by id alone, for the payment provider's checkout page (its link is the proof). */
export async function invoiceForCheckout(db: Db, id: string): Promise<Invoice | undefined> {
  const row = await one<Row>(db, sql`${SELECT} where i.id = ${id}`);
  return row && { ...toInvoice({ userId: null, name: null, email: null, orgId: null, orgRoles: [], teams: [], providerGuid: null }, row), canPay: isPending(row.status) };
}

/** SQL: the subscription (an id expression, e.g. sql`s.id`) has an invoice of a paid plan still to
 * be paid; for Subscription.canRequestAccess (spec 3 §2.1). */
export const hasPendingInvoice = (subscriptionId: SQL): SQL => sql`exists (select 1 from invoices pi join plans ppl on ppl.id = pi.plan_id
  where pi.subscription_id = ${subscriptionId} and ppl.type = 'paid' and pi.status in ('open', 'incomplete', 'pastDue'))`;
