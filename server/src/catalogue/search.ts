// Catalogue search over products, the asset resources of their latest versions, and the
// documents of their latest versions (whole documents, sections and articles), with PostgreSQL
// full-text search and ts_rank. One statement, prepared: the hits are gathered once, counted per
// type for the result tabs, and one page of them is enriched for display.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { SEARCH_TYPES, type SearchQuery, type SearchResultItem, type SearchType } from '../schemas/catalogue.ts';
import { preparedRows, textArray } from './sql.ts';
import { visibilityScope, withScope, type VisibilityScope } from './visibility.ts';
import { textQuery } from './fulltext.ts';

// Ties are broken by the entry's sequence number (search_entries.seq): an integer, where comparing
// ids (let alone titles under the database's linguistic collation) over thousands of equal ranks
// costs as much as a tenth of the whole search.
const ORDER: Record<string, SQL> = {
  '-rank': sql`h.rank desc, h.seq`,
  '+title': sql`lower(h.title) asc, h.seq`,
  '-title': sql`lower(h.title) desc, h.seq`,
};

/** A hit of the page, with what its card shows: the fields of its own kind, and the product and
 * current version it belongs to. */
interface Hit {
  kind: string; id: string; title: string; rank: number;
  product: { id: string; title: string; description: string | null; email: string | null };
  version: { id: string; label: string } | null;
  resource: { description: string | null; type: string; stage: string | null } | null;
  operation: { ordinal: number; method: string; path: string; summary: string } | null;
  document: { id: string; title: string; description: string | null; contentType: string | null } | null;
  section: { title: string; description: string | null; index: number } | null;
}

/** The kinds of search_entries behind each result type. */
const KINDS: Record<SearchType, string[]> = {
  product: ['product'],
  asset_resource: ['asset_resource'],
  document_resource: ['document', 'section', 'article'],
};
const TYPE_OF: Record<string, SearchType> = { product: 'product', asset_resource: 'asset_resource', document: 'document_resource', section: 'document_resource', article: 'document_resource' };

/** The hits: entries of search_entries (one narrow table kept by triggers, migration 0005) that
 * match the text query through its GIN index, are of a product's latest version, and whose
 * product the caller may see; all read from the entry itself. Only what counting and ordering
 * need is kept (the page's rows are read again by key). Sections and articles are hits of their
 * own only for a text query: listing everything (no query) shows each document once. */
function hitsOf(scope: VisibilityScope, types: Set<SearchType>, tsq: SQL | undefined, byTitle: boolean): SQL {
  const kinds = [...types].flatMap((type) => KINDS[type]).filter((kind) => tsq || (kind !== 'section' && kind !== 'article'));
  const everyKind = kinds.length === Object.keys(TYPE_OF).length;
  return sql`hits as materialized (
    select e.kind, e.id, e.seq, ${tsq ? sql`ts_rank(e.search, ${tsq})` : sql`0::real`} as rank${byTitle ? sql`, e.title` : sql``}
    from search_entries e
    where ${tsq ? sql`e.search @@ ${tsq} and ` : sql``}e.latest ${everyKind ? sql`` : sql`and e.kind = any(${textArray(kinds)})`}
      and ${scope.visible('e', 'product_id')})`;
}

/** An operation's words for matching a search: method, path and operation id cut into words
 * ('/v1/invoices/{id}' and 'listInvoices' say 'invoices'), summary and tag. */
const operationWords = sql`to_tsvector('english', o.method || ' ' || regexp_replace(o.path, '[^[:alnum:]]+', ' ', 'g') || ' '
  || regexp_replace(coalesce(o.operation_id, ''), '([a-z])([A-Z])', '\\1 \\2', 'g') || ' ' || o.summary || ' ' || o.tag)`;

/** The operation of an asset resource hit that matches the search best (the search result links to
 * the resource with it opened): read from the explorer's index (operation rows have ordinals >= 0),
 * only for the page's hits, and only when the search has words. Building each operation's tsvector
 * is what costs (a resource may have a thousand operations): only the operations holding the start
 * of one of the search's words are built and ranked ('invoice' over the whole corpus: 130 ms to 45). */
function bestOperation(tsq: SQL | undefined, q: { search?: string | undefined; query?: string | undefined }): SQL {
  const stems = [...new Set(`${q.search ?? ''} ${q.query ?? ''}`.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])]
    .map((word) => `%${word.slice(0, 5)}%`); // letters and digits only: nothing to escape for like
  if (!tsq || !stems.length) return sql`null::json as operation`;
  return sql`case when e.kind = 'asset_resource' then (select json_build_object('ordinal', o.ordinal, 'method', o.method, 'path', o.path, 'summary', o.summary)
    from spec_operations o where o.resource_id = e.id and o.ordinal >= 0
      and lower(o.path || ' ' || o.summary || ' ' || coalesce(o.operation_id, '') || ' ' || o.tag) like any (${textArray(stems)})
      and ${operationWords} @@ ${tsq}
    order by ts_rank(${operationWords}, ${tsq}) desc, o.ordinal limit 1) end as operation`;
}

/** What a page's hits show, one small look-up each, keyed by the entry: as scalar subqueries they
 * are planned one by one in no time, where joining the six tables took the planner longer than
 * reading the ten rows. */
const enrichment = sql`
  (select json_build_object('id', p.id, 'title', p.title, 'description', p.description, 'email', p.contact->>'email')
    from products p where p.id = e.product_id) as product,
  (select json_build_object('id', v.id, 'label', v.label) from product_versions v where v.product_id = e.product_id
    order by v.created_at desc, v.id desc limit 1) as version,
  case when e.kind = 'asset_resource' then (select json_build_object('description', ar.description, 'type', ar.type, 'stage', st.title)
    from asset_resources ar left join stages st on st.id = ar.stage_id where ar.id = e.id) end as resource,
  (select json_build_object('id', d.id, 'title', d.title, 'description', d.description, 'contentType', d.content_type)
    from documents d where d.id = e.document_id) as document,
  (select json_build_object('title', s.title, 'description', s.description, 'index', s.section_index)
    from document_sections s where s.id = e.section_id) as section`;

/** The hits of each result type, counted in one pass over them (names from code, not input). */
const countsByType = sql.raw(SEARCH_TYPES.map((type) =>
  `'${type}', count(*) filter (where kind in (${KINDS[type].map((kind) => `'${kind}'`).join(', ')}))`).join(', '));

export async function search(db: Db, caller: Caller, q: SearchQuery) {
  const types = new Set<SearchType>(q.type?.length ? q.type : SEARCH_TYPES);
  const query = textQuery(q);
  // Parsed once per call as an InitPlan: the statement runs prepared (a generic plan, which would
  // otherwise parse a bound text again for every row it tests).
  const tsq = query && sql`(select ${query})`;
  const pageSize = q.pageSize ?? 10;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  const sort = q.sort ?? '-rank';
  const order = ORDER[sort]!;
  const scope = visibilityScope(caller);
  const [result] = await preparedRows<{ counts: Record<SearchType, number>; page: Hit[] | null }>(db, sql`
    ${withScope(scope, [hitsOf(scope, types, tsq, sort !== '-rank')])}
    select
      (select json_build_object(${countsByType}) from hits) as counts,
      (select json_agg(x order by x.ord) from (
        select h.ord, e.kind, e.id, e.title, h.rank,${enrichment}, ${bestOperation(tsq, q)}
        from (select h.*, row_number() over (order by ${order}) as ord from (select * from hits h order by ${order} limit ${pageSize} offset ${offset}) h) h
        join search_entries e on e.kind = h.kind and e.id = h.id) x) as page`);
  const counts = result!.counts;
  const items = (result!.page ?? []).map(toItem);
  return { items, totalCount: counts.product + counts.asset_resource + counts.document_resource, counts };
}

function toItem(h: Hit): SearchResultItem {
  const type = TYPE_OF[h.kind]!;
  const version = h.version?.label ?? null;
  const description = descriptionOf(h);
  const item: SearchResultItem = {
    type, id: h.id, title: h.title, description, rank: Number(h.rank),
    product: { id: h.product.id, versionId: h.version?.id ?? null, title: h.product.title, contactEmail: h.product.email },
  };
  if (type === 'asset_resource') {
    item.resource = {
      id: h.id, label: h.title, description, type: h.resource?.type ?? '', version, stage: h.resource?.stage ?? null,
      ...(h.operation ? { operation: h.operation } : {}),
    };
  } else if (type === 'document_resource') {
    item.resource = {
      id: h.id, label: h.title, description, fileType: h.document?.contentType ?? '', version,
      articleId: h.kind === 'article' ? h.id : null,
      document: { id: h.document!.id, title: h.document!.title, description: h.document!.description ?? '' },
      section: h.section ? { title: h.section.title, description: h.section.description ?? '', sectionIndex: h.section.index } : null,
    };
  }
  return item;
}

/** The line under a hit's title: its own description, or for an article the title of its section. */
function descriptionOf(h: Hit): string {
  switch (h.kind) {
    case 'product': return h.product.description ?? '';
    case 'asset_resource': return h.resource?.description ?? '';
    case 'article': return h.section?.title ?? '';
    case 'section': return h.section?.description ?? '';
    default: return h.document?.description ?? '';
  }
}
