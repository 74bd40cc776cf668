// Credentials of applications (spec 2 §3, §4, §7): create, list, read (and decrypt), the actions
// of src/rules/credentials.ts, delete, and the credential request definitions. Who: a credential
// is seen by whoever sees its application (server/src/applications/rights.ts canSee) and changed
// by whoever may use it (canUse: its team's consumers and administrators, the org Administrator).
import { recordNotification, scheduleExpiryNotices } from '../notifications/notify.ts';
import { API_BASE } from '../apiBase.ts';
import { randomUUID } from 'node:crypto';
import { and as both, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { credentialResources, credentials } from '../db/schema.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { and, iso, one, rows, textArray } from '../catalogue/sql.ts';
import { canSee, canUse, type OwnedRow } from '../applications/rights.ts';
import { assertSignedIn } from '../context.ts';
import { assertValid } from '../validate.ts';
import { isConsumer } from '../../../src/rules/roles.ts';
import { roleSession } from '../context.ts';
import {
  ACTION_BLOCK_TEXT, actionBlock, canViewSecret, type CredentialAction, type CredentialFacts,
} from '../../../src/rules/credentials.ts';
import { CREDENTIAL_PROVISION_DELAY_MS, CREDENTIAL_DELETE_DELAY_MS, NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';
import type { Credential, CredentialCreate, CredentialsQuery } from '../schemas/credentials.ts';
import { certificateFingerprint, lookupKeys } from './crypto.ts';
import { DELETE_JOB, PROVISION_JOB, TOKEN_PATH } from './provisioning.ts';
import { credentialsRuntime } from './runtime.ts';

const DAY_MS = 86_400_000;

interface Policies { renewable?: boolean; suspendable?: boolean; expiryDays?: number | null; visibilityMs?: number }

export interface CredentialRow extends OwnedRow {
  id: string; title: string; crd_type: string; credential_request_definition_id: string; data: unknown; state: string;
  provisioning_state: string; provisioning_status: string; provisioning_data: Record<string, unknown>; secret_encrypted: string | null;
  secret_version: number; provisioned_at: unknown; visible_until: unknown; expires_at: unknown; owner_type_c: string; owner_id_c: string;
  created_by: string; created_at: unknown; modified_at: unknown; application_id: string; app_title: string; app_state: string;
  def_title: string; def_schema: unknown; def_provision_schema: unknown; def_policies: Policies;
  owner_name: string | null; owner_is_private: boolean; resource_count: number;
}

const SELECT = sql`
  select c.id, c.title, c.crd_type, c.credential_request_definition_id, c.data, c.state, c.provisioning_state,
    c.provisioning_status, c.provisioning_data, c.secret_encrypted, c.secret_version, c.provisioned_at, c.visible_until,
    c.expires_at, c.owner_type as owner_type_c, c.owner_id as owner_id_c, c.created_by, c.created_at, c.modified_at,
    c.application_id, a.title as app_title, a.state as app_state,
    a.org_id, a.owner_type, a.owner_id, a.owner_context_id, coalesce('private' = any(at.tags), false) as owner_private,
    d.title as def_title, d.schema as def_schema, d.provision_schema as def_provision_schema, d.policies as def_policies,
    case when c.owner_type = 'team' then ot.name else ou.name end as owner_name,
    coalesce('private' = any(coalesce(ot.tags, uct.tags)), false) as owner_is_private,
    (select count(*) from credential_resources cr where cr.credential_id = c.id)::int as resource_count
  from credentials c
    join applications a on a.id = c.application_id
    left join teams at on a.owner_type = 'team' and at.id = a.owner_id
    left join teams uct on a.owner_type = 'user' and uct.id = a.owner_context_id
    join credential_request_definitions d on d.id = c.credential_request_definition_id
    left join teams ot on c.owner_type = 'team' and ot.id = c.owner_id
    left join users ou on c.owner_type = 'user' and ou.id = c.owner_id`;

/** canSee of rights.ts, as SQL over the `a` and `at` aliases above. */
function seenBy(caller: Caller): SQL {
  return sql`a.org_id = ${caller.orgId} and case when a.owner_type = 'user' then a.owner_id = ${caller.userId}
    else not coalesce('private' = any(at.tags), false) or a.owner_id = any(${textArray(caller.teams.map((t) => t.guid))}) end`;
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));

export function factsOf(row: CredentialRow): CredentialFacts {
  return {
    state: row.state as CredentialFacts['state'],
    provisioningState: row.provisioning_state as CredentialFacts['provisioningState'],
    provisioningStatus: row.provisioning_status as CredentialFacts['provisioningStatus'],
    renewable: row.def_policies?.renewable === true,
    suspendable: row.def_policies?.suspendable === true,
    expiresAt: dateOrNull(row.expires_at),
    visibleUntil: dateOrNull(row.visible_until),
  };
}

/** The API's Credential; `secret` (decrypted values) only from the decrypt call. */
export function toCredential(row: CredentialRow, now: Date, secret?: Record<string, string>): Credential {
  const { error, ...provisioned } = row.provisioning_data ?? {};
  const self = `${API_BASE}/credentials/${row.id}`;
  const visible = canViewSecret(factsOf(row), now) && row.secret_encrypted !== null;
  const visibleUntil = dateOrNull(row.visible_until);
  const expiresAt = dateOrNull(row.expires_at);
  const crdType = row.crd_type as Credential['crdType'];
  return {
    id: row.id, title: row.title, state: row.state as Credential['state'], crdType,
    credentialRequestDefinition: { crdId: { id: row.credential_request_definition_id }, crdType, title: row.def_title },
    data: row.data, schema: row.def_schema,
    metadata: { createdAt: iso(row.created_at), modifiedAt: iso(row.modified_at), createUserId: row.created_by },
    application: { id: row.application_id, title: row.app_title },
    owner: {
      type: row.owner_type_c as 'team' | 'user', id: row.owner_id_c,
      contextId: row.owner_type_c === 'user' && row.owner_type === 'user' && row.owner_id === row.owner_id_c ? row.owner_context_id : null,
      name: row.owner_name, private: row.owner_is_private === true,
    },
    provisioning: {
      state: row.provisioning_state as 'active' | 'inactive', status: row.provisioning_status as Credential['provisioning']['status'],
      data: { ...provisioned, ...(secret ?? {}) }, schema: row.def_provision_schema,
      provisionedAt: dateOrNull(row.provisioned_at),
      policies: {
        renewable: row.def_policies?.renewable === true, suspendable: row.def_policies?.suspendable === true,
        visibility: visibleUntil ? { time: visibleUntil } : null, expiry: expiresAt ? { time: expiresAt } : null,
      },
      error: row.provisioning_status === 'error' && typeof error === 'string' ? error : null,
    },
    resources: { totalCount: Number(row.resource_count) },
    links: { self, ...(visible ? { decrypt: `${self}?decrypt=true` } : {}) },
    ...(crdType === 'OAuth' ? { tokenUrl: TOKEN_PATH } : {}),
  };
}

/** The credential if the caller sees it; 404 otherwise (another organisation's included). Every
 * credential route needs the list's role first (a Subscriber-only user reads no secret by id). */
export async function loadCredential(db: Db, caller: Caller, id: string): Promise<CredentialRow> {
  assertMayList(caller);
  const row = await one<CredentialRow>(db, sql`${SELECT} where c.id = ${id} and a.org_id = ${caller.orgId}`);
  if (!row || !canSee(caller, row)) throw notFound('The credential');
  return row;
}

/** Spec 2 §6: the lists are for the Administrator role or a consumer; so is every other credential
 * route (read by id, decrypt, policies, resources, actions, create, the definitions). */
export function assertMayList(caller: Caller): asserts caller is Caller & { userId: string; orgId: string } {
  assertSignedIn(caller);
  if (!isConsumer(roleSession(caller))) throw forbidden('Credentials need the Administrator or Consumer role.');
}

const SORTS: Record<string, SQL> = {
  '+title': sql`lower(c.title) asc, c.id`,
  '-title': sql`lower(c.title) desc, c.id`,
  '+provisioning.policies.expiry.time': sql`c.expires_at asc nulls last, c.id`,
  '-provisioning.policies.expiry.time': sql`c.expires_at desc nulls last, c.id`,
};

const DISPLAY_STATE: Record<string, SQL> = {
  pending: sql`c.provisioning_status = 'pending'`,
  active: sql`c.provisioning_status <> 'pending' and c.state = 'active'`,
  inactive: sql`c.provisioning_status <> 'pending' and c.state = 'inactive'`,
};

export async function listCredentials(db: Db, caller: Caller, q: CredentialsQuery, now: Date): Promise<{ items: Credential[]; totalCount: number }> {
  assertMayList(caller);
  const inResources = (cond: SQL) => sql`exists (select 1 from credential_resources cr join asset_resources r on r.id = cr.asset_resource_id
    join product_versions v on v.id = r.product_version_id where cr.credential_id = c.id and ${cond})`;
  const where = and([
    seenBy(caller),
    q.resource && inResources(sql`r.id = ${q.resource}`),
    q.version && inResources(sql`v.id = ${q.version}`),
    q.product && inResources(sql`v.product_id = ${q.product}`),
    q.application?.length && sql`c.application_id = any(${textArray(q.application)})`,
    q.id?.length && sql`c.id = any(${textArray(q.id)})`,
    q.search && (q.searchInAppName
      ? sql`(strpos(lower(c.title), lower(${q.search})) > 0 or strpos(lower(a.title), lower(${q.search})) > 0)`
      : sql`strpos(lower(c.title), lower(${q.search})) > 0`),
    q.status?.length && sql`c.provisioning_status = any(${textArray(q.status)})`,
    q.state?.length && sql`(${sql.join(q.state.map((s) => sql`(${DISPLAY_STATE[s]!})`), sql` or `)})`,
    q.expiryStart && sql`c.expires_at >= ${new Date(q.expiryStart)}`,
    q.expiryEnd && sql`c.expires_at <= ${new Date(q.expiryEnd)}`,
  ]);
  const found = await rows<CredentialRow>(db, sql`${SELECT} where ${where}
    order by ${SORTS[q.sort ?? '+title']!} limit ${q.limit ?? 10} offset ${q.offset ?? 0}`);
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from credentials c join applications a on a.id = c.application_id
    left join teams at on a.owner_type = 'team' and at.id = a.owner_id where ${where}`);
  return { items: found.map((r) => toCredential(r, now)), totalCount: Number(count?.n ?? 0) };
}

/** GET /credentials/{id}(?decrypt=true): the secret only inside its visibility window. */
export async function getCredential(app: FastifyInstance, caller: Caller, id: string, decrypt: boolean): Promise<Credential> {
  const row = await loadCredential(app.db, caller, id);
  const now = app.clock.now();
  if (!decrypt) return toCredential(row, now);
  if (!canViewSecret(factsOf(row), now)) {
    throw conflict('decrypt', 'The secret can no longer be viewed: it is shown only while the credential is provisioned and inside its visibility window.');
  }
  // MutualTLS holds nothing secret: its certificate and fingerprint are always shown.
  if (!row.secret_encrypted) return toCredential(row, now);
  const box = await credentialsRuntime(app.db, app.credentialsOptions).box();
  return toCredential(row, now, box.open(row.secret_encrypted));
}

/** The resources a credential is for, paged (spec 2 §2: nested table, sorted by name). */
export async function credentialResourcesOf(db: Db, caller: Caller, id: string, page: number, pageSize: number, sort: string) {
  await loadCredential(db, caller, id);
  const order = sort === '-title' ? sql`lower(r.title) desc, r.id` : sql`lower(r.title) asc, r.id`;
  const found = await rows<{
    id: string; title: string; type: string; version: string; product_id: string; product_title: string; product_version_id: string;
    stage_id: string | null; stage_title: string | null; status: string | null; total: number;
  }>(db, sql`select r.id, r.title, r.type, r.version, p.id as product_id, p.title as product_title, r.product_version_id,
      s.id as stage_id, s.title as stage_title, r.status, count(*) over ()::int as total
    from credential_resources cr join asset_resources r on r.id = cr.asset_resource_id
      join product_versions v on v.id = r.product_version_id join products p on p.id = v.product_id
      left join stages s on s.id = r.stage_id
    where cr.credential_id = ${id} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`);
  let totalCount = Number(found[0]?.total ?? 0);
  if (!found.length) {
    const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from credential_resources where credential_id = ${id}`);
    totalCount = Number(c?.n ?? 0);
  }
  return {
    items: found.map((r) => ({
      id: r.id, title: r.title, type: r.type, version: r.version, product: { id: r.product_id, title: r.product_title },
      productVersionId: r.product_version_id, stage: r.stage_id ? { id: r.stage_id, title: r.stage_title ?? '' } : null, status: r.status,
    })),
    totalCount,
  };
}

interface DefinitionRow { id: string; title: string; crd_type: string; schema: unknown; provision_schema: unknown; policies: Policies }

export function toDefinition(d: DefinitionRow) {
  return {
    id: d.id, title: d.title, crdType: d.crd_type as Credential['crdType'], schema: d.schema, provisionSchema: d.provision_schema,
    policies: {
      renewable: d.policies?.renewable === true, suspendable: d.policies?.suspendable === true,
      expiryDays: typeof d.policies?.expiryDays === 'number' ? d.policies.expiryDays : null, visibilityMs: Number(d.policies?.visibilityMs ?? 0),
    },
  };
}

export async function definitionsOf(db: Db, ids: readonly string[]): Promise<DefinitionRow[]> {
  if (!ids.length) return [];
  return rows<DefinitionRow>(db, sql`select id, title, crd_type, schema, provision_schema, policies from credential_request_definitions
    where id = any(${textArray(ids)}) order by title, id`);
}

/** POST /applications/{id}/credentials. */
export async function createCredential(app: FastifyInstance, caller: Caller, applicationId: string, body: CredentialCreate): Promise<Credential> {
  assertMayList(caller);
  const db = app.db;
  const application = await one<OwnedRow & { id: string; state: string }>(db, sql`
    select a.id, a.state, a.org_id, a.owner_type, a.owner_id, a.owner_context_id, coalesce('private' = any(t.tags), false) as owner_private
    from applications a left join teams t on a.owner_type = 'team' and t.id = a.owner_id
    where a.id = ${applicationId} and a.org_id = ${caller.orgId}`);
  if (!application || !canSee(caller, application)) throw notFound('The application');
  if (!canUse(caller, application)) throw forbidden('You are not allowed to create a credential for this application.');
  if (application.state !== 'active') throw conflict('application', 'Credentials can be created only for an active application.');
  const title = body.title.trim();
  if (!title) throw badRequest('title', 'The name is required.');
  if (title.length >= NAME_MAX_LENGTH) throw badRequest('title', `The name must be shorter than ${NAME_MAX_LENGTH} characters.`);

  const definitionId = body.credentialRequestDefinition.crdId.id;
  const [definition] = await definitionsOf(db, [definitionId]);
  if (!definition) throw badRequest('credentialRequestDefinition.crdId.id', `No credential request definition ${definitionId}.`);
  if (definition.crd_type !== body.credentialRequestDefinition.crdType) {
    throw badRequest('credentialRequestDefinition.crdType', `The definition ${definitionId} is of type ${definition.crd_type}.`);
  }
  // Resources with an approved access request of the application that offer this definition.
  const approved = await rows<{ id: string; crd_ids: string[] }>(db, sql`
    select r.id, r.credential_request_definition_ids as crd_ids from access_requests q join asset_resources r on r.id = q.asset_resource_id
    where q.application_id = ${applicationId} and q.approval_state = 'approved'`);
  const offering = approved.filter((r) => (r.crd_ids ?? []).includes(definitionId)).map((r) => r.id);
  let resourceIds: string[];
  if (body.resources?.length) {
    resourceIds = [...new Set(body.resources.map((r) => r.id))];
    for (const [i, id] of resourceIds.entries()) {
      if (!approved.some((r) => r.id === id)) throw conflict(`resources.${i}`, `The application has no approved access request for the resource ${id}.`);
      if (!offering.includes(id)) throw badRequest('credentialRequestDefinition.crdId.id', `The resource ${id} does not offer this type of credential.`);
    }
  } else {
    resourceIds = offering;
    if (!resourceIds.length) throw conflict('resources', 'The application has no approved access to a resource offering this type of credential.');
  }
  const data = body.data ?? {};
  assertValid(definition.schema, data);
  const owner = await ownerOf(db, caller, application, body.owner);
  await assertAvailable(db, definition.crd_type, data);

  const id = `cred-${randomUUID()}`;
  const now = app.clock.now();
  const expiryDays = toDefinition(definition).policies.expiryDays;
  const expiresAt = expiryDays === null ? null : new Date(now.getTime() + expiryDays * DAY_MS);
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    // Its owners are told before it expires (server/src/notifications).
    await scheduleExpiryNotices(w, id, expiresAt, now);
    await w.insert(credentials).values({
      id, orgId: caller.orgId, applicationId, title, credentialRequestDefinitionId: definitionId, crdType: definition.crd_type, data,
      state: 'active', provisioningState: 'active', provisioningStatus: 'pending', provisioningData: {},
      expiresAt,
      ownerType: owner.type, ownerId: owner.id, createdBy: caller.userId, createdAt: now, modifiedAt: now,
    });
    await w.insert(credentialResources).values(resourceIds.map((assetResourceId) => ({ credentialId: id, assetResourceId })));
    await app.jobs.enqueue(w, PROVISION_JOB, { credentialId: id, secretVersion: 1 }, CREDENTIAL_PROVISION_DELAY_MS);
  });
  return toCredential(await loadCredential(db, caller, id), now);
}

/** The owner asked for (a team of the caller's organisation, or the caller), else the application's. */
async function ownerOf(db: Db, caller: Caller, application: OwnedRow, wanted: CredentialCreate['owner']): Promise<{ type: 'team' | 'user'; id: string }> {
  if (!wanted) return { type: application.owner_type as 'team' | 'user', id: application.owner_id };
  if (wanted.type === 'user') {
    if (wanted.id !== caller.userId) throw badRequest('owner.id', 'A credential can be owned by yourself or by a team.');
    return { type: 'user', id: wanted.id };
  }
  const team = await one<{ id: string }>(db, sql`select id from teams where id = ${wanted.id} and org_id = ${caller.orgId}`);
  if (!team) throw badRequest('owner.id', `No team ${wanted.id} in your organisation.`);
  if (!isConsumer(roleSession(caller), wanted.id)) throw forbidden('You have no consumer right in that team.');
  return { type: 'team', id: wanted.id };
}

/** HTTPBasic usernames and client certificates identify a caller: one credential each. */
async function assertAvailable(db: Db, crdType: string, data: Record<string, unknown>): Promise<void> {
  let key: string | null = null;
  let parameter = 'data';
  if (crdType === 'HTTPBasic') {
    key = lookupKeys.basic(String(data.username ?? ''));
    parameter = 'data.username';
  } else if (crdType === 'MutualTLS') {
    const cert = certificateFingerprint(String(data.certificate ?? ''));
    if (!cert) throw badRequest('data.certificate', 'data.certificate must be a PEM X.509 certificate (-----BEGIN CERTIFICATE-----).');
    key = lookupKeys.mtls(cert.fingerprint);
    parameter = 'data.certificate';
  }
  if (!key) return;
  const taken = await one<{ id: string }>(db, sql`select id from credentials where lookup_key = ${key}
    or (crd_type = ${crdType} and provisioning_status = 'pending' and ${crdType === 'HTTPBasic' ? sql`data->>'username' = ${String(data.username ?? '')}` : sql`data->>'certificate' = ${String(data.certificate ?? '')}`})`);
  if (taken) throw conflict(parameter, crdType === 'HTTPBasic' ? 'This username is already used by another credential.' : 'This certificate is already used by another credential.');
}

/** The actions of spec 2 §4 (POST /credentials/{id}/{action}); delete is DELETE /credentials/{id}. */
export async function applyAction(app: FastifyInstance, caller: Caller, id: string, action: CredentialAction, title?: string): Promise<Credential> {
  const db = app.db;
  const row = await loadCredential(db, caller, id);
  if (!canUse(caller, row)) throw forbidden(`You are not allowed to ${action} this credential.`);
  const now = app.clock.now();
  const block = actionBlock(action, factsOf(row), now);
  if (block) throw new ApiError(409, 'Conflict', ACTION_BLOCK_TEXT[block], action);
  const mine = both(eq(credentials.id, id), eq(credentials.secretVersion, row.secret_version));
  switch (action) {
    case 'renew': {
      const days = row.def_policies?.expiryDays;
      const expiresAt = typeof days === 'number' ? new Date(now.getTime() + days * DAY_MS) : null;
      await db.transaction(async (tx) => {
        const w = tx as unknown as Db;
        await w.update(credentials).set({ expiresAt, modifiedAt: now }).where(mine);
        // The notices of the new expiry; those of the old one find it changed and do nothing.
        await scheduleExpiryNotices(w, id, expiresAt, now);
      });
      break;
    }
    case 'suspend':
      await db.transaction(async (tx) => {
        const w = tx as unknown as Db;
        await w.update(credentials).set({ state: 'inactive', provisioningState: 'inactive', modifiedAt: now }).where(mine);
        await recordNotification(w, 'credential.suspended', id, now);
      });
      break;
    case 'enable':
      await db.update(credentials).set({ state: 'active', provisioningState: 'active', modifiedAt: now }).where(mine);
      break;
    case 'rotate': {
      const newTitle = (title ?? '').trim();
      if (!newTitle) throw badRequest('title', 'The new name is required.');
      if (newTitle.length >= NAME_MAX_LENGTH) throw badRequest('title', `The name must be shorter than ${NAME_MAX_LENGTH} characters.`);
      const version = row.secret_version + 1;
      await db.transaction(async (tx) => {
        const w = tx as unknown as Db;
        // The old secret stops working now: no lookup key, no hash, until the job provisions the new one.
        await w.update(credentials).set({
          // The old key is kept aside: its calls are refused as "rotated", attributed to this credential.
          title: newTitle, secretVersion: version, provisioningStatus: 'pending', previousLookupKey: sql`coalesce(${credentials.lookupKey}, ${credentials.previousLookupKey})`,
          lookupKey: null, secretHash: null, secretEncrypted: null,
          visibleUntil: null, modifiedAt: now,
        }).where(mine);
        await app.jobs.enqueue(w, PROVISION_JOB, { credentialId: id, secretVersion: version }, CREDENTIAL_PROVISION_DELAY_MS);
      });
      break;
    }
    case 'delete':
      await db.transaction(async (tx) => {
        const w = tx as unknown as Db;
        await w.update(credentials).set({ state: 'deleting', lookupKey: null, modifiedAt: now }).where(eq(credentials.id, id));
        await app.jobs.enqueue(w, DELETE_JOB, { credentialId: id }, CREDENTIAL_DELETE_DELAY_MS);
      });
      break;
  }
  credentialsRuntime(db, app.credentialsOptions).lookup.evict(id);
  return toCredential(await loadCredential(db, caller, id), now);
}
