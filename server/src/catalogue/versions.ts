// Product versions, newest first, and a version's overview.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import type { ProductVersion } from '../schemas/catalogue.ts';
import { iso, one, rows } from './sql.ts';
import { assertProductVisible } from './products.ts';
import { productVisible } from './visibility.ts';

interface Row {
  id: string; product_id: string; label: string; value: string; state: string; status: string;
  created_at: unknown; latest_id: string; total: number;
}

const toVersion = (r: Row): ProductVersion => ({
  id: r.id, productId: r.product_id, label: r.label, value: r.value, state: r.state, status: r.status,
  latest: r.id === r.latest_id, metadata: { createdAt: iso(r.created_at) },
});

const LATEST = sql`(select x.id from product_versions x where x.product_id = v.product_id order by x.created_at desc, x.id desc limit 1)`;

export async function listVersions(db: Db, caller: Caller, productId: string, limit: number, offset: number) {
  await assertProductVisible(db, caller, productId);
  const found = await rows<Row>(db, sql`select v.*, ${LATEST} as latest_id, count(*) over ()::int as total
    from product_versions v where v.product_id = ${productId}
    order by v.created_at desc, v.id desc limit ${limit} offset ${offset}`);
  const totalCount = found[0]?.total
    ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from product_versions where product_id = ${productId}`))?.n ?? 0;
  return { items: found.map(toVersion), totalCount };
}

/** The version row, 404 when the product is not visible or the version is not one of its versions. */
export async function getVersion(db: Db, caller: Caller, productId: string, versionId: string): Promise<ProductVersion & { overview: string }> {
  const row = await one<Row & { overview: string }>(db, sql`select v.*, ${LATEST} as latest_id, 1 as total
    from product_versions v join products p on p.id = v.product_id
    where v.id = ${versionId} and v.product_id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound('Product version');
  return { ...toVersion(row), overview: row.overview };
}

/** 404 unless the version belongs to a product the caller may see. */
export async function assertVersionVisible(db: Db, caller: Caller, productId: string, versionId: string): Promise<void> {
  const row = await one<{ id: string }>(db, sql`select v.id from product_versions v join products p on p.id = v.product_id
    where v.id = ${versionId} and v.product_id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound('Product version');
}
