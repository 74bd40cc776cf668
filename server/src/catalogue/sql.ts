// Small helpers for the catalogue's hand-written SQL. The catalogue queries are raw SQL (through
// Drizzle's sql tag, so every value is a bound parameter) because they combine visibility,
// filters, ranking and counts in one round trip, which the query builder cannot express.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/store.ts';

/** Runs a query and returns its rows. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: unknown[] };
  return result.rows as T[];
}

export async function one<T>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
}

const dialect = new PgDialect();

/** Runs a query as a named prepared statement, named after its text: on PostgreSQL each pooled
 * connection parses and plans it once, and after a few runs keeps one generic plan, where a large
 * statement otherwise costs close to a millisecond of planning on every call. The embedded store
 * has no named statements and plans it each time. Only for statements whose plan does not depend
 * on their values: a generic plan does not see them (a parse function of a bound value, e.g.
 * to_tsquery($1), must be an InitPlan, `(select …)`, or it runs once per row). */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `agora_${createHash('sha1').update(built.sql).digest('hex')}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: unknown[] };
  return result.rows as T[];
}

/** A text[] parameter (Drizzle would otherwise spread a JS array into a list of parameters). */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;
export const intArray = (values: readonly number[]): SQL => sql`${sql.param([...values])}::int[]`;

/** ISO 8601 text of a timestamp as either driver returns it (Date, or PostgreSQL's text form). */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') {
    // PostgreSQL writes "2026-01-04 10:00:00.5+00" (zone without minutes), which Date cannot read.
    const d = new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  return new Date(0).toISOString();
}

/** Joins conditions with AND, skipping absent ones (written `cond && sql\`…\``); none is true. */
export function and(parts: ReadonlyArray<SQL | undefined | null | false | 0 | ''>): SQL {
  const kept = parts.filter((p): p is SQL => !!p);
  return kept.length ? sql.join(kept.map((p) => sql`(${p})`), sql` and `) : sql`true`;
}
