// Small helpers for the catalogue's hand-written SQL. The catalogue queries are raw SQL (through
// Drizzle's sql tag, so every value is a bound parameter) because they combine visibility,
// filters, ranking and counts in one round trip, which the query builder cannot express.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/store.ts';

/** Runs a query and returns its rows. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: unknown[] };
  return result.rows as T[];
}

export async function one<T>(db: Db, query: SQL): Promise<T | undefined> {
  return (await rows<T>(db, query))[0];
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
