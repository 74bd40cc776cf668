// Catalogue search over products, the asset resources of their latest versions, and the
// documents of their latest versions (whole documents, sections and articles), with PostgreSQL
// full-text search and ts_rank. One statement: the hits are gathered once, counted per type for
// the result tabs, and one page of them is enriched for display.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { SEARCH_TYPES, type SearchQuery, type SearchResultItem, type SearchType } from '../schemas/catalogue.ts';
import { one, textArray } from './sql.ts';
import { visibilityScope, withScope, type VisibilityScope } from './visibility.ts';
import { textQuery } from './fulltext.ts';

// Ties are broken by id and kind in byte order: comparing thousands of titles under the
// database's linguistic collation costs more than the ranking itself.
const ORDER: Record<string, SQL> = {
  '-rank': sql`h.rank desc, h.id collate "C", h.kind collate "C"`,
  '+title': sql`lower(h.title) asc, h.id collate "C", h.kind collate "C"`,
  '-title': sql`lower(h.title) desc, h.id collate "C", h.kind collate "C"`,
};

interface Hit {
  type: SearchType; id: string; title: string; description: string; rank: number;
  product_id: string; product_title: string; contact_email: string | null; version_id: string | null; version_label: string | null;
  resource_type: string | null; stage: string | null;
  document_id: string | null; document_title: string | null; document_description: string | null; file_type: string | null;
  section_title: string | null; section_description: string | null; section_index: number | null; article_id: string | null;
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
    select e.kind, e.id, ${tsq ? sql`ts_rank(e.search, ${tsq})` : sql`0::real`} as rank${byTitle ? sql`, e.title` : sql``}
    from search_entries e
    where ${tsq ? sql`e.search @@ ${tsq} and ` : sql``}e.latest ${everyKind ? sql`` : sql`and e.kind = any(${textArray(kinds)})`}
      and ${scope.visible('e', 'product_id')})`;
}

export async function search(db: Db, caller: Caller, q: SearchQuery) {
  const types = new Set<SearchType>(q.type?.length ? q.type : SEARCH_TYPES);
  const tsq = await textQuery(db, q);
  const pageSize = q.pageSize ?? 10;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  const sort = q.sort ?? '-rank';
  const order = ORDER[sort]!;
  const scope = visibilityScope(caller);
  const result = await one<{ counts: Record<string, number> | null; page: Hit[] | null }>(db, sql`
    ${withScope(scope, [hitsOf(scope, types, tsq, sort !== '-rank')])}
    select
      (select json_object_agg(c.kind, c.n) from (select kind, count(*)::int as n from hits group by kind) c) as counts,
      (select json_agg(x order by x.ord) from (
        select h.ord, case e.kind when 'product' then 'product' when 'asset_resource' then 'asset_resource' else 'document_resource' end as type,
          e.id, e.title, h.rank, case when e.kind = 'article' then e.id end as article_id,
          case e.kind when 'product' then p.description when 'asset_resource' then ar.description
            when 'article' then s.title when 'section' then s.description else d.description end as description,
          p.id as product_id, p.title as product_title, p.contact->>'email' as contact_email,
          cur.id as version_id, cur.label as version_label, ar.type as resource_type, st.title as stage,
          d.id as document_id, d.title as document_title, d.description as document_description, d.content_type as file_type,
          s.title as section_title, s.description as section_description, s.section_index
        from (select h.*, row_number() over (order by ${order}) as ord from (select * from hits h order by ${order} limit ${pageSize} offset ${offset}) h) h
        join search_entries e on e.kind = h.kind and e.id = h.id
        join products p on p.id = e.product_id
        left join lateral (select v.id, v.label from product_versions v where v.product_id = p.id
          order by v.created_at desc, v.id desc limit 1) cur on true
        left join asset_resources ar on e.kind = 'asset_resource' and ar.id = e.id
        left join stages st on st.id = ar.stage_id
        left join documents d on d.id = e.document_id
        left join document_sections s on s.id = e.section_id) x) as page`);
  const counts = { product: 0, asset_resource: 0, document_resource: 0 };
  for (const [kind, n] of Object.entries(result?.counts ?? {})) counts[TYPE_OF[kind]!] += n;
  const items = (result?.page ?? []).map(toItem);
  return { items, totalCount: counts.product + counts.asset_resource + counts.document_resource, counts };
}

function toItem(h: Hit): SearchResultItem {
  const item: SearchResultItem = {
    type: h.type, id: h.id, title: h.title, description: h.description ?? '', rank: Number(h.rank),
    product: { id: h.product_id, versionId: h.version_id, title: h.product_title, contactEmail: h.contact_email },
  };
  if (h.type === 'asset_resource') {
    item.resource = {
      id: h.id, label: h.title, description: h.description ?? '', type: h.resource_type ?? '', version: h.version_label, stage: h.stage,
    };
  } else if (h.type === 'document_resource') {
    item.resource = {
      id: h.id, label: h.title, description: h.description ?? '', fileType: h.file_type ?? '', version: h.version_label,
      articleId: h.article_id,
      document: { id: h.document_id!, title: h.document_title ?? '', description: h.document_description ?? '' },
      section: h.section_title !== null && h.section_index !== null
        ? { title: h.section_title, description: h.section_description ?? '', sectionIndex: h.section_index } : null,
    };
  }
  return item;
}
