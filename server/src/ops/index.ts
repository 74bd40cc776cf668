// The operator's side of the server: metrics (GET /metrics) and the health probes. Registered by
// app.ts before the auth plugin and the routes, so its hooks see every request.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/store.ts';
import { registerMetrics } from './metrics.ts';
import { registerHealth } from './health.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its own Authorization header (a metrics token), not a portal session. */
    ownAuthorization?: boolean;
  }
}

export function registerOps(app: FastifyInstance, options: { store: Store; metricsToken: string | undefined; apiBase: string }): void {
  registerMetrics(app, { store: options.store, token: options.metricsToken, gatewayPrefix: `${options.apiBase}/gateway/` });
  registerHealth(app, options.store);
}
