// A small catalogue that exercises every catalogue rule: one product per visibility kind, an
// unpublished and a deleted product, nested categories, stages, two versions, resources with
// and without access definitions, documents with sections and articles, plans of each state,
// quotas, subscriptions and access requests of two consumer organisations, and reviews.
import type { TestApp, TestTeam, TestUser } from './helper.ts';
import {
  accessRequestDefinitions, accessRequests, applications, articles, assetResources, assets, categories,
  credentialRequestDefinitions, documentSections, documents, plans, productCategories, products, productVersions,
  quotas, reviews, stages, subscriptionRequestDefinitions, subscriptions, units,
} from '../../server/src/db/schema.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';

export interface CatalogueFixture {
  providerAdmin: TestUser;
  alice: TestUser; // org A, team A1 (tag gold)
  aaron: TestUser; // org A, team A2 only (listed in restrictedExcluded)
  bob: TestUser; // org B, team B1
  loner: TestUser; // org B, no team
  teams: { prov: TestTeam; a1: TestTeam; a2: TestTeam; b1: TestTeam };
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

export async function seedCatalogue(t: TestApp): Promise<CatalogueFixture> {
  const db = t.db;
  const provOrg = await t.createOrg({ id: 'org-prov', name: 'Provider', kind: 'provider' });
  const orgA = await t.createOrg({ id: 'org-a', name: 'Org A' });
  const orgB = await t.createOrg({ id: 'org-b', name: 'Org B' });
  const providerAdmin = await t.createUser({ orgId: provOrg.id, orgRoles: [ORG_ROLES.Administrator], providerGuid: 'prov-guid' });
  const alice = await t.createUser({ orgId: orgA.id, orgRoles: [ORG_ROLES.Consumer] });
  const aaron = await t.createUser({ orgId: orgA.id, orgRoles: [ORG_ROLES.Consumer] });
  const bob = await t.createUser({ orgId: orgB.id, orgRoles: [ORG_ROLES.Consumer] });
  const loner = await t.createUser({ orgId: orgB.id, orgRoles: [ORG_ROLES.Consumer] });
  const prov = await t.createTeam({ orgId: provOrg.id, id: 'team-prov', name: 'Provider team', type: 'provider', members: [{ userId: providerAdmin.id, roles: ['administrator'] }] });
  const a1 = await t.createTeam({ orgId: orgA.id, id: 'team-a1', name: 'A One', tags: ['gold'], members: [{ userId: alice.id, roles: ['consumer'] }] });
  const a2 = await t.createTeam({ orgId: orgA.id, id: 'team-a2', name: 'A Two', members: [{ userId: aaron.id, roles: ['consumer'] }] });
  const b1 = await t.createTeam({ orgId: orgB.id, id: 'team-b1', name: 'B One', members: [{ userId: bob.id, roles: ['consumer'] }] });

  await db.insert(categories).values([
    { id: 'cat-finance', title: 'Finance', description: 'Money matters', featured: true, icon: '/api/v1/images/finance', imageFit: 'cover', imagePosition: 'center' },
    { id: 'cat-payments', title: 'Payments', description: 'Pay and get paid', parentId: 'cat-finance' },
    { id: 'cat-cards', title: 'Cards', description: 'Credit cards', parentId: 'cat-payments' },
    { id: 'cat-maps', title: 'Maps', description: 'Where things are' },
  ]);
  await db.insert(stages).values([
    { id: 'stage-prod', title: 'Production', sortOrder: 1 },
    { id: 'stage-sandbox', title: 'Sandbox', sortOrder: 0 },
  ]);

  const product = (id: string, title: string, extra: Partial<typeof products.$inferInsert> = {}) => ({
    id, name: id, title, description: `${title} description`, ownerTeamId: 'team-prov', createdAt: day(1), modifiedAt: day(1),
    contact: { email: `${id}@provider.test`, title: 'Support' }, ...extra,
  });
  await db.insert(products).values([
    product('p-pets', 'Pet Store', {
      description: 'Adopt animals: dogs, cats and parrots', tags: ['animals'], ratingAverage: 4.5, ratingTotal: 2,
      createdAt: day(3), lastVersionCreatedAt: day(20), icon: '/api/v1/images/pets', resourcesGroupBy: 'asset',
    }),
    product('p-bank', 'Banking Core', { visibility: 'authenticated', createdAt: day(5), lastVersionCreatedAt: day(6), ratingAverage: 3.2, ratingTotal: 5 }),
    product('p-cards', 'Secret Cards', { visibility: 'restricted', visibilityTeamIds: ['team-a1'], createdAt: day(2), lastVersionCreatedAt: day(2) }),
    product('p-weather', 'Weather Excluded', { visibility: 'restrictedExcluded', visibilityTeamIds: ['team-a2'], createdAt: day(4), lastVersionCreatedAt: day(4) }),
    product('p-gold', 'Gold Insights', { visibility: 'restrictedTags', visibilityTeamTags: ['gold'], createdAt: day(6), lastVersionCreatedAt: day(7) }),
    product('p-internal', 'Internal Tools', { visibility: 'restricted', visibilityTeamIds: [], createdAt: day(7), lastVersionCreatedAt: day(8) }),
    product('p-draft', 'Draft Product', { state: 'unpublished', createdAt: day(8) }),
    product('p-gone', 'Gone Product', { state: 'deleted', createdAt: day(9) }),
    product('p-zebra', 'Zebra Tracking', { status: 'warning', ratingAverage: 2, ratingTotal: 1, createdAt: day(0), lastVersionCreatedAt: day(1), description: 'Track zebras across the savanna' }),
    product('p-apple', 'apple Maps', { status: 'error', createdAt: day(10), lastVersionCreatedAt: day(10) }),
  ]);
  await db.insert(productCategories).values([
    { productId: 'p-pets', categoryId: 'cat-payments' },
    { productId: 'p-pets', categoryId: 'cat-maps' },
    { productId: 'p-cards', categoryId: 'cat-cards' },
    { productId: 'p-bank', categoryId: 'cat-finance' },
    { productId: 'p-apple', categoryId: 'cat-maps' },
  ]);
  await db.insert(productVersions).values([
    { id: 'v-pets-1', productId: 'p-pets', label: 'v1', value: '1.0.0', state: 'deprecated', createdAt: day(3), overview: '# Pets v1' },
    { id: 'v-pets-2', productId: 'p-pets', label: 'v2', value: '2.0.0', state: 'active', createdAt: day(20), overview: '# Pet Store\n\nAdopt a pet.' },
    { id: 'v-bank-1', productId: 'p-bank', label: 'v1', value: '1.0.0', createdAt: day(6) },
    { id: 'v-cards-1', productId: 'p-cards', label: 'v1', value: '1.0.0', createdAt: day(2) },
    { id: 'v-weather-1', productId: 'p-weather', label: 'v1', value: '1.0.0', createdAt: day(4) },
    { id: 'v-gold-1', productId: 'p-gold', label: 'v1', value: '1.0.0', createdAt: day(7) },
    { id: 'v-internal-1', productId: 'p-internal', label: 'v1', value: '1.0.0', createdAt: day(8) },
    { id: 'v-zebra-1', productId: 'p-zebra', label: 'v1', value: '1.0.0', state: 'archived', createdAt: day(1) },
    { id: 'v-apple-1', productId: 'p-apple', label: 'v1', value: '1.0.0', createdAt: day(10) },
  ]);
  await db.insert(assets).values([
    { id: 'asset-pets', title: 'Pets asset' },
    { id: 'asset-graph', title: 'Graph asset' },
  ]);
  await db.insert(accessRequestDefinitions).values({ id: 'ard-pets', title: 'Pets access', schema: { type: 'object', properties: {} } });
  await db.insert(credentialRequestDefinitions).values({ id: 'crd-key', title: 'API key', crdType: 'APIKey' });
  const spec = JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets API', version: '2.0.0' }, paths: {} });
  await db.insert(assetResources).values([
    { id: 'r-pets-old', productVersionId: 'v-pets-1', title: 'Old Pets API', type: 'oas3', specification: spec, stageId: 'stage-prod', assetId: 'asset-pets' },
    { id: 'r-pets', productVersionId: 'v-pets-2', title: 'Pets API', description: 'List and adopt pets', type: 'oas3', specification: spec,
      specificationSize: spec.length, stageId: 'stage-prod', assetId: 'asset-pets', accessRequestDefinitionId: 'ard-pets',
      credentialRequestDefinitionIds: ['crd-key'], sourceAssetResourceId: 'r-pets-old' },
    { id: 'r-graph', productVersionId: 'v-pets-2', title: 'Pets Graph', type: 'graphql', contentType: 'application/graphql',
      specification: 'type Query { pets: [String] }', stageId: 'stage-sandbox', assetId: 'asset-graph', state: 'archived' },
    { id: 'r-empty', productVersionId: 'v-pets-2', title: 'Empty Webhooks', type: 'asyncapi', specification: '', status: 'deleted' },
    { id: 'r-cards', productVersionId: 'v-cards-1', title: 'Cards API', description: 'Secret card numbers', type: 'oas3', specification: spec, stageId: 'stage-sandbox' },
    { id: 'r-bank', productVersionId: 'v-bank-1', title: 'Accounts API', type: 'oas2', specification: spec, stageId: 'stage-prod' },
  ]);
  await db.insert(documents).values([
    { id: 'doc-guide', productVersionId: 'v-pets-2', title: 'Adoption guide', description: 'How to adopt', contentType: 'text/markdown',
      contentKind: 'TEXT', text: '# Adoption\n\nBring a leash.', fileName: 'guide.md', rank: 1 },
    { id: 'doc-pdf', productVersionId: 'v-pets-2', title: 'Price list', contentType: 'application/pdf', contentKind: 'BINARY',
      data: new Uint8Array([37, 80, 68, 70, 45]), fileName: 'prices.pdf', rank: 2 },
    { id: 'doc-link', productVersionId: 'v-pets-2', title: 'Status page', contentType: 'URL', contentKind: 'URL', url: 'https://status.example.test', rank: 3 },
    { id: 'doc-cards', productVersionId: 'v-cards-1', title: 'Card secrets', contentType: 'text/markdown', contentKind: 'TEXT', text: 'secret' },
    { id: 'doc-site', title: 'Terms of use', contentType: 'text/markdown', contentKind: 'TEXT', text: '# Terms' },
  ]);
  await db.insert(documentSections).values([
    { id: 'sec-1', documentId: 'doc-guide', sectionIndex: 0, title: 'Getting started', description: 'First steps' },
    { id: 'sec-2', documentId: 'doc-guide', sectionIndex: 1, title: 'Feeding', description: 'Kibble and treats' },
    { id: 'sec-cards', documentId: 'doc-cards', sectionIndex: 0, title: 'Secret section', description: 'hidden' },
  ]);
  await db.insert(articles).values([
    { id: 'art-1', sectionId: 'sec-1', articleIndex: 0, label: 'Choosing a leash', content: 'A leash keeps your dog safe.' },
    { id: 'art-2', sectionId: 'sec-1', articleIndex: 1, label: 'Vet visits', content: 'Visit the veterinarian yearly.', kind: 'markdown' },
    { id: 'art-3', sectionId: 'sec-2', articleIndex: 0, label: 'Treat guide', content: 'https://treats.example.test', kind: 'url' },
    { id: 'art-cards', sectionId: 'sec-cards', articleIndex: 0, label: 'Card vault', content: 'the vault' },
  ]);
  await db.insert(units).values([
    { name: 'transactions', title: 'Transactions' },
    { name: 'bytes', title: 'Bytes' },
    { name: 'messages', title: 'Messages' },
  ]);
  await db.insert(subscriptionRequestDefinitions).values({ id: 'srd-pets', title: 'Why', schema: { type: 'object', properties: { reason: { type: 'string' } } } });
  await db.insert(plans).values([
    { id: 'plan-free', productId: 'p-pets', title: 'Free', type: 'free', sortOrder: 0, subscriptionRequestDefinitionId: 'srd-pets', createdAt: day(3) },
    { id: 'plan-gold', productId: 'p-pets', title: 'Gold', type: 'paid', sortOrder: 1, billing: { price: 10, currency: 'USD', interval: 'monthly' }, createdAt: day(4) },
    { id: 'plan-draft', productId: 'p-pets', title: 'Draft plan', type: 'free', state: 'draft', sortOrder: 2, createdAt: day(5) },
    { id: 'plan-old', productId: 'p-pets', title: 'Legacy', type: 'free', state: 'archived', sortOrder: 3, createdAt: day(1) },
    { id: 'plan-cards', productId: 'p-cards', title: 'Cards plan', type: 'free', createdAt: day(2) },
    { id: 'plan-bank', productId: 'p-bank', title: 'Bank plan', type: 'free', createdAt: day(2) },
  ]);
  await db.insert(quotas).values([
    { id: 'q-free', planId: 'plan-free', title: 'Calls', unitName: 'transactions', assetResourceIds: ['r-pets'],
      pricing: { type: 'fixed', interval: 'monthly', limit: { value: 1000, type: 'strict' } } },
    { id: 'q-gold', planId: 'plan-gold', title: 'Everything', unitName: 'bytes', assetResourceIds: [],
      pricing: { type: 'unlimited', interval: 'monthly' }, sortOrder: 0 },
    { id: 'q-gold-2', planId: 'plan-gold', title: 'Another', unitName: 'transactions', assetResourceIds: ['r-graph'],
      pricing: { type: 'perunit', interval: 'monthly', limit: { cost: 0.01 } }, sortOrder: 1 },
    { id: 'q-draft', planId: 'plan-draft', title: 'Draft quota', unitName: 'messages', pricing: { type: 'unlimited' } },
    { id: 'q-cards', planId: 'plan-cards', title: 'Secret quota', unitName: 'messages', pricing: { type: 'unlimited' } },
  ]);
  const sub = (id: string, orgId: string, planId: string, extra: Partial<typeof subscriptions.$inferInsert> = {}) => ({
    id, orgId, title: id, productId: 'p-pets', planId, ownerType: 'team', ownerId: orgId === 'org-a' ? 'team-a1' : 'team-b1',
    approvalState: 'approved', createdBy: 'seed', ...extra,
  });
  await db.insert(subscriptions).values([
    sub('sub-a1', 'org-a', 'plan-free'),
    sub('sub-a2', 'org-a', 'plan-gold'),
    sub('sub-a-old', 'org-a', 'plan-old'),
    sub('sub-a-ended', 'org-a', 'plan-free', { state: 'archived' }),
    sub('sub-b1', 'org-b', 'plan-free', { approvalState: 'pending' }),
    sub('sub-b-rejected', 'org-b', 'plan-gold', { approvalState: 'rejected' }),
  ]);
  await db.insert(applications).values([
    { id: 'app-a', orgId: 'org-a', title: 'Alpha app', ownerType: 'team', ownerId: 'team-a1', createdBy: alice.id },
    { id: 'app-b', orgId: 'org-b', title: 'Beta app', ownerType: 'team', ownerId: 'team-b1', createdBy: bob.id },
  ]);
  await db.insert(accessRequests).values([
    { id: 'ar-a', orgId: 'org-a', title: 'A access', applicationId: 'app-a', subscriptionId: 'sub-a1', productId: 'p-pets',
      productVersionId: 'v-pets-2', assetResourceId: 'r-pets', approvalState: 'approved', createdBy: alice.id },
    { id: 'ar-b', orgId: 'org-b', title: 'B access', applicationId: 'app-b', subscriptionId: 'sub-b1', productId: 'p-pets',
      productVersionId: 'v-pets-2', assetResourceId: 'r-pets', approvalState: 'pending', createdBy: bob.id },
  ]);
  await db.insert(reviews).values([
    { id: 'rev-1', productId: 'p-pets', orgId: 'org-a', userId: alice.id, rating: 5, title: 'Great', approvalState: 'approved' },
    { id: 'rev-2', productId: 'p-pets', orgId: 'org-b', userId: bob.id, rating: 4, title: 'Good', approvalState: 'approved' },
    { id: 'rev-3', productId: 'p-pets', orgId: 'org-b', userId: loner.id, rating: 1, title: 'Bad', approvalState: 'pending' },
  ]);
  return { providerAdmin, alice, aaron, bob, loner, teams: { prov, a1, a2, b1 } };
}

/** Ids of a list answer, in order. */
export const ids = (body: { items: Array<{ id: string }> }) => body.items.map((i) => i.id);
