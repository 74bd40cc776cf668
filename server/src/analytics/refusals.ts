// Refused calls by reason over a range (the assistant's "why were my calls refused"), under the
// insights' own scope (scope.ts): the same rows the traffic list filters with refusal=…, counted.
// Read from the raw transactions, so the range reaches back TRANSACTIONS_RETENTION_DAYS at most.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { and, rows } from '../catalogue/sql.ts';
import type { RefusalReason } from '../../../src/rules/analytics.ts';
import { analyticsScope, inScope, type Range } from './scope.ts';
import { flushTransactions } from '../gateway/record.ts';

export interface RefusalCount { reason: RefusalReason; count: number }

/** Most frequent first; `applicationId` narrows to one application. */
export async function refusalCounts(db: Db, caller: Caller, range: Range, applicationId?: string): Promise<RefusalCount[]> {
  const scope = await analyticsScope(db, caller);
  await flushTransactions(db);
  const found = await rows<{ refusal: RefusalReason; n: string | number }>(db, sql`
    select t.refusal, count(*) as n from transactions t
    where ${and([
      inScope(scope, 't'),
      sql`t.at >= ${range.from.toISOString()}::timestamptz and t.at < ${range.to.toISOString()}::timestamptz and t.refusal is not null`,
      applicationId && sql`t.application_id = ${applicationId}`,
    ])}
    group by t.refusal order by n desc, t.refusal`);
  return found.map((r) => ({ reason: r.refusal, count: Number(r.n) }));
}
