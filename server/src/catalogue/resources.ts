// Asset resources of a product version (the API specifications), their content and their
// assets, and the catalogue-wide resource list.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { decompressText } from '../db/compressedText.ts';
import { notFound } from '../errors.ts';
import type { AssetResource, AssetResourcesQuery } from '../schemas/catalogue.ts';
import { and, iso, one, rows, textArray } from './sql.ts';
import { callerOrg, liveSubscription, productVisible } from './visibility.ts';
import { assertVersionVisible } from './versions.ts';
import type { Content } from './documents.ts';

const SORTS: Record<string, SQL> = {
  '+title': sql`lower(ar.title) asc, ar.id`,
  '-title': sql`lower(ar.title) desc, ar.id`,
  '-metadata.modifiedAt': sql`ar.modified_at desc, ar.id`,
  '+metadata.modifiedAt': sql`ar.modified_at asc, ar.id`,
};

/** "Plan `pl` covers resource `ar`": a plan without quotas, or with a quota naming no resources,
 * covers every resource of its product; otherwise a quota must name the resource. */
export function planCovers(plan = 'pl', resource = 'ar'): SQL {
  const pl = sql.raw(plan);
  const ar = sql.raw(resource);
  return sql`(not exists (select 1 from quotas cq where cq.plan_id = ${pl}.id) or exists (select 1 from quotas cq
    where cq.plan_id = ${pl}.id and (cardinality(cq.asset_resource_ids) = 0 or ${ar}.id = any(cq.asset_resource_ids))))`;
}

/** The latest version id of product `productId` (an SQL expression). */
export const latestVersionOf = (productId: SQL): SQL =>
  sql`(select lx.id from product_versions lx where lx.product_id = ${productId} order by lx.created_at desc, lx.id desc limit 1)`;

function resourceColumns(caller: Caller): SQL {
  const org = callerOrg(caller);
  return sql`ar.id, ar.title, ar.description, ar.version, ar.type, ar.content_type, ar.state, ar.status,
    ar.stage_id, st.title as stage_title, ar.source_release_state_name, ar.source_release_state_message,
    ar.source_asset_resource_id, ar.asset_id, a.title as asset_title, ar.mutual_tls, ar.read_only, ar.endpoints, ar.import_warnings,
    ar.specification_size, octet_length(ar.specification) = 0 as empty_definition, ar.modified_at, v.product_id, ar.product_version_id,
    ard.id as ard_id, ard.title as ard_title, ard.schema as ard_schema, ard.approval as ard_approval,
    (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'type', c.crd_type) order by c.title), '[]'::json)
      from credential_request_definitions c where c.id = any(ar.credential_request_definition_ids)) as crds,
    (select coalesce(json_agg(json_build_object('id', r.id, 'applicationId', r.application_id, 'applicationTitle', app.title,
        'approvalState', r.approval_state) order by app.title), '[]'::json)
      from access_requests r join applications app on app.id = r.application_id
      where r.asset_resource_id = ar.id and r.org_id = ${org}) as access_infos,
    (ar.product_version_id = ${latestVersionOf(sql`v.product_id`)}) as is_latest,
    exists (select 1 from subscriptions s join plans pl on pl.id = s.plan_id where s.product_id = v.product_id
      and s.org_id = ${org} and s.approval_state = 'approved' and s.state = 'active' and ${planCovers('pl', 'ar')}) as subscribed`;
}

const RESOURCE_FROM = sql`asset_resources ar join product_versions v on v.id = ar.product_version_id
  join products p on p.id = v.product_id left join stages st on st.id = ar.stage_id left join assets a on a.id = ar.asset_id
  left join access_request_definitions ard on ard.id = ar.access_request_definition_id`;

interface Row {
  id: string; title: string; description: string; version: string; type: string; content_type: string; state: string;
  status: string | null; stage_id: string | null; stage_title: string | null; source_release_state_name: string | null;
  source_release_state_message: string | null; source_asset_resource_id: string | null; asset_id: string | null;
  asset_title: string | null; mutual_tls: boolean; read_only: boolean; endpoints: unknown; import_warnings: string[] | null; specification_size: number;
  empty_definition: boolean;
  modified_at: unknown; product_id: string; product_version_id: string; ard_id: string | null; ard_title: string | null;
  ard_schema: unknown; ard_approval: string | null; crds: Array<{ id: string; title: string; type: string }>;
  access_infos: AssetResource['accessInfos']; is_latest: boolean; subscribed: boolean; total?: number;
  product_title?: string;
}

function toResource(r: Row, caller: Caller): AssetResource {
  const requestable = !!r.ard_id || r.crds.length > 0;
  return {
    id: r.id, title: r.title, description: r.description, version: r.version, type: r.type, contentType: r.content_type,
    state: r.state, status: r.status,
    stage: r.stage_id ? { id: r.stage_id, title: r.stage_title ?? '' } : null,
    sourceReleaseStateName: r.source_release_state_name, sourceReleaseStateMessage: r.source_release_state_message,
    sourceAssetResourceId: r.source_asset_resource_id, assetId: r.asset_id, assetTitle: r.asset_title,
    accessRequestDefinition: r.ard_id
      ? { id: r.ard_id, title: r.ard_title ?? '', schema: r.ard_schema ?? {}, approval: r.ard_approval ?? 'automatic' } : null,
    credentialRequestDefinitions: r.crds ?? [],
    accessInfos: r.access_infos ?? [],
    hasEmptyDefinition: r.empty_definition,
    canRequestAccessOrCredential: !!caller.userId && requestable && r.is_latest && r.subscribed && r.status !== 'deleted' && r.state === 'active',
    specificationSize: r.specification_size, mutualTls: r.mutual_tls, readOnly: r.read_only, endpoints: r.endpoints ?? [],
    importWarnings: r.import_warnings ?? [],
    productId: r.product_id, productVersionId: r.product_version_id, metadata: { modifiedAt: iso(r.modified_at) },
  };
}

export async function listAssetResources(db: Db, caller: Caller, productId: string, versionId: string, q: AssetResourcesQuery) {
  await assertVersionVisible(db, caller, productId, versionId);
  const org = callerOrg(caller);
  const search = q.search?.trim();
  const where = and([
    sql`ar.product_version_id = ${versionId}`,
    q['assetResource.with.access.request'] !== undefined
      && sql`ar.access_request_definition_id is ${sql.raw(q['assetResource.with.access.request'] ? 'not null' : 'null')}`,
    q['assetResource.with.credential.request.def'] !== undefined
      && sql`${sql.raw(q['assetResource.with.credential.request.def'] ? '' : 'not')} (cardinality(ar.credential_request_definition_ids) > 0)`,
    q['assetResource.asset.id']?.length && sql`ar.asset_id = any(${textArray(q['assetResource.asset.id'])})`,
    q['assetResource.state']?.length && sql`ar.state = any(${textArray(q['assetResource.state'])})`,
    q['subscription.id'] && sql`exists (select 1 from subscriptions s join plans pl on pl.id = s.plan_id
      where s.id = ${q['subscription.id']} and s.org_id = ${org} and s.product_id = v.product_id and ${liveSubscription('s')}
      and ${planCovers('pl', 'ar')})`,
    q['source.assetResource.id'] && sql`ar.source_asset_resource_id = ${q['source.assetResource.id']}`,
    search && sql`(ar.search @@ websearch_to_tsquery('english', ${search}) or strpos(lower(ar.title), lower(${search})) > 0)`,
  ]);
  return listResourcesWhere(db, caller, where, q);
}

/** One page of resources matching `where` (over RESOURCE_FROM), with the total. */
export async function listResourcesWhere(db: Db, caller: Caller, where: SQL,
  q: { limit?: number | undefined; offset?: number | undefined; sort?: string | undefined }) {
  const limit = q.limit ?? 10;
  const found = limit === 0 ? [] : await rows<Row>(db, sql`select ${resourceColumns(caller)}, count(*) over ()::int as total
    from ${RESOURCE_FROM} where ${where} order by ${SORTS[q.sort ?? '+title']!} limit ${limit} offset ${q.offset ?? 0}`);
  const totalCount = found[0]?.total
    ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from ${RESOURCE_FROM} where ${where}`))?.n ?? 0;
  return { items: found.map((r) => toResource(r, caller)), totalCount };
}

export async function getAssetResource(db: Db, caller: Caller, productId: string, versionId: string, resourceId: string): Promise<AssetResource> {
  await assertVersionVisible(db, caller, productId, versionId);
  const row = await one<Row>(db, sql`select ${resourceColumns(caller)} from ${RESOURCE_FROM}
    where ar.id = ${resourceId} and ar.product_version_id = ${versionId}`);
  if (!row) throw notFound('Resource');
  return toResource(row, caller);
}

const EXTENSIONS: Array<[RegExp, string]> = [
  [/json/, 'json'], [/yaml|yml/, 'yaml'], [/graphql/, 'graphql'], [/wsdl/, 'wsdl'], [/xml/, 'xml'], [/proto/, 'proto'],
];

/** The specification as stored, with its content type and a file name for downloads. */
export async function resourceData(db: Db, caller: Caller, productId: string, versionId: string, resourceId: string): Promise<Content> {
  await assertVersionVisible(db, caller, productId, versionId);
  const row = await one<{ title: string; type: string; content_type: string; specification: Uint8Array }>(db, sql`
    select ar.title, ar.type, ar.content_type, ar.specification from asset_resources ar
    where ar.id = ${resourceId} and ar.product_version_id = ${versionId}`);
  if (!row) throw notFound('Resource');
  const ext = EXTENSIONS.find(([re]) => re.test(row.content_type))?.[1]
    ?? (row.type === 'graphql' ? 'graphql' : row.type === 'protobuf' ? 'proto' : row.type === 'wsdl' ? 'wsdl' : 'txt');
  const base = row.title.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'specification';
  return { contentType: row.content_type, fileName: `${base}.${ext}`, body: decompressText(row.specification) };
}

export async function listAssets(db: Db, caller: Caller, productId: string, versionId: string) {
  await assertVersionVisible(db, caller, productId, versionId);
  const found = await rows<{ id: string; title: string; description: string; total: number; with_ar: number }>(db, sql`
    select a.id, a.title, a.description, count(*)::int as total, count(ar.access_request_definition_id)::int as with_ar
    from asset_resources ar join assets a on a.id = ar.asset_id where ar.product_version_id = ${versionId}
    group by a.id, a.title, a.description order by lower(a.title), a.id`);
  return {
    items: found.map((a) => ({ id: a.id, title: a.title, description: a.description,
      assetResources: { totalCount: a.total, withAccessRequest: a.with_ar } })),
    totalCount: found.length,
  };
}

/** Resources of the latest version of every product the caller may see. */
export async function listCatalogueResources(db: Db, caller: Caller,
  q: { limit?: number | undefined; offset?: number | undefined; type?: string[] | undefined; query?: string | undefined; sort?: string | undefined }) {
  const text = q.query?.trim();
  const where = and([
    productVisible(caller, 'p'),
    sql`v.id = ${latestVersionOf(sql`p.id`)}`,
    q.type?.length && sql`ar.type = any(${textArray(q.type)})`,
    text && sql`(ar.search @@ websearch_to_tsquery('english', ${text}) or strpos(lower(ar.title), lower(${text})) > 0)`,
  ]);
  const found = await rows<Row>(db, sql`select ${resourceColumns(caller)}, p.title as product_title, count(*) over ()::int as total
    from ${RESOURCE_FROM} where ${where} order by ${SORTS[q.sort ?? '+title']!} limit ${q.limit ?? 10} offset ${q.offset ?? 0}`);
  const totalCount = found[0]?.total
    ?? (await one<{ n: number }>(db, sql`select count(*)::int as n from ${RESOURCE_FROM} where ${where}`))?.n ?? 0;
  return {
    items: found.map((r) => ({ ...toResource(r, caller), product: { id: r.product_id, title: r.product_title ?? '', versionId: r.product_version_id } })),
    totalCount,
  };
}
