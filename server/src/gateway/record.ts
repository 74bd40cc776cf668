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
/** Queued rows are kept as their JSON text: one flat string a call survives the young
 * generation's collections cheaply, where the row's object graph (headers, legs) was copied by
 * each scavenge while it waited (scavenges of 5-13 ms under load), and the JSON work is spread
 * over the calls instead of done at once at flush time. */
const queues = new WeakMap<Db, { rows: string[]; timer: NodeJS.Timeout | null; last: number; log: BatchLog; writing: Promise<void> }>();

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
  if (!q) queues.set(db, q = { rows: [], timer: null, last: 0, log, writing: Promise.resolve() });
  q.rows.push(json);
  if (q.rows.length >= BATCH_MAX) void flushTransactions(db);
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
  const rows = q.rows.splice(0);
  q.last = rows.length;
  const batch = rows.length ? writeBatch(q, db, rows) : Promise.resolve();
  const before = q.writing;
  q.writing = Promise.all([before, batch]).then(() => undefined);
  await q.writing;
  await usage;
}

async function writeBatch(q: { log: BatchLog }, db: Db, rows: string[]): Promise<void> {
  const size = Math.ceil(rows.length / Math.ceil(rows.length / CHUNK));
  for (let at = 0; at < rows.length; at += size) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const chunk = rows.slice(at, at + size);
    // The calls were answered already: their records are lost, said once for the batch.
    await insertRows(db, chunk).catch((err: unknown) => q.log.error({ err, rows: chunk.length }, 'gateway: could not record a batch of transactions'));
  }
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
  return db.execute(withRollups(sql`insert into transactions (${COLUMN_LIST})
    select ${COLUMN_LIST} from jsonb_populate_recordset(null::transactions, ${`[${rows.join(',')}]`}::jsonb)`));
}
