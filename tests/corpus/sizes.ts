// Where a store's bytes go, for the corpus run: the database's size, each of the largest tables
// with its indexes and TOAST, and the parts publishing stores per description (raw text as stored,
// i.e. after TOAST compression; search words; the explorer's index). The empty migrated store is
// measured the same way, so what the descriptions cost is told apart from the store's own size.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/store.ts';

export interface StoreSizes {
  database: number;
  tables: Array<{ name: string; total: number; indexes: number }>;
  specificationStored: number;
  searchWords: number;
  specIndex: number;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query) as unknown as { rows: T[] }).rows;

export async function storeSizes(db: Db): Promise<StoreSizes> {
  const [size] = await rows<{ database: string }>(db, sql`select pg_database_size(current_database())::bigint as database`);
  const tables = await rows<{ name: string; total: string; indexes: string }>(db, sql`
    select c.relname as name, pg_total_relation_size(c.oid)::bigint as total, pg_indexes_size(c.oid)::bigint as indexes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by 2 desc limit 8`);
  const [parts] = await rows<{ spec: string | null; words: string | null; ops: string }>(db, sql`
    select (select sum(pg_column_size(specification)) from asset_resources)::bigint as spec,
      (select sum(pg_column_size(search)) from asset_resources)::bigint as words,
      pg_total_relation_size('spec_operations')::bigint as ops`);
  return {
    database: Number(size!.database),
    tables: tables.map((t) => ({ name: t.name, total: Number(t.total), indexes: Number(t.indexes) })),
    specificationStored: Number(parts!.spec ?? 0), searchWords: Number(parts!.words ?? 0), specIndex: Number(parts!.ops),
  };
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** The lines of the report: sizes, and the ratio to the descriptions' bytes net of the empty store. */
export function sizeReport(full: StoreSizes, empty: StoreSizes, sourceBytes: number): string[] {
  const net = full.database - empty.database;
  return [
    `database: ${mb(full.database)}, of which the empty migrated store ${mb(empty.database)}: ${mb(net)} for the descriptions (${(net / sourceBytes).toFixed(2)}x)`,
    `  raw descriptions as stored ${mb(full.specificationStored)}, search words ${mb(full.searchWords)}, explorer index (spec_operations) ${mb(full.specIndex)}`,
    ...full.tables.map((t) => `  ${t.name.padEnd(22)} ${mb(t.total).padStart(9)} (indexes ${mb(t.indexes)})`),
  ];
}
