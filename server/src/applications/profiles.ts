// Application profiles (spec 2 §3, §5): one per definition per application, data validated
// against the definition's JSON schema, title rules, and no delete while access requests of the
// application need the profile's definition.
import { randomUUID } from 'node:crypto';
import { and as both, eq, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { applicationProfiles } from '../db/schema.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { and, iso, one, rows } from '../catalogue/sql.ts';
import type { ApplicationProfile } from '../schemas/applications.ts';
import { assertValid } from '../validate.ts';
import { PROFILE_TITLE_MAX_LENGTH, PROFILES_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { canUse } from './rights.ts';
import { assertSignedIn } from '../context.ts';
import { findApplication, pick } from './applications.ts';

interface ProfileRow {
  id: string; title: string; data: unknown; definition_id: string; definition_title: string; provisioning_status: string;
  state: string; created_at: unknown; modified_at: unknown; requests: number;
}

// Access requests of the application whose resource's definition asks for this profile's definition.
const SELECT = sql`select pr.id, pr.title, pr.data, pr.definition_id, d.title as definition_title, pr.provisioning_status, pr.state,
  pr.created_at, pr.modified_at,
  (select count(*)::int from access_requests r join asset_resources ar on ar.id = r.asset_resource_id
    join access_request_definitions ard on ard.id = ar.access_request_definition_id
    where r.application_id = pr.application_id and ard.application_profile_definition_id = pr.definition_id) as requests
  from application_profiles pr join application_profile_definitions d on d.id = pr.definition_id`;

const SORTS: Record<string, SQL> = {
  '+title': sql`lower(pr.title) asc, pr.id`, '-title': sql`lower(pr.title) desc, pr.id`, '-metadata.modifiedAt': sql`pr.modified_at desc, pr.id`,
};

const toProfile = (r: ProfileRow): ApplicationProfile => ({
  id: r.id, title: r.title, data: r.data, definition: { id: r.definition_id, title: r.definition_title },
  provisioning: { status: r.provisioning_status as ApplicationProfile['provisioning']['status'] },
  state: r.state as ApplicationProfile['state'],
  metadata: { createdAt: iso(r.created_at), modifiedAt: iso(r.modified_at) },
  accessRequests: { totalCount: r.requests },
});

export async function getProfileDefinition(db: Db, caller: Caller, id: string) {
  assertSignedIn(caller);
  const row = await one<{ id: string; title: string; schema: unknown }>(db, sql`select id, title, schema from application_profile_definitions where id = ${id}`);
  if (!row) throw notFound(`Application profile definition ${id}`);
  return row;
}

interface ListQuery { definitionId?: string | undefined; search?: string | undefined; sort?: string | undefined; page?: number | undefined; pageSize?: number | undefined; fields?: string | undefined }

export async function listProfiles(db: Db, caller: Caller, applicationId: string, q: ListQuery) {
  await findApplication(db, caller, applicationId);
  const pageSize = q.pageSize ?? PROFILES_PAGE_SIZE;
  const page = q.page ?? 1;
  const search = q.search?.trim();
  const where = and([
    sql`pr.application_id = ${applicationId}`,
    q.definitionId && sql`pr.definition_id = ${q.definitionId}`,
    search && sql`strpos(lower(pr.title), lower(${search})) > 0`,
  ]);
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from application_profiles pr where ${where}`);
  const items = pageSize === 0 ? [] : await rows<ProfileRow>(db, sql`${SELECT} where ${where}
    order by ${SORTS[q.sort ?? '+title']!} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return { items: items.map((r) => pick(toProfile(r), q.fields)), totalCount: count?.n ?? 0 };
}

async function findProfile(db: Db, applicationId: string, profileId: string): Promise<ProfileRow> {
  const row = await one<ProfileRow>(db, sql`${SELECT} where pr.id = ${profileId} and pr.application_id = ${applicationId}`);
  if (!row) throw notFound(`Profile ${profileId}`);
  return row;
}

export async function getProfile(db: Db, caller: Caller, applicationId: string, profileId: string): Promise<ApplicationProfile> {
  await findApplication(db, caller, applicationId);
  return toProfile(await findProfile(db, applicationId, profileId));
}

/** Spec 2 §5: whitespace-only is blanked, empty falls back to the definition's title; at most PROFILE_TITLE_MAX_LENGTH. */
function profileTitle(input: string | undefined, definitionTitle: string): string {
  const title = (input ?? '').trim() || definitionTitle;
  if (title.length > PROFILE_TITLE_MAX_LENGTH) throw badRequest('title', `title must be at most ${PROFILE_TITLE_MAX_LENGTH} characters.`);
  return title;
}

async function writableApplication(db: Db, caller: Caller, applicationId: string) {
  const app = await findApplication(db, caller, applicationId);
  if (!canUse(caller, app)) throw forbidden('Changing this application\'s profiles needs the Administrator or Consumer role in its owning team.');
  if (app.state !== 'active') throw conflict('state', `The application is ${app.state}: its profiles cannot change.`);
  return app;
}

export async function createProfile(db: Db, caller: Caller, applicationId: string,
  body: { title?: string | undefined; definitionId: string; data: Record<string, unknown> }, now: Date): Promise<{ id: string }> {
  const app = await writableApplication(db, caller, applicationId);
  const definition = await one<{ id: string; title: string; schema: unknown }>(db,
    sql`select id, title, schema from application_profile_definitions where id = ${body.definitionId}`);
  if (!definition) throw new ApiError(404, 'Not Found', `Application profile definition ${body.definitionId} was not found.`, 'definitionId');
  const title = profileTitle(body.title, definition.title);
  assertValid(definition.schema, body.data);
  const existing = await one<{ id: string }>(db, sql`select id from application_profiles where application_id = ${applicationId} and definition_id = ${definition.id}`);
  if (existing) throw conflict('definitionId', `The application already has a profile of this definition (${existing.id}).`);
  const id = `prof-${randomUUID()}`;
  await db.insert(applicationProfiles).values({
    id, orgId: app.org_id, applicationId, definitionId: definition.id, title, data: body.data, provisioningStatus: 'success',
    state: 'active', createdAt: now, modifiedAt: now,
  });
  return { id };
}

export async function updateProfile(db: Db, caller: Caller, applicationId: string, profileId: string,
  body: { title?: string | undefined; data: Record<string, unknown> }, now: Date): Promise<ApplicationProfile> {
  await writableApplication(db, caller, applicationId);
  const current = await findProfile(db, applicationId, profileId);
  const definition = await one<{ title: string; schema: unknown }>(db, sql`select title, schema from application_profile_definitions where id = ${current.definition_id}`);
  const title = profileTitle(body.title, definition?.title ?? current.title);
  assertValid(definition?.schema ?? {}, body.data);
  await db.update(applicationProfiles).set({ title, data: body.data, modifiedAt: now })
    .where(both(eq(applicationProfiles.id, profileId), eq(applicationProfiles.applicationId, applicationId)));
  return toProfile(await findProfile(db, applicationId, profileId));
}

export async function deleteProfile(db: Db, caller: Caller, applicationId: string, profileId: string): Promise<void> {
  await writableApplication(db, caller, applicationId);
  const current = await findProfile(db, applicationId, profileId);
  if (current.requests > 0) {
    throw conflict('profileId', `The profile is used by ${current.requests} access request(s) of the application: it cannot be deleted.`);
  }
  await db.delete(applicationProfiles).where(both(eq(applicationProfiles.id, profileId), eq(applicationProfiles.applicationId, applicationId)));
}
