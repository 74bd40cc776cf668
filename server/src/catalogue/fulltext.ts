// Full-text search input shared by product browse and search: the basic websearch text and the
// advanced terms, both against the generated `search` tsvector columns ('english' config).
import { sql, type SQL } from 'drizzle-orm';
import { parseAdvancedQuery, termsToTsquery } from './advanced.ts';

/** The tsquery of a request, or undefined when it asks for no full-text match. Both inputs
 * together must both match. Throws a 400 naming `query` for malformed advanced terms. */
export function textQuery(input: { search?: string | undefined; query?: string | undefined }): SQL | undefined {
  const parts: SQL[] = [];
  const search = input.search?.trim();
  if (search) parts.push(sql`websearch_to_tsquery('english', ${search})`);
  if (input.query !== undefined) parts.push(sql`to_tsquery('english', ${termsToTsquery(parseAdvancedQuery(input.query))})`);
  if (!parts.length) return undefined;
  return parts.length === 1 ? parts[0] : sql`(${parts[0]} && ${parts[1]})`;
}
