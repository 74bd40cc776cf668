// Every gateway call becomes one row of `transactions`: what the insights screens read
// (spec 3 §2.5, §3: summary, status detail, legs with request and response headers).
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { FastifyBaseLogger } from 'fastify';
import { accessRequests, applications, credentialResources, credentials, transactions } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { GATEWAY_APPLICATION_HEADER, GATEWAY_CREDENTIAL_HEADER } from '../../../src/rules/constants.ts';
import type { HeaderMap } from './headers.ts';
import { flushUsage } from '../quota/counters.ts';
import { withRollups } from '../analytics/rollups.ts';

export type StatusDetail = 'success' | 'failure' | 'exception';

/** Transaction categories of spec 3 §3: 2xx-3xx success, 4xx failure, 5xx exception. */
export function statusDetailOf(status: number): StatusDetail {
  if (status >= 500) return 'exception';
  if (status >= 400) return 'failure';
  return 'success';
}

export interface CallerIds {
  applicationId: string | null;
  credentialId: string | null;
  subscriptionId: string | null;
}

/** The application and credential named by the explorer, checked against the caller's
 * organisation (a 400 names the header otherwise), and the subscription they call under. */
export async function resolveCallerIds(
  db: Db, orgId: string, resourceId: string, applicationId: string | undefined, credentialId: string | undefined,
): Promise<CallerIds> {
  let appId = applicationId ?? null;
  if (credentialId) {
    const [cred] = await db.select({ applicationId: credentials.applicationId }).from(credentials)
      .where(and(eq(credentials.id, credentialId), eq(credentials.orgId, orgId)));
    if (!cred) throw badRequest(GATEWAY_CREDENTIAL_HEADER, `The credential ${credentialId} is not one of your organisation's.`);
    if (appId && appId !== cred.applicationId) {
      throw badRequest(GATEWAY_CREDENTIAL_HEADER, `The credential ${credentialId} does not belong to the application ${appId}.`);
    }
    appId = cred.applicationId;
    // A credential is valid only on the resources it lists (README): the console offers only those.
    const [listed] = await db.select({ id: credentialResources.credentialId }).from(credentialResources)
      .where(and(eq(credentialResources.credentialId, credentialId), eq(credentialResources.assetResourceId, resourceId)));
    if (!listed) throw badRequest(GATEWAY_CREDENTIAL_HEADER, `The credential ${credentialId} is not valid for this resource.`);
  }
  if (appId && !credentialId) {
    const [app] = await db.select({ id: applications.id }).from(applications)
      .where(and(eq(applications.id, appId), eq(applications.orgId, orgId)));
    if (!app) throw badRequest(GATEWAY_APPLICATION_HEADER, `The application ${appId} is not one of your organisation's.`);
  }
  let subscriptionId: string | null = null;
  if (appId) {
    const [access] = await db.select({ subscriptionId: accessRequests.subscriptionId }).from(accessRequests)
      .where(and(eq(accessRequests.applicationId, appId), eq(accessRequests.assetResourceId, resourceId), eq(accessRequests.approvalState, 'approved')))
      .orderBy(desc(accessRequests.createdAt)).limit(1);
    subscriptionId = access?.subscriptionId ?? null;
  }
  return { applicationId: appId, credentialId: credentialId ?? null, subscriptionId };
}

/** One hop of the call, in the shape of the transaction detail's transactionLegEvent entries. */
export interface Leg {
  timestamp: string;
  transactionEvent: {
    id: string;
    parentId: string | null;
    source: string;
    destination: string;
    duration: number;
    protocol: 'http';
    method: string;
    uri: string;
    /** null when no answer came back (timeout, unreachable) */
    status: number | null;
    /** Absent on the first leg as stored (the caller's call to the gateway): its maps are the
     * row's own request_headers and response_headers, kept once; transactionDetail puts them back. */
    requestHeaders?: HeaderMap;
    responseHeaders?: HeaderMap;
    error?: string;
  };
}

export type TransactionRow = typeof transactions.$inferInsert;

/** One call's record (try-it calls, answered after it), with its rollups as the batches. */
export async function recordTransaction(db: Db, row: TransactionRow): Promise<void> {
  await insertRows(db, [rowJson(row)]);
}

/** Runtime calls' records, written in batches: one multi-row insert BATCH_MS after the first row
 * of a batch (or at BATCH_MAX rows) instead of one statement per call, so recording costs the hot
 * path next to nothing. Under load (the previous batch had BUSY_ROWS rows or more) the window
 * grows to BUSY_BATCH_MS: on PGlite a row costs ~0.2 ms of the server's CPU in batches of 20 and
 * ~0.12 ms in batches of 200. The batch travels as one JSON parameter (jsonb_populate_recordset:
 * the jsonb columns are taken as parsed, ~20% cheaper than json_populate_recordset), not 23 bound
 * values a row: the query builder's per-value work was the largest cost of a runtime
 * call. A batch is written in statements of at most CHUNK rows, split evenly (on PGlite a row's
 * CPU in 100-row statements was ~1.15-1.3x that in 250-1000-row ones: bench/README.md), with the
 * event loop let through in between:
 * the statement runs in the database's thread (PGlite's worker, or PostgreSQL), but its one
 * parameter (the rows' JSON joined) is made and handed over in this one.
 * A failed batch is logged; its calls were answered already. */
const BATCH_MS = 20;
const BUSY_BATCH_MS = 200;
const BUSY_ROWS = 20;
const BATCH_MAX = 1000;
const CHUNK = 500;
/** Queued rows are kept as the UTF-8 bytes of their JSON, appended to one buffer outside V8's
 * heap (each row's string then dies young): rows held for a batch window of up to BUSY_BATCH_MS
 * as strings (~2 KB a call) survived the young generation's collections, each of which copied
 * them and then promoted them to the old generation, at ~1 MB a batch under load. The batch's
 * text is made from the buffer once, at write time (a large string, allocated outside the young
 * generation). Rows are separated by commas; `ends` holds where each row ends (to split a batch
 * into statements). A written batch's buffer is kept for the next one: a new buffer a batch would
 * be megabytes a second of external memory, which V8 answers with full collections. */
interface RecordQueue { bytes: Buffer; used: number; ends: number[]; spare: Buffer | null; timer: NodeJS.Timeout | null; last: number; log: BatchLog; writing: Promise<void> }
const queues = new WeakMap<Db, RecordQueue>();
const COMMA = 0x2c;
/** A queue's first buffer; it grows by doubling. */
const FIRST_BYTES = 64 * 1024;

/** Where a batch that could not be written is reported: the server's logger, not a call's (a
 * call's closure kept here would hold that call's whole request for the life of the process). */
export type BatchLog = Pick<FastifyBaseLogger, 'error'>;

/** Property -> column name of every column of transactions. */
const COLUMNS = Object.entries(getTableColumns(transactions)).map(([key, column]) => [key, column.name] as const);
const COLUMN_LIST = sql.raw(COLUMNS.map(([, name]) => `"${name}"`).join(', '));

export function queueTransaction(db: Db, row: TransactionRow, log: BatchLog): void {
  queueRowJson(db, rowJson(row), log);
}

/** A row already made JSON (rowJson), as the data plane's workers send them (server/src/dataplane). */
export function queueRowJson(db: Db, json: string, log: BatchLog): void {
  let q = queues.get(db);
  if (!q) queues.set(db, q = { bytes: Buffer.allocUnsafe(FIRST_BYTES), used: 0, ends: [], spare: null, timer: null, last: 0, log, writing: Promise.resolve() });
  // A UTF-16 code unit is at most 3 bytes of UTF-8.
  const need = q.used + 1 + json.length * 3;
  if (need > q.bytes.length) {
    const grown = Buffer.allocUnsafe(Math.max(need, q.bytes.length * 2));
    q.bytes.copy(grown, 0, 0, q.used);
    q.bytes = grown;
  }
  if (q.ends.length > 0) q.bytes[q.used++] = COMMA;
  q.used += q.bytes.write(json, q.used);
  q.ends.push(q.used);
  if (q.ends.length >= BATCH_MAX) void flushTransactions(db);
  else q.timer ??= setTimeout(() => void flushTransactions(db), q.last >= BUSY_ROWS ? BUSY_BATCH_MS : BATCH_MS);
}

const beforeFlush = new WeakMap<Db, Set<() => Promise<void>>>();
/** Registers what flushTransactions runs first (a data plane's queue); returns the unregister. */
export function onFlush(db: Db, flush: () => Promise<void>): () => void {
  let set = beforeFlush.get(db);
  if (!set) beforeFlush.set(db, set = new Set());
  set.add(flush);
  return () => set.delete(flush);
}

/** Writes what is queued now and waits for the batches already being written (what tests and
 * shutdown call to wait for the records: a timer's batch taken out of the queue a moment earlier
 * is not written yet, and a caller returning before it would miss its rows). */
export async function flushTransactions(db: Db): Promise<void> {
  // A data plane serving this store hands over what it holds first (server/src/dataplane).
  const planes = beforeFlush.get(db);
  if (planes) await Promise.all([...planes].map((flush) => flush()));
  // The quota counts and usage records of the same calls go with each batch (server/src/quota/).
  const usage = flushUsage(db);
  const q = queues.get(db);
  if (!q) return usage;
  if (q.timer) clearTimeout(q.timer);
  q.timer = null;
  const { bytes, ends } = q;
  q.last = ends.length;
  if (ends.length > 0) {
    q.bytes = q.spare ?? Buffer.allocUnsafe(FIRST_BYTES);
    q.spare = null;
    q.used = 0;
    q.ends = [];
  }
  const batch = ends.length ? writeBatch(q, db, bytes, ends) : Promise.resolve();
  const before = q.writing;
  q.writing = Promise.all([before, batch]).then(() => undefined);
  await q.writing;
  await usage;
}

/** A batch's rows (`bytes`: their JSON joined by commas, row i ending at ends[i]) in statements of
 * at most CHUNK rows, split evenly. */
async function writeBatch(q: RecordQueue, db: Db, bytes: Buffer, ends: number[]): Promise<void> {
  const size = Math.ceil(ends.length / Math.ceil(ends.length / CHUNK));
  for (let at = 0; at < ends.length; at += size) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const last = Math.min(at + size, ends.length) - 1;
    const start = at === 0 ? 0 : ends[at - 1]! + 1;
    const rows = last - at + 1;
    // The calls were answered already: their records are lost, said once for the batch.
    await insertJson(db, `[${bytes.toString('utf8', start, ends[last])}]`)
      .catch((err: unknown) => q.log.error({ err, rows }, 'gateway: could not record a batch of transactions'));
  }
  if (!q.spare || q.spare.length < bytes.length) q.spare = bytes;
}

/** The row as jsonb_populate_recordset reads it: every column named (a queued row carries them
 * all), so its nulls for absent keys never stand in for a column default. */
export function rowJson(row: TransactionRow): string {
  const out: Record<string, unknown> = {};
  for (const [key, name] of COLUMNS) out[name] = row[key as keyof TransactionRow] ?? null;
  return JSON.stringify(out);
}

/** Inserts rows (their JSON texts) and adds them to the hourly and daily rollups of the insights
 * in the same statement (server/src/analytics/rollups.ts), so the rollups never miss or double a row. */
export function insertRows(db: Db, rows: string[]): Promise<unknown> {
  return insertJson(db, `[${rows.join(',')}]`);
}

/** insertRows of rows already joined into one JSON array's text. */
function insertJson(db: Db, array: string): Promise<unknown> {
  return db.execute(withRollups(sql`insert into transactions (${COLUMN_LIST})
    select ${COLUMN_LIST} from jsonb_populate_recordset(null::transactions, ${array}::jsonb)`));
}
