// Retrieval of the offline assistant: the passages of the catalogue a question is about, among
// what the caller may see. Two statements, both under the catalogue's one visibility predicate:
// the full-text index the catalogue keeps (search_entries: products, resources, documents,
// sections, articles of latest versions) and the operations of the stored specifications of those
// resources (spec_operations: method, path, summary, operationId, tag). Terms are OR-ed (a question
// is not a search box: every word need not match); how many of them a passage matches decides
// whether anything relevant was found at all.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { rows, textArray } from '../catalogue/sql.ts';
import { visibilityScope, withScope } from '../catalogue/visibility.ts';

/** Words that say nothing about which API is meant (beyond PostgreSQL's English stop words). */
const NOISE = new Set(['api', 'apis', 'how', 'what', 'which', 'where', 'can', 'could', 'would', 'should', 'do', 'does', 'i', 'we',
  'want', 'need', 'use', 'using', 'call', 'endpoint', 'endpoints', 'operation', 'there', 'way', 'able', 'please', 'tell', 'show',
  'me', 'my', 'our', 'find', 'get', 'make', 'service', 'marketplace', 'one', 'any', 'some', 'let', 'us', 'help', 'is', 'are',
  // intent words: plans and actions are looked up by the composer, not in the passages
  'plan', 'plans', 'pricing', 'price', 'prices', 'cost', 'costs', 'subscribe', 'subscription', 'have', 'has',
  'fit', 'fits', 'calls', 'requests', 'volume', 'month', 'monthly', 'day', 'daily', 'year', 'thousand', 'million']);

/** The question's content words: lower case letters and digits only (safe inside to_tsquery), at most 8. */
export function questionTerms(question: string): string[] {
  const words = question.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, ' ').split(' ');
  return [...new Set(words.filter((w) => w.length > 1 && !NOISE.has(w) && !/^\d+[km]?$/.test(w)))].slice(0, 8);
}

export interface EntryHit {
  kind: 'product' | 'asset_resource' | 'document' | 'section' | 'article';
  id: string; title: string; productId: string; productTitle: string; versionId: string | null;
  documentId: string | null; description: string; rank: number; matched: number;
}

export interface OperationHit {
  resourceId: string; resourceTitle: string; productId: string; productTitle: string; versionId: string;
  method: string; path: string; summary: string; operationId: string | null; rank: number; matched: number;
  /** The stored operation object as JSON text (read for the few hits shown). */
  operation: string;
}

export interface Retrieved { terms: string[]; entries: EntryHit[]; operations: OperationHit[] }

const ENTRY_LIMIT = 8;
const OPERATION_LIMIT = 5;
const RESOURCE_LIMIT = 6;

/** "How many of the terms does this tsvector hold": one bit per term, added up. */
function matchedCount(vector: ReturnType<typeof sql>, terms: string[]) {
  return sql.join(terms.map((t) => sql`(${vector} @@ to_tsquery('english', ${t}))::int`), sql` + `);
}

export async function retrieve(db: Db, caller: Caller, question: string): Promise<Retrieved> {
  const words = questionTerms(question);
  const terms = words.length ? (await rows<{ t: string }>(db, sql`select t from unnest(${textArray(words)}) with ordinality u(t, n)
    where numnode(to_tsquery('english', t)) > 0 order by n`)).map((r) => r.t) : [];
  if (!terms.length) return { terms, entries: [], operations: [] };
  const tsq = sql`to_tsquery('english', ${terms.join(' | ')})`;
  const scope = visibilityScope(caller);
  const entries = await rows<EntryHit>(db, sql`${withScope(scope, [])}
    select e.kind, e.id, e.title, e.product_id as "productId", p.title as "productTitle", e.version_id as "versionId",
      e.document_id as "documentId", ts_rank(e.search, q) as rank, (${matchedCount(sql`e.search`, terms)})::int as matched,
      coalesce(case e.kind when 'product' then p.description
        when 'asset_resource' then (select ar.description from asset_resources ar where ar.id = e.id)
        else (select d.description from documents d where d.id = e.document_id) end, '') as description
    from search_entries e, ${tsq} q, products p
    where e.search @@ q and e.latest and ${scope.visible('e', 'product_id')} and p.id = e.product_id
    order by matched desc, rank desc, e.seq limit ${ENTRY_LIMIT}`);
  // Operations of the few resources whose entry matches best (their entry holds the operations'
  // text, publishing's migration 0018), so only those resources' operations are read.
  const opText = sql`to_tsvector('english', e.title || ' ' || o.method || ' ' || regexp_replace(o.path, '[^A-Za-z0-9]+', ' ', 'g') || ' ' || o.summary
    || ' ' || coalesce(regexp_replace(o.operation_id, '([a-z])([A-Z])', '\\1 \\2', 'g'), '') || ' ' || o.tag)`;
  const operations = await rows<OperationHit>(db, sql`${withScope(scope, [sql`res as materialized (
      select e.id, e.title, e.product_id, e.version_id, e.seq from search_entries e, ${tsq} q
      where e.kind = 'asset_resource' and e.latest and e.search @@ q and ${scope.visible('e', 'product_id')}
      order by (${matchedCount(sql`e.search`, terms)}) desc, ts_rank(e.search, q) desc, e.seq limit ${RESOURCE_LIMIT})`])}
    select x.*, (select o2.operation #>> '{}' from spec_operations o2 where o2.resource_id = x."resourceId" and o2.ordinal = x.ordinal) as operation
    from (select o.resource_id as "resourceId", o.ordinal, e.title as "resourceTitle", e.product_id as "productId", p.title as "productTitle",
        e.version_id as "versionId", o.method, o.path, o.summary, o.operation_id as "operationId",
        ts_rank(v, q) as rank, (${matchedCount(sql`v`, terms)})::int as matched
      from res e join spec_operations o on o.resource_id = e.id and o.ordinal >= 0
        join products p on p.id = e.product_id, ${tsq} q, lateral (select ${opText} as v) t
      where v @@ q
      order by matched desc, rank desc, e.seq, o.ordinal limit ${OPERATION_LIMIT}) x
    order by x.matched desc, x.rank desc`);
  return {
    terms,
    entries: entries.map((e) => ({ ...e, rank: Number(e.rank), matched: Number(e.matched) })),
    operations: operations.map((o) => ({ ...o, rank: Number(o.rank), matched: Number(o.matched) })),
  };
}
