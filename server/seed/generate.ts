// Large catalogues for benchmarks: `generateCatalogue(db, 10_000)` adds ten thousand products
// with versions, resources (small specifications), a category tree, plans and documents, using
// multi-row inserts in one transaction. Deterministic for a given seed; ids carry a prefix so
// a generated catalogue can sit next to the demo one.
import type { Db } from '../src/db/store.ts';
import * as schema from '../src/db/schema.ts';
import { insertMany } from '../src/publish/batch.ts';
import { TRANSACTIONS_UNIT } from '../src/publish/rows.ts';
import { at } from './clock.ts';
import { crudSpec } from './specgen.ts';

export interface GenerateOptions {
  /** Id prefix (default 'gen'): products are `<prefix>-p<n>`. */
  prefix?: string;
  /** Seed of the pseudo-random choices (default 1). */
  seed?: number;
  /** Root categories (default 8); each gets 4 children with 2 children each. */
  rootCategories?: number;
  /** One document with sections for every this many products (default 5; 0 for none). */
  documentEvery?: number;
  /** Team ids used by restricted visibilities (default none: those products use tags only). */
  teamIds?: string[];
}

export interface GenerateResult {
  products: number;
  versions: number;
  resources: number;
  categories: number;
  plans: number;
  documents: number;
  ms: number;
}

/** mulberry32: small, fast and good enough to spread benchmark data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DOMAINS = ['Payments', 'Ledger', 'Invoice', 'Shipment', 'Weather', 'Geocode', 'Identity', 'Messaging', 'Inventory', 'Pricing',
  'Loyalty', 'Telemetry', 'Fraud', 'Booking', 'Catalog', 'Analytics', 'Search', 'Media', 'Document', 'Tax', 'Payroll', 'Claims',
  'Energy', 'Fleet', 'Recruiting', 'Survey', 'Translation', 'Storage', 'Notification', 'Compliance'];
const QUALIFIERS = ['Open', 'Smart', 'Global', 'Rapid', 'Cloud', 'Secure', 'Unified', 'Instant', 'Edge', 'Prime', 'Nordic', 'Atlas', 'Nova', 'Pulse', 'Vertex'];
const KINDS = ['API', 'Service', 'Gateway', 'Hub', 'Connect', 'Platform', 'Stream'];
const VERBS = ['Manage', 'Track', 'Automate', 'Reconcile', 'Analyse', 'Publish', 'Validate', 'Schedule', 'Score', 'Route'];
const OBJECTS = ['orders', 'customers', 'payments', 'devices', 'documents', 'shipments', 'accounts', 'events', 'invoices', 'claims', 'listings', 'sensors'];
const TAGS = ['rest', 'events', 'beta', 'partner', 'internal', 'finance', 'retail', 'logistics', 'health', 'iot', 'ai', 'gdpr', 'realtime', 'batch', 'public'];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Small specification templates; __TITLE__ and __VERSION__ are filled per resource. */
function templates(): Array<{ type: string; contentType: string; text: string; weight: number }> {
  const oas = (openapi: '3.0.3' | '3.1.0') => crudSpec({
    title: '__TITLE__', version: '__VERSION__', description: '__TITLE__ generated for benchmarks.', host: 'bench', openapi, pretty: false,
    entities: [{ name: 'Item', readOnly: true, fields: 'name:string=Widget,status:enum(active|retired)=active' }],
  });
  const asyncapi = JSON.stringify({
    asyncapi: '2.6.0', info: { title: '__TITLE__', version: '__VERSION__' },
    channels: { 'items/changed': { subscribe: { operationId: 'itemChanged', message: { payload: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } } } } } } },
  });
  const graphql = '# __TITLE__\ntype Item { id: ID!\n name: String!\n status: String }\ntype Query { item(id: ID!): Item\n items(first: Int = 20): [Item!]! }\n';
  return [
    { type: 'oas3', contentType: 'application/json', text: oas('3.0.3'), weight: 0.8 },
    { type: 'oas3.1', contentType: 'application/json', text: oas('3.1.0'), weight: 0.1 },
    { type: 'asyncapi', contentType: 'application/json', text: asyncapi, weight: 0.05 },
    { type: 'graphql', contentType: 'application/graphql', text: graphql, weight: 0.05 },
  ];
}

export async function generateCatalogue(db: Db, n: number, opts: GenerateOptions = {}): Promise<GenerateResult> {
  const started = performance.now();
  const prefix = opts.prefix ?? 'gen';
  const r = random(opts.seed ?? 1);
  const documentEvery = opts.documentEvery ?? 5;
  const teamIds = opts.teamIds ?? [];

  const categories: Array<typeof schema.categories.$inferInsert> = [];
  const leaves: string[] = [];
  const roots = opts.rootCategories ?? 8;
  for (let a = 0; a < roots; a++) {
    const rootId = `${prefix}-c${a}`;
    const rootTitle = `${DOMAINS[a % DOMAINS.length]} ${a >= DOMAINS.length ? a : ''}`.trim();
    categories.push({ id: rootId, title: rootTitle, description: `Everything about ${rootTitle.toLowerCase()}.`, featured: a < 5, createdAt: at(-1000) });
    for (let b = 0; b < 4; b++) {
      const midId = `${rootId}-${b}`;
      categories.push({ id: midId, parentId: rootId, title: `${rootTitle} ${QUALIFIERS[b]}`, description: `${QUALIFIERS[b]} ${rootTitle.toLowerCase()} APIs.`, createdAt: at(-1000) });
      for (let c = 0; c < 2; c++) {
        const leafId = `${midId}-${c}`;
        categories.push({ id: leafId, parentId: midId, title: `${rootTitle} ${QUALIFIERS[b]} ${KINDS[c]}`, description: `${KINDS[c]}s for ${rootTitle.toLowerCase()}.`, createdAt: at(-1000) });
        leaves.push(leafId);
      }
    }
  }

  const specs = templates();
  const chooseSpec = () => {
    let x = r();
    for (const s of specs) { if ((x -= s.weight) < 0) return s; }
    return specs[0]!;
  };

  const products: Array<typeof schema.products.$inferInsert> = [];
  const productCategories: Array<typeof schema.productCategories.$inferInsert> = [];
  const versions: Array<typeof schema.productVersions.$inferInsert> = [];
  const resources: Array<typeof schema.assetResources.$inferInsert> = [];
  const plans: Array<typeof schema.plans.$inferInsert> = [];
  const quotas: Array<typeof schema.quotas.$inferInsert> = [];
  const documents: Array<typeof schema.documents.$inferInsert> = [];
  const sections: Array<typeof schema.documentSections.$inferInsert> = [];
  const articles: Array<typeof schema.articles.$inferInsert> = [];
  const stageIds = ['stage-sandbox', 'stage-staging', 'stage-production'];

  for (let i = 0; i < n; i++) {
    const id = `${prefix}-p${i}`;
    const domain = pick(r, DOMAINS);
    const title = `${pick(r, QUALIFIERS)} ${domain} ${pick(r, KINDS)}`;
    const description = `${pick(r, VERBS)} ${pick(r, OBJECTS)} and ${pick(r, OBJECTS)} with the ${title}. ${pick(r, VERBS)} ${domain.toLowerCase()} data in real time.`;
    const ageDays = Math.floor(r() * 1000);
    const created = at(-ageDays - 30, Math.floor(r() * 24));
    const roll = r();
    const visibility = roll < 0.85 ? 'unrestricted' : roll < 0.9 ? 'authenticated' : roll < 0.94 && teamIds.length ? 'restricted'
      : roll < 0.97 && teamIds.length ? 'restrictedExcluded' : 'restrictedTags';
    const ratingTotal = r() < 0.4 ? Math.floor(r() * 40) : 0;
    const versionCount = r() < 0.3 ? 2 : 1;
    const lastCreated = at(-Math.floor(ageDays / 2), Math.floor(r() * 24));
    products.push({
      id, name: `${prefix}-${i}-${domain.toLowerCase()}`, title, description,
      status: roll < 0.9 ? 'success' : r() < 0.7 ? 'warning' : 'error',
      tags: [...new Set([pick(r, TAGS), pick(r, TAGS), domain.toLowerCase()])],
      visibility,
      visibilityTeamIds: visibility === 'restricted' || visibility === 'restrictedExcluded' ? [pick(r, teamIds)] : [],
      visibilityTeamTags: visibility === 'restrictedTags' ? ['partner'] : [],
      contact: { email: `${domain.toLowerCase()}@bench.agora.test`, title: `${domain} team` },
      ratingTotal, ratingAverage: ratingTotal ? Math.round((1 + r() * 4) * 10) / 10 : 0,
      createdAt: created, modifiedAt: versionCount > 1 ? lastCreated : created, lastVersionCreatedAt: versionCount > 1 ? lastCreated : created,
    });
    const leaf = pick(r, leaves);
    productCategories.push({ productId: id, categoryId: leaf });
    if (r() < 0.3) {
      const other = `${prefix}-c${Math.floor(r() * roots)}`;
      productCategories.push({ productId: id, categoryId: other });
    }
    const spec = chooseSpec();
    const stageId = pick(r, stageIds);
    for (let v = 0; v < versionCount; v++) {
      const latest = v === versionCount - 1;
      const label = `${v + 1}.${Math.floor(r() * 10)}.0`;
      const versionId = `${id}-v${v + 1}`;
      versions.push({
        id: versionId, productId: id, label, value: label, state: latest ? 'active' : 'deprecated', status: 'success',
        overview: `# ${title}\n\n${description}`, createdAt: latest && versionCount > 1 ? lastCreated : created,
      });
      const text = spec.text.replaceAll('__TITLE__', title).replaceAll('__VERSION__', label);
      resources.push({
        id: `${id}-r${v + 1}`, productVersionId: versionId, title: `${title} ${label}`, description, version: label,
        type: spec.type, contentType: spec.contentType, specification: text, specificationSize: Buffer.byteLength(text),
        stageId, state: latest ? 'active' : r() < 0.5 ? 'archived' : 'active', sourceAssetResourceId: `${id}-src`,
        accessRequestDefinitionId: null, modifiedAt: latest && versionCount > 1 ? lastCreated : created,
      });
      if (latest && documentEvery > 0 && i % documentEvery === 0) {
        const docId = `${id}-d`;
        documents.push({
          id: docId, productVersionId: versionId, title: `${title} guide`, description: `How to ${pick(r, VERBS).toLowerCase()} ${pick(r, OBJECTS)} with ${title}.`,
          contentType: 'text/markdown', contentKind: 'TEXT', text: `# ${title} guide\n\n${description}`, createdAt: created,
        });
        for (let s = 0; s < 2; s++) {
          const sectionId = `${docId}-s${s}`;
          sections.push({ id: sectionId, documentId: docId, sectionIndex: s, title: s ? 'Reference' : 'Getting started', description: `${s ? 'Details' : 'First steps'} of ${title}.` });
          for (let a = 0; a < 2; a++) {
            articles.push({ id: `${sectionId}-a${a}`, sectionId, articleIndex: a, label: `${pick(r, VERBS)} ${pick(r, OBJECTS)}`, content: `${description}\n\nCall \`GET /items\` to ${pick(r, VERBS).toLowerCase()} ${pick(r, OBJECTS)}.` });
          }
        }
      }
    }
    const planId = `${id}-free`;
    plans.push({ id: planId, productId: id, title: 'Free', type: 'free', createdAt: created });
    quotas.push({ id: `${planId}-q`, planId, title: 'API calls', unitName: TRANSACTIONS_UNIT.name, pricing: { type: 'fixed', interval: 'monthly', limit: { value: 1000 + Math.floor(r() * 9) * 1000, type: 'strict', overages: 0 } } });
    if (r() < 0.3) {
      const paidId = `${id}-paid`;
      const model = pick(r, ['fixed', 'volume', 'graduated', 'perunit', 'unlimited'] as const);
      plans.push({ id: paidId, productId: id, title: 'Pro', type: 'paid', billing: { price: 10 + Math.floor(r() * 90), currency: 'USD', interval: 'monthly', setupPrice: 0 }, sortOrder: 1, createdAt: created });
      quotas.push({
        id: `${paidId}-q`, planId: paidId, title: 'API calls', unitName: TRANSACTIONS_UNIT.name,
        pricing: model === 'fixed' ? { type: 'fixed', interval: 'monthly', limit: { value: 100_000, type: 'loose', overages: 0.001 } }
          : model === 'perunit' ? { type: 'perunit', interval: 'monthly', limit: { cost: 0.002 } }
          : model === 'unlimited' ? { type: 'unlimited', interval: 'monthly', limit: { value: -1 } }
          : { type: model, interval: 'monthly', limit: { tiers: [{ from: 1, to: 100_000, cost: 0.002, flatFee: 0 }, { from: 100_001, to: null, cost: 0.001, flatFee: 10 }] } },
      });
    }
  }

  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    await tx.insert(schema.units).values(TRANSACTIONS_UNIT).onConflictDoNothing();
    await tx.insert(schema.stages).values([
      { id: 'stage-sandbox', title: 'Sandbox', sortOrder: 1 }, { id: 'stage-staging', title: 'Staging', sortOrder: 2 }, { id: 'stage-production', title: 'Production', sortOrder: 3 },
    ]).onConflictDoNothing();
    await insertMany(w, schema.categories, categories);
    await insertMany(w, schema.products, products);
    await insertMany(w, schema.productCategories, productCategories);
    await insertMany(w, schema.productVersions, versions);
    await insertMany(w, schema.assetResources, resources, 500);
    await insertMany(w, schema.plans, plans);
    await insertMany(w, schema.quotas, quotas);
    await insertMany(w, schema.documents, documents);
    await insertMany(w, schema.documentSections, sections);
    await insertMany(w, schema.articles, articles);
  });

  return {
    products: products.length, versions: versions.length, resources: resources.length, categories: categories.length,
    plans: plans.length, documents: documents.length, ms: Math.round(performance.now() - started),
  };
}
