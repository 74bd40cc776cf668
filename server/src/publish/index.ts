// Publishing: a specification file becomes a product with one version, one asset resource
// holding the document and a default free plan — the path a provider takes to publish a real API.
// Everything is written in one transaction, so a failure leaves nothing behind.
import { eq, inArray, like, or } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import * as schema from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { detectSpecification, type DetectedSpec, type ResourceType } from './detect.ts';
import { freePlanRows, overviewFromSpec, resourceRow, slugify, summary, TRANSACTIONS_UNIT } from './rows.ts';
import type { Writer } from './batch.ts';
import { indexSpecification } from '../spec/store.ts';

export { detectSpecification, RESOURCE_TYPES, type DetectedSpec, type ResourceType } from './detect.ts';
export { resourceRow, overviewFromSpec, freePlanRows, slugify, summary } from './rows.ts';
export { insertMany, type Writer } from './batch.ts';

export const VISIBILITIES = ['unrestricted', 'authenticated', 'restricted', 'restrictedExcluded', 'restrictedTags'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface PublishOptions {
  /** Product id; default `prod-<slug of the title>`, made unique. */
  id?: string;
  title?: string;
  description?: string;
  tags?: string[];
  categoryIds?: string[];
  stageId?: string;
  visibility?: Visibility;
  visibilityTeamIds?: string[];
  visibilityTeamTags?: string[];
  ownerTeamId?: string;
  contact?: Record<string, unknown>;
  /** Create the default free plan (default true). */
  plan?: boolean;
}

export interface PublishInput {
  /** The specification text as read from the file. */
  content: string;
  /** The file's name: helps recognise SDL and proto files and names untitled ones. */
  fileName?: string;
  /** Force a type instead of detecting it. */
  type?: ResourceType;
  options?: PublishOptions;
}

export interface Published {
  productId: string;
  versionId: string;
  resourceId: string;
  planId: string | null;
  title: string;
  type: ResourceType;
}

export async function publishProduct(db: Db, input: PublishInput): Promise<Published> {
  const spec = detectSpecification(input.content, input.fileName, input.type);
  const o = input.options ?? {};
  if (o.visibility && !VISIBILITIES.includes(o.visibility)) {
    throw badRequest('visibility', `Visibility must be one of ${VISIBILITIES.join(', ')}.`);
  }
  return db.transaction(async (tx) => {
    await checkReferences(tx, o);
    const productId = o.id ?? (await uniqueProductId(tx, `prod-${slugify(o.title ?? spec.title)}`));
    if (o.id && (await tx.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.id, o.id))).length) {
      throw badRequest('id', `A product with id "${o.id}" already exists.`);
    }
    const rows = publishedRows(input.content, spec, productId, o);
    await tx.insert(schema.units).values(TRANSACTIONS_UNIT).onConflictDoNothing();
    await tx.insert(schema.products).values(rows.product);
    if (rows.categories.length) await tx.insert(schema.productCategories).values(rows.categories);
    await tx.insert(schema.productVersions).values(rows.version);
    await tx.insert(schema.assetResources).values(rows.resource);
    await indexSpecification(tx as unknown as Db, rows.resource.id);
    if (rows.plan) {
      await tx.insert(schema.plans).values(rows.plan.plan);
      await tx.insert(schema.quotas).values(rows.plan.quota);
    }
    return {
      productId, versionId: rows.version.id, resourceId: rows.resource.id,
      planId: rows.plan?.plan.id ?? null, title: rows.product.title, type: spec.type,
    };
  });
}

/** The rows of a published product, without writing them (the seed batches many). */
export function publishedRows(content: string, spec: DetectedSpec, productId: string, o: PublishOptions = {}, at = new Date()) {
  const slug = productId.replace(/^prod-/, '');
  const title = o.title ?? spec.title;
  const versionId = `${productId}-v${slugify(spec.version)}`;
  const product: typeof schema.products.$inferInsert = {
    id: productId,
    name: slugify(title),
    title,
    description: o.description ?? (summary(spec.description) || `${title} ${spec.version}`),
    tags: o.tags ?? spec.tags.slice(0, 10),
    visibility: o.visibility ?? 'unrestricted',
    visibilityTeamIds: o.visibilityTeamIds ?? [],
    visibilityTeamTags: o.visibilityTeamTags ?? [],
    ownerTeamId: o.ownerTeamId ?? null,
    contact: o.contact ?? {},
    lastVersionCreatedAt: at,
    createdAt: at,
    modifiedAt: at,
  };
  const version: typeof schema.productVersions.$inferInsert & { id: string } = {
    id: versionId, productId, label: spec.version, value: spec.version, state: 'active', status: 'success',
    overview: overviewFromSpec(spec), createdAt: at,
  };
  const resource = resourceRow(content, spec, {
    id: `res-${slug}-${slugify(spec.version)}`, productVersionId: versionId, stageId: o.stageId ?? null, modifiedAt: at,
  }) as typeof schema.assetResources.$inferInsert & { id: string };
  const categories = (o.categoryIds ?? []).map((categoryId) => ({ productId, categoryId }));
  const plan = o.plan === false ? null : freePlanRows(productId);
  return { product, version, resource, categories, plan };
}

async function checkReferences(tx: Writer, o: PublishOptions): Promise<void> {
  const categoryIds = [...new Set(o.categoryIds ?? [])];
  if (categoryIds.length) {
    const found = await tx.select({ id: schema.categories.id }).from(schema.categories).where(inArray(schema.categories.id, categoryIds));
    const missing = categoryIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest('category', `No category with id ${missing.map((m) => `"${m}"`).join(', ')}.`);
  }
  if (o.stageId) {
    const found = await tx.select({ id: schema.stages.id }).from(schema.stages).where(eq(schema.stages.id, o.stageId));
    if (!found.length) throw badRequest('stage', `No stage with id "${o.stageId}".`);
  }
  const teamIds = [...(o.visibilityTeamIds ?? []), ...(o.ownerTeamId ? [o.ownerTeamId] : [])];
  if (teamIds.length) {
    const found = await tx.select({ id: schema.teams.id }).from(schema.teams).where(inArray(schema.teams.id, teamIds));
    const missing = teamIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw badRequest('team', `No team with id ${missing.map((m) => `"${m}"`).join(', ')}.`);
  }
}

/** `base`, or `base-2`, `base-3`… whichever is free. */
async function uniqueProductId(tx: Writer, base: string): Promise<string> {
  const taken = new Set((await tx.select({ id: schema.products.id }).from(schema.products)
    .where(or(eq(schema.products.id, base), like(schema.products.id, `${base}-%`)))).map((r) => r.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
