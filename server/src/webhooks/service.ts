// Webhooks for providers (issue 33). A provider Administrator registers endpoints; an event
// (emitWebhookEvent, called where the event happens) makes one delivery row per enabled endpoint
// that asked for its type (unique per event and endpoint, so an event reported twice is delivered
// once) and a job of the one job runner. The job POSTs the JSON through the one egress policy
// (private addresses refused at connect time; the URL is also checked when registered), signed
// (sign.ts). A failure is tried again with exponential back-off (30 s, 1 min, 2 min… at most an
// hour apart) while the delivery is younger than WEBHOOK_RETRY_WINDOW_HOURS; an endpoint that has
// failed without a success for that long is disabled and its owner told by e-mail. Deliveries are
// kept WEBHOOK_DELIVERY_RETENTION_DAYS, each redeliverable.
import { randomBytes, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, arrayContains, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Caller } from '../context.ts';
import { assertSignedIn } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { blockedAddress, type Egress } from '../gateway/egress.ts';
import { canonicalHost } from '../gateway/host.ts';
import type { SecretBox } from '../credentials/crypto.ts';
import { queueMail } from '../mail/mailer.ts';
import { ORG_ROLES } from '../../../src/rules/roleNames.ts';
import { WEBHOOK_DELIVERY_RETENTION_DAYS, WEBHOOK_RETRY_WINDOW_HOURS } from '../../../src/rules/constants.ts';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookEventType } from '../schemas/webhooks.ts';
import { SIGNATURE_HEADER, signature } from './sign.ts';

export const DELIVER_JOB = 'webhook.deliver';
const WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000;
const RETENTION_MS = WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000;
/** Back-off after the n-th failed attempt: 30 s doubling, at most an hour apart. */
export const webhookBackoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
const TIMEOUT_MS = 10_000;
const BODY_KEPT = 2_000;

export interface WebhookDeps {
  db: Db;
  jobs: JobRunner;
  egress: Egress;
  box: () => Promise<SecretBox>;
}

function assertWebhookAdmin(caller: Caller): asserts caller is Caller & { userId: string } {
  assertSignedIn(caller);
  const admin = caller.orgRoles.includes(ORG_ROLES.Administrator) || caller.orgRoles.includes(ORG_ROLES.CentralAdmin);
  if (!caller.providerGuid || !admin) throw forbidden('Only the provider’s Administrators manage webhooks.');
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id, url: r.url, events: r.eventTypes, state: r.state as Webhook['state'],
  failingSince: r.failingSince?.toISOString() ?? null, disabledAt: r.disabledAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
});

/** http(s) only, and not at an address the egress policy refuses (checked again at each connect). */
async function checkUrl(egress: Egress, raw: string): Promise<string> {
  let url: URL;
  try { url = new URL(raw); } catch { throw badRequest('url', 'url must be an absolute http(s) URL.'); }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('url', 'url must be an http(s) URL.');
  if (url.username || url.password) throw badRequest('url', 'url must not carry credentials: the signature authenticates the sender.');
  const host = canonicalHost(url.hostname);
  if (!host) throw badRequest('url', 'url has no host.');
  if (egress.allows(host)) return url.toString();
  // A host that does not resolve (yet) is taken: every delivery's connection is checked anyway.
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((list) => list.map((a) => a.address), () => []);
  for (const address of addresses) {
    const why = blockedAddress(address);
    if (why) throw badRequest('url', `url's host ${host} is a ${why} address: the server does not call it.`);
  }
  return url.toString();
}

export async function createWebhook(deps: WebhookDeps, caller: Caller, body: WebhookCreate, now: Date): Promise<Webhook & { secret: string }> {
  assertWebhookAdmin(caller);
  const url = await checkUrl(deps.egress, body.url);
  const secret = body.secret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const [row] = await deps.db.insert(webhookEndpoints).values({
    id: `wh-${randomUUID()}`, url, eventTypes: body.events, secretSealed: (await deps.box()).seal({ secret }), createdBy: caller.userId, createdAt: now,
  }).returning();
  return { ...toWebhook(row!), secret };
}

export async function listWebhooks(db: Db, caller: Caller): Promise<{ items: Webhook[]; totalCount: number }> {
  assertWebhookAdmin(caller);
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return { items: rows.map(toWebhook), totalCount: rows.length };
}

async function endpoint(db: Db, caller: Caller, id: string): Promise<EndpointRow> {
  assertWebhookAdmin(caller);
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('The webhook');
  return row;
}

export async function deleteWebhook(db: Db, caller: Caller, id: string): Promise<void> {
  await endpoint(db, caller, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Turns a disabled endpoint on again (its failure window starts afresh). */
export async function enableWebhook(db: Db, caller: Caller, id: string): Promise<Webhook> {
  await endpoint(db, caller, id);
  const [row] = await db.update(webhookEndpoints).set({ state: 'enabled', failingSince: null, disabledAt: null }).where(eq(webhookEndpoints.id, id)).returning();
  return toWebhook(row!);
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id, eventId: r.eventId, eventType: r.eventType, state: r.state as WebhookDelivery['state'], attempts: r.attempts,
  responseStatus: r.responseStatus, responseBody: r.responseBody, error: r.error, redeliveryOf: r.redeliveryOf,
  createdAt: r.createdAt.toISOString(), lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null, payload: r.payload,
});

export async function listDeliveries(db: Db, caller: Caller, id: string, query: { limit?: number; offset?: number }, now: Date): Promise<{ items: WebhookDelivery[]; totalCount: number }> {
  await endpoint(db, caller, id);
  const where = and(eq(webhookDeliveries.endpointId, id), sql`${webhookDeliveries.createdAt} >= ${new Date(now.getTime() - RETENTION_MS).toISOString()}::timestamptz`);
  const rows = await db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit ?? 10).offset(query.offset ?? 0);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
  return { items: rows.map(toDelivery), totalCount: Number(total?.n ?? 0) };
}

/** Sends the delivery's event again, as a delivery of its own (the same event id: receivers dedupe on it). */
export async function redeliver(deps: WebhookDeps, caller: Caller, id: string, deliveryId: string, now: Date): Promise<WebhookDelivery> {
  await endpoint(deps.db, caller, id);
  const [original] = await deps.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)));
  if (!original) throw notFound('The delivery');
  const [row] = await deps.db.insert(webhookDeliveries).values({
    id: `whd-${randomUUID()}`, endpointId: id, eventId: original.eventId, eventType: original.eventType, payload: original.payload,
    redeliveryOf: original.id, createdAt: now,
  }).returning();
  await deps.jobs.enqueue(deps.db, DELIVER_JOB, { id: row!.id });
  return toDelivery(row!);
}

/** Records an event for every enabled endpoint that asked for its type (pass the event's transaction). */
export async function emitWebhookEvent(db: Db, jobs: JobRunner, type: WebhookEventType, eventId: string, data: Record<string, unknown>, now: Date): Promise<void> {
  const targets = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.state, 'enabled'), arrayContains(webhookEndpoints.eventTypes, [type])));
  for (const target of targets) {
    const payload = { id: eventId, type, created: now.toISOString(), data };
    const [row] = await db.insert(webhookDeliveries).values({ id: `whd-${randomUUID()}`, endpointId: target.id, eventId, eventType: type, payload, createdAt: now })
      .onConflictDoNothing().returning({ id: webhookDeliveries.id });
    if (row) await jobs.enqueue(db, DELIVER_JOB, { id: row.id });
  }
}

/** The delivery job: one attempt, then the next one scheduled here (the runner's own retries are
 * for crashes; a receiver's refusal is an answer, kept with the delivery). */
export function registerWebhookJobs(deps: WebhookDeps): void {
  deps.jobs.register(DELIVER_JOB, async (payload, ctx) => {
    const now = ctx.clock.now();
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, String(payload.id)));
    if (!delivery || delivery.state !== 'pending') return;
    const [target] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId));
    if (!target || target.state !== 'enabled') {
      await ctx.db.update(webhookDeliveries).set({ state: 'failed', error: 'The endpoint is disabled.' }).where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    const body = JSON.stringify(delivery.payload);
    const { secret } = (await deps.box()).open(target.secretSealed);
    let status: number | null = null;
    let answer: string | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(target.url, {
        method: 'POST', body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), dispatcher: deps.egress.agent,
        headers: {
          'content-type': 'application/json', 'user-agent': 'Agora-Webhooks/1',
          [SIGNATURE_HEADER]: signature(secret!, body, now), 'Agora-Event': delivery.eventType, 'Agora-Delivery': delivery.id,
        },
      } as RequestInit);
      status = response.status;
      answer = (await response.text()).slice(0, BODY_KEPT);
    } catch (failure) {
      const cause = (failure as { cause?: Error }).cause;
      error = String(cause?.message ?? (failure as Error).message ?? failure).slice(0, BODY_KEPT);
    }
    const ok = status !== null && status >= 200 && status < 300;
    const attempts = delivery.attempts + 1;
    const expired = now.getTime() - delivery.createdAt.getTime() >= WINDOW_MS;
    await ctx.db.update(webhookDeliveries).set({
      attempts, responseStatus: status, responseBody: answer, error: ok ? null : error ?? `The endpoint answered ${status}.`, lastAttemptAt: now,
      state: ok ? 'delivered' : expired ? 'failed' : 'pending', ...(ok ? { deliveredAt: now } : {}),
    }).where(eq(webhookDeliveries.id, delivery.id));
    if (ok) {
      await ctx.db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, target.id));
    } else {
      const failingSince = target.failingSince ?? now;
      if (now.getTime() - failingSince.getTime() >= WINDOW_MS) await disable(ctx.db, deps.jobs, target, now);
      else {
        if (!target.failingSince) await ctx.db.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, target.id));
        if (!expired) await ctx.enqueue(ctx.db, DELIVER_JOB, { id: delivery.id }, webhookBackoffMs(attempts));
      }
    }
    // Deliveries past their retention go now and then (no job of their own).
    if (Math.random() < 0.05) await ctx.db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, new Date(now.getTime() - RETENTION_MS)));
  });
}

async function disable(db: Db, jobs: JobRunner, target: EndpointRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set({ state: 'disabled', disabledAt: now })
      .where(and(eq(webhookEndpoints.id, target.id), eq(webhookEndpoints.state, 'enabled'))).returning({ id: webhookEndpoints.id });
    if (!row) return;
    await tx.update(webhookDeliveries).set({ state: 'failed' }).where(and(eq(webhookDeliveries.endpointId, target.id), eq(webhookDeliveries.state, 'pending')));
    if (target.createdBy) {
      await queueMail(tx as unknown as Db, jobs, {
        key: `webhookDisabled:${target.id}:${now.toISOString()}`, kind: 'webhookDisabled', userId: target.createdBy,
        params: { url: target.url, hours: WEBHOOK_RETRY_WINDOW_HOURS },
      });
    }
  });
}
