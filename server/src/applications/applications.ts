// Applications (spec 2 §3–§7): list, read, create, update (archive), asynchronous delete.
// Scoped to the caller's organisation; private applications to their user (rights.ts).
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { applications, images } from '../db/schema.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { and, iso, one, rows } from '../catalogue/sql.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Application, ApplicationCreate, ApplicationsQuery, ApplicationUpdate } from '../schemas/applications.ts';
import { APPLICATIONS_PAGE_SIZE, DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';
import { canEdit, canSee, type OwnedRow } from './rights.ts';
import { assertSignedIn } from '../context.ts';
import { resolveOwner } from './owners.ts';
import { decodeImage, imageUrl, storeImage } from './images.ts';

export const DUPLICATE_NAME = 'An application with the same name and owning team already exists';
export const DELETE_JOB = 'application.delete';

export interface AppRow extends OwnedRow {
  id: string; title: string; description: string; image_id: string | null; state: string; created_by: string;
  created_at: unknown; modified_at: unknown; owner_name: string | null; resources: number; profiles: number;
}

/** The caller may see row `a` (an application), in SQL: their organisation, and a private one only its user. */
export function appVisible(caller: Caller, alias = 'a'): SQL {
  const a = sql.raw(alias);
  const teamIds = caller.teams.map((t) => t.guid);
  return sql`${a}.org_id = ${caller.orgId ?? null}::text and (case when ${a}.owner_type = 'user' then ${a}.owner_id = ${caller.userId ?? null}::text
    else not exists (select 1 from teams pt where pt.id = ${a}.owner_id and 'private' = any(pt.tags))
      or ${a}.owner_id = any(${sql.param(teamIds)}::text[]) end)`;
}

const SELECT = sql`select a.id, a.org_id, a.title, a.description, a.image_id, a.owner_type, a.owner_id, a.owner_context_id, a.state,
  a.created_by, a.created_at, a.modified_at,
  case when a.owner_type = 'user' then u.name else t.name end as owner_name,
  (a.owner_type = 'user' or coalesce('private' = any(t.tags), false)) as owner_private,
  (select count(*)::int from access_requests r where r.application_id = a.id) as resources,
  (select count(*)::int from application_profiles pr where pr.application_id = a.id) as profiles
  from applications a left join teams t on t.id = a.owner_id and a.owner_type = 'team'
  left join users u on u.id = a.owner_id and a.owner_type = 'user'`;

const SORTS: Record<string, SQL> = {
  '-metadata.modifiedAt': sql`a.modified_at desc, lower(a.title), a.id`,
  '-metadata.createdAt': sql`a.created_at desc, lower(a.title), a.id`,
  '+title': sql`lower(a.title) asc, a.id`,
  '-title': sql`lower(a.title) desc, a.id`,
};

export function toApplication(caller: Caller, r: AppRow): Application {
  const edit = canEdit(caller, r);
  const icon = imageUrl(r.image_id);
  return {
    id: r.id, title: r.title, description: r.description, icon, state: r.state as Application['state'],
    owner: {
      type: r.owner_type as 'team' | 'user', id: r.owner_id, contextId: r.owner_context_id, name: r.owner_name, private: r.owner_private,
    },
    links: { self: `/api/v1/applications/${r.id}`, icon },
    metadata: { createdAt: iso(r.created_at), modifiedAt: iso(r.modified_at), createUserId: r.created_by },
    assetResources: { totalCount: r.resources },
    profiles: { totalCount: r.profiles },
    // Spec 2 §4: active applications offer edit and archive; the others delete, not while archiving or deleting.
    rights: { edit: edit && r.state === 'active', archive: edit && r.state === 'active', delete: edit && r.state === 'archived' },
  };
}

/** `fields` keeps the named top-level fields (and always id). */
export function pick<T extends { id: string }>(item: T, fields: string | undefined): Partial<T> & { id: string } {
  if (!fields) return item;
  const keep = new Set(fields.split(',').map((f) => f.split('.')[0]!));
  keep.add('id');
  return Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k))) as Partial<T> & { id: string };
}

export async function listApplications(db: Db, caller: Caller, q: ApplicationsQuery) {
  assertSignedIn(caller);
  const pageSize = q.pageSize ?? APPLICATIONS_PAGE_SIZE;
  const page = q.page ?? 1;
  const search = q.searchText?.trim();
  const where = and([
    appVisible(caller),
    q.states?.length && sql`a.state = any(${sql.param(q.states)}::text[])`,
    q.ownerIds?.length && sql`(a.owner_id = any(${sql.param(q.ownerIds)}::text[]) or a.owner_context_id = any(${sql.param(q.ownerIds)}::text[]))`,
    search && sql`(strpos(lower(a.title), lower(${search})) > 0 or strpos(lower(a.description), lower(${search})) > 0)`,
  ]);
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from applications a where ${where}`);
  const items = pageSize === 0 ? [] : await rows<AppRow>(db, sql`${SELECT} where ${where}
    order by ${SORTS[q.sort ?? '-metadata.modifiedAt']!} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return { items: items.map((r) => pick(toApplication(caller, r), q.fields)), totalCount: count?.n ?? 0 };
}

/** The application if the caller may see it, else 404 (another organisation's included). */
export async function findApplication(db: Db, caller: Caller, id: string): Promise<AppRow> {
  assertSignedIn(caller);
  const row = await one<AppRow>(db, sql`${SELECT} where a.id = ${id} and ${appVisible(caller)}`);
  if (!row || !canSee(caller, row)) throw notFound(`Application ${id}`);
  return row;
}

export async function getApplication(db: Db, caller: Caller, id: string): Promise<Application> {
  return toApplication(caller, await findApplication(db, caller, id));
}

/** Title and description rules of spec 2 §5: title required and trimmed, both fewer than 350 characters. */
function checkTexts(body: { title: string; description?: string | undefined }): { title: string; description: string } {
  const title = body.title.trim();
  if (!title) throw badRequest('title', 'title is required.');
  if (title.length >= NAME_MAX_LENGTH) throw badRequest('title', `title must be fewer than ${NAME_MAX_LENGTH} characters.`);
  const description = (body.description ?? '').trim();
  if (description.length >= DESCRIPTION_MAX_LENGTH) throw badRequest('description', `description must be fewer than ${DESCRIPTION_MAX_LENGTH} characters.`);
  return { title, description };
}

async function assertUniqueName(db: Db, orgId: string, ownerId: string, title: string, exceptId?: string): Promise<void> {
  const clash = await one<{ id: string }>(db, sql`select id from applications where org_id = ${orgId} and owner_id = ${ownerId}
    and lower(title) = lower(${title}) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`);
  if (clash) throw badRequest('title', DUPLICATE_NAME);
}

/** The unique index caught a race the check above missed: the same 400. */
function duplicateAsBadRequest(error: unknown): never {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') throw badRequest('title', DUPLICATE_NAME);
  }
  throw error;
}

export async function createApplication(db: Db, caller: Caller, body: ApplicationCreate, now: Date): Promise<{ id: string }> {
  assertSignedIn(caller);
  const { title, description } = checkTexts(body);
  if (body.icon) decodeImage(body.icon); // a bad image is named before the owner is looked at
  const owner = await resolveOwner(db, caller, body.owner);
  await assertUniqueName(db, caller.orgId, owner.id, title);
  const id = `app-${randomUUID()}`;
  try {
    await db.transaction(async (tx) => {
      const imageId = body.icon ? await storeImage(tx as unknown as Db, caller.orgId, body.icon) : null;
      await tx.insert(applications).values({
        id, orgId: caller.orgId, title, description, imageId, ownerType: owner.type, ownerId: owner.id, ownerContextId: owner.contextId,
        state: 'active', createdBy: caller.userId, createdAt: now, modifiedAt: now,
      });
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    duplicateAsBadRequest(error);
  }
  return { id };
}

export async function updateApplication(db: Db, caller: Caller, id: string, body: ApplicationUpdate, now: Date): Promise<Application> {
  const row = await findApplication(db, caller, id);
  if (!canEdit(caller, row)) throw forbidden('Changing this application needs the Administrator role in its owning team.');
  if (row.state !== 'active') throw conflict('state', `The application is ${row.state}: only an active application can be edited or archived.`);
  const { title, description } = checkTexts(body);
  await assertUniqueName(db, row.org_id, row.owner_id, title, id);
  try {
    await db.transaction(async (tx) => {
      let imageId = row.image_id;
      if (body.icon !== undefined) imageId = body.icon === null ? null : await storeImage(tx as unknown as Db, row.org_id, body.icon);
      await tx.update(applications).set({ title, description, imageId, state: body.state ?? row.state, modifiedAt: now })
        .where(eq(applications.id, id));
      // The replaced image is no one's any more.
      if (row.image_id && imageId !== row.image_id) await tx.delete(images).where(eq(images.id, row.image_id));
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    duplicateAsBadRequest(error);
  }
  return getApplication(db, caller, id);
}

/** Delete is asynchronous (spec 2 §4): state deleting now, the job removes it with its
 * credentials, profiles and access requests. Only an archived application can be deleted. */
export async function deleteApplication(db: Db, jobs: JobRunner, caller: Caller, id: string, now: Date): Promise<Application> {
  const row = await findApplication(db, caller, id);
  if (!canEdit(caller, row)) throw forbidden('Deleting this application needs the Administrator role in its owning team.');
  if (row.state !== 'archived') {
    throw conflict('state', row.state === 'active'
      ? 'An active application cannot be deleted: archive it first.'
      : `The application is already ${row.state}.`);
  }
  await db.transaction(async (tx) => {
    await tx.update(applications).set({ state: 'deleting', modifiedAt: now }).where(eq(applications.id, id));
    await jobs.enqueue(tx as unknown as Db, DELETE_JOB, { applicationId: id });
  });
  return getApplication(db, caller, id);
}

/** The job: the application's rows go (credentials with their resources, profiles and access
 * requests cascade from the application), then its image. */
export async function runDeleteJob(db: Db, payload: Record<string, unknown>): Promise<void> {
  const id = String(payload.applicationId ?? '');
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ imageId: applications.imageId, state: applications.state }).from(applications).where(eq(applications.id, id));
    if (!row || row.state !== 'deleting') return;
    await tx.execute(sql`delete from access_requests where application_id = ${id}`);
    await tx.execute(sql`delete from application_profiles where application_id = ${id}`);
    await tx.execute(sql`delete from credentials where application_id = ${id}`);
    await tx.delete(applications).where(eq(applications.id, id));
    if (row.imageId) await tx.delete(images).where(eq(images.id, row.imageId));
  });
}
