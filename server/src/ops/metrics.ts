// What an operator scrapes: GET /metrics in the Prometheus text format (prom-client). One registry
// per app (tests run many apps in one process) plus one per process for Node's default metrics
// (CPU, memory, GC, handles, event-loop delay), which are the process's whatever the app.
//
// Label values are route patterns, methods, status codes, product ids, outcomes and reasons from
// fixed lists, job kinds, store kinds: never a raw URL, an organisation, a user, a key or an id a
// caller typed that the store does not know (a refused call's product id is kept only when it is
// a product of the catalogue, else "unknown"), so no caller can grow the series without bound.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../db/store.ts';
import { MAX_ATTEMPTS } from '../jobs/runner.ts';
import { unauthorized } from '../errors.ts';

export const METRICS_PATH = '/metrics';
/** The Prometheus text format's content type (version 0.0.4). */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

let processRegistry: Registry | undefined;
/** Node's default metrics, once per process (their event-loop monitor runs for the process's life). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export type GatewayOutcome = 'forwarded' | 'upstream_failed' | 'refused';
/** Why the gateway's own answer was not the upstream's (call.ts FAILURE_STATUS), in label form. */
export type UpstreamFailureReason = 'timeout' | 'unreachable' | 'tooLarge' | 'refused';

/** Refusals by the status the pipeline answered (runtime.ts, call.ts, quota/charge.ts). */
const REFUSAL_REASONS: Record<number, string> = {
  400: 'bad_request', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 405: 'method', 413: 'too_large', 429: 'quota',
};

interface GatewayNote { upstreamSeconds: number; failure: UpstreamFailureReason | undefined }
/** What call.ts tells of a call it answered (noteGatewayAnswer), read by the onResponse hook. */
const gatewayNotes = new WeakMap<FastifyRequest, GatewayNote>();

/** The gateway's one hook (gateway/call.ts): the call was answered through the pipeline (its
 * product verified), the upstream (or mock) took `upstreamMs`, and failed with `failure` if so. */
export function noteGatewayAnswer(request: FastifyRequest, upstreamMs: number, failure?: UpstreamFailureReason): void {
  gatewayNotes.set(request, { upstreamSeconds: upstreamMs / 1000, failure });
}

export interface Metrics {
  registry: Registry;
  /** The whole text of a scrape: this app's metrics, then the process's. */
  text(): Promise<string>;
  /** A call the gateway's data plane forwarded (server/src/dataplane: its calls never reach the
   * app's hooks); `failure` empty when the upstream answered; counted as a request of the
   * gateway's route too (`wildcard`: the one with a path after the resource). */
  gatewayForwarded(product: string, failure: string, addedSeconds: number, method: string, status: number, seconds: number, wildcard: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function carriesToken(request: FastifyRequest, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return !!m && timingSafeEqual(digest(m[1]!), digest(token));
}

/** Product ids of the catalogue, re-read at most every 10 s when a refused call names one not
 * among them (a product created since); meanwhile such a call counts under "unknown". */
class KnownProducts {
  private ids = new Set<string>();
  private readAt = 0;
  private reading: Promise<void> | undefined;
  constructor(private readonly store: Store) {}
  load(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const rows = await this.store.db.execute(sql`select id from products`) as unknown as { rows: Array<{ id: string }> };
        this.ids = new Set(rows.rows.map((r) => r.id));
        this.readAt = Date.now();
      } catch {
        // the store is closing or unreachable: keep what is known (readiness says the rest)
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }
  label(id: string | undefined): string {
    if (id && this.ids.has(id)) return id;
    if (id && Date.now() - this.readAt > 10_000) void this.load();
    return 'unknown';
  }
}

/** Registers the metrics, the hooks that feed them, and GET /metrics (bearer METRICS_TOKEN; unset,
 * the route refuses every scrape: metrics are never open to whoever reaches the port). */
export function registerMetrics(app: FastifyInstance, options: { store: Store; token: string | undefined; gatewayPrefix: string }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({ name: 'agora_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: ['method', 'route', 'status'] as const, registers });
  const durations = new Histogram({
    name: 'agora_http_request_duration_seconds', help: 'Time from a request\'s arrival to its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const, buckets: LATENCY_BUCKETS, registers,
  });
  const gatewayCalls = new Counter({
    name: 'agora_gateway_calls_total', help: 'Gateway calls by product, outcome (forwarded, upstream_failed, refused) and reason (empty when forwarded).',
    labelNames: ['product', 'outcome', 'reason'] as const, registers,
  });
  const gatewayAdded = new Histogram({
    name: 'agora_gateway_added_seconds', help: 'What the gateway adds to a call: its whole time less the upstream\'s (all of it for a refused call), by outcome.',
    labelNames: ['outcome'] as const, buckets: LATENCY_BUCKETS, registers,
  });
  const forwarded = (product: string, failure: string, addedSeconds: number) => {
    const outcome: GatewayOutcome = failure ? 'upstream_failed' : 'forwarded';
    gatewayCalls.inc({ product, outcome, reason: failure });
    gatewayAdded.observe({ outcome }, Math.max(0, addedSeconds));
  };
  const gatewayRoutes = [`${options.gatewayPrefix}:productId/:versionId/:resourceId`, `${options.gatewayPrefix}:productId/:versionId/:resourceId/*`];
  const planeForwarded: Metrics['gatewayForwarded'] = (product, failure, addedSeconds, method, status, seconds, wildcard) => {
    const route = gatewayRoutes[wildcard ? 1 : 0]!;
    requests.inc({ method, route, status: String(status) });
    durations.observe({ method, route }, seconds);
    forwarded(product, failure, addedSeconds);
  };
  const products = new KnownProducts(options.store);
  app.addHook('onReady', () => products.load());

  // The route pattern (never the URL a caller typed); Fastify's own 404 has none.
  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeOf(request);
    const seconds = reply.elapsedTime / 1000;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    durations.observe({ method: request.method, route }, seconds);
    if (!route.startsWith(options.gatewayPrefix)) return;
    const note = gatewayNotes.get(request);
    const productId = (request.params as { productId?: string } | undefined)?.productId;
    if (note) forwarded(productId ?? 'unknown', note.failure ?? '', seconds - note.upstreamSeconds);
    else {
      gatewayCalls.inc({ product: products.label(productId), outcome: 'refused', reason: REFUSAL_REASONS[status] ?? (status >= 500 ? 'error' : 'other') });
      gatewayAdded.observe({ outcome: 'refused' }, seconds);
    }
  });

  registerStoreMetrics(registry, options.store);

  app.get(METRICS_PATH, { config: { ownAuthorization: true } }, async (request, reply) => {
    if (!options.token) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('Metrics are off: set METRICS_TOKEN on the server, and scrape with Authorization: Bearer <METRICS_TOKEN>.');
    }
    if (!carriesToken(request, options.token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
    }
    return reply.header('content-type', CONTENT_TYPE).header('cache-control', 'no-store').send(await metrics.text());
  });

  const metrics: Metrics = {
    registry,
    text: async () => `${await registry.metrics()}\n${await processMetrics().metrics()}`,
    gatewayForwarded: planeForwarded,
  };
  app.decorate('metrics', metrics);
  return metrics;
}

/** The store's pool (PostgreSQL connections; PGlite's one connection and its queue), its query
 * times, and the job queue read from the store at each scrape. */
function registerStoreMetrics(registry: Registry, store: Store): void {
  const registers = [registry];
  const labels = { store: store.kind };
  const queries = new Histogram({
    name: 'agora_db_query_duration_seconds', help: 'Statements sent to the store, from sending to the answer (queueing for a connection included).',
    labelNames: ['store'] as const, buckets: QUERY_BUCKETS, registers,
  });
  const observed = queries.labels(labels);
  store.observeQueries((ms) => observed.observe(ms / 1000));
  new Gauge({
    name: 'agora_db_pool_connections', help: 'Store connections by state: max (the pool\'s size), open, in_use, and waiting (statements or checkouts waiting for one).',
    labelNames: ['store', 'state'] as const, registers,
    collect() {
      const pool = store.pool();
      for (const state of ['max', 'open', 'in_use', 'waiting'] as const) this.set({ ...labels, state }, pool[state]);
    },
  });
  // Both job gauges are filled from one read (the registry collects them side by side): a read
  // under way serves every collect that asks meanwhile, and the next scrape reads again.
  type JobRow = { kind: string; due: number; scheduled: number; failed: number; age: number | null };
  let reading: Promise<JobRow[]> | undefined;
  const jobRows = (): Promise<JobRow[]> => {
    reading ??= (store.db.execute(sql`
      select kind,
        count(*) filter (where attempts < ${MAX_ATTEMPTS} and run_at <= now())::int as due,
        count(*) filter (where attempts < ${MAX_ATTEMPTS} and run_at > now())::int as scheduled,
        count(*) filter (where attempts >= ${MAX_ATTEMPTS})::int as failed,
        extract(epoch from now() - min(run_at) filter (where attempts < ${MAX_ATTEMPTS} and run_at <= now()))::float8 as age
      from jobs group by kind`) as unknown as Promise<{ rows: JobRow[] }>)
      // the store is unreachable: the scrape still answers (readiness reports the store)
      .then((r) => r.rows, () => [])
      .finally(() => { reading = undefined; });
    return reading;
  };
  new Gauge({
    name: 'agora_jobs_queued', help: 'Jobs in the store\'s queue by kind and state: due (may run now), scheduled (later), failed (out of attempts).',
    labelNames: ['kind', 'state'] as const, registers,
    async collect() {
      this.reset();
      for (const row of await jobRows()) {
        for (const state of ['due', 'scheduled', 'failed'] as const) this.set({ kind: row.kind, state }, Number(row[state]));
      }
    },
  });
  new Gauge({
    name: 'agora_jobs_oldest_due_age_seconds', help: 'How long the oldest due job of each kind has waited past its run time (0: none due).', labelNames: ['kind'] as const, registers,
    async collect() {
      this.reset();
      for (const row of await jobRows()) this.set({ kind: row.kind }, row.age === null ? 0 : Number(row.age));
    },
  });
}
