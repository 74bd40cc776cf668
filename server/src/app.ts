// Builds the marketplace server: plugins (errors, store, auth) then routes by area under /api/v1,
// then (for npm start and browser tests) the bundle and demo pages.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { constants as zlib } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import storePlugin from './plugins/store.ts';
import errorsPlugin, { sendError } from './plugins/errors.ts';
import headersPlugin, { clientErrorHandler, inlineScriptHashes, pagePolicy } from './plugins/headers.ts';
import authPlugin, { type AuthOptions } from './plugins/auth.ts';
import { registerRoutes } from './routes/index.ts';
import type { Store } from './db/store.ts';
import { systemClock, type Clock } from './clock.ts';
import { JobRunner } from './jobs/runner.ts';
import { DEFAULT_RETENTION_DAYS, ensurePruneScheduled, registerPrune } from './analytics/rollups.ts';
import { ensureEmbeddingScheduled, registerEmbedding } from './assistant/vectors.ts';
import type { CredentialsOptions } from './credentials/runtime.ts';
import { decorateCatalogueCache } from './catalogue/cache.ts';
import { Egress, type EgressOptions } from './gateway/egress.ts';
import corsPlugin from './embed/cors.ts';
import embedRoutes from './routes/embed.ts';
import type { AiModelOptions } from './assistant/external.ts';
import { registerOps } from './ops/index.ts';
import { registerOpenApi } from './openapi/index.ts';
import { API_BASE } from './apiBase.ts';
import { readFileSync } from 'node:fs';
import { Mailer, type MailOptions } from './mail/mailer.ts';
import { SCHEMA_CONTROLLER } from './schemaCompilers.ts';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, type HttpTimeouts } from './httpTimeouts.ts';
import { PlaneFront } from './dataplane/front.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's one clock (tests pass a ManualClock). */
    clock: Clock;
    /** The background job runner (server/src/jobs). */
    jobs: JobRunner;
    /** Secrets key and mTLS header of credentials and the runtime gateway (server/src/credentials). */
    credentialsOptions: CredentialsOptions;
    /** The one egress policy of every outbound call (server/src/gateway/egress.ts). */
    egress: Egress;
    /** Origins the portal's pages are served from (PUBLIC_URL): the only redirect targets. */
    publicOrigins: ReadonlySet<string>;
    /** The assistant's external model, or null for the offline engine (server/src/assistant). */
    aiModel: AiModelOptions | null;
    /** The assistant ranks by meaning too (ASSISTANT_VECTORS, server/src/assistant/vectors.ts). */
    assistantVectors: boolean;
    /** TRANSACTIONS_RETENTION_DAYS: how long raw gateway transactions are kept (analytics/rollups.ts). */
    transactionsRetentionDays: number;
    /** Outbound e-mail: SMTP_URL's relay, or the outbox only (server/src/mail). */
    mailer: Mailer;
  }
}

export { API_BASE };
/** The package's version: the API description's (and the catalogue product's) version. */
export const PACKAGE_VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

export interface AppOptions {
  store: Store;
  /** Memory for cached catalogue answers (default catalogue/cache.ts CACHE_BYTES). */
  catalogueCacheBytes?: number;
  auth: AuthOptions;
  /** Serve the built bundle (dist/) and demo pages (demo/) at the root. */
  serveStatic?: boolean;
  /** Folder holding dist/ and demo/ (default: the project root). */
  staticRoot?: string;
  logger?: boolean;
  /** Trust X-Forwarded-* from a load balancer in front (true, a hop count, or its addresses). */
  trustProxy?: boolean | number | string | ((address: string, hop: number) => boolean);
  /** Default: the system clock. */
  clock?: Clock;
  /** Run background jobs on this instance once ready (default true); tests may run them by hand
   * with app.jobs.runDue() / drain(). */
  runJobs?: boolean;
  /** SECRETS_KEY and GATEWAY_MTLS_HEADER (config.ts). */
  credentials?: CredentialsOptions;
  /** GATEWAY_ALLOW_HOSTS: hosts outbound calls may reach even at private addresses (config.ts). */
  egress?: EgressOptions;
  /** PUBLIC_URL and its aliases: the portal's origins as browsers reach them (config.ts publicOrigins). */
  publicOrigins?: readonly string[];
  /** CORS_ORIGINS: origins whose pages may call the API from a browser (config.ts; embed/cors.ts). */
  corsOrigins?: readonly string[];
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL: the assistant's optional external model (config.ts); null: offline. */
  ai?: AiModelOptions | null;
  /** ASSISTANT_VECTORS (default on): sentence vectors for the offline assistant, embedded by the job runner. */
  assistantVectors?: boolean;
  /** TRANSACTIONS_RETENTION_DAYS (config.ts; default 30). */
  transactionsRetentionDays?: number;
  /** METRICS_TOKEN: the bearer token of GET /metrics; unset, the route refuses every scrape (ops/). */
  metricsToken?: string | undefined;
  /** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS: limits for slow clients (httpTimeouts.ts; default 10 s, 30 s). */
  httpTimeouts?: HttpTimeouts;
  /** SMTP_URL, MAIL_FROM (config.ts; server/src/mail). Unset SMTP_URL: messages stay in the outbox. */
  mail?: MailOptions;
  /** The gateway's data plane ahead of the app in this process (default true: server/src/dataplane/front.ts);
   * false when GATEWAY_WORKERS runs it in processes of its own, or the app alone is wanted. */
  dataPlane?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const front = options.dataPlane === false ? null : new PlaneFront();
  const app = Fastify({
    // The server's request listener is the data plane's, which passes what it does not answer on.
    ...(front ? { serverFactory: front.serverFactory } : {}),
    logger: options.logger ?? false,
    // A hop count as a function: Fastify's types take one where its runtime takes a number too.
    trustProxy: typeof options.trustProxy === 'number' ? ((hops) => (_address: string, hop: number) => hop < hops)(options.trustProxy) : options.trustProxy ?? false,
    // Repeated keys (?status=a&status=b) arrive as arrays; the route schemas coerce single values.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    // Compiled once per process (schemaCompilers.ts): tests build hundreds of apps.
    schemaController: SCHEMA_CONTROLLER,
    bodyLimit: 12 * 1024 * 1024,
    // Slow clients (trickled headers or body) are answered 408 and closed (httpTimeouts.ts).
    requestTimeout: (options.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS).requestMs,
    http: httpServerOptions(options.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS),
    // Ids up to the schemas' 200 characters reach validation (a 400), not a bare router 404.
    routerOptions: { maxParamLength: 500 },
    // Malformed URLs are client mistakes: answer in the one error shape.
    frameworkErrors: (error, _request, reply) => sendError(reply, 400, error.message, 'url'),
    // What Node's HTTP parser refuses (431, malformed chunked bodies): the error shape too.
    clientErrorHandler,
    // An orderly stop (ops/shutdown.ts) answers what arrives on connections still open while the
    // listener closes (each answer then closes its connection), instead of a 503 the client sees.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (front) app.addHook('preParsing', PlaneFront.preParsing);
  await app.register(errorsPlugin);
  const root = options.staticRoot ?? fileURLToPath(new URL('../..', import.meta.url));
  await app.register(headersPlugin, {
    apiBase: API_BASE,
    pagePolicy: pagePolicy(options.serveStatic ? inlineScriptHashes(['index.html', 'embed.html'].map((f) => join(root, 'demo', f))) : []),
  });
  await app.register(corsPlugin, { origins: options.corsOrigins ?? [], apiBase: API_BASE });
  // Brotli at a low quality: the default (11) costs seconds on multi-megabyte specifications.
  await app.register(compress, {
    global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(storePlugin, { store: options.store });
  decorateCatalogueCache(app, options.store.db, options.catalogueCacheBytes);
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('jobs', new JobRunner(options.store.db, clock, app.log));
  app.decorate('credentialsOptions', options.credentials ?? {});
  const egress = new Egress(options.egress);
  app.decorate('egress', egress);
  app.addHook('onClose', async () => egress.close());
  app.decorate('publicOrigins', new Set(options.publicOrigins ?? []));
  app.decorate('aiModel', options.ai ?? null);
  const mailer = new Mailer(options.mail);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  app.decorate('assistantVectors', options.assistantVectors !== false);
  if (app.assistantVectors) registerEmbedding(app.jobs);
  // Raw transactions and the insights' rollups are pruned hourly (server/src/analytics/rollups.ts).
  app.decorate('transactionsRetentionDays', options.transactionsRetentionDays ?? DEFAULT_RETENTION_DAYS);
  registerPrune(app.jobs, app.transactionsRetentionDays);
  if (options.runJobs !== false) {
    app.addHook('onReady', async () => {
      await ensurePruneScheduled(options.store.db);
      if (app.assistantVectors) await ensureEmbeddingScheduled(options.store.db);
      app.jobs.start();
    });
  }
  app.addHook('onClose', async () => app.jobs.stop());
  // /metrics, /health/live, /health/ready and the hooks feeding the metrics (server/src/ops/).
  registerOps(app, { store: options.store, metricsToken: options.metricsToken, apiBase: API_BASE });
  await app.register(authPlugin, options.auth);
  // The OpenAPI description of /api/v1, collected from the routes registered after it (openapi/).
  await registerOpenApi(app, { apiBase: API_BASE, version: PACKAGE_VERSION });
  await app.register(registerRoutes, { prefix: API_BASE });
  await app.register(embedRoutes, { apiBase: API_BASE });
  if (options.serveStatic) {
    const { default: staticPlugin } = await import('./plugins/static.ts');
    await app.register(staticPlugin, options.staticRoot ? { root: options.staticRoot } : {});
  }
  front?.start(app, API_BASE);
  return app;
}
