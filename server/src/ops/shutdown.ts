// The orderly stop on SIGTERM / SIGINT (main.ts), as an orchestrator or a rolling restart sends it:
//   1. draining: /health/ready answers 503 and every answer closes its connection, while the
//      server still serves whatever arrives for `graceMs` (the balancer stops sending meanwhile);
//   2. the listener closes (new connections refused) and calls in flight finish, for up to
//      `timeoutMs`, after which their connections are cut;
//   3. the onClose hooks stop the job runner (its pass under way ends first) and write the
//      gateway's queued records and usage counts; they are written once more here for any call
//      answered while the hooks ran; then the store closes.
// No answered call loses its record: its row is queued before its answer is sent, and every
// queued row is written before the store closes.
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/store.ts';
import { flushTransactions } from '../gateway/record.ts';
import { releaseLeases } from '../quota/counters.ts';

export interface DrainOptions {
  graceMs: number;
  timeoutMs: number;
  log?: (line: string) => void;
}

export async function drainAndClose(app: FastifyInstance, store: Store, options: DrainOptions): Promise<void> {
  const log = options.log ?? (() => {});
  app.lifecycle.state = 'draining';
  if (options.graceMs > 0) {
    log(`draining: not ready, still serving for ${options.graceMs} ms…`);
    await new Promise((resolve) => setTimeout(resolve, options.graceMs));
  }
  log('closing the listener and waiting for calls in flight…');
  const cut = setTimeout(() => {
    log(`calls still in flight after ${options.timeoutMs} ms: closing their connections.`);
    app.server.closeAllConnections();
  }, options.timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
  await flushTransactions(store.db);
  await releaseLeases(store.db);
  await store.close();
  log('stopped.');
}
