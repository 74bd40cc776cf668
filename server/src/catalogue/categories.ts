// Categories (nested) and stages. Categories are public to whoever may read the catalogue; their
// product counts (productCount, only when `fields` asks for it) count products the caller may see.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import { CATEGORY_FIELDS, type CategoriesQuery, type Category, type CategoryField } from '../schemas/catalogue.ts';
import { and, one, rows, textArray } from './sql.ts';
import { productVisible } from './visibility.ts';
import { parseFields, pick } from './fields.ts';

/** Reserved parentId value: top-level categories. */
export const ROOT_PARENT = 'root';

interface Row {
  id: string; title: string; description: string; parent_id: string | null; featured: boolean; icon: string | null;
  image_fit: string | null; image_position: string | null; children_count: number;
  ancestors?: Array<{ id: string; title: string }>; product_count?: number; total?: number;
}

function columns(want: (f: CategoryField) => boolean): SQL {
  const extra: SQL[] = [];
  if (want('ancestors')) {
    // Walk up the parents; the depth bound protects against a cycle in provider data.
    extra.push(sql`(with recursive up(id, title, parent_id, depth) as (
        select pa.id, pa.title, pa.parent_id, 1 from categories pa where pa.id = c.parent_id
        union all select pu.id, pu.title, pu.parent_id, up.depth + 1 from categories pu join up on pu.id = up.parent_id where up.depth < 32)
      select coalesce(json_agg(json_build_object('id', up.id, 'title', up.title) order by up.depth desc), '[]'::json) from up) as ancestors`);
  }
  return sql`c.id, c.title, c.description, c.parent_id, c.featured, c.icon, c.image_fit, c.image_position,
    (select count(*)::int from categories ch where ch.parent_id = c.id) as children_count
    ${extra.length ? sql`, ${sql.join(extra, sql`, `)}` : sql``}`;
}

/** Products the caller may see in each category or its descendants (a product in several of them
 * counted once), for the categories of one page: one index range per category of
 * category_products, which lists each subtree's products once with their audience. */
async function productCounts(db: Db, caller: Caller, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const found = await rows<{ root: string; n: number }>(db, sql`select cp.category_id as root, count(*)::int as n
    from category_products cp where cp.category_id = any(${textArray(ids)}) and ${productVisible(caller, 'cp', 'product_id')}
    group by cp.category_id`);
  return new Map(found.map((r) => [r.root, r.n]));
}

async function withCounts(db: Db, caller: Caller, found: Row[], wanted: Set<CategoryField> | null): Promise<Row[]> {
  // Counting means joining products, so only when the answer asks for it.
  if (!wanted?.has('productCount')) return found;
  const counts = await productCounts(db, caller, found.map((r) => r.id));
  return found.map((r) => ({ ...r, product_count: counts.get(r.id) ?? 0 }));
}

function toCategory(r: Row, wanted: Set<CategoryField> | null): Category {
  return pick<Category>({
    id: r.id, title: r.title, description: r.description, parentId: r.parent_id, childrenCount: r.children_count,
    ancestors: r.ancestors ?? [], links: { icon: r.icon }, image: { fit: r.image_fit, position: r.image_position },
    featured: r.featured, ...(r.product_count !== undefined ? { productCount: r.product_count } : {}),
  }, wanted) as Category;
}

export async function listCategories(db: Db, caller: Caller, q: CategoriesQuery) {
  const wanted = parseFields(q.fields, CATEGORY_FIELDS);
  const want = (f: CategoryField) => !wanted || wanted.has(f);
  const text = q.searchText?.trim();
  const parent = q.parentId;
  const where = and([
    q.featured !== undefined && sql`c.featured = ${q.featured}`,
    parent === ROOT_PARENT && sql`c.parent_id is null`,
    parent && parent !== ROOT_PARENT && !q.includeChildCategories && sql`c.parent_id = ${parent}`,
    parent && parent !== ROOT_PARENT && q.includeChildCategories && sql`c.id in (with recursive down(id, depth) as (
        select cd.id, 1 from categories cd where cd.parent_id = ${parent}
        union all select cn.id, down.depth + 1 from categories cn join down on cn.parent_id = down.id where down.depth < 32)
      select id from down)`,
    text && (q.titleMatchOnly
      ? sql`strpos(lower(c.title), lower(${text})) > 0`
      : sql`(strpos(lower(c.title), lower(${text})) > 0 or strpos(lower(c.description), lower(${text})) > 0)`),
  ]);
  const size = q.size ?? 20;
  const count = async () => (await one<{ n: number }>(db, sql`select count(*)::int as n from categories c where ${where}`))?.n ?? 0;
  if (size === 0) return { items: [], totalCount: await count() };
  const offset = ((q.page ?? 1) - 1) * size;
  const order = q.sort === '-name' ? sql`lower(c.title) desc, c.id` : sql`lower(c.title) asc, c.id`;
  const found = await rows<Row>(db, sql`with page as (select c.id, count(*) over () as total, row_number() over (order by ${order}) as ord
      from categories c where ${where} order by ${order} limit ${size} offset ${offset})
    select page.total::int as total, ${columns(want)} from page join categories c on c.id = page.id order by page.ord`);
  const totalCount = found[0]?.total ?? (offset > 0 ? await count() : 0);
  return { items: (await withCounts(db, caller, found, wanted)).map((r) => toCategory(r, wanted)), totalCount };
}

export async function getCategory(db: Db, caller: Caller, id: string, fields?: string): Promise<Category> {
  const wanted = parseFields(fields, CATEGORY_FIELDS);
  const row = await one<Row>(db, sql`select ${columns((f) => !wanted || wanted.has(f))} from categories c where c.id = ${id}`);
  if (!row) throw notFound('Category');
  return toCategory((await withCounts(db, caller, [row], wanted))[0]!, wanted);
}

export async function listStages(db: Db) {
  const found = await rows<{ id: string; title: string; description: string }>(db,
    sql`select id, title, description from stages order by sort_order, lower(title), id`);
  return { items: found, totalCount: found.length };
}
