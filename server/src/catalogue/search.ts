// Catalogue search over products, the asset resources of their latest versions, and the
// documents of their latest versions (whole documents, sections and articles), with PostgreSQL
// full-text search and ts_rank. One statement: the hits are gathered once, counted per type for
// the result tabs, and one page of them is enriched for display.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { SEARCH_TYPES, type SearchQuery, type SearchResultItem, type SearchType } from '../schemas/catalogue.ts';
import { one } from './sql.ts';
import { visibilityScope, withScope, type VisibilityScope } from './visibility.ts';
import { textQuery } from './fulltext.ts';

// Ties of rank are broken by id in byte order: comparing thousands of titles under the
// database's linguistic collation costs more than the ranking itself.
const ORDER: Record<string, SQL> = {
  '-rank': sql`h.rank desc, h.id collate "C", h.type collate "C"`,
  '+title': sql`lower(h.title) asc, h.id collate "C", h.type collate "C"`,
  '-title': sql`lower(h.title) desc, h.id collate "C", h.type collate "C"`,
};

interface Hit {
  type: SearchType; id: string; title: string; description: string; rank: number;
  product_id: string; product_title: string; contact_email: string | null; version_id: string | null; version_label: string | null;
  resource_type: string | null; stage: string | null;
  document_id: string | null; document_title: string | null; document_description: string | null; file_type: string | null;
  section_title: string | null; section_description: string | null; section_index: number | null; article_id: string | null;
}

/** The CTEs that gather the hits. Each table's matches are found through its GIN index first
 * (`m`, materialized, so the planner knows how many there are); a match is kept when its product
 * is visible (read from the product's audience, visibility.ts) and its version is the product's
 * latest: the one created at the product's last_version_created_at (kept by publishing; looked
 * up when missing). */
function hitsOf(scope: VisibilityScope, types: Set<SearchType>, tsq: SQL | undefined): SQL[] {
  const rank = tsq ? sql`ts_rank(t.search, ${tsq})` : sql`0::real`;
  const where = tsq ? sql`where t.search @@ ${tsq}` : sql``;
  const versioned: SQL[] = [];
  if (types.has('asset_resource')) {
    versioned.push(sql`select 'asset_resource'::text, t.id, t.title, ${rank}, t.product_version_id, t.id, null::text, null::text, null::text
      from asset_resources t ${where}`);
  }
  if (types.has('document_resource')) {
    versioned.push(sql`select 'document_resource'::text, t.id, t.title, ${rank}, t.product_version_id, null::text, t.id, null::text, null::text
      from documents t ${where}`);
    if (tsq) {
      // Sections and articles are hits of their own only for a text query; listing everything
      // (no query) shows each document once.
      versioned.push(sql`select 'document_resource', t.id, t.title, ${rank}, d.product_version_id, null, d.id, t.id, null
        from document_sections t join documents d on d.id = t.document_id ${where}`);
      versioned.push(sql`select 'document_resource', t.id, t.label, ${rank}, d.product_version_id, null, d.id, s.id, t.id
        from articles t join document_sections s on s.id = t.section_id join documents d on d.id = s.document_id ${where}`);
    }
  }
  const none = sql`select null::text, null::text, null::text, 0::real, null::text, null::text, null::text, null::text, null::text where false`;
  const branches: SQL[] = [];
  if (types.has('product')) {
    branches.push(sql`select 'product'::text, t.id, t.title, ${rank}, t.id, null::text, null::text, null::text, null::text
      from products t ${where} ${tsq ? sql`and` : sql`where`} ${scope.visible('t')}`);
  }
  if (versioned.length) {
    branches.push(sql`select m.type, m.id, m.title, m.rank, p.id, m.resource_id, m.document_id, m.section_id, m.article_id
      from m join product_versions v on v.id = m.version_id join products p on p.id = v.product_id
      where ${scope.visible('p')} and v.created_at = coalesce(p.last_version_created_at,
        (select max(lx.created_at) from product_versions lx where lx.product_id = p.id))`);
  }
  return [
    sql`m (type, id, title, rank, version_id, resource_id, document_id, section_id, article_id) as materialized (
      ${versioned.length ? sql.join(versioned, sql` union all `) : none})`,
    sql`hits (type, id, title, rank, product_id, resource_id, document_id, section_id, article_id) as materialized (
      ${branches.length ? sql.join(branches, sql` union all `) : none})`,
  ];
}

export async function search(db: Db, caller: Caller, q: SearchQuery) {
  const types = new Set<SearchType>(q.type?.length ? q.type : SEARCH_TYPES);
  const tsq = await textQuery(db, q);
  const pageSize = q.pageSize ?? 10;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  const order = ORDER[q.sort ?? '-rank']!;
  const scope = visibilityScope(caller);
  const result = await one<{ counts: Record<string, number> | null; page: Hit[] | null }>(db, sql`
    ${withScope(scope, hitsOf(scope, types, tsq))}
    select
      (select json_object_agg(c.type, c.n) from (select type, count(*)::int as n from hits group by type) c) as counts,
      (select json_agg(x order by x.ord) from (
        select row_number() over (order by ${order}) as ord, h.type, h.id, h.title, h.rank, h.article_id,
          case when h.type = 'product' then p.description when h.type = 'asset_resource' then ar.description
            when h.article_id is not null then s.title when h.section_id is not null then s.description else d.description end as description,
          p.id as product_id, p.title as product_title, p.contact->>'email' as contact_email,
          cur.id as version_id, cur.label as version_label, ar.type as resource_type, st.title as stage,
          d.id as document_id, d.title as document_title, d.description as document_description, d.content_type as file_type,
          s.title as section_title, s.description as section_description, s.section_index
        from (select * from hits h order by ${order} limit ${pageSize} offset ${offset}) h
        join products p on p.id = h.product_id
        left join lateral (select v.id, v.label from product_versions v where v.product_id = p.id
          order by v.created_at desc, v.id desc limit 1) cur on true
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
