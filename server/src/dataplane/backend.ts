// What the data plane needs of the store, as one small interface: read in-process through the
// server's own app and its caches (a plane in the server's process: tests), or over IPC by a
// worker process (./cluster.ts; the embedded PGlite store opens in one process only), where the
// worker keeps its own copies for one cache life and the primary reads credentials fresh for it,
// so a suspend or rotate on another instance is seen within GATEWAY_CREDENTIAL_CACHE_MS as before.
import type { FastifyInstance } from 'fastify';
import type { CredentialEntry } from '../credentials/lookup.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import type { VisibleResource } from '../spec/access.ts';
import { resourceUnder } from '../gateway/runtime.ts';
import { queueRowJson } from '../gateway/record.ts';
import { quotasFor, type CountedQuota } from '../quota/coverage.ts';
import { countWindow, leaseCalls, queueCounts, returnCalls, type CountedCall } from '../quota/counters.ts';
import type { QuotaInterval } from '../../../src/rules/constants.ts';

/** Calls counted alike (same subscription, application, resource, minute and quotas), summed. */
export interface CountBatch extends CountedCall {
  /** loose and unlimited quotas whose counters need the calls: id, interval, a time in the window */
  counted: Array<{ id: string; interval: QuotaInterval; at: number }>;
  /** every quota the calls are usage records of */
  recorded: string[];
  n: number;
}

/** A forwarded call for /metrics: product, upstream failure ('' when answered), added seconds,
 * and the request as the app's hooks count it (method, status, seconds, whether its route is the
 * resource's wildcard one: a path after the resource). */
export type ForwardedCall = [product: string, failure: string, addedSeconds: number, method: string, status: number, seconds: number, wildcard: boolean];

/** A strict quota's counter, as a worker names it (the window by its interval and a time in it). */
export interface StrictCounter {
  subscriptionId: string;
  quotaId: string;
  limit: number;
  interval: QuotaInterval;
  at: number;
}

export interface PlaneBackend {
  credentialByKey(lookupKey: string): Promise<CredentialEntry | null>;
  credentialById(id: string): Promise<CredentialEntry | null>;
  tokenKey(): Promise<Uint8Array>;
  resource(productId: string, versionId: string, resourceId: string): Promise<VisibleResource | null>;
  quotas(subscriptionId: string, resourceId: string): Promise<CountedQuota[]>;
  /** Up to `want` calls of a strict limit (0: reached). */
  lease(counter: StrictCounter, want: number): Promise<number>;
  /** Unspent calls given back (a worker stopping). */
  giveBack(counter: StrictCounter, n: number): Promise<void>;
  /** Transaction rows (their JSON, gateway/record.ts rowJson) and counts, into the store's batches;
   * the calls into the server's gateway metrics. */
  write(rows: string[], counts: CountBatch[], calls: ForwardedCall[]): Promise<void>;
  /** Counts a call in /metrics at once (a plane in the server's process; a worker's go with its
   * batches through write). */
  answered?(call: ForwardedCall): void;
  /** The server's clock (a test's manual one in-process; the system's in a worker). */
  now(): Date;
  /** Calls `listener` with each credential the server forgets at once (suspend, rotate…). */
  onEvict(listener: (credentialId: string) => void): () => void;
}

/** The backend of an app in this process; `fresh`: credentials read from the store, not the app's
 * cache (the primary answering a worker, which caches them itself). */
export function localBackend(app: FastifyInstance, fresh = false): PlaneBackend {
  const rt = credentialsRuntime(app.db, app.credentialsOptions);
  const log = app.log;
  const windowOf = (c: { interval: QuotaInterval; at: number }) => countWindow(c.interval, new Date(c.at));
  return {
    credentialByKey: (key) => (fresh ? rt.lookup.readByKey(key) : rt.lookup.byKey(key)),
    credentialById: (id) => (fresh ? rt.lookup.readById(id) : rt.lookup.byId(id)),
    tokenKey: () => rt.tokenKey(),
    resource: (p, v, r) => resourceUnder(app, p, v, r),
    quotas: (s, r) => quotasFor(app.db, s, r),
    lease: (c, want) => leaseCalls(app.db, c.subscriptionId, c.quotaId, c.limit, windowOf(c), want),
    giveBack: (c, n) => returnCalls(app.db, c.subscriptionId, c.quotaId, windowOf(c), n),
    async write(rows, counts, calls) {
      for (const call of calls) app.metrics.gatewayForwarded(...call);
      for (const json of rows) queueRowJson(app.db, json, log);
      for (const b of counts) {
        const counted = b.counted.map((q) => ({ id: q.id, window: windowOf(q) }));
        const recorded = b.recorded.map((id) => ({ id }));
        const call = { orgId: b.orgId, subscriptionId: b.subscriptionId, applicationId: b.applicationId, resourceId: b.resourceId, unitName: b.unitName, minute: b.minute };
        for (let i = 0; i < b.n; i++) queueCounts(app.db, call, counted, recorded, (e) => log.error({ err: e }, 'quota: could not write counts'));
      }
    },
    answered: fresh ? undefined : (call) => app.metrics.gatewayForwarded(...call),
    now: () => app.clock.now(),
    onEvict: (listener) => rt.lookup.onEvict(listener),
  };
}
