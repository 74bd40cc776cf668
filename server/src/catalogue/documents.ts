// Documents of a product version (and stand-alone site documents), their sections and article
// links, their content, and single articles.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import type { Document } from '../schemas/catalogue.ts';
import { iso, one, rows, textArray } from './sql.ts';
import { productVisible } from './visibility.ts';
import { assertVersionVisible } from './versions.ts';

const SORTS: Record<string, SQL> = {
  '+rank': sql`d.rank asc, lower(d.title) asc, d.id`,
  '-rank': sql`d.rank desc, lower(d.title) asc, d.id`,
  '+title': sql`lower(d.title) asc, d.id`,
  '-title': sql`lower(d.title) desc, d.id`,
};

/** "Document row d may be read": stand-alone documents by anyone who may read the catalogue,
 * version documents by those who may see the product. */
export function documentVisible(caller: Caller, alias = 'd'): SQL {
  const d = sql.raw(alias);
  return sql`(${d}.product_version_id is null or exists (select 1 from product_versions dv join products p on p.id = dv.product_id
    where dv.id = ${d}.product_version_id and ${productVisible(caller, 'p')}))`;
}

interface Row {
  id: string; title: string; description: string; file_name: string | null; content_type: string; content_kind: string;
  url: string | null; rank: number; product_id: string | null; product_version_id: string | null; created_at: unknown; total?: number;
}
const COLUMNS = sql`d.id, d.title, d.description, d.file_name, d.content_type, d.content_kind, d.url, d.rank,
  d.product_version_id, (select v.product_id from product_versions v where v.id = d.product_version_id) as product_id, d.created_at`;

async function withSections(db: Db, docs: Row[]): Promise<Document[]> {
  if (!docs.length) return [];
  const sections = await rows<{ id: string; document_id: string; section_index: number; title: string; description: string;
    links: Array<{ id: string; label: string; kind: string }> | null }>(db, sql`
    select s.id, s.document_id, s.section_index, s.title, s.description,
      (select json_agg(json_build_object('id', a.id, 'label', a.label, 'kind', a.kind) order by a.article_index, a.id)
        from articles a where a.section_id = s.id) as links
    from document_sections s where s.document_id = any(${textArray(docs.map((d) => d.id))})
    order by s.document_id, s.section_index, s.id`);
  return docs.map((d) => ({
    id: d.id, title: d.title, description: d.description, fileName: d.file_name, contentType: d.content_type,
    type: d.content_kind, url: d.url, rank: d.rank, productId: d.product_id, productVersionId: d.product_version_id,
    metadata: { createdAt: iso(d.created_at) },
    sections: sections.filter((s) => s.document_id === d.id).map((s) => ({
      id: s.id, sectionIndex: s.section_index, title: s.title, description: s.description, articleLinks: s.links ?? [],
    })),
  }));
}

export async function listDocuments(db: Db, caller: Caller, productId: string, versionId: string,
  q: { limit?: number | undefined; offset?: number | undefined; sort?: string | undefined }) {
  await assertVersionVisible(db, caller, productId, versionId);
  const found = await rows<Row>(db, sql`select ${COLUMNS}, count(*) over ()::int as total from documents d
    where d.product_version_id = ${versionId} order by ${SORTS[q.sort ?? '+rank']!}
    limit ${q.limit ?? 50} offset ${q.offset ?? 0}`);
  const totalCount = found[0]?.total
    ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from documents where product_version_id = ${versionId}`))?.n ?? 0;
  return { items: await withSections(db, found), totalCount };
}

export async function getDocument(db: Db, caller: Caller, id: string, inVersion?: { productId: string; versionId: string }): Promise<Document> {
  if (inVersion) await assertVersionVisible(db, caller, inVersion.productId, inVersion.versionId);
  const row = await one<Row>(db, sql`select ${COLUMNS} from documents d where d.id = ${id} and ${documentVisible(caller)}
    ${inVersion ? sql`and d.product_version_id = ${inVersion.versionId}` : sql``}`);
  if (!row) throw notFound('Document');
  return (await withSections(db, [row]))[0]!;
}

export interface Content {
  contentType: string;
  fileName: string;
  body: string | Uint8Array;
}

/** The document's content by kind: TEXT as text, BINARY as bytes, URL as a text/uri-list. */
export async function documentData(db: Db, caller: Caller, id: string, inVersion?: { productId: string; versionId: string }): Promise<Content> {
  if (inVersion) await assertVersionVisible(db, caller, inVersion.productId, inVersion.versionId);
  const row = await one<{ title: string; file_name: string | null; content_type: string; content_kind: string;
    text: string | null; data: Uint8Array | null; url: string | null }>(db, sql`
    select d.title, d.file_name, d.content_type, d.content_kind, d.text, d.data, d.url from documents d
    where d.id = ${id} and ${documentVisible(caller)} ${inVersion ? sql`and d.product_version_id = ${inVersion.versionId}` : sql``}`);
  if (!row) throw notFound('Document');
  const fileName = row.file_name ?? row.title;
  if (row.content_kind === 'URL') return { contentType: 'text/uri-list', fileName, body: row.url ?? '' };
  if (row.content_kind === 'BINARY') return { contentType: row.content_type, fileName, body: row.data ?? new Uint8Array() };
  return { contentType: row.content_type, fileName, body: row.text ?? '' };
}

export async function getArticle(db: Db, caller: Caller, productId: string, versionId: string, articleId: string, kind?: string) {
  await assertVersionVisible(db, caller, productId, versionId);
  const row = await one<{ id: string; label: string; kind: string; content: string; article_index: number;
    document_id: string; document_title: string; section_id: string; section_title: string; section_index: number }>(db, sql`
    select a.id, a.label, a.kind, a.content, a.article_index, d.id as document_id, d.title as document_title,
      s.id as section_id, s.title as section_title, s.section_index
    from articles a join document_sections s on s.id = a.section_id join documents d on d.id = s.document_id
    where a.id = ${articleId} and d.product_version_id = ${versionId} ${kind ? sql`and a.kind = ${kind}` : sql``}`);
  if (!row) throw notFound('Article');
  return {
    id: row.id, label: row.label, kind: row.kind, content: row.content, articleIndex: row.article_index,
    document: { id: row.document_id, title: row.document_title },
    section: { id: row.section_id, title: row.section_title, sectionIndex: row.section_index },
  };
}
