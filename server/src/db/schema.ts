// The whole data model of the marketplace, one table per entity of the three spec §3 sections.
// Later issues add behaviour on these tables; the shapes are designed here, whole.
// Conventions: text ids (uuid for created rows, readable slugs for seeded ones); every row a
// consumer owns carries org_id (the tenant) so each query can be scoped; free-form documents
// (schemas, submitted data, contact, pricing) are jsonb; times are timestamptz.
import { sql, type SQL } from 'drizzle-orm';
import {
  pgTable, text, integer, boolean, jsonb, timestamp, primaryKey, index, uniqueIndex,
  customType, doublePrecision, bigint, real,
} from 'drizzle-orm/pg-core';
import { compressText, decompressText } from './compressedText.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Text kept gzip-compressed in a bytea (db/compressedText.ts): read and written as a string. */
const compressedText = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (text) => compressText(text).bytes,
  fromDriver: (bytes) => decompressText(bytes),
});

const created = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const modified = () => timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const searchVector = (expr: SQL) => tsvector('search').generatedAlwaysAs(expr);

// ---------------------------------------------------------------- identity and tenancy

/** Organisations: the provider that owns the marketplace, and consumer organisations (tenants). */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** provider | consumer */
  kind: text('kind').notNull().default('consumer'),
  /** Entitlements such as public_provider. */
  entitlements: text('entitlements').array().notNull().default(sql`'{}'`),
  createdAt: created(),
});

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  email: text('email').notNull(),
  name: text('name').notNull(),
  /** scrypt$N$r$p$salt$hash, or null for users known only through an external identity issuer */
  passwordHash: text('password_hash'),
  /** External subject when signed in through OpenID Connect. */
  externalSubject: text('external_subject'),
  /** Organisation roles: Administrator, CentralAdmin, Consumer, Subscriber, Developer, CatalogManager */
  orgRoles: text('org_roles').array().notNull().default(sql`'{}'`),
  /** Set for users of the provider organisation. */
  providerGuid: text('provider_guid'),
  state: text('state').notNull().default('active'),
  createdAt: created(),
  /** Locale of the e-mails the user gets (one of LOCALES; null: the default). Migration 0025. */
  locale: text('locale'),
  /** When the address was confirmed; null while a self-registered address waits for its link
   * (mail/). Defaults to now: accounts not made by self-service registration count as verified. */
  emailVerifiedAt: at('email_verified_at').defaultNow(),
}, (t) => [
  uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
  uniqueIndex('users_external_subject_idx').on(t.externalSubject),
  index('users_org_idx').on(t.orgId),
]);

/** Refresh tokens live here, not in memory, so any server instance can refresh or revoke. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  refreshTokenHash: text('refresh_token_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  createdAt: created(),
}, (t) => [uniqueIndex('sessions_refresh_idx').on(t.refreshTokenHash)]);

/** An invitation to register into an organisation (migration 0020): only the code's hash is kept. */
export const invitations = pgTable('invitations', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  /** The team the invitee joins as a consumer and developer; null: a private team of their own. */
  teamId: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
  /** When set, the invitee must register with this address. */
  email: text('email'),
  codeHash: text('code_hash').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: created(),
  expiresAt: at('expires_at').notNull(),
  acceptedAt: at('accepted_at'),
  acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [uniqueIndex('invitations_code_hash_key').on(t.codeHash), index('invitations_org_idx').on(t.orgId, t.createdAt)]);

/** Refresh tokens a rotation replaced: presenting one again means it leaked (or a client kept a
 * stale copy), so the whole session is revoked (OAuth 2.1 refresh-token reuse detection). */
export const retiredRefreshTokens = pgTable('retired_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: text('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  retiredAt: at('retired_at').notNull().defaultNow(),
}, (t) => [index('retired_refresh_tokens_retired_idx').on(t.retiredAt)]);

/** Failed sign-in counts and back-off per account+address and per address (auth/throttle.ts),
 * shared by every instance on the store. */
export const signinAttempts = pgTable('signin_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: at('blocked_until'),
  lastAt: at('last_at').notNull().defaultNow(),
}, (t) => [index('signin_attempts_last_idx').on(t.lastAt)]);

/** Secrets the server generates for itself (token signing key, encryption keys), shared by every
 * instance on this store; never sent to clients. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: created(),
});

export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  name: text('name').notNull(),
  /** Free tags; the tag 'private' marks a private team (a user's own context). */
  tags: text('tags').array().notNull().default(sql`'{}'`),
  /** consumer | provider: the owner of an application must be a Consumer-type team. */
  type: text('type').notNull().default('consumer'),
  createdAt: created(),
}, (t) => [index('teams_org_idx').on(t.orgId)]);

export const teamMembers = pgTable('team_members', {
  teamId: text('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Team roles: developer, consumer, administrator, catalog_manager, subscription_admin, subscription_approver */
  roles: text('roles').array().notNull().default(sql`'{}'`),
}, (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)]);

// ---------------------------------------------------------------- configuration

/** The marketplace's runtime configuration (spec 3 §3), one row. */
export const siteConfig = pgTable('site_config', {
  id: text('id').primaryKey().default('default'),
  /** sitename, public, signup, appearance, homepage, nav_items, consume_teams, ai, landing,
   * billing, reviews, consumer, custom_versions, idp_hint, provider_guid */
  settings: jsonb('settings').notNull(),
  /** Server features such as fullTextSearch and ai. */
  features: text('features').array().notNull().default(sql`'{}'`),
  modifiedAt: modified(),
});

export const images = pgTable('images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  /** null for public catalogue images; set for images a consumer organisation uploaded */
  orgId: text('org_id'),
  createdAt: created(),
});

// ---------------------------------------------------------------- catalogue

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  parentId: text('parent_id'),
  featured: boolean('featured').notNull().default(false),
  icon: text('icon'),
  /** object-fit and object-position hints for the tile image */
  imageFit: text('image_fit'),
  imagePosition: text('image_position'),
  createdAt: created(),
  search: searchVector(sql`to_tsvector('english', coalesce(title,'') || ' ' || coalesce(description,''))`),
}, (t) => [index('categories_parent_idx').on(t.parentId), index('categories_search_idx').using('gin', t.search)]);

export const stages = pgTable('stages', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** success | warning | error */
  status: text('status').notNull().default('success'),
  /** published | unpublished | deleted */
  state: text('state').notNull().default('published'),
  /** {email, title, phoneNo, officeHours, alternativeContacts[]} */
  contact: jsonb('contact').notNull().default({}),
  icon: text('icon'),
  tags: text('tags').array().notNull().default(sql`'{}'`),
  /** unrestricted | authenticated | restricted | restrictedExcluded | restrictedTags */
  visibility: text('visibility').notNull().default('unrestricted'),
  visibilityTeamIds: text('visibility_team_ids').array().notNull().default(sql`'{}'`),
  visibilityTeamTags: text('visibility_team_tags').array().notNull().default(sql`'{}'`),
  ownerTeamId: text('owner_team_id'),
  canSubscribe: boolean('can_subscribe').notNull().default(true),
  canReview: boolean('can_review').notNull().default(true),
  /** groupBy of resources shown in lists: 'asset' or null */
  resourcesGroupBy: text('resources_group_by'),
  /** Denormalised from versions so sort by "modified (last version created)" is an index scan. */
  lastVersionCreatedAt: at('last_version_created_at'),
  ratingAverage: doublePrecision('rating_average').notNull().default(0),
  ratingTotal: integer('rating_total').notNull().default(0),
  createdAt: created(),
  modifiedAt: modified(),
  search: searchVector(sql`setweight(to_tsvector('english', coalesce(title,'')), 'A') || setweight(to_tsvector('english', coalesce(name,'')), 'A') || setweight(to_tsvector('english', coalesce(description,'')), 'B')`),
  /** Who may see the product, derived from state and visibility (catalogue/visibility.ts): public
   * (everyone), user (signed-in users), restricted (decided per caller from the team lists and
   * the owner team), hidden (unpublished: provider users only), deleted. Kept by the database, so
   * no writer can leave it stale; the catalogue's indexes carry it so that the visibility test,
   * and counting what a caller may see, read indexes only. */
  audience: text('audience').generatedAlwaysAs(sql`case when state = 'deleted' then 'deleted' when state <> 'published' then 'hidden'
    when visibility = 'unrestricted' then 'public' when visibility = 'authenticated' then 'user' else 'restricted' end`),
  /** lower(title): the title order and the title filter, as a column an index-only scan can return. */
  sortTitle: text('sort_title').generatedAlwaysAs(sql`lower(title)`),
  /** The stages and states of the resources of all the product's versions, for the browse
   * filters; kept by triggers on asset_resources (migration 0008). */
  resourceStages: text('resource_stages').array().notNull().default(sql`'{}'`),
  resourceStates: text('resource_states').array().notNull().default(sql`'{}'`),
}, (t) => [
  index('products_last_version_idx').on(t.lastVersionCreatedAt),
  // The catalogue's browse orders (catalogue/products.ts ORDER), each ending with the audience:
  // a page, however deep, is an index-only scan in the requested order that tests visibility on
  // the index entries.
  index('products_default_order_idx').on(t.sortTitle, t.createdAt.desc().nullsFirst(), t.id, t.audience),
  index('products_modified_order_idx').on(t.lastVersionCreatedAt.desc().nullsLast(), t.sortTitle, t.id, t.audience),
  index('products_title_order_idx').on(t.sortTitle, t.id, t.audience),
  index('products_created_order_idx').on(t.createdAt, t.id, t.audience),
  // What a caller may see, with the filters kept on the product row and the sort keys: totals,
  // and pages of a narrow filter (sorting its few matches), are index-only scans.
  index('products_audience_idx').on(t.audience, t.id, t.status, t.ratingTotal, t.ratingAverage, t.sortTitle, t.createdAt,
    t.lastVersionCreatedAt, t.resourceStages, t.resourceStates),
  index('products_search_idx').using('gin', t.search),
  index('products_tags_idx').using('gin', t.tags),
]);

export const productCategories = pgTable('product_categories', {
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  categoryId: text('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.productId, t.categoryId] }),
  // The products of categories (browse filter, category counts) from the index alone.
  index('product_categories_cat_idx').on(t.categoryId, t.productId),
]);

/** How many products there are of each audience: the total of an unfiltered browse without
 * counting ten thousand index entries. Kept by triggers on products (migration 0009). */
export const productAudienceCounts = pgTable('product_audience_counts', {
  audience: text('audience').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** The products whose visibility depends on the caller's teams (audience 'restricted'), with what
 * decides it: a small, dense table that a signed-in request reads whole in well under a
 * millisecond, instead of visiting each such product's page. Kept by triggers on products
 * (migration 0007). */
export const restrictedProducts = pgTable('restricted_products', {
  id: text('id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  visibility: text('visibility').notNull(),
  teamIds: text('team_ids').array().notNull(),
  teamTags: text('team_tags').array().notNull(),
  ownerTeamId: text('owner_team_id'),
});

/** Every product of each category or any of its descendants, once, with who may see it
 * (products.audience): category product counts and the category-tree filter read it from one
 * index, with no walk down the tree and no de-duplication. Kept by triggers on product_categories,
 * categories and products (migration 0006). */
export const categoryProducts = pgTable('category_products', {
  categoryId: text('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  audience: text('audience').notNull(),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.categoryId, t.audience, t.productId] }), index('category_products_product_idx').on(t.productId)]);

export const productVersions = pgTable('product_versions', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  value: text('value').notNull(),
  /** active | deprecated | archived */
  state: text('state').notNull().default('active'),
  /** success | warning | error */
  status: text('status').notNull().default('success'),
  /** Overview markdown of this version. */
  overview: text('overview').notNull().default(''),
  createdAt: created(),
}, (t) => [
  // A product's latest version (created_at desc, id desc) without sorting, and a version's product
  // and time for filters and search, are read from this index alone.
  index('product_versions_product_idx').on(t.productId, t.createdAt, t.id),
]);

/** An asset groups resources (the resource's assetTitle). */
export const assets = pgTable('assets', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
});

export const accessRequestDefinitions = pgTable('access_request_definitions', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** JSON schema of the additional information asked when requesting access (may have no properties). */
  schema: jsonb('schema').notNull().default({}),
  applicationProfileDefinitionId: text('application_profile_definition_id'),
  /** automatic | manual approval */
  approval: text('approval').notNull().default('automatic'),
});

export const credentialRequestDefinitions = pgTable('credential_request_definitions', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** OAuth | APIKey | HTTPBasic | MutualTLS */
  crdType: text('crd_type').notNull(),
  schema: jsonb('schema').notNull().default({}),
  provisionSchema: jsonb('provision_schema').notNull().default({}),
  /** {renewable, suspendable, expiryDays, visibilityMs} */
  policies: jsonb('policies').notNull().default({}),
});

export const assetResources = pgTable('asset_resources', {
  id: text('id').primaryKey(),
  productVersionId: text('product_version_id').notNull().references(() => productVersions.id, { onDelete: 'cascade' }),
  assetId: text('asset_id').references(() => assets.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  version: text('version').notNull().default('1.0.0'),
  /** oas2 | oas3 | oas3.1 | asyncapi | graphql | wsdl | protobuf | other */
  type: text('type').notNull(),
  contentType: text('content_type').notNull().default('application/json'),
  /** The specification document as given (JSON, YAML, SDL, XML or proto text), stored gzip-compressed
   * (migration 0023); publishing writes the bytes its worker compressed (publish/rows.ts). */
  specification: compressedText('specification').notNull().default(''),
  specificationSize: integer('specification_size').notNull().default(0),
  /** Where the gateway forwards try-it calls; null means the built-in mock upstream. */
  upstreamUrl: text('upstream_url'),
  /** Servers or endpoints offered in the explorer's selector. */
  endpoints: jsonb('endpoints').notNull().default([]),
  stageId: text('stage_id').references(() => stages.id),
  /** active | archived | archiving | deleting */
  state: text('state').notNull().default('active'),
  /** null, or 'deleted' for resources removed by the provider */
  status: text('status'),
  /** Lifecycle: archived, deprecated, design, experimental, mocked, prerelease, active */
  sourceReleaseStateName: text('source_release_state_name'),
  sourceReleaseStateMessage: text('source_release_state_message'),
  sourceAssetResourceId: text('source_asset_resource_id'),
  mutualTls: boolean('mutual_tls').notNull().default(false),
  readOnly: boolean('read_only').notNull().default(false),
  accessRequestDefinitionId: text('access_request_definition_id').references(() => accessRequestDefinitions.id),
  credentialRequestDefinitionIds: text('credential_request_definition_ids').array().notNull().default(sql`'{}'`),
  modifiedAt: modified(),
  /** What was derived or dropped to publish the description (migration 0018). */
  importWarnings: jsonb('import_warnings').$type<string[]>().notNull().default([]),
  /** Title (A), summary (B) and the description's operations and text (D, written by publishing:
   * server/src/publish/searchText.ts); a row trigger adds A and B and keeps D (migration 0021). */
  search: tsvector('search').notNull().default(sql`''::tsvector`),
}, (t) => [
  index('asset_resources_version_idx').on(t.productVersionId),
  // Browse filters "has a resource in stage / in state" (catalogue/products.ts), without reading specifications.
  index('asset_resources_stage_idx').on(t.stageId, t.productVersionId),
  index('asset_resources_state_idx').on(t.state, t.productVersionId),
]);

/** The explorer's index of a specification, built once when the resource is stored:
 * one row per operation (dereferenced), grouped by tag, so large documents load on demand. */
export const specOperations = pgTable('spec_operations', {
  resourceId: text('resource_id').notNull().references(() => assetResources.id, { onDelete: 'cascade' }),
  ordinal: integer('ordinal').notNull(),
  tag: text('tag').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  operationId: text('operation_id'),
  summary: text('summary').notNull().default(''),
  deprecated: boolean('deprecated').notNull().default(false),
  /** The dereferenced operation object. */
  operation: jsonb('operation').notNull(),
  size: integer('size').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.resourceId, t.ordinal] }), index('spec_operations_tag_idx').on(t.resourceId, t.tag)]);

export const documents = pgTable('documents', {
  id: text('id').primaryKey(),
  /** null for stand-alone documents (site documents reachable at /documents/{id}) */
  productVersionId: text('product_version_id').references(() => productVersions.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  fileName: text('file_name'),
  /** application/pdf | text/markdown | URL | other MIME types */
  contentType: text('content_type').notNull(),
  /** BINARY | TEXT | URL */
  contentKind: text('content_kind').notNull(),
  text: text('text'),
  data: bytea('data'),
  url: text('url'),
  rank: integer('rank').notNull().default(0),
  createdAt: created(),
  search: searchVector(sql`setweight(to_tsvector('english', coalesce(title,'')), 'A') || setweight(to_tsvector('english', coalesce(description,'')), 'B')`),
}, (t) => [index('documents_version_idx').on(t.productVersionId), index('documents_search_idx').using('gin', t.search)]);

export const documentSections = pgTable('document_sections', {
  id: text('id').primaryKey(),
  documentId: text('document_id').notNull().references(() => documents.id, { onDelete: 'cascade' }),
  sectionIndex: integer('section_index').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  search: searchVector(sql`setweight(to_tsvector('english', coalesce(title,'')), 'A') || setweight(to_tsvector('english', coalesce(description,'')), 'B')`),
}, (t) => [index('document_sections_doc_idx').on(t.documentId, t.sectionIndex), index('document_sections_search_idx').using('gin', t.search)]);

export const articles = pgTable('articles', {
  id: text('id').primaryKey(),
  sectionId: text('section_id').notNull().references(() => documentSections.id, { onDelete: 'cascade' }),
  articleIndex: integer('article_index').notNull(),
  label: text('label').notNull(),
  /** markdown | url */
  kind: text('kind').notNull().default('markdown'),
  content: text('content').notNull().default(''),
  search: searchVector(sql`setweight(to_tsvector('english', coalesce(label,'')), 'A') || setweight(to_tsvector('english', coalesce(content,'')), 'C')`),
}, (t) => [index('articles_section_idx').on(t.sectionId, t.articleIndex), index('articles_search_idx').using('gin', t.search)]);

/** What catalogue search reads: one row per searchable thing (product, asset resource, document,
 * section, article) with its product, version, title and search vector, whether its version is
 * the product's latest and who may see the product (products.audience). Kept by triggers on the
 * source tables (migration 0005), so a search is one GIN
 * scan of one narrow table, with no join to decide what to keep. */
export const searchEntries = pgTable('search_entries', {
  /** product | asset_resource | document | section | article */
  kind: text('kind').notNull(),
  id: text('id').notNull(),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  /** null for a product */
  versionId: text('version_id').references(() => productVersions.id, { onDelete: 'cascade' }),
  /** The document of a document, section or article; the section of a section or article. */
  documentId: text('document_id'),
  sectionId: text('section_id'),
  title: text('title').notNull(),
  search: tsvector('search').notNull(),
  audience: text('audience').notNull(),
  /** The version is the product's latest (always true for a product). */
  latest: boolean('latest').notNull(),
  /** Numbers the entries in the order they were written: search breaks ties of rank or title by
   * it, an integer being far cheaper to compare over thousands of hits than an id. */
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
}, (t) => [
  primaryKey({ columns: [t.kind, t.id] }),
  index('search_entries_search_idx').using('gin', t.search),
  index('search_entries_product_idx').on(t.productId),
  index('search_entries_version_idx').on(t.versionId),
]);

// ---------------------------------------------------------------- plans and subscriptions

export const units = pgTable('units', {
  name: text('name').primaryKey(),
  title: text('title').notNull(),
});

export const subscriptionRequestDefinitions = pgTable('subscription_request_definitions', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  schema: jsonb('schema').notNull().default({}),
});

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** free | paid */
  type: text('type').notNull().default('free'),
  /** active | draft | archived */
  state: text('state').notNull().default('active'),
  /** {price, currency, interval, setupPrice} */
  billing: jsonb('billing').notNull().default({}),
  /** {cycles, intervalType} */
  subscription: jsonb('subscription').notNull().default({}),
  subscriptionRequestDefinitionId: text('subscription_request_definition_id').references(() => subscriptionRequestDefinitions.id),
  /** automatic | manual approval of subscriptions */
  approval: text('approval').notNull().default('automatic'),
  /** Team tag that lets non-administrators subscribe to this paid plan. */
  specialTag: text('special_tag'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: created(),
}, (t) => [index('plans_product_idx').on(t.productId)]);

export const quotas = pgTable('quotas', {
  id: text('id').primaryKey(),
  planId: text('plan_id').notNull().references(() => plans.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  unitName: text('unit_name').notNull().references(() => units.name),
  /** {type: fixed|unlimited|volume|graduated|perunit, interval, limit: {value, type, overages} | {tiers[]} | {cost}} */
  pricing: jsonb('pricing').notNull(),
  assetResourceIds: text('asset_resource_ids').array().notNull().default(sql`'{}'`),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('quotas_plan_idx').on(t.planId)]);

export const subscriptions = pgTable('subscriptions', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  title: text('title').notNull(),
  productId: text('product_id').notNull().references(() => products.id),
  planId: text('plan_id').notNull().references(() => plans.id),
  /** team | user */
  ownerType: text('owner_type').notNull(),
  ownerId: text('owner_id').notNull(),
  ownerContextId: text('owner_context_id'),
  /** active | archiving | archived | migrating | migrated | deleting */
  state: text('state').notNull().default('active'),
  /** pending | approved | rejected */
  approvalState: text('approval_state').notNull().default('pending'),
  approvalReason: text('approval_reason'),
  approvedAt: at('approved_at'),
  data: jsonb('data').notNull().default({}),
  billing: jsonb('billing').notNull().default({}),
  archivalScheduledAt: at('archival_scheduled_at'),
  archivalReason: text('archival_reason'),
  archivedAt: at('archived_at'),
  migrationScheduledAt: at('migration_scheduled_at'),
  migratedAt: at('migrated_at'),
  /** [{type: requested|approved|rejected|archived|migrated, at, userId, reason?}], oldest first (spec 3 §4). */
  history: jsonb('history').notNull().default([]),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
  modifiedAt: modified(),
}, (t) => [index('subscriptions_org_idx').on(t.orgId, t.createdAt), index('subscriptions_product_idx').on(t.productId)]);

export const invoices = pgTable('invoices', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  subscriptionId: text('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
  productId: text('product_id').notNull(),
  planId: text('plan_id').notNull(),
  ownerId: text('owner_id').notNull(),
  /** draft | open | incomplete | pastDue | paid | void */
  status: text('status').notNull().default('draft'),
  /** ok | error */
  state: text('state').notNull().default('ok'),
  dueDate: at('due_date'),
  invoiceDate: at('invoice_date'),
  /** {number, link, amount: {total, currency}} */
  billing: jsonb('billing').notNull().default({}),
  createdAt: created(),
}, (t) => [index('invoices_subscription_idx').on(t.subscriptionId)]);

// ---------------------------------------------------------------- applications, credentials, access

export const applications = pgTable('applications', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** The application's image, a row of `images` (served at /images/{id}); null for none. */
  imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
  ownerType: text('owner_type').notNull(),
  ownerId: text('owner_id').notNull(),
  ownerContextId: text('owner_context_id'),
  /** active | archived | archiving | deleting */
  state: text('state').notNull().default('active'),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
  modifiedAt: modified(),
}, (t) => [
  uniqueIndex('applications_name_owner_idx').on(t.orgId, t.ownerId, sql`lower(${t.title})`),
  index('applications_org_idx').on(t.orgId),
]);

export const applicationProfileDefinitions = pgTable('application_profile_definitions', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  schema: jsonb('schema').notNull().default({}),
});

export const applicationProfiles = pgTable('application_profiles', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  definitionId: text('definition_id').notNull().references(() => applicationProfileDefinitions.id),
  title: text('title').notNull(),
  data: jsonb('data').notNull().default({}),
  /** pending | success | error */
  provisioningStatus: text('provisioning_status').notNull().default('success'),
  /** active | deleting */
  state: text('state').notNull().default('active'),
  createdAt: created(),
  modifiedAt: modified(),
}, (t) => [uniqueIndex('application_profiles_app_def_idx').on(t.applicationId, t.definitionId)]);

export const credentials = pgTable('credentials', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  credentialRequestDefinitionId: text('credential_request_definition_id').notNull().references(() => credentialRequestDefinitions.id),
  crdType: text('crd_type').notNull(),
  data: jsonb('data').notNull().default({}),
  /** active | inactive | deleting */
  state: text('state').notNull().default('active'),
  /** active | inactive */
  provisioningState: text('provisioning_state').notNull().default('active'),
  /** success | pending | error */
  provisioningStatus: text('provisioning_status').notNull().default('pending'),
  /** Secrets (apiKey, clientSecret, password), AES-GCM encrypted; shown only through decrypt. */
  secretEncrypted: text('secret_encrypted'),
  /** Non-secret provisioned data (clientId, username). */
  provisioningData: jsonb('provisioning_data').notNull().default({}),
  /** How the gateway finds this credential in one indexed read, without decrypting anything:
   * 'apikey:' + sha256(key), 'basic:' + username, 'oauth:' + clientId, 'mtls:' + certificate
   * SHA-256 fingerprint. Null until provisioned. */
  lookupKey: text('lookup_key'),
  /** The lookup key before the last rotation (migration 0024): a call with the old key is refused
   * as "rotated" and recorded against this credential, not as an unknown key. */
  previousLookupKey: text('previous_lookup_key'),
  /** sha256 of the password or client secret (HTTPBasic, OAuth), compared on each call. */
  secretHash: text('secret_hash'),
  /** Bumped by every rotation: OAuth tokens carry it, so a rotate revokes the tokens issued before. */
  secretVersion: integer('secret_version').notNull().default(1),
  provisionedAt: at('provisioned_at'),
  visibleUntil: at('visible_until'),
  expiresAt: at('expires_at'),
  ownerType: text('owner_type').notNull(),
  ownerId: text('owner_id').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
  modifiedAt: modified(),
}, (t) => [
  index('credentials_app_idx').on(t.applicationId),
  index('credentials_org_idx').on(t.orgId),
  uniqueIndex('credentials_lookup_idx').on(t.lookupKey),
  index('credentials_previous_lookup_idx').on(t.previousLookupKey),
]);

export const credentialResources = pgTable('credential_resources', {
  credentialId: text('credential_id').notNull().references(() => credentials.id, { onDelete: 'cascade' }),
  assetResourceId: text('asset_resource_id').notNull().references(() => assetResources.id),
}, (t) => [primaryKey({ columns: [t.credentialId, t.assetResourceId] })]);

export const accessRequests = pgTable('access_requests', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull().references(() => organisations.id),
  title: text('title').notNull(),
  applicationId: text('application_id').notNull().references(() => applications.id, { onDelete: 'cascade' }),
  subscriptionId: text('subscription_id').notNull().references(() => subscriptions.id),
  productId: text('product_id').notNull().references(() => products.id),
  productVersionId: text('product_version_id').notNull(),
  assetResourceId: text('asset_resource_id').notNull().references(() => assetResources.id),
  /** pending | approved | rejected */
  approvalState: text('approval_state').notNull().default('pending'),
  approvalReason: text('approval_reason'),
  decidedAt: at('decided_at'),
  data: jsonb('data').notNull().default({}),
  provisioningStatus: text('provisioning_status').notNull().default('success'),
  provisioningData: jsonb('provisioning_data').notNull().default({}),
  /** [{type: requested|approved|rejected, at, userId, reason?}], oldest first (spec 2 §2). */
  history: jsonb('history').notNull().default([]),
  createdBy: text('created_by').notNull(),
  createdAt: created(),
  modifiedAt: modified(),
}, (t) => [
  uniqueIndex('access_requests_app_resource_idx').on(t.applicationId, t.assetResourceId),
  index('access_requests_org_idx').on(t.orgId),
]);

// ---------------------------------------------------------------- background work

/** The assistant's sentence vectors (migration 0025, server/src/assistant/vectors.ts): kind is a
 * search entry's kind, 'operation' (id resourceId#ordinal), 'plan' or 'profile' (a product's id); text_hash the md5 of the
 * text embedded, so a changed row is embedded again by the job runner. */
export const assistantVectors = pgTable('assistant_vectors', {
  kind: text('kind').notNull(),
  id: text('id').notNull(),
  textHash: text('text_hash').notNull(),
  vector: real('vector').array().notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.kind, t.id] })]);

/** The job runner's queue (server/src/jobs): credential provisioning, asynchronous deletes,
 * later billing and rollups. Several instances share it (FOR UPDATE SKIP LOCKED on PostgreSQL). */
export const jobs = pgTable('jobs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull().default({}),
  runAt: at('run_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** Taken by a runner until then; a crashed runner's job is taken again after it. */
  lockedUntil: at('locked_until'),
  createdAt: created(),
}, (t) => [index('jobs_run_at_idx').on(t.runAt)]);

/** Outbound e-mail (server/src/mail, migration 0025): one row per message, unique per event. */
export const mailMessages = pgTable('mail_messages', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull(),
  kind: text('kind').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  toAddress: text('to_address').notNull(),
  locale: text('locale').notNull(),
  params: jsonb('params').notNull().default({}),
  /** queued | sent | outbox | failed */
  state: text('state').notNull().default('queued'),
  subject: text('subject'),
  textBody: text('text_body'),
  htmlBody: text('html_body'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: created(),
  sentAt: at('sent_at'),
}, (t) => [uniqueIndex('mail_messages_idempotency_key_key').on(t.idempotencyKey), index('mail_messages_created_idx').on(t.createdAt)]);

/** Single-use tokens of account e-mails (auth/accountMail.ts, migration 0025): only the hash is kept. */
export const accountTokens = pgTable('account_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** verify | reset */
  purpose: text('purpose').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: created(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
}, (t) => [uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)]);

/** Webhook endpoints of the provider (webhooks/, migration 0026); the secret sealed with the secrets key. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** enabled | disabled */
  state: text('state').notNull().default('enabled'),
  failingSince: at('failing_since'),
  disabledAt: at('disabled_at'),
  createdAt: created(),
});

/** One delivery of an event to an endpoint, with the endpoint's answer; kept 7 days. */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  endpointId: text('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  eventId: text('event_id').notNull(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').notNull(),
  /** pending | delivered | failed */
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  responseStatus: integer('response_status'),
  responseBody: text('response_body'),
  error: text('error'),
  redeliveryOf: text('redelivery_of'),
  createdAt: created(),
  lastAttemptAt: at('last_attempt_at'),
  deliveredAt: at('delivered_at'),
}, (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)]);

/** A user's notification choices (notifications/, migration 0029): a row per kind changed; none = e-mail on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  email: boolean('email').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.kind] })]);

/** Imports through the running server (POST /products/import), polled by the provider
 * (migration 0018). The description waits gzip-compressed and is dropped once done. */
export const imports = pgTable('imports', {
  id: text('id').primaryKey(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** queued | running | published | refused | failed */
  state: text('state').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  fileName: text('file_name').notNull().default(''),
  sourceUrl: text('source_url'),
  content: bytea('content'),
  options: jsonb('options').notNull().default({}),
  result: jsonb('result'),
  warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
  error: text('error'),
  createdAt: created(),
  finishedAt: at('finished_at'),
});

// ---------------------------------------------------------------- reviews

export const reviews = pgTable('reviews', {
  id: text('id').primaryKey(),
  productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  orgId: text('org_id').notNull().references(() => organisations.id),
  userId: text('user_id').notNull().references(() => users.id),
  rating: integer('rating').notNull(),
  title: text('title').notNull(),
  comment: text('comment').notNull().default(''),
  /** pending | approved | rejected */
  approvalState: text('approval_state').notNull().default('pending'),
  reason: text('reason'),
  reasonCode: text('reason_code'),
  createdAt: created(),
  modifiedAt: modified(),
}, (t) => [uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId), index('reviews_product_idx').on(t.productId, t.approvalState)]);

// ---------------------------------------------------------------- traffic and usage

/** Every call through the gateway: the source of usage, quotas and consumer insights. */
export const transactions = pgTable('transactions', {
  id: text('id').primaryKey(),
  orgId: text('org_id'),
  at: at('at').notNull().defaultNow(),
  applicationId: text('application_id'),
  credentialId: text('credential_id'),
  subscriptionId: text('subscription_id'),
  productId: text('product_id'),
  productVersionId: text('product_version_id'),
  assetResourceId: text('asset_resource_id'),
  userId: text('user_id'),
  protocol: text('protocol').notNull().default('http'),
  method: text('method').notNull(),
  path: text('path').notNull(),
  upstreamUrl: text('upstream_url'),
  status: integer('status').notNull(),
  /** success | failure | exception (2xx-3xx, 4xx, 5xx) */
  statusDetail: text('status_detail').notNull(),
  durationMs: integer('duration_ms').notNull(),
  requestHeaders: jsonb('request_headers').notNull().default({}),
  responseHeaders: jsonb('response_headers').notNull().default({}),
  requestBytes: integer('request_bytes').notNull().default(0),
  responseBytes: integer('response_bytes').notNull().default(0),
  /** Leg events of the transaction (gateway -> upstream). */
  legs: jsonb('legs').notNull().default([]),
  /** Why the gateway refused the call (src/rules/analytics.ts REFUSAL_REASONS); null: let through. */
  refusal: text('refusal'),
}, (t) => [
  index('transactions_org_at_idx').on(t.orgId, t.at),
  index('transactions_app_idx').on(t.applicationId, t.at),
  index('transactions_subscription_idx').on(t.subscriptionId, t.at),
]);

/** Usage counted against a quota unit other than transactions (e.g. bytes, messages). */
export const usageRecords = pgTable('usage_records', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  orgId: text('org_id').notNull(),
  at: at('at').notNull().defaultNow(),
  subscriptionId: text('subscription_id'),
  applicationId: text('application_id'),
  assetResourceId: text('asset_resource_id'),
  quotaId: text('quota_id'),
  unitName: text('unit_name').notNull(),
  count: integer('count').notNull().default(1),
}, (t) => [index('usage_records_org_at_idx').on(t.orgId, t.at)]);

/** The gateway's quota counters (server/src/quota/): calls of a subscription counted against one
 * quota in one window (quotaWindow of src/rules/quota.ts). A strict limit is taken here atomically
 * before the call is forwarded; loose and unlimited counts are added in batches. No foreign keys: a
 * counter is checked on every call and may outlive a plan edit; old windows are pruned. */
export const quotaCounters = pgTable('quota_counters', {
  subscriptionId: text('subscription_id').notNull(),
  quotaId: text('quota_id').notNull(),
  windowStart: at('window_start').notNull(),
  windowEnd: at('window_end').notNull(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  /** of count, the calls instances leased and have not reported spent yet (migration 0026) */
  leased: bigint('leased', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.subscriptionId, t.quotaId, t.windowStart] }), index('quota_counters_window_end_idx').on(t.windowEnd)]);

// ---------------------------------------------------------------- assistant

export const aiConversations = pgTable('ai_conversations', {
  id: text('id').primaryKey(),
  orgId: text('org_id').notNull(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: created(),
});

export const aiMessages = pgTable('ai_messages', {
  id: text('id').primaryKey(),
  conversationId: text('conversation_id').notNull().references(() => aiConversations.id, { onDelete: 'cascade' }),
  /** user | assistant */
  role: text('role').notNull(),
  parts: jsonb('parts').notNull(),
  references: jsonb('references').notNull().default([]),
  createdAt: created(),
}, (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.createdAt)]);
