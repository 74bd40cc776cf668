import fp from 'fastify-plugin';
import type { Db, Store } from '../db/store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    store: Store;
  }
}

/** Hands the opened store to every route as app.db. The store is opened by buildApp's caller
 * so tests can share one migrated template and the CLI can reuse the same code. */
export default fp<{ store: Store }>(async (app, { store }) => {
  app.decorate('store', store);
  app.decorate('db', store.db);
}, { name: 'store' });
