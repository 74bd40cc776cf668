// Full-text search input shared by product browse and search: the basic websearch text and the
// advanced terms, both against the generated `search` tsvector columns ('english' config).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { parseAdvancedQuery, termsToTsquery } from './advanced.ts';
import { one } from './sql.ts';

/** The tsquery a request asks for, or undefined when it asks for no full-text match. Both inputs
 * together must both match. Throws a 400 naming `query` for malformed advanced terms.
 *
 * The query text is parsed (websearch syntax, stemming) once, up front, and handed to the real
 * statement as a tsquery constant: the planner then sees how many rows it matches (a function call
 * would hide that) and no scan evaluates the parse again for every row. */
export async function textQuery(db: Db, input: { search?: string | undefined; query?: string | undefined }): Promise<SQL | undefined> {
  const parts: SQL[] = [];
  const search = input.search?.trim();
  if (search) parts.push(sql`websearch_to_tsquery('english', ${search})`);
  if (input.query !== undefined) parts.push(sql`to_tsquery('english', ${termsToTsquery(parseAdvancedQuery(input.query))})`);
  if (!parts.length) return undefined;
  const row = await one<{ q: string }>(db, sql`select (${parts.length === 1 ? parts[0] : sql`${parts[0]} && ${parts[1]}`})::text as q`);
  return sql`${row?.q ?? ''}::tsquery`;
}
