// Probes for a load balancer or an orchestrator. /health/live: the process answers (restart it when
// not). /health/ready: send it traffic: it has started (onReady ran: the job runner, the caches'
// version following), it is not draining (an orderly stop began: main.ts), its store answers
// within READY_TIMEOUT_MS, every migration of this version is applied, and its job runner ticks.
// Both answer without a session and without the store's data: nothing here is a tenant's.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Store } from '../db/store.ts';
import { migrationFiles } from '../db/store.ts';

export type Lifecycle = 'starting' | 'ready' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    /** 'starting' until onReady, 'draining' once an orderly stop began (main.ts). */
    lifecycle: { state: Lifecycle };
  }
}

/** A store that takes longer than this to answer `select` is not ready (a queue behind a lock, a
 * lost connection): the balancer should send the traffic elsewhere. */
export const READY_TIMEOUT_MS = 2000;

type Check = 'ok' | 'off' | string;

export function registerHealth(app: FastifyInstance, store: Store): void {
  const lifecycle = { state: 'starting' as Lifecycle };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onReady', async () => { if (lifecycle.state === 'starting') lifecycle.state = 'ready'; });
  // While draining every answer closes its connection, so keep-alive clients and proxies open
  // their next one elsewhere (or here, until the listener closes).
  app.addHook('onSend', async (_request, reply) => { if (lifecycle.state === 'draining') reply.header('connection', 'close'); });
  const files = migrationFiles();

  const noStore = { config: { ownAuthorization: true } };
  app.get('/health/live', noStore, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'live' }));
  app.get('/health/ready', noStore, async (_request, reply) => {
    const checks: Record<'store' | 'migrations' | 'jobs', Check> = { store: 'ok', migrations: 'ok', jobs: 'ok' };
    try {
      const applied = await withTimeout(store.db.execute(sql`select count(*)::int as n from schema_migrations`) as unknown as Promise<{ rows: Array<{ n: number }> }>);
      const expected = (await files).length;
      const n = Number(applied.rows[0]?.n ?? 0);
      if (n < expected) checks.migrations = `${expected - n} of ${expected} not applied`;
    } catch (error) {
      checks.store = (error as Error).message;
      checks.migrations = 'unknown';
    }
    const jobs = app.jobs.state();
    checks.jobs = jobs === 'running' ? 'ok' : jobs;
    const healthy = lifecycle.state === 'ready' && checks.store === 'ok' && checks.migrations === 'ok' && jobs !== 'stalled';
    const status = lifecycle.state === 'ready' ? (healthy ? 'ready' : 'unready') : lifecycle.state;
    return reply.code(healthy ? 200 : 503).header('cache-control', 'no-store').send({ status, checks });
  });
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
