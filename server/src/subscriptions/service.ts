// Subscribing, unsubscribing and the provider's decision (spec 3 §4, §5, §6).
// - POST /subscriptions: the owner and plan pass the rules of eligibility.ts; data follows the
//   plan's subscription request definition; approval is automatic (approved at once) or manual
//   (pending) per plan; history starts with 'requested'.
// - DELETE /subscriptions/{id}: an active subscription moves to archiving; a job archives it
//   SUBSCRIPTION_ARCHIVE_DELAY_MS later and adds the 'archived' history entry.
// - POST /subscriptions/{id}/approval: a provider Administrator of the product decides a pending one.
// Every write is one transaction; writes that depend on a state are guarded by it in the UPDATE,
// so two requests at once cannot both pass.
import { recordNotification } from '../notifications/notify.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { subscriptions } from '../db/schema.ts';
import { ApiError, badRequest, conflict, forbidden } from '../errors.ts';
import { one, rows } from '../catalogue/sql.ts';
import { assertValid } from '../validate.ts';
import { hasGlobalCapability, isProviderAdministrator } from '../applications/rights.ts';
import { providesProduct } from '../approvals/scope.ts';
import type { SubscriptionCreate, SubscriptionOptions } from '../schemas/subscriptions.ts';
import { SUBSCRIPTION_ARCHIVE_DELAY_MS, SUBSCRIPTION_NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';
import { consentRequired, defaultSubscriptionTitle } from '../../../src/rules/subscribe.ts';
import {
  assertMaySubscribe, blockError, blockFor, holdersOf, loadTarget, ownerMayUseProduct, resolveOwner, subscriptionOwners,
} from './eligibility.ts';
import { entry } from './history.ts';
import { endBilling, startBilling } from '../billing/billing.ts';
import { findSubscription, mayUnsubscribeRow } from './read.ts';

export const ARCHIVE_JOB = 'subscription.archive';

/** GET /subscriptionOptions: what the side panel offers for one plan. */
export async function subscriptionOptions(db: Db, caller: Caller, productId: string, planId: string): Promise<SubscriptionOptions> {
  assertMaySubscribe(caller);
  const target = await loadTarget(db, caller, productId, planId);
  const offered = (await subscriptionOwners(db, caller)).filter((o) => ownerMayUseProduct(o, target));
  const holders = await holdersOf(db, caller.orgId, planId);
  const admin = hasGlobalCapability(caller);
  // Blocked for everyone: what no choice of owner changes (the answer for an owner-less check).
  const general = blockFor(caller, target, null, new Set());
  const generalBlock = general && general.reason !== 'notAllowed' ? general : null;
  const owners = offered.map((o) => ({
    type: o.type, id: o.id, contextId: o.contextId, name: o.name, private: o.private, block: blockFor(caller, target, o, holders),
  }));
  const anyAllowed = (admin && !general) || owners.some((o) => !o.block);
  return {
    product: { id: target.product.id, title: target.product.title },
    plan: { id: target.plan.id, title: target.plan.title, type: target.plan.type, approval: target.plan.approval, definitionId: target.plan.definition_id },
    defaultTitle: defaultSubscriptionTitle(target.product.title, target.plan.title),
    teamRequired: !admin,
    consentRequired: consentRequired({ isAdministrator: admin, planType: target.plan.type, billingEnabled: target.billingEnabled }),
    block: anyAllowed ? null : generalBlock ?? general ?? owners.find((o) => o.block)?.block ?? { reason: 'notAllowed' },
    owners,
  };
}

export async function createSubscription(db: Db, caller: Caller, body: SubscriptionCreate, now: Date) {
  assertMaySubscribe(caller);
  const target = await loadTarget(db, caller, body.product.id, body.plan.id);
  const offered = await subscriptionOwners(db, caller);
  const owner = resolveOwner(caller, offered, body.owner);
  if (!ownerMayUseProduct(owner, target)) {
    throw new ApiError(403, 'Forbidden', 'This team may not use the product: its visibility does not include the team.', 'owner.id');
  }
  const title = (body.title ?? '').trim() || defaultSubscriptionTitle(target.product.title, target.plan.title);
  if (title.length > SUBSCRIPTION_NAME_MAX_LENGTH) throw badRequest('title', `title must be at most ${SUBSCRIPTION_NAME_MAX_LENGTH} characters.`);
  const data = body.data ?? {};
  assertValid(target.plan.schema ?? {}, data);

  const automatic = target.plan.approval !== 'manual';
  const id = `sub-${randomUUID()}`;
  const history = [entry('requested', now, caller.userId)];
  if (automatic) history.push(entry('approved', now, null));
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    // One subscriber of a plan at a time: the held check and the insert cannot interleave with another's.
    await w.execute(sql`select id from plans where id = ${target.plan.id} for update`);
    const block = blockFor(caller, target, owner, await holdersOf(w, caller.orgId, target.plan.id));
    if (block) throw blockError(block);
    await w.insert(subscriptions).values({
      id, orgId: caller.orgId, title, productId: target.product.id, planId: target.plan.id,
      ownerType: owner.type, ownerId: owner.id, ownerContextId: owner.contextId,
      state: 'active', approvalState: automatic ? 'approved' : 'pending', approvedAt: automatic ? now : null,
      data, history, createdBy: caller.userId, createdAt: now, modifiedAt: now,
    });
    // The provider's approvers hear of a subscription that waits for them (server/src/notifications).
    if (!automatic) await recordNotification(w, 'subscription.pending', id, now);
    // A paid plan's first invoice and billing cycle (server/src/billing), once approved.
    if (automatic) {
      await startBilling(w, {
        subscription: { id, orgId: caller.orgId, planId: target.plan.id, productId: target.product.id, ownerId: owner.id },
        plan: { id: target.plan.id, title: target.plan.title, type: target.plan.type, billing: target.plan.billing }, now,
      });
    }
  });
  return { id, approval: { state: automatic ? 'approved' as const : 'pending' as const } };
}

/** DELETE /subscriptions/{id}: state archiving now, archived by the job. */
export async function unsubscribe(db: Db, jobs: JobRunner, caller: Caller, id: string, now: Date): Promise<void> {
  const row = await findSubscription(db, caller, id);
  if (row.state !== 'active') throw conflict('state', `The subscription is ${row.state}: only an active subscription can be unsubscribed.`);
  if (!mayUnsubscribeRow(caller, row)) {
    throw forbidden('Unsubscribing needs the Administrator role, the consumer role in the owning team for a free plan, or being the owner.');
  }
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    const moved = await rows<{ id: string }>(w, sql`update subscriptions set state = 'archiving', archival_scheduled_at = ${new Date(now.getTime() + SUBSCRIPTION_ARCHIVE_DELAY_MS).toISOString()}::timestamptz,
      archival_reason = ${'Unsubscribed'}, modified_at = ${now.toISOString()}::timestamptz where id = ${id} and state = 'active' returning id`);
    if (!moved.length) throw conflict('state', 'The subscription changed meanwhile: it is no longer active.');
    await jobs.enqueue(w, ARCHIVE_JOB, { subscriptionId: id, userId: caller.userId }, SUBSCRIPTION_ARCHIVE_DELAY_MS);
    await endBilling(w, { subscriptionId: id });
  });
}

/** The archive job: archiving -> archived, with the history entry naming who unsubscribed. */
export async function runArchiveJob(db: Db, payload: Record<string, unknown>, now: Date): Promise<void> {
  const id = String(payload.subscriptionId ?? '');
  const userId = typeof payload.userId === 'string' ? payload.userId : null;
  const done = entry('archived', now, userId, 'Unsubscribed');
  await db.execute(sql`update subscriptions set state = 'archived', archived_at = ${now.toISOString()}::timestamptz,
    modified_at = ${now.toISOString()}::timestamptz, history = history || ${JSON.stringify([done])}::jsonb
    where id = ${id} and state = 'archiving'`);
}

/** POST /subscriptions/{id}/approval. */
export async function decideSubscription(db: Db, caller: Caller, id: string, body: { state: 'approved' | 'rejected'; reason?: string | undefined },
  now: Date): Promise<void> {
  const row = await findSubscription(db, caller, id);
  const mine = await one<{ ok: boolean }>(db, sql`select ${providesProduct(caller, sql`${row.product_id as string}::text`)} as ok`);
  if (!isProviderAdministrator(caller) || !mine?.ok) throw forbidden('Only the product provider\'s Administrators decide subscriptions.');
  if (row.approval_state !== 'pending') throw conflict('state', `The subscription is already ${row.approval_state}: only a pending subscription can be decided.`);
  const reason = body.reason?.trim() || null;
  const decided = entry(body.state, now, caller.userId, reason);
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    const updated = await rows<{ id: string; org_id: string; plan_id: string; product_id: string; owner_id: string; plan_title: string; plan_type: string; plan_billing: unknown }>(w,
      sql`update subscriptions s set approval_state = ${body.state}, approval_reason = ${reason},
        approved_at = ${body.state === 'approved' ? now.toISOString() : null}::timestamptz, modified_at = ${now.toISOString()}::timestamptz,
        history = s.history || ${JSON.stringify([decided])}::jsonb
      from plans pl where pl.id = s.plan_id and s.id = ${id} and s.approval_state = 'pending'
      returning s.id, s.org_id, s.plan_id, s.product_id, s.owner_id, pl.title as plan_title, pl.type as plan_type, pl.billing as plan_billing`);
    const u = updated[0];
    if (!u) throw conflict('state', 'The subscription was decided meanwhile.');
    await recordNotification(w, 'subscription.decided', id, now);
    if (body.state === 'approved') {
      await startBilling(w, {
        subscription: { id: u.id, orgId: u.org_id, planId: u.plan_id, productId: u.product_id, ownerId: u.owner_id },
        plan: { id: u.plan_id, title: u.plan_title, type: u.plan_type, billing: u.plan_billing }, now,
      });
    }
  });
}
