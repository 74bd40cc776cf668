// The gateway's one quota step (called from gateway/call.ts before the call is forwarded): find the
// subscription the call is counted under and the quotas covering the resource (./coverage.ts,
// cached), take every strict limit atomically in the store (./counters.ts; a 429 with
// Retry-After when one is reached), and queue the other counts and the usage records to be written
// with the transaction records. A call that meets no strict quota costs no store round trip here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Caller } from '../context.ts';
import { ApiError } from '../errors.ts';
import { CALL_UNIT, quotasFor, tryItSubscription, type CountedQuota } from './coverage.ts';
import { countWindow, giveBack, queueCounts, takeStrict, type CountWindow } from './counters.ts';
import { announceQuotaExceeded } from './exceeded.ts';

export interface ChargedCall {
  orgId: string;
  /** the subscription the call names (runtime credential, or the explorer's application); null: a try-it call without one */
  subscriptionId: string | null;
  applicationId: string | null;
  productId: string;
  resourceId: string;
}

const INTERVAL_WORDS: Record<CountedQuota['interval'], string> = {
  minute: 'a minute', hourly: 'an hour', daily: 'a day', weekly: 'a week', monthly: 'a month', annually: 'a year',
};

/** Counts the call; returns the subscription it was counted under (null: none). Throws 429 (with
 * Retry-After: seconds to the end of the window) when a strict limit is reached. */
export async function chargeCall(app: FastifyInstance, caller: Caller, call: ChargedCall, reply: FastifyReply): Promise<string | null> {
  const subscriptionId = call.subscriptionId ?? await tryItSubscription(app.db, caller, call.productId, call.resourceId);
  if (!subscriptionId) return null;
  const quotas = await quotasFor(app.db, subscriptionId, call.resourceId);
  if (quotas.length === 0) return subscriptionId;
  const now = app.clock.now();
  const taken: Array<{ id: string; window: CountWindow }> = [];
  const counted: Array<{ id: string; window: CountWindow }> = [];
  for (const quota of quotas) {
    const window = countWindow(quota.interval, now);
    if (quota.mode !== 'strict') {
      counted.push({ id: quota.id, window });
      continue;
    }
    if (await takeStrict(app.db, subscriptionId, quota.id, quota.limit!, window)) {
      taken.push({ id: quota.id, window });
      continue;
    }
    // All or nothing: what earlier strict quotas took for this call is given back.
    await Promise.all(taken.map((t) => giveBack(app.db, subscriptionId, t.id, t.window)));
    const seconds = Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', String(seconds));
    await announceQuotaExceeded(app, { subscriptionId, productId: call.productId, resourceId: call.resourceId }, quota, window, now);
    throw new ApiError(429, 'Too Many Requests',
      `The quota "${quota.title}" of this subscription allows ${quota.limit} ${quota.unitName} ${INTERVAL_WORDS[quota.interval]}; it is reached until ${window.end.toISOString()}.`);
  }
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  queueCounts(app.db, {
    orgId: call.orgId, subscriptionId, applicationId: call.applicationId, resourceId: call.resourceId, unitName: CALL_UNIT, minute,
  }, counted, quotas, (e) => app.log.error({ err: e }, 'quota: could not write counts'));
  return subscriptionId;
}
