// Notifications (issue 33). Where something happens that someone should hear of (a request waits,
// a decision, an invoice, a credential about to expire or suspended), the code records the event
// as a job row in its own transaction (recordNotification): the event and its notice commit
// together, and nothing is looked up on the request path. The job finds who to tell (the
// approvers of the product's provider, the requester, the payer, the credential's owners), emits
// the webhook event of the same name, and queues one e-mail per recipient who has not turned the
// kind off, in their locale. Every write is keyed by the event, so a job run twice (a restart
// between the two) sends each message and delivery once.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { jobs as jobRows } from '../db/schema.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { rows } from '../catalogue/sql.ts';
import { queueMail } from '../mail/mailer.ts';
import type { MailKind } from '../mail/render.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { href } from '../../../src/rules/routes.ts';
import { CREDENTIAL_EXPIRY_NOTICE_DAYS, type NotificationKind } from '../../../src/rules/constants.ts';
import { emailOff } from './settings.ts';

export const NOTIFY_JOB = 'notify';
const DAY_MS = 86_400_000;

/** Records an event to notify (pass the event's transaction). `id` is the row it is about; the
 * time tells two events of one kind on one row apart (a second suspension, an edited review). */
export async function recordNotification(db: Db, kind: NotificationKind, id: string, now: Date, extra: Record<string, string | number> = {}): Promise<void> {
  await db.insert(jobRows).values({ kind: NOTIFY_JOB, payload: { kind, id, at: now.toISOString(), ...extra }, runAt: now });
}

/** The expiry notices of a credential expiring at `expiresAt` (creation, renewal): one job per
 * CREDENTIAL_EXPIRY_NOTICE_DAYS still ahead. A job whose credential was renewed meanwhile does nothing. */
export async function scheduleExpiryNotices(db: Db, credentialId: string, expiresAt: Date | null, now: Date): Promise<void> {
  if (!expiresAt) return;
  for (const days of CREDENTIAL_EXPIRY_NOTICE_DAYS) {
    const runAt = new Date(expiresAt.getTime() - days * DAY_MS);
    if (runAt <= now) continue;
    await db.insert(jobRows).values({ kind: NOTIFY_JOB, payload: { kind: 'credential.expiring', id: credentialId, expiresAt: expiresAt.toISOString(), days }, runAt });
  }
}

interface Notice {
  /** The webhook event's data. */
  data: Record<string, unknown>;
  /** Who is told, with the e-mail written for them. */
  to: { userId: string; mail: MailKind }[];
  params: Record<string, string | number | null>;
}

type Payload = { kind: NotificationKind; id: string; at?: string; expiresAt?: string; days?: number };

/** The provider Administrators answering for a product (approvals/scope.ts's rule, from the product's side). */
const approversOf = (productId: unknown) => sql`select u.id from users u where u.state = 'active' and u.provider_guid is not null
  and 'Administrator' = any(u.org_roles) and u.org_id = coalesce(
    (select ot.org_id from teams ot join products pp on ot.id = pp.owner_team_id where pp.id = ${productId}::text),
    (select o.id from organisations o where o.kind = 'provider' order by o.created_at, o.id limit 1))`;

/** A credential's owners: its owner user or the members of its owner team, and its creator. */
const ownersOf = (credentialId: string) => sql`select c.created_by as id from credentials c where c.id = ${credentialId}
  union select c.owner_id from credentials c where c.id = ${credentialId} and c.owner_type = 'user'
  union select tm.user_id from credentials c join team_members tm on tm.team_id = c.owner_id where c.id = ${credentialId} and c.owner_type = 'team'`;

const ids = async (db: Db, query: ReturnType<typeof sql>) => (await rows<{ id: string }>(db, query)).map((r) => r.id);
const day = (value: unknown) => (value ? new Date(String(value)).toISOString().slice(0, 10) : null);

async function describe(db: Db, p: Payload, link: (path: string) => string): Promise<Notice | null> {
  switch (p.kind) {
    case 'subscription.pending':
    case 'subscription.decided': {
      const [s] = await rows<{ id: string; product_id: string; product: string; plan: string; org: string; created_by: string; approval_state: string; approval_reason: string | null }>(db,
        sql`select s.id, s.product_id, p.title as product, pl.title as plan, o.name as org, s.created_by, s.approval_state, s.approval_reason
          from subscriptions s join products p on p.id = s.product_id join plans pl on pl.id = s.plan_id join organisations o on o.id = s.org_id where s.id = ${p.id}`);
      if (!s) return null;
      const params = { product: s.product, plan: s.plan, organisation: s.org, reason: s.approval_reason ?? '—' };
      const data = { subscription: { id: s.id, product: { id: s.product_id }, approval: { state: s.approval_state, reason: s.approval_reason } } };
      if (p.kind === 'subscription.pending') {
        return { data, params: { ...params, link: link(href('approvals')) }, to: (await ids(db, approversOf(s.product_id))).map((userId) => ({ userId, mail: 'subscriptionPending' })) };
      }
      if (s.approval_state === 'pending') return null;
      return { data, params: { ...params, link: link(href('subscription', { subscriptionId: s.id })) }, to: [{ userId: s.created_by, mail: s.approval_state === 'approved' ? 'subscriptionApproved' : 'subscriptionRejected' }] };
    }
    case 'accessRequest.pending':
    case 'accessRequest.decided': {
      const [r] = await rows<{ id: string; product_id: string; product: string; resource: string; application: string; org: string; created_by: string; approval_state: string; approval_reason: string | null }>(db,
        sql`select r.id, r.product_id, p.title as product, ar.title as resource, a.title as application, o.name as org, r.created_by, r.approval_state, r.approval_reason
          from access_requests r join products p on p.id = r.product_id join asset_resources ar on ar.id = r.asset_resource_id
          join applications a on a.id = r.application_id join organisations o on o.id = r.org_id where r.id = ${p.id}`);
      if (!r) return null;
      const params = { product: r.product, resource: r.resource, application: r.application, organisation: r.org, reason: r.approval_reason ?? '—' };
      const data = { accessRequest: { id: r.id, product: { id: r.product_id }, application: { title: r.application }, approval: { state: r.approval_state, reason: r.approval_reason } } };
      if (p.kind === 'accessRequest.pending') {
        return { data, params: { ...params, link: link(href('approvals')) }, to: (await ids(db, approversOf(r.product_id))).map((userId) => ({ userId, mail: 'accessRequestPending' })) };
      }
      if (r.approval_state === 'pending') return null;
      return { data, params: { ...params, link: link(href('registration', { registrationId: r.id })) }, to: [{ userId: r.created_by, mail: r.approval_state === 'approved' ? 'accessRequestApproved' : 'accessRequestRejected' }] };
    }
    case 'review.pending':
    case 'review.published': {
      const [v] = await rows<{ id: string; product_id: string; product: string; rating: number; title: string; author: string | null }>(db,
        sql`select v.id, v.product_id, p.title as product, v.rating, v.title, u.name as author
          from reviews v join products p on p.id = v.product_id left join users u on u.id = v.user_id where v.id = ${p.id}`);
      if (!v) return null;
      const approvers = await ids(db, approversOf(v.product_id));
      const pending = p.kind === 'review.pending';
      return {
        data: { review: { id: v.id, product: { id: v.product_id }, rating: v.rating, title: v.title } },
        params: { product: v.product, rating: v.rating, title: v.title, author: v.author ?? '—', link: link(pending ? href('approvals') : href('product.ratings', { productId: v.product_id })) },
        to: approvers.map((userId) => ({ userId, mail: pending ? 'reviewPending' : 'reviewPublished' })),
      };
    }
    case 'invoice.issued':
    case 'invoice.pastDue':
    case 'invoice.paid': {
      const [i] = await rows<{ id: string; subscription_id: string; product: string; billing: { number?: string; link?: string; amount?: { total?: number; currency?: string } }; due_date: unknown; created_by: string; status: string }>(db,
        sql`select i.id, i.subscription_id, p.title as product, i.billing, i.due_date, s.created_by, i.status
          from invoices i join subscriptions s on s.id = i.subscription_id join products p on p.id = i.product_id where i.id = ${p.id}`);
      if (!i) return null;
      const amount = i.billing.amount ? `${Number(i.billing.amount.total ?? 0).toFixed(2)} ${i.billing.amount.currency ?? ''}`.trim() : '';
      const mail: MailKind = p.kind === 'invoice.issued' ? 'invoiceIssued' : p.kind === 'invoice.pastDue' ? 'invoicePastDue' : 'invoicePaid';
      return {
        data: { invoice: { id: i.id, number: i.billing.number ?? null, status: i.status, amount: i.billing.amount ?? null, dueDate: day(i.due_date), subscription: { id: i.subscription_id } } },
        params: { number: i.billing.number ?? i.id, product: i.product, amount, due: day(i.due_date), link: link(href('subscription', { subscriptionId: i.subscription_id })) },
        to: [{ userId: i.created_by, mail }],
      };
    }
    case 'credential.expiring':
    case 'credential.suspended': {
      const [c] = await rows<{ id: string; title: string; application_id: string; application: string; state: string; expires_at: unknown }>(db,
        sql`select c.id, c.title, c.application_id, a.title as application, c.state, c.expires_at
          from credentials c join applications a on a.id = c.application_id where c.id = ${p.id}`);
      if (!c || c.state === 'deleting') return null;
      const expires = c.expires_at ? new Date(String(c.expires_at)).toISOString() : null;
      // Renewed (or the expiry removed) since the notice was planned: that expiry no longer comes.
      if (p.kind === 'credential.expiring' && expires !== p.expiresAt) return null;
      if (p.kind === 'credential.suspended' && c.state !== 'inactive') return null;
      return {
        data: { credential: { id: c.id, title: c.title, application: { id: c.application_id }, state: c.state, expiresAt: expires } },
        params: { credential: c.title, application: c.application, expires: day(expires), days: p.days ?? null, link: link(href('application.credential', { applicationId: c.application_id, credentialId: c.id })) },
        to: (await ids(db, ownersOf(c.id))).map((userId) => ({ userId, mail: p.kind === 'credential.expiring' ? 'credentialExpiring' : 'credentialSuspended' })),
      };
    }
  }
}

/** The event id: the webhook event's id and the prefix of its e-mails' idempotency keys. */
const eventIdOf = (p: Payload) => [p.kind, p.id, ...(p.kind === 'credential.expiring' ? [p.expiresAt, p.days] : [p.at])].join(':');

export function registerNotificationJobs(jobs: JobRunner, origins: ReadonlySet<string>): void {
  const origin = [...origins][0] ?? 'http://localhost';
  jobs.register(NOTIFY_JOB, async (payload, ctx) => {
    const p = payload as unknown as Payload;
    const notice = await describe(ctx.db, p, (path) => `${origin}${path}`);
    if (!notice) return;
    const eventId = eventIdOf(p);
    await ctx.db.transaction(async (tx) => {
      const w = tx as unknown as Db;
      await emitWebhookEvent(w, jobs, p.kind, eventId, notice.data, ctx.clock.now());
      const off = await emailOff(w, notice.to.map((r) => r.userId), p.kind);
      for (const { userId, mail } of notice.to) {
        if (off.has(userId)) continue;
        await queueMail(w, jobs, { key: `${eventId}:${userId}`, kind: mail, userId, params: notice.params });
      }
    });
  });
}
