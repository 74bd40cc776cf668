// Full-text search input shared by product browse and search: the basic websearch text and the
// advanced terms, both against the generated `search` tsvector columns ('english' config).
import { sql, type SQL } from 'drizzle-orm';
import { parseAdvancedQuery, termsToTsquery } from './advanced.ts';

/** The tsquery a request asks for, or undefined when it asks for no full-text match. Both inputs
 * together must both match. Throws a 400 naming `query` for malformed advanced terms.
 *
 * The parse functions are immutable and their input a bound parameter, so the planner folds the
 * whole expression into a tsquery constant before planning (on both stores): it sees how many rows
 * the query matches, no scan parses it again for every row, and no extra round trip is spent. */
export function textQuery(input: { search?: string | undefined; query?: string | undefined }): SQL | undefined {
  const parts: SQL[] = [];
  const search = input.search?.trim();
  if (search) parts.push(sql`websearch_to_tsquery('english', ${search})`);
  if (input.query !== undefined) parts.push(sql`to_tsquery('english', ${termsToTsquery(parseAdvancedQuery(input.query))})`);
  if (!parts.length) return undefined;
  return parts.length === 1 ? parts[0] : sql`(${parts[0]} && ${parts[1]})`;
}
