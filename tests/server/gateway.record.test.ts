// The runtime gateway's record queue (server/src/gateway/record.ts): rows queued by calls already
// answered are written in batches; a batch the store refuses is reported once on the logger the
// queue was given (the server's, never a call's), and the queue goes on with the next ones.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../server/src/catalogue/sql.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { flushTransactions, queueTransaction, type BatchLog, type TransactionRow } from '../../server/src/gateway/record.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t?.close(); });

/** A row as the gateway queues it: every column set (record.ts rowJson names them all). */
const row = (id: string): TransactionRow => ({
  id, at: new Date(), protocol: 'http', method: 'GET', path: '/pets', status: 200, statusDetail: 'success', durationMs: 1,
  requestHeaders: {}, responseHeaders: {}, requestBytes: 0, responseBytes: 0, legs: [],
});

it('reports a refused batch once on the given logger and keeps recording later rows', async () => {
  const errors: Array<[unknown, string | undefined]> = [];
  const log: BatchLog = { error: ((obj: unknown, msg?: string) => { errors.push([obj, msg]); }) as BatchLog['error'] };
  queueTransaction(t.db, row('tx-record-1'), log);
  await flushTransactions(t.db);
  expect(errors).toEqual([]);

  // The same id again: the store refuses the batch (primary key), which is logged, not thrown.
  queueTransaction(t.db, row('tx-record-1'), log);
  queueTransaction(t.db, row('tx-record-2'), log);
  await expect(flushTransactions(t.db)).resolves.toBeUndefined();
  expect(errors).toHaveLength(1);
  expect(errors[0]![0]).toMatchObject({ rows: 2 });
  expect(errors[0]![1]).toBe('gateway: could not record a batch of transactions');

  queueTransaction(t.db, row('tx-record-3'), log);
  await flushTransactions(t.db);
  const ids = (await rows<{ id: string }>(t.db, sql`select id from transactions where id like 'tx-record-%' order by id`)).map((r) => r.id);
  expect(ids).toEqual(['tx-record-1', 'tx-record-3']);
  expect(errors).toHaveLength(1);
});
