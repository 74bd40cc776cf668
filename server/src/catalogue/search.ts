// Catalogue search over products, the asset resources of their latest versions, and the
// documents of their latest versions (whole documents, sections and articles), with PostgreSQL
// full-text search and ts_rank. One statement: the hits are gathered once, counted per type for
// the result tabs, and one page of them is enriched for display.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { SEARCH_TYPES, type SearchQuery, type SearchResultItem, type SearchType } from '../schemas/catalogue.ts';
import { one } from './sql.ts';
import { productVisible } from './visibility.ts';
import { textQuery } from './fulltext.ts';
import { latestVersionOf } from './resources.ts';

const ORDER: Record<string, SQL> = {
  '-rank': sql`h.rank desc, lower(h.title) asc, h.type, h.id`,
  '+title': sql`lower(h.title) asc, h.type, h.id`,
  '-title': sql`lower(h.title) desc, h.type, h.id`,
};

interface Hit {
  type: SearchType; id: string; title: string; description: string; rank: number;
  product_id: string; product_title: string; contact_email: string | null; version_id: string | null; version_label: string | null;
  resource_type: string | null; stage: string | null;
  document_id: string | null; document_title: string | null; document_description: string | null; file_type: string | null;
  section_title: string | null; section_description: string | null; section_index: number | null; article_id: string | null;
}

function branches(caller: Caller, types: Set<SearchType>, tsq: SQL | undefined): SQL[] {
  const match = (col: string) => (tsq ? sql`${sql.raw(col)} @@ ${tsq}` : sql`true`);
  const rank = (col: string) => (tsq ? sql`ts_rank(${sql.raw(col)}, ${tsq})` : sql`0::real`);
  const visible = productVisible(caller, 'p');
  // Rows of a product's latest version only, so one hit is not repeated for every version.
  const latest = sql`v.id = ${latestVersionOf(sql`p.id`)}`;
  const out: SQL[] = [];
  if (types.has('product')) {
    out.push(sql`select 'product'::text as type, p.id, p.title, p.description, ${rank('p.search')} as rank, p.id as product_id,
      null::text as resource_id, null::text as document_id, null::text as section_id, null::text as article_id
      from products p where ${match('p.search')} and ${visible}`);
  }
  if (types.has('asset_resource')) {
    out.push(sql`select 'asset_resource', ar.id, ar.title, ar.description, ${rank('ar.search')}, p.id, ar.id, null, null, null
      from asset_resources ar join product_versions v on v.id = ar.product_version_id
      join products p on p.id = v.product_id where ${match('ar.search')} and ${visible} and ${latest}`);
  }
  if (types.has('document_resource')) {
    out.push(sql`select 'document_resource', d.id, d.title, d.description, ${rank('d.search')}, p.id, null, d.id, null, null
      from documents d join product_versions v on v.id = d.product_version_id join products p on p.id = v.product_id
      where ${match('d.search')} and ${visible} and ${latest}`);
    if (tsq) {
      // Sections and articles are hits of their own only for a text query; listing everything
      // (no query) shows each document once.
      out.push(sql`select 'document_resource', s.id, s.title, s.description, ${rank('s.search')}, p.id, null, d.id, s.id, null
        from document_sections s join documents d on d.id = s.document_id join product_versions v on v.id = d.product_version_id
        join products p on p.id = v.product_id where ${match('s.search')} and ${visible} and ${latest}`);
      out.push(sql`select 'document_resource', a.id, a.label, s.title, ${rank('a.search')}, p.id, null, d.id, s.id, a.id
        from articles a join document_sections s on s.id = a.section_id join documents d on d.id = s.document_id
        join product_versions v on v.id = d.product_version_id join products p on p.id = v.product_id
        where ${match('a.search')} and ${visible} and ${latest}`);
    }
  }
  return out;
}

export async function search(db: Db, caller: Caller, q: SearchQuery) {
  const types = new Set<SearchType>(q.type?.length ? q.type : SEARCH_TYPES);
  const tsq = textQuery(q);
  const pageSize = q.pageSize ?? 10;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  const parts = branches(caller, types, tsq);
  const result = await one<{ counts: Record<string, number> | null; page: Hit[] | null }>(db, sql`
    with hits as materialized (${sql.join(parts, sql` union all `)})
    select
      (select json_object_agg(c.type, c.n) from (select type, count(*)::int as n from hits group by type) c) as counts,
      (select json_agg(x order by x.ord) from (
        select row_number() over (order by ${ORDER[q.sort ?? '-rank']!}) as ord, h.type, h.id, h.title, h.description, h.rank,
          p.id as product_id, p.title as product_title, p.contact->>'email' as contact_email,
          lv.id as version_id, lv.label as version_label,
          ar.type as resource_type, st.title as stage,
          d.id as document_id, d.title as document_title, d.description as document_description, d.content_type as file_type,
          s.title as section_title, s.description as section_description, s.section_index, h.article_id
        from (select * from hits h order by ${ORDER[q.sort ?? '-rank']!} limit ${pageSize} offset ${offset}) h
        join products p on p.id = h.product_id
        left join lateral (select v.id, v.label from product_versions v where v.product_id = p.id
          order by v.created_at desc, v.id desc limit 1) lv on true
        left join asset_resources ar on ar.id = h.resource_id
        left join stages st on st.id = ar.stage_id
        left join documents d on d.id = h.document_id
        left join document_sections s on s.id = h.section_id) x) as page`);
  const counts = { product: 0, asset_resource: 0, document_resource: 0, ...(result?.counts ?? {}) };
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
