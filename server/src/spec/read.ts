// What the explorer routes send: stored JSON spliced with small per-request parts, never
// re-serialised (a GitHub-sized operation is sent as the text the database holds).
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import { indexSpecification, readEtag, readHeadJson, readOperations, readSchemaJson, type StoredOperationRow } from './store.ts';

/** The index's etag, indexing first if the resource was stored without an index, or with one in
 * an older row layout (store.ts INDEX_FORMAT): existing stores are re-indexed lazily, per resource. */
export async function ensureIndexed(db: Db, resourceId: string): Promise<string> {
  const etag = await readEtag(db, resourceId);
  if (etag) return etag;
  await indexSpecification(db, resourceId);
  return (await readEtag(db, resourceId)) ?? '';
}

/** `{...head, resourceId, type, tryIt}` without parsing the head. */
export async function indexJson(db: Db, resourceId: string, extra: Record<string, unknown>): Promise<string> {
  const head = await readHeadJson(db, resourceId);
  if (head === null) throw notFound('The specification index');
  return `${head.slice(0, -1)},${JSON.stringify(extra).slice(1)}`;
}

export function operationJson(row: StoredOperationRow): string {
  const { json, ...meta } = row;
  return `${JSON.stringify(meta).slice(0, -1)},${json.slice(1)}`;
}

export async function operationsJson(db: Db, resourceId: string, ordinals: number[]): Promise<string[]> {
  return (await readOperations(db, resourceId, ordinals)).map(operationJson);
}

/** `{"id":…,"ref":…,"schemas":{…},"schema":…}` for the schema route, or null when there is none. */
export async function schemaJson(db: Db, resourceId: string, id: number): Promise<string | null> {
  const json = await readSchemaJson(db, resourceId, id);
  return json === null ? null : `{"id":${id},${json.slice(1)}`;
}

/** Strong ETag matching of If-None-Match (a list, possibly weak-prefixed, or *). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
