// The stored index: one spec_operations row per operation, plus the head (tags, operation
// summaries, sizes) in the row at ordinal HEAD_ORDINAL, its etag in that row's operation_id, so
// the explorer's first call reads one row. (The head would sit better in a column of
// asset_resources; this keeps the data model untouched.)
//
// Referenced schemas (OpenAPI) are rows too, one each, at ordinals below the head: schema id n at
// ordinal SCHEMA_ORDINAL - n, its ref in `path` (so a schema is read by primary key).
// The head row's `method` holds INDEX_FORMAT: an index stored in an older layout (operations
// with their schemas inlined) is rebuilt the first time it is read (read.ts ensureIndexed).
//
// `operation` holds the JSON text as a jsonb *string*: a jsonb object would reorder every key
// (shortest first), and authors' property and response order is what the explorer must show.
// Reading `operation #>> '{}'` gives the text back for either form.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { assetResources, specOperations } from '../db/schema.ts';
import type { Db } from '../db/store.ts';
import { buildSpecIndex, textHead } from './build.ts';
import { SpecIndexError } from './parse.ts';
import { payloadReader, type PackedSpecIndex } from './packed.ts';
import type { SpecHead, SpecIndex } from './types.ts';

export const HEAD_ORDINAL = -1;
/** Ordinal of schema id 0; schema n is at SCHEMA_ORDINAL - n. */
export const SCHEMA_ORDINAL = -2;
/** The row layout's version, in the head row's `method` ('' before schemas were stored apart;
 * refs-2: OpenAPI 3.1 webhooks indexed too). */
export const INDEX_FORMAT = 'refs-2';
export const schemaOrdinal = (id: number) => SCHEMA_ORDINAL - id;
/** Rows per insert statement are capped by bytes, so a 10 MB description never builds one huge statement. */
const BATCH_BYTES = 1024 * 1024;

const asJsonText = (json: string) => sql`to_jsonb(${json}::text)`;
const jsonText = sql<string>`${specOperations.operation} #>> '{}'`;

export interface IndexResult {
  operations: number;
  /** Why the document has no operation index, when it could not be parsed. */
  error?: string;
  ms: number;
}

/** Reads the stored specification of a resource and (re)writes its index in one transaction.
 * Idempotent; a document that does not parse gets a head carrying the error, never a throw. */
export async function indexSpecification(db: Db, resourceId: string): Promise<IndexResult> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    // The row lock serialises two indexings of the same resource (delete + insert would collide).
    const [row] = await tx.select({ type: assetResources.type, specification: assetResources.specification })
      .from(assetResources).where(eq(assetResources.id, resourceId)).for('update');
    if (!row) throw new Error(`asset resource ${resourceId} does not exist`);
    let index: SpecIndex;
    try {
      index = buildSpecIndex(row.type, row.specification);
    } catch (e) {
      if (!(e instanceof SpecIndexError)) throw e;
      index = { head: textHead(Buffer.byteLength(row.specification), e.message), operations: [], schemas: [] };
    }
    await writeSpecIndex(tx as unknown as Db, resourceId, index);
    return {
      operations: index.operations.length,
      ...(index.head.error ? { error: index.head.error } : {}),
      ms: Math.round(performance.now() - started),
    };
  });
}

/** Writes an index built by buildSpecIndex (for callers that built it to validate an upload), or
 * packed. A packed index's payloads are decoded one insert batch at a time. */
export async function writeSpecIndex(db: Db, resourceId: string, index: SpecIndex | PackedSpecIndex): Promise<void> {
  const packed = 'payloads' in index ? index.payloads : null;
  const hash = createHash('sha1');
  const headJson = JSON.stringify(index.head);
  hash.update(headJson);
  // The same bytes either way: the payloads' UTF-8 in order.
  const items: Array<{ size: number; json?: string }> = [...index.operations, ...index.schemas];
  const hashing = packed && payloadReader(packed);
  for (const item of items) hash.update(hashing ? hashing(item.size) : item.json!);
  const etag = hash.digest('base64url').slice(0, 20);
  const stored = `${headJson.slice(0, -1)},"etag":${JSON.stringify(etag)}}`;
  const reading = packed && payloadReader(packed);
  const payload = (item: { size: number; json?: string }): string => (reading ? reading(item.size).toString('utf8') : item.json!);

  await db.transaction(async (tx) => {
    await tx.delete(specOperations).where(eq(specOperations.resourceId, resourceId));
    await tx.insert(specOperations).values({
      resourceId, ordinal: HEAD_ORDINAL, tag: '', method: INDEX_FORMAT, path: '', summary: '', operationId: etag,
      operation: asJsonText(stored), size: Buffer.byteLength(stored),
    });
    let batch: Array<typeof specOperations.$inferInsert> = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length > 0) await tx.insert(specOperations).values(batch);
      batch = [];
      bytes = 0;
    };
    const add = async (row: typeof specOperations.$inferInsert) => {
      batch.push(row);
      bytes += row.size ?? 0;
      if (bytes >= BATCH_BYTES) await flush();
    };
    for (const op of index.operations) {
      await add({
        resourceId, ordinal: op.ordinal, tag: op.tag, method: op.method, path: op.path,
        operationId: op.operationId, summary: op.summary, deprecated: op.deprecated,
        operation: asJsonText(payload(op)), size: op.size,
      });
    }
    for (const schema of index.schemas) {
      await add({
        resourceId, ordinal: schemaOrdinal(schema.id), tag: '', method: 'schema', path: schema.ref,
        operationId: null, summary: '', operation: asJsonText(payload(schema)), size: schema.size,
      });
    }
    await flush();
  });
}

/** The stored head as JSON text (with its etag), or null when the resource was never indexed. */
export async function readHeadJson(db: Db, resourceId: string): Promise<string | null> {
  const rows = await db.select({ json: jsonText }).from(specOperations)
    .where(and(eq(specOperations.resourceId, resourceId), eq(specOperations.ordinal, HEAD_ORDINAL)));
  return rows[0]?.json ?? null;
}

/** The index's etag, or null when the resource has no index in the current layout. */
export async function readEtag(db: Db, resourceId: string): Promise<string | null> {
  const rows = await db.select({ etag: specOperations.operationId, format: specOperations.method }).from(specOperations)
    .where(and(eq(specOperations.resourceId, resourceId), eq(specOperations.ordinal, HEAD_ORDINAL)));
  return rows[0]?.format === INDEX_FORMAT ? rows[0].etag : null;
}

/** One stored schema's payload (`{"ref","schemas","schema"}`), or null. */
export async function readSchemaJson(db: Db, resourceId: string, id: number): Promise<string | null> {
  const rows = await db.select({ json: jsonText }).from(specOperations)
    .where(and(eq(specOperations.resourceId, resourceId), eq(specOperations.ordinal, schemaOrdinal(id))));
  return rows[0]?.json ?? null;
}

/** Several stored schemas' payloads by id (the mock upstream's resolution). */
export async function readSchemasJson(db: Db, resourceId: string, ids: number[]): Promise<Array<{ id: number; json: string }>> {
  if (ids.length === 0) return [];
  const rows = await db.select({ ordinal: specOperations.ordinal, json: jsonText }).from(specOperations)
    .where(and(eq(specOperations.resourceId, resourceId), inArray(specOperations.ordinal, ids.map(schemaOrdinal))));
  return rows.map((r) => ({ id: SCHEMA_ORDINAL - r.ordinal, json: r.json }));
}

export interface StoredOperationRow {
  ordinal: number;
  tag: string;
  method: string;
  path: string;
  operationId: string | null;
  summary: string;
  deprecated: boolean;
  size: number;
  /** The stored payload as JSON text (`{"schemas"?,"samples"?,"operation"}`; sent as is, never parsed here). */
  json: string;
}

const operationColumns = {
  ordinal: specOperations.ordinal,
  tag: specOperations.tag,
  method: specOperations.method,
  path: specOperations.path,
  operationId: specOperations.operationId,
  summary: specOperations.summary,
  deprecated: specOperations.deprecated,
  size: specOperations.size,
  json: jsonText,
};

export async function readOperations(db: Db, resourceId: string, ordinals: number[]): Promise<StoredOperationRow[]> {
  const wanted = ordinals.filter((o) => o >= 0);
  if (wanted.length === 0) return [];
  const rows = await db.select(operationColumns).from(specOperations)
    .where(and(eq(specOperations.resourceId, resourceId), inArray(specOperations.ordinal, wanted)));
  return rows.sort((a, b) => a.ordinal - b.ordinal);
}

export const parseHead = (json: string) => JSON.parse(json) as SpecHead & { etag: string };
