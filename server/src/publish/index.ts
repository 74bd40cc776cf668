// Publishing: a specification file becomes a product with one version, one asset resource
// holding the document and a default free plan — the path a provider takes to publish a real API.
// Publishing the same description again (same product id, by default from its title) updates
// that product: the same version's resource is replaced, a new version is added.
// Everything is written in one transaction, so a failure leaves nothing behind; the CPU work
// (reading, indexing) is done before it (prepare.ts), in a worker when the server publishes.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import * as schema from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { type DetectedSpec, type ResourceType } from './detect.ts';
import { freePlanRows, overviewFromSpec, resourceRow, slugify, summary, TRANSACTIONS_UNIT, VISIBILITIES, type Visibility } from './rows.ts';
import type { Writer } from './batch.ts';
import { writeSpecIndex } from '../spec/store.ts';
import { byteaValue } from '../db/compressedText.ts';
import { prepareDescription, type Prepared, type SpecFacts } from './prepare.ts';
import { categoriesFor, fileProduct } from './categories.ts';

export { detectSpecification, RESOURCE_TYPES, type DetectedSpec, type ResourceType } from './detect.ts';
export { resourceRow, overviewFromSpec, freePlanRows, slugify, summary } from './rows.ts';
export { insertMany, type Writer } from './batch.ts';
export { prepareDescription, type Prepared } from './prepare.ts';

export { VISIBILITIES, type Visibility } from './rows.ts';

export interface PublishOptions {
  /** Product id; default `prod-<slug of the title>`. An existing product of that id is updated. */
  id?: string;
  title?: string;
  description?: string;
  tags?: string[];
  /** The categories to file it in; default from the description's own categories and tags. */
  categoryIds?: string[];
  stageId?: string;
  visibility?: Visibility;
  visibilityTeamIds?: string[];
  visibilityTeamTags?: string[];
  ownerTeamId?: string;
  contact?: Record<string, unknown>;
  /** Create the default free plan for a new product (default true). */
  plan?: boolean;
  /** The version label; default the description's info.version. */
  version?: string;
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
  /** What was derived or dropped to publish it (also stored on the resource). */
  warnings: string[];
  /** 'created': a new product; 'version': a new version of it; 'replaced': the same version's description replaced. */
  outcome: 'created' | 'version' | 'replaced';
  categoryIds: string[];
}

export function checkOptions(o: PublishOptions): void {
  if (o.visibility && !VISIBILITIES.includes(o.visibility)) {
    throw badRequest('visibility', `Visibility must be one of ${VISIBILITIES.join(', ')}.`);
  }
}

/** Reads and publishes a description in this thread (the seed, tests, the command's single file). */
export async function publishProduct(db: Db, input: PublishInput): Promise<Published> {
  checkOptions(input.options ?? {});
  const prepared = prepareDescription({ content: input.content, fileName: input.fileName, options: { type: input.type, title: input.options?.title } });
  return publishPrepared(db, prepared, input.options);
}

/** Writes a prepared description: a new product, or a new or replaced version of an existing one. */
export async function publishPrepared(db: Db, prepared: Prepared, o: PublishOptions = {}): Promise<Published> {
  checkOptions(o);
  const spec = o.version ? { ...prepared.spec, version: o.version } : prepared.spec;
  return db.transaction(async (tx) => {
    await checkReferences(tx, o);
    const productId = o.id ?? `prod-${slugify(o.title ?? spec.title)}`;
    const [existing] = await tx.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.id, productId));
    const at = new Date();
    const rows = publishedRows('', spec as DetectedSpec, productId, o, at);
    Object.assign(rows.resource, {
      // The text as the worker compressed it, bound as the column's bytes (db/compressedText.ts).
      specification: byteaValue(prepared.stored.bytes), specificationSize: prepared.stored.size, importWarnings: spec.warnings,
      // The description's words, weight D (the row trigger adds the title and summary, migration 0021).
      search: sql`setweight(to_tsvector('english', ${prepared.searchText}), 'D')`,
    });
    let outcome: Published['outcome'] = 'created';
    await tx.insert(schema.units).values(TRANSACTIONS_UNIT).onConflictDoNothing();
    if (!existing) {
      await tx.insert(schema.products).values(rows.product);
    } else {
      const [version] = await tx.select({ id: schema.productVersions.id }).from(schema.productVersions).where(eq(schema.productVersions.id, rows.version.id));
      outcome = version ? 'replaced' : 'version';
      await tx.update(schema.products).set({ modifiedAt: at, ...(version ? {} : { lastVersionCreatedAt: at }) }).where(eq(schema.products.id, productId));
    }
    if (outcome === 'replaced') {
      const { id, productVersionId: _v, ...changes } = rows.resource;
      const updated = await tx.update(schema.assetResources).set({ ...changes, modifiedAt: at })
        .where(and(eq(schema.assetResources.id, id), eq(schema.assetResources.productVersionId, rows.version.id))).returning({ id: schema.assetResources.id });
      if (!updated.length) await tx.insert(schema.assetResources).values(rows.resource);
      await tx.update(schema.productVersions).set({ overview: rows.version.overview }).where(eq(schema.productVersions.id, rows.version.id));
    } else {
      await tx.insert(schema.productVersions).values(rows.version);
      await tx.insert(schema.assetResources).values(rows.resource);
    }
    await writeSpecIndex(tx as unknown as Db, rows.resource.id, prepared.index);
    const categoryIds = existing && !o.categoryIds?.length ? [] : await categoriesFor(tx, { ...spec, tags: prepared.categoryTerms } as DetectedSpec, o.categoryIds);
    await fileProduct(tx, productId, categoryIds);
    const plan = !existing && rows.plan ? rows.plan : null;
    if (plan) {
      await tx.insert(schema.plans).values(plan.plan);
      await tx.insert(schema.quotas).values(plan.quota);
    }
    return {
      productId, versionId: rows.version.id, resourceId: rows.resource.id,
      planId: plan?.plan.id ?? null, title: existing ? (o.title ?? spec.title) : rows.product.title!, type: spec.type,
      warnings: spec.warnings, outcome, categoryIds,
    };
  });
}

/** The rows of a published product, without writing them (the seed batches many). */
export function publishedRows(content: string, spec: DetectedSpec | SpecFacts, productId: string, o: PublishOptions = {}, at = new Date()) {
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
    overview: overviewFromSpec(spec as DetectedSpec), createdAt: at,
  };
  const resource = resourceRow(content, spec as DetectedSpec, {
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
