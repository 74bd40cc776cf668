// Builds the marketplace server: plugins (store, errors, auth) then routes by area under /api/v1.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import storePlugin from './plugins/store.ts';
import errorsPlugin from './plugins/errors.ts';
import authPlugin, { type AuthOptions } from './plugins/auth.ts';
import { registerRoutes } from './routes/index.ts';
import type { Store } from './db/store.ts';

export const API_BASE = '/api/v1';

export interface AppOptions {
  store: Store;
  auth: AuthOptions;
  /** Serve the built bundle (dist/) and demo pages (demo/) at the root. */
  serveStatic?: boolean;
  logger?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Repeated keys (?status=a&status=b) arrive as arrays; the route schemas coerce single values.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    bodyLimit: 12 * 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();
  await app.register(errorsPlugin);
  await app.register(storePlugin, { store: options.store });
  await app.register(authPlugin, options.auth);
  await app.register(registerRoutes, { prefix: API_BASE });
  if (options.serveStatic) {
    const { default: staticPlugin } = await import('./plugins/static.ts');
    await app.register(staticPlugin);
  }
  return app;
}
