// The rows a published API becomes: product, version, asset resource, default free plan.
// The import command and the demo seed build their rows here so both store the same shapes.
import type * as schema from '../db/schema.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../src/rules/constants.ts';
import type { DetectedSpec, ResourceType } from './detect.ts';

/** Who may see a published product. Here, with the rows, so that the import command's usage text
 * does not load the publishing modules (and their parsers) before the store starts opening. */
export const VISIBILITIES = ['unrestricted', 'authenticated', 'restricted', 'restrictedExcluded', 'restrictedTags'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export type NewProduct = typeof schema.products.$inferInsert;
export type NewVersion = typeof schema.productVersions.$inferInsert;
export type NewResource = typeof schema.assetResources.$inferInsert;
export type NewPlan = typeof schema.plans.$inferInsert;
export type NewQuota = typeof schema.quotas.$inferInsert;
export type NewProductCategory = typeof schema.productCategories.$inferInsert;

/** Lower-case words joined by hyphens: product names and readable ids. */
export function slugify(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'api';
}

/** The first paragraph of a markdown description as plain text, cut to the description limit. */
export function summary(markdown: string, max = DESCRIPTION_MAX_LENGTH): string {
  const paragraph = markdown.trim().split(/\n\s*\n/).find((p) => !/^\s*#/.test(p)) ?? '';
  const plain = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length < max ? plain : `${plain.slice(0, max - 2).replace(/\s+\S*$/, '')}…`;
}

export interface ResourceOptions {
  id: string;
  productVersionId: string;
  title?: string;
  description?: string;
  stageId?: string | null;
  assetId?: string | null;
  modifiedAt?: Date;
  extra?: Partial<NewResource>;
}

/** An asset resource storing the specification as given (JSON, YAML, SDL, XML or proto text). */
export function resourceRow(text: string, spec: DetectedSpec, o: ResourceOptions): NewResource {
  return {
    id: o.id,
    productVersionId: o.productVersionId,
    assetId: o.assetId ?? null,
    title: (o.title ?? spec.title).slice(0, NAME_MAX_LENGTH),
    description: o.description ?? summary(spec.description),
    version: spec.version,
    type: spec.type satisfies ResourceType,
    contentType: spec.contentType,
    specification: text,
    specificationSize: Buffer.byteLength(text),
    endpoints: spec.endpoints,
    stageId: o.stageId ?? null,
    ...(o.modifiedAt ? { modifiedAt: o.modifiedAt } : {}),
    ...o.extra,
  };
}

/** The overview markdown of a version published from a specification. */
export function overviewFromSpec(spec: DetectedSpec): string {
  const parts = [`# ${spec.title}`, spec.description.trim() || summary(spec.description) || `Version ${spec.version} of ${spec.title}.`];
  if (spec.endpoints.length) {
    parts.push('## Endpoints', spec.endpoints.map((e) => `- \`${e.url}\`${e.description ? ` — ${e.description}` : ''}`).join('\n'));
  }
  if (spec.tags.length) parts.push('## Topics', spec.tags.map((t) => `- ${t}`).join('\n'));
  return parts.join('\n\n');
}

export const TRANSACTIONS_UNIT = { name: 'transactions', title: 'Transactions' } as const;

/** The default plan of a published product: free, 1,000 transactions a month, strict. */
export function freePlanRows(productId: string, planId = `plan-${productId.replace(/^prod-/, '')}-free`): { plan: NewPlan; quota: NewQuota } {
  return {
    plan: {
      id: planId, productId, title: 'Free', description: 'Try the API at no cost: 1,000 calls a month.',
      type: 'free', state: 'active', approval: 'automatic', billing: {}, sortOrder: 0,
    },
    quota: {
      id: `${planId}-q1`, planId, title: 'API calls', unitName: TRANSACTIONS_UNIT.name, sortOrder: 0,
      pricing: { type: 'fixed', interval: 'monthly', limit: { value: 1000, type: 'strict', overages: 0 } },
    },
  };
}
