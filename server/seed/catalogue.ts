// Turns the catalogue data (products.ts) into rows: categories with images, stages, assets,
// products, versions, asset resources holding the specifications, and documentation.
// Specifications go through the publishing code (detect + resourceRow), as an import would.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as schema from '../src/db/schema.ts';
import { detectSpecification, overviewFromSpec, resourceRow, slugify, type DetectedSpec } from '../src/publish/index.ts';
import { TEAM } from './accounts.ts';
import { at } from './clock.ts';
import { AUTH_LABEL } from './definitions.ts';
import { guideDocument, paymentsDocuments, siteDocuments, type DocRows } from './documents.ts';
import { bannerSvg, iconSvg } from './media.ts';
import { CATEGORIES, CONTACTS, PRODUCTS, STAGES, type ProductDef } from './products.ts';
import { crudSpec } from './specgen.ts';

const SPECS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'specs');

export interface SeededProduct {
  id: string;
  key: string;
  title: string;
  latestVersionId: string;
  versionIds: string[];
  mainResourceId: string;
  type: string;
}

export interface CatalogueRows extends DocRows {
  images: Array<typeof schema.images.$inferInsert>;
  categories: Array<typeof schema.categories.$inferInsert>;
  stages: Array<typeof schema.stages.$inferInsert>;
  assets: Array<typeof schema.assets.$inferInsert>;
  products: Array<typeof schema.products.$inferInsert>;
  productCategories: Array<typeof schema.productCategories.$inferInsert>;
  versions: Array<typeof schema.productVersions.$inferInsert>;
  resources: Array<typeof schema.assetResources.$inferInsert>;
  seeded: SeededProduct[];
}

/** Icons are stored as the path of the image route, which links.icon hands to the browser as is. */
const imageUrl = (id: string) => `/api/v1/images/${id}`;

/** Statuses of older versions that show the version warning hint. */
const VERSION_STATUS: Record<string, string> = { 'ver-payments-1': 'error', 'ver-product-catalog-1': 'warning' };

const VERSION_NOTES: Record<string, string> = {
  active: 'This is the current version: new integrations should use it.',
  deprecated: 'This version is **deprecated**: it keeps working, but plan your move to the latest version.',
  archived: 'This version is **archived**: it is kept for reference and no longer receives calls.',
};

/** GitHub's REST description from @octokit/openapi when installed; otherwise a generated
 * description of the same order of size, so the large-document path always has a document. */
function githubSpec(): { text: string; fileName: string } {
  try {
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json');
    if (existsSync(file)) return { text: readFileSync(file, 'utf8'), fileName: 'api.github.com.json' };
  } catch { /* not installed: fall through */ }
  const entities = Array.from({ length: 90 }, (_, i) => ({
    name: `Resource${String(i).padStart(2, '0')}`,
    fields: 'name:string=octocat,description?:string=A resource,visibility:enum(public|private|internal)=public,url:uri,createdAt:datetime,count:int=3',
    actions: ['archive'],
  }));
  return { text: crudSpec({ title: 'GitHub REST API (generated stand-in)', host: 'github', version: '1.0.0', description: 'A generated stand-in for GitHub’s REST description.', entities }), fileName: 'github.json' };
}

function specSource(def: ProductDef): { text: string; fileName: string; type?: 'other' } {
  const source = def.source;
  if ('file' in source) return { text: readFileSync(join(SPECS_DIR, source.file), 'utf8'), fileName: source.file, ...(source.type ? { type: source.type } : {}) };
  if ('api' in source) return { text: crudSpec(source.api), fileName: `${def.key}.json` };
  return githubSpec();
}

/** The same document announcing another version: the first occurrence of the version string. */
function withVersion(text: string, from: string, to: string): string {
  if (from === to) return text;
  const at = text.indexOf(from);
  return at < 0 ? text : text.slice(0, at) + to + text.slice(at + from.length);
}

function versionState(index: number, count: number): 'active' | 'deprecated' | 'archived' {
  if (index === count - 1) return 'active';
  return index === count - 2 ? 'deprecated' : 'archived';
}

export function catalogueRows(): CatalogueRows {
  const out: CatalogueRows = {
    images: [], categories: [], stages: STAGES, assets: [], products: [], productCategories: [], versions: [], resources: [],
    documents: [], sections: [], articles: [], seeded: [],
  };

  for (const c of CATEGORIES) {
    const imageId = c.featured ? `img-${c.id}` : null;
    if (c.featured && imageId) out.images.push({ id: imageId, contentType: 'image/svg+xml', data: bannerSvg(c.title, ...c.featured.colors), createdAt: at(-400) });
    out.categories.push({
      id: c.id, title: c.title, description: c.description, parentId: c.parent ?? null, featured: !!c.featured,
      icon: imageId ? imageUrl(imageId) : null, imageFit: c.featured?.fit ?? null, imagePosition: c.featured?.position ?? null, createdAt: at(-400),
    });
  }

  for (const def of PRODUCTS) {
    const productId = `prod-${def.key}`;
    const source = specSource(def);
    const detected: DetectedSpec = detectSpecification(source.text, source.fileName, source.type);
    const spec = detected.endpoints.length || !def.endpoints ? detected : { ...detected, endpoints: def.endpoints };
    const title = def.title ?? (def.key === 'github-rest' ? 'GitHub REST' : spec.title);
    const labels = def.versions ?? [spec.version];
    const assetId = `asset-${def.key}`;
    out.assets.push({ id: assetId, title, description: `Resources of ${title}.` });
    const hasSecondAsset = def.extras?.some((e) => e.asset === 'second');
    if (hasSecondAsset) out.assets.push({ id: `${assetId}-ops`, title: `${title} — operations`, description: 'Compatibility and operations resources.' });

    const versionIds: string[] = [];
    let mainResourceId = '';
    let lastCreated = at(-def.age);
    labels.forEach((label, i) => {
      const versionId = `ver-${def.key}-${i + 1}`;
      const created = at(-def.age + Math.floor((def.age * i) / labels.length));
      lastCreated = created;
      const latest = i === labels.length - 1;
      const state = versionState(i, labels.length);
      const text = withVersion(source.text, spec.version, label);
      const versionSpec = { ...spec, version: label };
      versionIds.push(versionId);
      out.versions.push({
        id: versionId, productId, label, value: label, state,
        status: VERSION_STATUS[versionId] ?? (latest ? def.status ?? 'success' : 'success'),
        overview: `${overviewFromSpec(versionSpec)}\n\n## About version ${label}\n\n${VERSION_NOTES[state]}`,
        createdAt: created,
      });
      const resourceId = latest ? `res-${def.key}` : `res-${def.key}-v${i + 1}`;
      if (latest) mainResourceId = resourceId;
      const modifiedAt = new Date(created.getTime() + 3_600_000);
      out.resources.push(resourceRow(text, versionSpec, {
        id: resourceId, productVersionId: versionId, assetId, stageId: def.stage ?? null, modifiedAt,
        ...(def.key === 'github-rest' ? { title: 'GitHub REST API (api.github.com)' } : {}),
        extra: {
          state: state === 'archived' ? 'archived' : 'active',
          sourceAssetResourceId: `src-${def.key}`,
          sourceReleaseStateName: latest ? def.release?.[0] ?? 'active' : state === 'active' ? 'active' : 'deprecated',
          sourceReleaseStateMessage: latest ? def.release?.[1] ?? null : `Superseded by version ${labels[labels.length - 1]}.`,
          mutualTls: def.mutualTls ?? false,
          readOnly: def.readOnly ?? false,
          accessRequestDefinitionId: def.ard === undefined ? 'ard-standard' : def.ard,
          credentialRequestDefinitionIds: def.crds ?? ['crd-apikey'],
        },
      }));
      if (latest) {
        for (const extra of def.extras ?? []) {
          const empty = extra.spec === 'empty';
          out.resources.push(resourceRow(empty ? '' : text, versionSpec, {
            id: `res-${def.key}-${extra.key}`, productVersionId: versionId, title: extra.title,
            assetId: extra.asset === 'second' ? `${assetId}-ops` : assetId, stageId: extra.stage ?? def.stage ?? null, modifiedAt,
            ...(empty ? { description: 'The definition of this resource is not published yet.' } : {}),
            extra: {
              state: extra.state ?? 'active', status: extra.status ?? null,
              sourceAssetResourceId: `src-${def.key}-${extra.key}`,
              sourceReleaseStateName: extra.release?.[0] ?? 'active', sourceReleaseStateMessage: extra.release?.[1] ?? null,
              mutualTls: extra.mutualTls ?? false,
              accessRequestDefinitionId: extra.ard === undefined ? (def.ard === undefined ? 'ard-standard' : def.ard) : extra.ard,
              credentialRequestDefinitionIds: extra.crds ?? def.crds ?? ['crd-apikey'],
            },
          }));
        }
        guideDocument(out, {
          productId, productTitle: title, versionId, versionLabel: label, endpoints: spec.endpoints, createdAt: created,
          auth: (def.crds ?? ['crd-apikey']).map((c) => AUTH_LABEL[c]).filter(Boolean).join(' or ') || 'the credential given by the provider',
        });
      }
    });

    let icon: string | null = null;
    if (def.icon) {
      const imageId = `img-prod-${def.key}`;
      out.images.push({ id: imageId, contentType: 'image/svg+xml', data: iconSvg(...def.icon), createdAt: at(-def.age) });
      icon = imageUrl(imageId);
    }
    out.products.push({
      id: productId, name: slugify(title), title, description: def.description, status: def.status ?? 'success', state: 'published',
      contact: CONTACTS[def.contact], icon, tags: def.tags,
      visibility: def.visibility ?? 'unrestricted', visibilityTeamIds: def.visibilityTeamIds ?? [], visibilityTeamTags: def.visibilityTeamTags ?? [],
      ownerTeamId: TEAM.provider, canSubscribe: def.canSubscribe ?? def.key !== 'legacy-billing', canReview: def.canReview ?? true,
      resourcesGroupBy: hasSecondAsset ? 'asset' : null, lastVersionCreatedAt: lastCreated,
      createdAt: at(-def.age), modifiedAt: new Date(lastCreated.getTime() + 3_600_000),
    });
    for (const categoryId of def.categories) out.productCategories.push({ productId, categoryId });
    out.seeded.push({ id: productId, key: def.key, title, latestVersionId: versionIds[versionIds.length - 1]!, versionIds, mainResourceId, type: spec.type });
  }

  paymentsDocuments(out, 'ver-payments-3', 'ver-payments-2');
  siteDocuments(out);
  return out;
}
