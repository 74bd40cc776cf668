// Multi-row inserts in chunks: one statement per chunk keeps seeding and catalogue generation
// fast, and the chunk size keeps each statement under PostgreSQL's 65,535 bind parameters.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/store.ts';

/** A database or a transaction: anything with insert. */
export type Writer = Pick<Db, 'insert' | 'select' | 'execute' | 'update' | 'delete'>;

export async function insertMany<T extends PgTable>(db: Writer, table: T, rows: Array<T['$inferInsert']>, chunk = 0): Promise<void> {
  if (!rows.length) return;
  // Size the chunk by the widest row so that rows × columns stays under the parameter limit.
  const columns = Math.max(...rows.slice(0, 50).map((r) => Object.keys(r as object).length), 1);
  const size = chunk || Math.max(1, Math.min(1000, Math.floor(30_000 / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}
