// Imports through the running server: the route stores the description (gzip) and enqueues a job
// in one transaction; the job fetches a URL through the one egress policy, prepares the
// description in a worker thread (the server keeps answering), publishes it in one short
// transaction and records the outcome the provider polls. A refusal is an outcome, not a retry.
import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { byteaValue } from '../db/compressedText.ts';
import { imports } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '../errors.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Egress } from '../gateway/egress.ts';
import type { ImportBody, ImportJob } from '../schemas/imports.ts';
import { ORG_ROLES, TEAM_ROLES } from '../../../src/rules/roleNames.ts';
import { checkOptions, publishPrepared, type PublishOptions, type Visibility } from './index.ts';
import { PreparePool } from './pool.ts';

export const IMPORT_JOB = 'product.import';
/** Largest description fetched from a URL (the route's own body limit for a pasted one). */
export const IMPORT_URL_MAX_BYTES = 64 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 60_000;

/** Provider administrators and catalogue managers publish. */
export function canImport(caller: Caller): boolean {
  if (!caller.userId || !caller.providerGuid) return false;
  return caller.orgRoles.some((r) => r === ORG_ROLES.Administrator || r === ORG_ROLES.CentralAdmin || r === ORG_ROLES.CatalogManager)
    || caller.teams.some((t) => t.roles.includes(TEAM_ROLES.catalog_manager));
}

function assertCanImport(caller: Caller): void {
  if (!caller.userId) throw unauthorized();
  if (!canImport(caller)) throw forbidden('Only provider administrators and catalogue managers publish products.');
}

export async function startImport(db: Db, jobs: JobRunner, caller: Caller, body: ImportBody): Promise<ImportJob> {
  assertCanImport(caller);
  if (!body.content === !body.url) throw badRequest(body.content ? 'url' : 'content', 'Give either the description (content) or its address (url), not both.');
  const options: PublishOptions = {
    ...(body.productId ? { id: body.productId } : {}), ...(body.title ? { title: body.title } : {}),
    ...(body.version ? { version: body.version } : {}), ...(body.categoryIds?.length ? { categoryIds: body.categoryIds } : {}),
    ...(body.visibility ? { visibility: body.visibility as Visibility } : {}), ...(body.plan === false ? { plan: false } : {}),
  };
  checkOptions(options);
  const id = `imp-${randomUUID()}`;
  const fileName = body.fileName ?? (body.url ? decodeURIComponent(new URL(body.url).pathname.split('/').pop() ?? '') : '');
  await db.transaction(async (tx) => {
    await tx.insert(imports).values({
      id, createdBy: caller.userId, fileName, sourceUrl: body.url ?? null, options,
      content: body.content ? byteaValue(gzipSync(body.content)) : null,
    });
    await jobs.enqueue(tx as unknown as Db, IMPORT_JOB, { id });
  });
  return getImport(db, caller, id);
}

export async function getImport(db: Db, caller: Caller, id: string): Promise<ImportJob> {
  assertCanImport(caller);
  const [row] = await db.select({
    id: imports.id, state: imports.state, progress: imports.progress, fileName: imports.fileName, sourceUrl: imports.sourceUrl,
    warnings: imports.warnings, error: imports.error, result: imports.result, createdAt: imports.createdAt, finishedAt: imports.finishedAt,
  }).from(imports).where(eq(imports.id, id));
  if (!row) throw notFound('Import');
  return { ...row, result: row.result as ImportJob['result'], createdAt: row.createdAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null };
}

/** The job: one import, start to outcome. */
export function importJob(egress: Egress, pool: PreparePool) {
  return async (payload: Record<string, unknown>, context: { db: Db }): Promise<void> => {
    const db = context.db;
    const id = String(payload.id);
    const [row] = await db.select().from(imports).where(eq(imports.id, id));
    if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
    const set = (values: Partial<typeof imports.$inferInsert>) => db.update(imports).set(values).where(eq(imports.id, id));
    await set({ state: 'running', progress: 5 });
    try {
      // The description's bytes go to the worker by transfer and are decoded there (prepare.ts).
      const content = row.content ? gunzipSync(row.content) : await fetchDescription(egress, row.sourceUrl ?? '');
      await set({ progress: 20 });
      const options = row.options as PublishOptions;
      const prepared = await pool.prepare({ content, fileName: row.fileName, options: { title: options.title } });
      await set({ progress: 70, warnings: prepared.spec.warnings });
      const published = await publishPrepared(db, prepared, options);
      await set({
        state: 'published', progress: 100, content: null, finishedAt: new Date(), warnings: published.warnings,
        result: { productId: published.productId, versionId: published.versionId, resourceId: published.resourceId, title: published.title, type: published.type, outcome: published.outcome, categoryIds: published.categoryIds },
      });
    } catch (error) {
      const refused = error instanceof ApiError;
      await set({ state: refused ? 'refused' : 'failed', progress: 100, content: null, finishedAt: new Date(), error: (error as Error).message?.slice(0, 2000) ?? String(error) });
    }
  };
}

/** Fetches a description through the egress policy (private addresses refused), size-capped. */
async function fetchDescription(egress: Egress, url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { dispatcher: egress.agent, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' } as RequestInit);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code === 'EGRESS_REFUSED' ? `the address is not allowed (${cause.message})` : (cause?.message ?? (error as Error).message);
    throw badRequest('url', `The description could not be fetched: ${reason}.`);
  }
  if (!response.ok) throw badRequest('url', `The description could not be fetched: the server answered ${response.status}.`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > IMPORT_URL_MAX_BYTES) throw badRequest('url', `The description is larger than ${IMPORT_URL_MAX_BYTES} bytes.`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > IMPORT_URL_MAX_BYTES) throw badRequest('url', `The description is larger than ${IMPORT_URL_MAX_BYTES} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
