// The webhook event gateway.quota.exceeded (issue 33): the first call refused by a strict quota in
// a window tells the provider's webhooks, once per subscription, quota and window (the event id;
// deliveries are unique per event and endpoint). The calls refused after it in the same window
// are remembered here, so a client hammering a spent quota costs no store round trip for this.
import type { FastifyInstance } from 'fastify';
import { emitWebhookEvent } from '../webhooks/service.ts';
import type { CountedQuota } from './coverage.ts';
import type { CountWindow } from './counters.ts';

const announced = new Set<string>();
const REMEMBERED = 10_000;

export async function announceQuotaExceeded(app: FastifyInstance, call: { subscriptionId: string; productId: string; resourceId: string },
  quota: CountedQuota, window: CountWindow, now: Date): Promise<void> {
  const eventId = `gateway.quota.exceeded:${call.subscriptionId}:${quota.id}:${window.startText}`;
  if (announced.has(eventId) || !app.hasDecorator('jobs')) return;
  if (announced.size >= REMEMBERED) announced.clear();
  try {
    await emitWebhookEvent(app.db, app.jobs, 'gateway.quota.exceeded', eventId, {
      subscription: { id: call.subscriptionId }, product: { id: call.productId }, resource: { id: call.resourceId },
      quota: { id: quota.id, title: quota.title, limit: quota.limit, unit: quota.unitName, interval: quota.interval },
      window: { start: window.startText, end: window.endText },
    }, now);
    announced.add(eventId);
  } catch (error) {
    // The refusal stands whatever happens here; the next refused call tries again.
    app.log.error({ err: error }, 'webhooks: could not record gateway.quota.exceeded');
  }
}
