// Product browse and product details: one statement per call. The filtered, sorted page of ids
// is found first (with the total), then only those rows are enriched (latest version, counts,
// categories, ratings), and only with what `fields` asks for.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import {
  PRODUCT_FIELDS, DEFAULT_PRODUCT_SORT, type Product, type ProductField, type ProductSort, type ProductsQuery,
} from '../schemas/catalogue.ts';
import { and, intArray, iso, one, rows, textArray } from './sql.ts';
import { callerOrg, isProviderAdmin, isProviderUser, liveSubscription, productVisible, visibilityScope, withScope } from './visibility.ts';
import { textQuery } from './fulltext.ts';
import { parseFields } from './fields.ts';

// Each order is an index scan (see the products indexes in db/schema.ts), so a page is found
// without sorting the whole catalogue; the tie-breakers run in the index's direction. sort_title
// is lower(title), kept by the database.
const ORDER: Record<ProductSort, SQL> = {
  '+title,-metadata.createdAt': sql`p.sort_title asc, p.created_at desc, p.id asc`,
  '-lastVersion.metadata.createdAt': sql`p.last_version_created_at desc nulls last, p.sort_title asc, p.id asc`,
  '-metadata.createdAt': sql`p.created_at desc, p.id desc`,
  '+title': sql`p.sort_title asc, p.id asc`,
  '-title': sql`p.sort_title desc, p.id desc`,
};

/** Plans a caller may see: consumers only active ones, provider users all of them. */
export function planVisible(caller: Caller, alias = 'pl'): SQL {
  return isProviderUser(caller) ? sql`true` : sql`${sql.raw(alias)}.state = 'active'`;
}

/** Products filed under the categories given, or (with their descendants) anywhere below them:
 * category_products lists each subtree's products, so there is no walk down the tree. */
function categoryFilter(ids: string[], withChildren: boolean): SQL {
  return withChildren
    ? sql`p.id in (select cp.product_id from category_products cp where cp.category_id = any(${textArray(ids)}))`
    : sql`p.id in (select pc.product_id from product_categories pc where pc.category_id = any(${textArray(ids)}))`;
}

/** The request's filters besides visibility (none: an unfiltered browse). */
function filters(caller: Caller, q: ProductsQuery, tsq: SQL | undefined): SQL[] {
  const org = callerOrg(caller);
  const title = q['title.search']?.trim();
  return [
    tsq && sql`p.search @@ ${tsq}`,
    title && sql`strpos(p.sort_title, lower(${title})) > 0`,
    q['category.id']?.length && categoryFilter(q['category.id'], !!q['include.child.categories']),
    q.tag?.length && sql`p.tags && ${textArray(q.tag)}`,
    // The stages and states of each product's resources are kept on the product row (schema.ts).
    q['stage.id']?.length && sql`p.resource_stages && ${textArray(q['stage.id'])}`,
    q.status?.length && sql`p.status = any(${textArray(q.status)})`,
    q.rating?.length && sql`p.rating_total > 0 and floor(p.rating_average)::int = any(${intArray(q.rating)})`,
    q['subscriptions.exist'] !== undefined && sql`${sql.raw(q['subscriptions.exist'] ? '' : 'not')} exists (
      select 1 from subscriptions s where s.product_id = p.id and s.org_id = ${org} and ${liveSubscription('s')})`,
    q['assetResource.state']?.length && sql`p.resource_states && ${textArray(q['assetResource.state'])}`,
    q['application.id']?.length && sql`exists (select 1 from access_requests a where a.product_id = p.id
      and a.org_id = ${org} and a.application_id = any(${textArray(q['application.id'])}))`,
  ].filter((x): x is SQL => !!x);
}

interface Row {
  total: number;
  id: string; name: string; title: string; description: string; status: string; contact: Record<string, unknown>;
  icon: string | null; tags: string[]; visibility: string; visibility_team_ids: string[]; visibility_team_tags: string[];
  owner_team_id: string | null; owner_name: string | null; can_subscribe: boolean; can_review: boolean;
  rating_average: number; rating_total: number; created_at: unknown; modified_at: unknown; resources_group_by: string | null;
  lv_id?: string | null; lv_label?: string; lv_value?: string; lv_state?: string; lv_status?: string; lv_created_at?: unknown;
  resources_total?: number; resources_groups?: Array<{ type: string; totalCount: number }>;
  plans_count?: number; subscriptions_count?: number; applications_count?: number; can_review_now?: boolean;
  categories?: Array<{ id: string; title: string }>; distribution?: Record<string, number>; has_active_plan?: boolean;
}

/** The select list and joins that enrich one page of products with what `want` asks for. */
function enrichment(caller: Caller, want: (f: ProductField) => boolean): { columns: SQL; joins: SQL } {
  const org = callerOrg(caller);
  const columns: SQL[] = [];
  const joins: SQL[] = [];
  const needVersion = want('latestVersion') || want('resources') || want('canSubscribe');
  if (needVersion) {
    joins.push(sql`left join lateral (select v.id, v.label, v.value, v.state, v.status, v.created_at from product_versions v
      where v.product_id = p.id order by v.created_at desc, v.id desc limit 1) lv on true`);
    columns.push(sql`lv.id as lv_id, lv.label as lv_label, lv.value as lv_value, lv.state as lv_state, lv.status as lv_status, lv.created_at as lv_created_at`);
  }
  if (want('resources')) {
    joins.push(sql`left join lateral (select coalesce(sum(g.n), 0)::int as total,
      coalesce(json_agg(json_build_object('type', g.type, 'totalCount', g.n) order by g.type), '[]'::json) as groups
      from (select ar.type, count(*)::int as n from asset_resources ar where ar.product_version_id = lv.id group by ar.type) g) res on true`);
    columns.push(sql`res.total as resources_total, res.groups as resources_groups`);
  }
  if (want('plans')) columns.push(sql`(select count(*)::int from plans pl where pl.product_id = p.id and ${planVisible(caller)}) as plans_count`);
  if (want('subscriptions')) {
    columns.push(sql`(select count(*)::int from subscriptions s where s.product_id = p.id and s.org_id = ${org} and ${liveSubscription('s')}) as subscriptions_count`);
  }
  if (want('applications')) {
    columns.push(sql`(select count(distinct a.application_id)::int from access_requests a where a.product_id = p.id
      and a.org_id = ${org} and a.approval_state <> 'rejected') as applications_count`);
  }
  if (want('canReview')) {
    columns.push(sql`exists (select 1 from subscriptions s where s.product_id = p.id and s.org_id = ${org}
      and s.approval_state = 'approved' and ${liveSubscription('s')}) as can_review_now`);
  }
  if (want('canSubscribe')) {
    columns.push(sql`exists (select 1 from plans pl where pl.product_id = p.id and pl.state = 'active') as has_active_plan`);
  }
  if (want('categories')) {
    columns.push(sql`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) order by c.title), '[]'::json)
      from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories`);
  }
  if (want('ratingInfo')) {
    columns.push(sql`(select coalesce(json_object_agg(r.rating, r.n), '{}'::json) from (select rating, count(*)::int as n
      from reviews where product_id = p.id and approval_state = 'approved' group by rating) r) as distribution`);
  }
  if (want('owner')) columns.push(sql`(select t.name from teams t where t.id = p.owner_team_id) as owner_name`);
  return {
    columns: columns.length ? sql`, ${sql.join(columns, sql`, `)}` : sql``,
    joins: sql.join(joins, sql` `),
  };
}

function toProduct(r: Row, caller: Caller, wanted: Set<ProductField> | null): Product {
  const want = (f: ProductField) => !wanted || wanted.has(f);
  const out: Product = { id: r.id };
  if (want('name')) out.name = r.name;
  if (want('title')) out.title = r.title;
  if (want('description')) out.description = r.description;
  if (want('status')) out.status = r.status;
  if (want('contact')) out.contact = r.contact ?? {};
  if (want('ratingInfo')) {
    const d = r.distribution ?? {};
    out.ratingInfo = {
      average: Math.round(Number(r.rating_average) * 100) / 100,
      total: r.rating_total,
      distribution: { 1: d['1'] ?? 0, 2: d['2'] ?? 0, 3: d['3'] ?? 0, 4: d['4'] ?? 0, 5: d['5'] ?? 0 },
    };
  }
  if (want('links')) out.links = { icon: r.icon };
  if (want('latestVersion')) {
    out.latestVersion = r.lv_id ? {
      id: r.lv_id, label: r.lv_label!, value: r.lv_value!, state: r.lv_state!, status: r.lv_status!,
      metadata: { createdAt: iso(r.lv_created_at) },
    } : null;
  }
  if (want('resources')) {
    out.resources = { totalCount: r.resources_total ?? 0, groupBy: r.resources_group_by, byType: r.resources_groups ?? [] };
  }
  if (want('plans')) out.plans = { totalCount: r.plans_count ?? 0 };
  if (want('subscriptions')) out.subscriptions = { totalCount: r.subscriptions_count ?? 0 };
  if (want('applications')) out.applications = { totalCount: r.applications_count ?? 0 };
  if (want('tags')) out.tags = r.tags;
  if (want('categories')) out.categories = r.categories ?? [];
  if (want('visibility')) out.visibility = r.visibility;
  if (isProviderAdmin(caller)) {
    if (want('visibilityTeamIds')) out.visibilityTeamIds = r.visibility_team_ids;
    if (want('visibilityTeamTags')) out.visibilityTeamTags = r.visibility_team_tags;
  }
  if (want('owner')) out.owner = r.owner_team_id ? { type: 'team', id: r.owner_team_id, name: r.owner_name ?? null } : null;
  if (want('canSubscribe')) out.canSubscribe = r.can_subscribe && r.lv_state === 'active' && !!r.has_active_plan;
  if (want('canReview')) out.canReview = r.can_review && !!r.can_review_now;
  if (want('metadata')) out.metadata = { createdAt: iso(r.created_at), modifiedAt: iso(r.modified_at) };
  return out;
}

const BASE_COLUMNS = sql`p.id, p.name, p.title, p.description, p.status, p.contact, p.icon, p.tags, p.visibility,
  p.visibility_team_ids, p.visibility_team_tags, p.owner_team_id, p.can_subscribe, p.can_review,
  p.rating_average, p.rating_total, p.created_at, p.modified_at, p.resources_group_by`;

export async function listProducts(db: Db, caller: Caller, q: ProductsQuery): Promise<{ items: Product[]; totalCount: number }> {
  const wanted = parseFields(q.fields, PRODUCT_FIELDS);
  const tsq = textQuery(q);
  const scope = visibilityScope(caller);
  const narrowing = filters(caller, q, tsq);
  const where = and([scope.visible('p'), ...narrowing]);
  const limit = q.limit ?? 10;
  const offset = q.offset ?? 0;
  const sortOrder = ORDER[q.sort ?? DEFAULT_PRODUCT_SORT];
  // A text query, or a filter that keeps a small part of the catalogue (categories, rating, title,
  // tags, held subscriptions, applications): the matches are gathered once, with their rank and
  // sort keys, and both the page and the total read them. Otherwise (no filter, or only status,
  // stage or resource state, which keep much of it) the page and the total are planned on their
  // own: the page walks the index of the requested order until it has its rows, the total counts
  // index entries. Visibility and the filters kept on the product row are read from the indexes.
  const narrow = !!tsq || !!(q['title.search']?.trim() || q['category.id']?.length || q.rating?.length || q.tag?.length
    || q['subscriptions.exist'] === true || q['application.id']?.length);
  const rank = tsq && !q.sort ? sql`ts_rank(p.search, ${tsq})` : sql`0::real`;
  const matches = narrow && sql`matches as materialized (select p.id, ${rank} as rank, p.sort_title, p.created_at,
    p.last_version_created_at from products p where ${where})`;
  const page = matches
    ? sql`select p.id from matches p order by ${tsq && !q.sort ? sql`p.rank desc, p.sort_title asc, p.id` : sortOrder}`
    : sql`select p.id from products p where ${where} order by ${sortOrder}`;
  // Unfiltered, the total is what the caller may see, from counts the database keeps per audience.
  const total = matches ? sql`select count(*)::int from matches`
    : narrowing.length ? sql`select count(*)::int from products p where ${where}` : sql`select ${scope.count}`;
  const count = async () => (await one<{ n: number }>(db, sql`${withScope(scope, matches ? [matches] : [])} select (${total}) as n`))?.n ?? 0;
  if (limit === 0) return { items: [], totalCount: await count() };
  const { columns, joins } = enrichment(caller, (f) => !wanted || wanted.has(f));
  // One round trip; only the page's rows are enriched.
  const found = await rows<Row & { ord: number }>(db, sql`
    ${withScope(scope, [...(matches ? [matches] : []), sql`page as (select x.id, row_number() over () as ord
      from (${page} limit ${limit} offset ${offset}) x)`])}
    select (${total}) as total, page.ord, ${BASE_COLUMNS} ${columns}
    from page join products p on p.id = page.id ${joins}
    order by page.ord`);
  const totalCount = found.length ? found[0]!.total : offset > 0 ? await count() : 0;
  return { items: found.map((r) => toProduct(r, caller, wanted)), totalCount };
}

export async function getProduct(db: Db, caller: Caller, id: string, fields?: string): Promise<Product> {
  const wanted = parseFields(fields, PRODUCT_FIELDS);
  const { columns, joins } = enrichment(caller, (f) => !wanted || wanted.has(f));
  const row = await one<Row>(db, sql`select 1 as total, ${BASE_COLUMNS} ${columns} from products p ${joins}
    where p.id = ${id} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound('Product');
  return toProduct(row, caller, wanted);
}

/** 404 unless the caller may see the product. */
export async function assertProductVisible(db: Db, caller: Caller, productId: string): Promise<void> {
  const row = await one<{ id: string }>(db, sql`select p.id from products p where p.id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound('Product');
}
