// Access requests (registrations, spec 2 §3, §4, §7): one resource of a subscribed product
// registered to an application, approved at once or by a provider Administrator per its access
// request definition, with its history (requested, then approved or rejected with the reason).
// Who sees them: the consumers of the caller's organisation (Administrator or Consumer, private
// applications to their user only), and provider Administrators every organisation's (the
// provider owns every product). Objects one cannot see are 404; a consumer deciding is 403.
import { recordNotification } from '../notifications/notify.ts';
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { accessRequests } from '../db/schema.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { and, iso, one, rows, textArray } from '../catalogue/sql.ts';
import { latestVersionOf, planCovers } from '../catalogue/resources.ts';
import { productVisible } from '../catalogue/visibility.ts';
import type { AccessRequest, AccessRequestCreate, AccessRequestsQuery } from '../schemas/accessRequests.ts';
import { assertValid } from '../validate.ts';
import { ACCESS_REQUESTS_PAGE_SIZE, NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';
import { accessRequestTitle } from '../../../src/rules/wizard.ts';
import { appVisible, findApplication } from '../applications/applications.ts';
import { assertConsumer, canUse, isProviderAdministrator } from '../applications/rights.ts';
import { assertSignedIn } from '../context.ts';
import { PAY_INVOICE_FIRST, pendingInvoiceOf } from '../billing/invoices.ts';
import { checkoutLink } from '../billing/billing.ts';

export const ALREADY_REGISTERED = 'resource already registered to the application';

interface StoredHistory { type: 'requested' | 'approved' | 'rejected'; at: string; userId: string | null; reason?: string | null }

/** The access requests the caller may see, or 401/403 for who may see none. */
function scope(caller: Caller): SQL {
  assertSignedIn(caller);
  if (isProviderAdministrator(caller)) return sql`true`;
  assertConsumer(caller);
  return sql`r.org_id = ${caller.orgId} and ${appVisible(caller, 'a')}`;
}

const FROM = sql`access_requests r join applications a on a.id = r.application_id join subscriptions s on s.id = r.subscription_id
  join products p on p.id = r.product_id join asset_resources ar on ar.id = r.asset_resource_id
  left join stages st on st.id = ar.stage_id left join access_request_definitions ard on ard.id = ar.access_request_definition_id
  join organisations o on o.id = a.org_id
  left join application_profiles apf on apf.application_id = r.application_id and apf.definition_id = ard.application_profile_definition_id
  left join application_profile_definitions apdd on apdd.id = apf.definition_id`;

const SELECT = sql`select r.id, r.title, r.application_id, a.title as application_title, a.org_id, a.owner_type, a.owner_id, a.owner_context_id,
  (a.owner_type = 'user' or exists (select 1 from teams pt where pt.id = a.owner_id and 'private' = any(pt.tags))) as owner_private,
  r.subscription_id, s.title as subscription_title, s.state as subscription_state, r.product_id, p.title as product_title, r.product_version_id,
  ar.id as resource_id, ar.title as resource_title, ar.type as resource_type, ar.stage_id, st.title as stage_title, ar.status as resource_status,
  ar.access_request_definition_id as ard_id, ard.schema as ard_schema, ard.application_profile_definition_id as apd_id,
  (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'crdType', c.crd_type) order by c.title), '[]'::json)
    from credential_request_definitions c where c.id = any(ar.credential_request_definition_ids)) as crds,
  (r.product_version_id = ${latestVersionOf(sql`r.product_id`)}) as is_latest,
  r.approval_state, r.approval_reason, r.data, r.provisioning_status, r.provisioning_data, r.history, r.created_at, r.modified_at,
  o.name as org_name, apf.id as profile_id, apdd.title as profile_title, apdd.schema as profile_schema, apf.data as profile_data`;

type Row = Record<string, unknown> & { id: string; org_id: string; owner_type: string; owner_id: string; owner_context_id: string | null; owner_private: boolean; approval_state: string; history: StoredHistory[] };

async function userNames(db: Db, found: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(found.flatMap((r) => (r.history ?? []).map((h) => h.userId)).filter((id): id is string => !!id))];
  if (!ids.length) return new Map();
  const names = await rows<{ id: string; name: string }>(db, sql`select id, name from users where id = any(${textArray(ids)})`);
  return new Map(names.map((u) => [u.id, u.name]));
}

function toAccessRequest(caller: Caller, r: Row, names: Map<string, string>): AccessRequest {
  const approved = r.approval_state === 'approved';
  const owned = { org_id: r.org_id, owner_type: r.owner_type, owner_id: r.owner_id, owner_context_id: r.owner_context_id, owner_private: r.owner_private };
  return {
    id: r.id, title: r.title as string,
    application: { id: r.application_id as string, title: r.application_title as string },
    subscription: { id: r.subscription_id as string, title: r.subscription_title as string },
    product: { id: r.product_id as string, title: r.product_title as string, version: { id: r.product_version_id as string } },
    assetResource: {
      id: r.resource_id as string, title: r.resource_title as string, type: r.resource_type as string,
      productVersionId: r.product_version_id as string,
      stage: r.stage_id ? { id: r.stage_id as string, title: (r.stage_title as string | null) ?? '' } : null,
      status: (r.resource_status as string | null) ?? null,
      accessRequestDefinition: r.ard_id ? { id: r.ard_id as string } : null,
      credentialRequestDefinitions: r.crds as AccessRequest['assetResource']['credentialRequestDefinitions'],
      canRequestAccessOrCredential: approved && r.resource_status !== 'deleted' && r.is_latest === true && r.subscription_state === 'active',
    },
    approval: { state: r.approval_state as AccessRequest['approval']['state'], reason: (r.approval_reason as string | null) ?? null },
    metadata: { createdAt: iso(r.created_at), modifiedAt: iso(r.modified_at) },
    schema: r.ard_schema ?? {},
    data: r.data ?? {},
    provisioning: { status: r.provisioning_status as string, schema: {}, data: r.provisioning_data ?? {} },
    applicationProfileDefinition: r.apd_id ? { id: r.apd_id as string } : null,
    organisation: { id: r.org_id, name: r.org_name as string },
    applicationProfile: r.profile_id ? { title: r.profile_title as string, schema: r.profile_schema ?? {}, data: r.profile_data ?? {} } : null,
    history: (r.history ?? []).map((h) => ({
      type: h.type, at: h.at, reason: h.reason ?? null,
      user: h.userId ? { id: h.userId, name: names.get(h.userId) ?? null } : null,
    })),
    rights: {
      approve: isProviderAdministrator(caller) && r.approval_state === 'pending',
      delete: !isProviderAdministrator(caller) && canUse(caller, owned),
    },
  };
}

type ListQuery = Omit<AccessRequestsQuery, 'resourceId'> & { resourceId?: string | undefined };

export async function listAccessRequests(db: Db, caller: Caller, q: ListQuery) {
  const visible = scope(caller);
  const search = q.search?.trim();
  const where = and([
    visible,
    q.productIds?.length && sql`r.product_id = any(${textArray(q.productIds)})`,
    q.subscriptionIds?.length && sql`r.subscription_id = any(${textArray(q.subscriptionIds)})`,
    q.applicationIds?.length && sql`r.application_id = any(${textArray(q.applicationIds)})`,
    q.approvalStates?.length && sql`r.approval_state = any(${textArray(q.approvalStates)})`,
    q.resourceId && sql`r.asset_resource_id = ${q.resourceId}`,
    search && sql`(strpos(lower(r.title), lower(${search})) > 0 or strpos(lower(s.title), lower(${search})) > 0)`,
  ]);
  const limit = q.limit ?? ACCESS_REQUESTS_PAGE_SIZE;
  const order = q.sort === '-name' ? sql`lower(r.title) desc, r.id desc` : sql`lower(r.title) asc, r.id`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where}`);
  const found = limit === 0 ? [] : await rows<Row>(db, sql`${SELECT} from ${FROM} where ${where} order by ${order} limit ${limit} offset ${q.offset ?? 0}`);
  const names = await userNames(db, found);
  return { items: found.map((r) => toAccessRequest(caller, r, names)), totalCount: count?.n ?? 0 };
}

async function findRow(db: Db, caller: Caller, id: string): Promise<Row> {
  const row = await one<Row>(db, sql`${SELECT} from ${FROM} where r.id = ${id} and ${scope(caller)}`);
  if (!row) throw notFound(`Access request ${id}`);
  return row;
}

export async function getAccessRequest(db: Db, caller: Caller, id: string): Promise<AccessRequest> {
  const row = await findRow(db, caller, id);
  return toAccessRequest(caller, row, await userNames(db, [row]));
}

export async function deleteAccessRequest(db: Db, caller: Caller, id: string): Promise<void> {
  const row = await findRow(db, caller, id);
  if (!toAccessRequest(caller, row, new Map()).rights.delete) throw forbidden('Deleting this access request needs the Administrator or Consumer role in the application\'s owning team.');
  await db.delete(accessRequests).where(eq(accessRequests.id, id));
}

/** The provider's decision, while pending; the history gets the decision with its reason and user. */
export async function decide(db: Db, caller: Caller, id: string, body: { state: 'approved' | 'rejected'; reason?: string | undefined }, now: Date): Promise<AccessRequest> {
  const row = await findRow(db, caller, id);
  if (!isProviderAdministrator(caller)) throw forbidden('Only provider Administrators decide access requests.');
  if (row.approval_state !== 'pending') throw conflict('state', `The access request is already ${row.approval_state}: only a pending request can be decided.`);
  const reason = body.reason?.trim() || null;
  const entry: StoredHistory = { type: body.state, at: now.toISOString(), userId: caller.userId, reason };
  // Guarded by the state, so two decisions at once cannot both pass.
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    const updated = await rows<{ id: string }>(w, sql`update access_requests set approval_state = ${body.state}, approval_reason = ${reason},
      decided_at = ${now.toISOString()}::timestamptz, modified_at = ${now.toISOString()}::timestamptz,
      provisioning_status = ${body.state === 'approved' ? 'success' : 'pending'},
      history = history || ${JSON.stringify([entry])}::jsonb where id = ${id} and approval_state = 'pending' returning id`);
    if (!updated.length) throw conflict('state', 'The access request was decided meanwhile.');
    // The requester hears of the decision and its reason (server/src/notifications).
    await recordNotification(w, 'accessRequest.decided', id, now);
  });
  return getAccessRequest(db, caller, id);
}

interface Target {
  product_title: string; latest_id: string | null; resource_title: string | null; resource_status: string | null; resource_state: string | null;
  ard_id: string | null; ard_schema: unknown; ard_approval: string | null; in_version: boolean;
}

/** The wizard lists active resources only (spec 2 §7); a request for another is refused with this. */
export const RESOURCE_NOT_ACTIVE = (state: string) => `The resource is ${state}: access can be requested to active resources only.`;

/** POST /applications/{id}/accessRequests (spec 2 §5, §6): the subscription is the caller's
 * organisation's, active and approved, for this product, its plan covers the resource; the
 * resource is in the product's latest version, not deleted, and needs an access request. */
export async function createAccessRequest(db: Db, caller: Caller, applicationId: string, body: AccessRequestCreate, now: Date) {
  const app = await findApplication(db, caller, applicationId);
  if (!canUse(caller, app)) throw forbidden('Registering resources to this application needs the Administrator or Consumer role in its owning team.');
  if (app.state !== 'active') throw conflict('state', `The application is ${app.state}: resources can be registered to active applications only.`);
  const productId = body.product.id;
  const versionId = body.product.version.id;
  const resourceId = body.assetResource.id;
  const target = await one<Target>(db, sql`select p.title as product_title, ${latestVersionOf(sql`p.id`)} as latest_id,
    ar.title as resource_title, ar.status as resource_status, ar.state as resource_state, ard.id as ard_id, ard.schema as ard_schema, ard.approval as ard_approval,
    (ar.product_version_id = ${versionId}) as in_version
    from products p left join product_versions v on v.product_id = p.id and v.id = ${versionId}
    left join asset_resources ar on ar.id = ${resourceId} and ar.product_version_id = v.id
    left join access_request_definitions ard on ard.id = ar.access_request_definition_id
    where p.id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!target) throw new ApiError(404, 'Not Found', `Product ${productId} was not found.`, 'product.id');
  if (target.latest_id !== versionId) throw badRequest('product.version.id', 'Access can be requested on the latest version of the product only.');
  if (!target.resource_title) throw new ApiError(404, 'Not Found', `Resource ${resourceId} was not found in this version.`, 'assetResource.id');
  if (target.resource_status === 'deleted') throw conflict('assetResource.id', 'The resource was deleted by the provider.');
  if (target.resource_state !== 'active') throw conflict('assetResource.id', RESOURCE_NOT_ACTIVE(target.resource_state ?? 'archived'));
  if (!target.ard_id) throw badRequest('assetResource.id', 'This resource does not need an access request.');

  const sub = await one<{ state: string; approval_state: string; product_id: string; covers: boolean; owner_type: string; owner_id: string; owner_context_id: string | null }>(db,
    sql`select s.state, s.approval_state, s.product_id, s.owner_type, s.owner_id, s.owner_context_id,
      exists (select 1 from asset_resources ar where ar.id = ${resourceId} and ${planCovers('pl', 'ar')}) as covers
      from subscriptions s join plans pl on pl.id = s.plan_id where s.id = ${body.subscription.id} and s.org_id = ${caller.orgId ?? null}::text`);
  if (!sub || (sub.owner_type === 'user' && sub.owner_id !== caller.userId)) {
    throw new ApiError(404, 'Not Found', `Subscription ${body.subscription.id} was not found.`, 'subscription.id');
  }
  if (sub.product_id !== productId) throw badRequest('subscription.id', 'The subscription is not for this product.');
  if (sub.state !== 'active' || sub.approval_state !== 'approved') {
    throw conflict('subscription.id', `The subscription is ${sub.approval_state === 'approved' ? sub.state : sub.approval_state}: access can be requested under an active, approved subscription only.`);
  }
  if (!sub.covers) throw badRequest('assetResource.id', 'The subscription\'s plan does not cover this resource.');
  // Spec 3 §2.1: under a paid plan, an invoice still to be paid blocks access requests.
  const unpaid = await pendingInvoiceOf(db, body.subscription.id);
  if (unpaid) throw new ApiError(409, 'Conflict', PAY_INVOICE_FIRST, 'subscription.id', { about: unpaid.link ?? checkoutLink(unpaid.id) });

  const title = (body.title ?? '').trim() || accessRequestTitle(target.resource_title, target.product_title);
  if (title.length >= NAME_MAX_LENGTH) throw badRequest('title', `title must be fewer than ${NAME_MAX_LENGTH} characters.`);
  const data = body.data ?? {};
  assertValid(target.ard_schema ?? {}, data);

  const duplicate = await one<{ id: string }>(db, sql`select id from access_requests where application_id = ${applicationId} and asset_resource_id = ${resourceId}`);
  if (duplicate) throw conflict('assetResource.id', ALREADY_REGISTERED);

  const automatic = target.ard_approval !== 'manual';
  const at = now.toISOString();
  const history: StoredHistory[] = [{ type: 'requested', at, userId: caller.userId, reason: null }];
  if (automatic) history.push({ type: 'approved', at, userId: null, reason: null });
  const id = `acc-${randomUUID()}`;
  try {
    await db.transaction(async (tx) => {
      const w = tx as unknown as Db;
      await w.insert(accessRequests).values({
        id, orgId: app.org_id, title, applicationId, subscriptionId: body.subscription.id, productId, productVersionId: versionId,
        assetResourceId: resourceId, approvalState: automatic ? 'approved' : 'pending', decidedAt: automatic ? now : null, data,
        provisioningStatus: automatic ? 'success' : 'pending', history, createdBy: caller.userId!, createdAt: now, modifiedAt: now,
      });
      // The provider's approvers hear of a request that waits for them (server/src/notifications).
      if (!automatic) await recordNotification(w, 'accessRequest.pending', id, now);
    });
  } catch (error) {
    for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
      if (e.code === '23505') throw conflict('assetResource.id', ALREADY_REGISTERED);
    }
    throw error;
  }
  return { id, approval: { state: automatic ? 'approved' as const : 'pending' as const } };
}

/** An access request definition, for a signed-in user, when a product they may see uses it. */
export async function getAccessRequestDefinition(db: Db, caller: Caller, id: string, resource?: { productId: string; versionId: string; resourceId: string }) {
  assertSignedIn(caller);
  const where = resource
    ? sql`ar.id = ${resource.resourceId} and ar.product_version_id = ${resource.versionId} and v.product_id = ${resource.productId}`
    : sql`true`;
  const row = await one<{ id: string; title: string; schema: unknown; approval: string; apd_id: string | null }>(db, sql`select ard.id, ard.title,
    ard.schema, ard.approval, ard.application_profile_definition_id as apd_id from access_request_definitions ard
    where ard.id = ${id} and exists (select 1 from asset_resources ar join product_versions v on v.id = ar.product_version_id
      join products p on p.id = v.product_id where ar.access_request_definition_id = ard.id and ${where} and ${productVisible(caller, 'p')})`);
  if (!row) throw notFound(`Access request definition ${id}`);
  return {
    id: row.id, title: row.title, schema: row.schema, approval: row.approval as 'automatic' | 'manual',
    applicationProfileDefinition: row.apd_id ? { id: row.apd_id } : null,
  };
}

/** The nested list under a resource: 404 when the caller cannot see the resource. */
export async function assertResourceVisible(db: Db, caller: Caller, productId: string, versionId: string, resourceId: string): Promise<void> {
  assertSignedIn(caller);
  const row = await one<{ id: string }>(db, sql`select ar.id from asset_resources ar join product_versions v on v.id = ar.product_version_id
    join products p on p.id = v.product_id where ar.id = ${resourceId} and v.id = ${versionId} and p.id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound(`Resource ${resourceId}`);
}
