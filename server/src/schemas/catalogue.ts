// The read side of the catalogue: products, versions, documents, asset resources, categories,
// stages and search (spec 1 §3, §5, §7). These schemas are the contract; the browser imports
// their types only.
//
// Query syntax decided here (documented once, enforced by the schemas and src/catalogue):
// - Product sort (`sort` of GET /products): one of PRODUCT_SORTS. The default (no sort) is
//   `+title,-metadata.createdAt` (name ascending, then created time descending), except that a
//   full-text `search` or advanced `query` without an explicit sort orders by relevance first.
// - Advanced search (`query` of GET /products and GET /search): a JSON array of AdvancedTerm,
//   URL-encoded, e.g. `[{"value":"pets","comparison":"equals"},{"value":"store","comparison":
//   "notEquals","operator":"or"}]`. Values are letters and digits only, at most 20 terms. Terms
//   combine left to right: equals → term, notEquals → !term, operator and → &, or → |
//   (the first term's operator is ignored), so a, or !b, and c means ((a | !b) & c).
// - Plain full-text (`search` of GET /products and GET /search): PostgreSQL websearch syntax
//   ("quoted phrase", -excluded, or). Both `search` and `query` given: both must match.
// - Sort values start with + or -; send the + encoded (%2B): an unencoded + arrives as a space,
//   which the catalogue routes also read as +.
// - Unknown query parameters are refused (400 naming them).
// - rating=N matches products whose average rating rounded down equals N (so a product rated 4.6
//   is in the 4 bucket); repeated values are alternatives (rating=4&rating=5 is "4 and up").
// - Article content: GET /products/{id}/versions/{versionId}/articles/{articleId}.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, Paging, Repeated } from './common.ts';
import {
  MAX_ADVANCED_TERMS, SEARCH_MAX_LENGTH, FILTER_SEARCH_MAX_LENGTH, MAX_PAGE_LIMIT,
  DOCUMENTS_MIN_PAGE_SIZE, DOCUMENTS_MAX_PAGE_SIZE, VERSIONS_LIMIT_ALL, CATEGORY_PAGE_SIZE,
  SEARCH_PAGE_SIZE, RATING_MAX,
} from '../../../src/rules/constants.ts';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** One of a list of strings; a plain enum keeps ajv's message short ("must be equal to one of the allowed values"). */
export const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
export const DateTime = Type.String({ format: 'date-time' });
/** A boolean query flag: true/false (Fastify's ajv coerces the text). */
const Flag = Type.Optional(Type.Boolean());
/** Query strings name their parameters exactly: an unknown one is a 400 naming it (a typo such as
 * `category=` for `category.id=` would otherwise silently match everything). */
export const Strict = { additionalProperties: false } as const;
/** For routes that take no query parameters. */
export const NoQuery = Type.Object({}, Strict);
const SearchText = (max = SEARCH_MAX_LENGTH) => Type.Optional(Type.String({ maxLength: max }));

// ---------------------------------------------------------------- enumerations

export const PRODUCT_STATUSES = ['success', 'warning', 'error'] as const;
export const VISIBILITIES = ['unrestricted', 'authenticated', 'restricted', 'restrictedExcluded', 'restrictedTags'] as const;
export const VERSION_STATES = ['active', 'deprecated', 'archived'] as const;
export const RESOURCE_STATES = ['active', 'archived', 'archiving', 'deleting'] as const;
export const RESOURCE_KINDS = ['Resource', 'DocumentResource'] as const;
export const CONTENT_KINDS = ['BINARY', 'TEXT', 'URL'] as const;
export const SEARCH_TYPES = ['product', 'asset_resource', 'document_resource'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** The product sort options: modified (last version created), created, name ascending, name
 * descending, and the default "name ascending then created descending". */
export const PRODUCT_SORTS = [
  '+title,-metadata.createdAt',
  '-lastVersion.metadata.createdAt',
  '-metadata.createdAt',
  '+title',
  '-title',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = '+title,-metadata.createdAt';

export const DOCUMENT_SORTS = ['+rank', '-rank', '+title', '-title'] as const;
export const RESOURCE_SORTS = ['+title', '-title', '-metadata.modifiedAt', '+metadata.modifiedAt'] as const;
export const CATEGORY_SORTS = ['+name', '-name'] as const;
export const SEARCH_SORTS = ['-rank', '+title', '-title'] as const;

/** Fields a product answer may be restricted to with `fields` (id is always present). */
export const PRODUCT_FIELDS = [
  'id', 'name', 'title', 'description', 'status', 'contact', 'ratingInfo', 'links', 'latestVersion',
  'resources', 'plans', 'subscriptions', 'applications', 'tags', 'categories', 'visibility',
  'visibilityTeamIds', 'visibilityTeamTags', 'owner', 'canSubscribe', 'canReview', 'metadata',
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export const CATEGORY_FIELDS = [
  'id', 'title', 'description', 'parentId', 'childrenCount', 'ancestors', 'links', 'image', 'featured', 'productCount',
] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];

/** `fields=a,b.c`: comma list of field names; names outside the area's list are refused by the route. */
export const Fields = Type.Optional(Type.String({ maxLength: 500, pattern: '^[A-Za-z][A-Za-z.]*(,[A-Za-z][A-Za-z.]*)*$' }));

// ---------------------------------------------------------------- advanced search

/** One advanced search term (spec 1 §3, §5). */
export const AdvancedTerm = Type.Object({
  /** Letters and digits only (src/rules/search.ts isAlphanumericTerm; checked by the server too). */
  value: Type.String({ minLength: 1, maxLength: 100 }),
  comparison: Type.Optional(Type.Union([Type.Literal('equals'), Type.Literal('notEquals')])),
  operator: Type.Optional(Type.Union([Type.Literal('and'), Type.Literal('or')])),
}, { additionalProperties: false });
export type AdvancedTerm = Static<typeof AdvancedTerm>;
export const AdvancedTerms = Type.Array(AdvancedTerm, { minItems: 1, maxItems: MAX_ADVANCED_TERMS });
/** The `query` parameter: AdvancedTerms as URL-encoded JSON. */
const AdvancedQuery = Type.Optional(Type.String({ minLength: 1, maxLength: 6000 }));

// ---------------------------------------------------------------- products

export const ProductsQuery = Type.Object({
  ...Paging,
  search: SearchText(),
  query: AdvancedQuery,
  'title.search': SearchText(FILTER_SEARCH_MAX_LENGTH),
  'category.id': Repeated(Id),
  'include.child.categories': Flag,
  /** Products carrying any of these tags (exact, case-sensitive), e.g. the carousel's tag=featured. */
  tag: Repeated(Type.String({ minLength: 1, maxLength: 100 })),
  'stage.id': Repeated(Id),
  status: Repeated(Literals(PRODUCT_STATUSES)),
  rating: Repeated(Type.Integer({ minimum: 1, maximum: RATING_MAX })),
  'subscriptions.exist': Flag,
  'assetResource.state': Repeated(Literals(RESOURCE_STATES)),
  'application.id': Repeated(Id),
  fields: Fields,
  sort: Type.Optional(Literals(PRODUCT_SORTS)),
}, Strict);
export type ProductsQuery = Static<typeof ProductsQuery>;

export const ProductQuery = Type.Object({ fields: Fields }, Strict);

const Count = Type.Object({ totalCount: Type.Integer({ minimum: 0 }) });

export const Contact = Type.Object({
  email: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  phoneNo: Type.Optional(Type.String()),
  officeHours: Type.Optional(Type.Unknown()),
  /** urls with type (slack and msteams get their own icons), value, title */
  alternativeContacts: Type.Optional(Type.Array(Type.Object({
    type: Type.Optional(Type.String()), value: Type.Optional(Type.String()), title: Type.Optional(Type.String()),
  }))),
});

export const ProductVersionSummary = Type.Object({
  id: Type.String(),
  label: Type.String(),
  value: Type.String(),
  state: Type.String(),
  status: Type.String(),
  metadata: Type.Object({ createdAt: DateTime }),
});

export const RatingInfo = Type.Object({
  average: Type.Number(),
  total: Type.Integer(),
  distribution: Type.Object({
    1: Type.Integer(), 2: Type.Integer(), 3: Type.Integer(), 4: Type.Integer(), 5: Type.Integer(),
  }),
});

export const CategoryRef = Type.Object({ id: Type.String(), title: Type.String() });

/** A product as lists and the details page read it. Every property but id may be left out by `fields`. */
export const Product = Type.Object({
  id: Type.String(),
  name: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  contact: Type.Optional(Contact),
  ratingInfo: Type.Optional(RatingInfo),
  links: Type.Optional(Type.Object({ icon: Nullable(Type.String()) })),
  latestVersion: Type.Optional(Nullable(ProductVersionSummary)),
  /** Resources of the latest version: how many, how the provider groups them in lists ('asset'
   * or null), and how many of each type (oas3, graphql, …). */
  resources: Type.Optional(Type.Object({
    totalCount: Type.Integer(),
    groupBy: Nullable(Type.String()),
    byType: Type.Array(Type.Object({ type: Type.String(), totalCount: Type.Integer() })),
  })),
  /** Plans the caller may see (active ones for consumers). */
  plans: Type.Optional(Count),
  /** Live subscriptions of the caller's organisation (0 for visitors). */
  subscriptions: Type.Optional(Count),
  /** Applications of the caller's organisation with access to a resource of the product. */
  applications: Type.Optional(Count),
  tags: Type.Optional(Type.Array(Type.String())),
  categories: Type.Optional(Type.Array(CategoryRef)),
  visibility: Type.Optional(Type.String()),
  /** Only for provider administrators. */
  visibilityTeamIds: Type.Optional(Type.Array(Type.String())),
  visibilityTeamTags: Type.Optional(Type.Array(Type.String())),
  owner: Type.Optional(Nullable(Type.Object({ type: Type.Literal('team'), id: Type.String(), name: Nullable(Type.String()) }))),
  canSubscribe: Type.Optional(Type.Boolean()),
  canReview: Type.Optional(Type.Boolean()),
  metadata: Type.Optional(Type.Object({ createdAt: DateTime, modifiedAt: DateTime })),
});
export type Product = Static<typeof Product>;

// ---------------------------------------------------------------- versions

export const ProductParams = Type.Object({ id: Id });
export const VersionParams = Type.Object({ id: Id, versionId: Id });
export const VersionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: VERSIONS_LIMIT_ALL, default: VERSIONS_LIMIT_ALL })),
  offset: Paging.offset,
}, Strict);
export const ProductVersion = Type.Composite([ProductVersionSummary, Type.Object({
  productId: Type.String(),
  /** True for the newest version of the product. */
  latest: Type.Boolean(),
})]);
export type ProductVersion = Static<typeof ProductVersion>;
export const VersionOverview = Type.Object({
  productId: Type.String(),
  versionId: Type.String(),
  contentType: Type.Literal('text/markdown'),
  content: Type.String(),
});

// ---------------------------------------------------------------- documents

export const ArticleLink = Type.Object({ id: Type.String(), label: Type.String(), kind: Type.String() });
export const DocumentSection = Type.Object({
  id: Type.String(),
  sectionIndex: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  articleLinks: Type.Array(ArticleLink),
});
export const Document = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  fileName: Nullable(Type.String()),
  contentType: Type.String(),
  /** Content kind: BINARY, TEXT or URL. */
  type: Type.String(),
  url: Nullable(Type.String()),
  rank: Type.Integer(),
  productId: Nullable(Type.String()),
  productVersionId: Nullable(Type.String()),
  sections: Type.Array(DocumentSection),
  metadata: Type.Object({ createdAt: DateTime }),
});
export type Document = Static<typeof Document>;
export const DocumentsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: DOCUMENTS_MIN_PAGE_SIZE, maximum: DOCUMENTS_MAX_PAGE_SIZE, default: DOCUMENTS_MAX_PAGE_SIZE })),
  offset: Paging.offset,
  sort: Type.Optional(Literals(DOCUMENT_SORTS)),
}, Strict);
export const ArticleParams = Type.Object({ id: Id, versionId: Id, articleId: Id });
export const ArticleQuery = Type.Object({ kind: Type.Optional(Literals(['markdown', 'url'] as const)) }, Strict);
export const Article = Type.Object({
  id: Type.String(),
  label: Type.String(),
  kind: Type.String(),
  content: Type.String(),
  articleIndex: Type.Integer(),
  document: Type.Object({ id: Type.String(), title: Type.String() }),
  section: Type.Object({ id: Type.String(), title: Type.String(), sectionIndex: Type.Integer() }),
});

// ---------------------------------------------------------------- asset resources

export const AssetResource = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  version: Type.String(),
  type: Type.String(),
  contentType: Type.String(),
  state: Type.String(),
  /** 'deleted' for resources the provider removed, else null. */
  status: Nullable(Type.String()),
  stage: Nullable(Type.Object({ id: Type.String(), title: Type.String() })),
  sourceReleaseStateName: Nullable(Type.String()),
  sourceReleaseStateMessage: Nullable(Type.String()),
  sourceAssetResourceId: Nullable(Type.String()),
  assetId: Nullable(Type.String()),
  assetTitle: Nullable(Type.String()),
  accessRequestDefinition: Nullable(Type.Object({
    id: Type.String(), title: Type.String(), schema: Type.Unknown(), approval: Type.String(),
  })),
  credentialRequestDefinitions: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), type: Type.String() })),
  /** Access requests of the caller's organisation for this resource. */
  accessInfos: Type.Array(Type.Object({
    id: Type.String(), applicationId: Type.String(), applicationTitle: Type.String(), approvalState: Type.String(),
  })),
  hasEmptyDefinition: Type.Boolean(),
  /** Signed-in caller, latest version, a live approved subscription of the caller's organisation
   * to a plan covering the resource, and an access request or credential definition. */
  canRequestAccessOrCredential: Type.Boolean(),
  specificationSize: Type.Integer(),
  mutualTls: Type.Boolean(),
  readOnly: Type.Boolean(),
  endpoints: Type.Unknown(),
  /** What the import tolerated in the description (publishing's detect.ts), in English. */
  importWarnings: Type.Array(Type.String()),
  productId: Type.String(),
  productVersionId: Type.String(),
  metadata: Type.Object({ modifiedAt: DateTime }),
});
export type AssetResource = Static<typeof AssetResource>;

export const ResourceParams = Type.Object({ id: Id, versionId: Id, resourceId: Id });
export const ResourceKindQuery = Type.Object({ kind: Type.Optional(Literals(RESOURCE_KINDS)) }, Strict);

export const AssetResourcesQuery = Type.Object({
  ...Paging,
  sort: Type.Optional(Literals(RESOURCE_SORTS)),
  'assetResource.with.access.request': Flag,
  'assetResource.with.credential.request.def': Flag,
  'assetResource.asset.id': Repeated(Id),
  'assetResource.state': Repeated(Literals(RESOURCE_STATES)),
  'subscription.id': Type.Optional(Id),
  'source.assetResource.id': Type.Optional(Id),
  search: SearchText(),
}, Strict);
export type AssetResourcesQuery = Static<typeof AssetResourcesQuery>;

export const Asset = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  assetResources: Type.Object({ totalCount: Type.Integer(), withAccessRequest: Type.Integer() }),
});

/** GET /resources: resources of the latest version of every visible product. `query` here is plain
 * text matched against titles and the full-text index; `type` filters on the specification type. */
export const ResourcesQuery = Type.Object({
  ...Paging,
  type: Repeated(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9._-]+$' })),
  query: SearchText(),
  sort: Type.Optional(Literals(RESOURCE_SORTS)),
}, Strict);
export const CatalogueResource = Type.Composite([AssetResource, Type.Object({
  product: Type.Object({ id: Type.String(), title: Type.String(), versionId: Type.String() }),
})]);

// ---------------------------------------------------------------- categories and stages

export const CategoriesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  /** 0 answers only totalCount (the marketplace's category count). */
  size: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: CATEGORY_PAGE_SIZE })),
  fields: Fields,
  sort: Type.Optional(Literals(CATEGORY_SORTS)),
  featured: Flag,
  /** A category id, or `root` for top-level categories. Without it every category is listed. */
  parentId: Type.Optional(Id),
  /** With parentId: all descendants instead of direct children. */
  includeChildCategories: Flag,
  /** searchText matches titles only (otherwise titles and descriptions). */
  titleMatchOnly: Flag,
  searchText: SearchText(FILTER_SEARCH_MAX_LENGTH),
}, Strict);
export type CategoriesQuery = Static<typeof CategoriesQuery>;
export const Category = Type.Object({
  id: Type.String(),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  parentId: Type.Optional(Nullable(Type.String())),
  childrenCount: Type.Optional(Type.Integer()),
  /** Root first. */
  ancestors: Type.Optional(Type.Array(CategoryRef)),
  links: Type.Optional(Type.Object({ icon: Nullable(Type.String()) })),
  /** object-fit and object-position hints of the tile image. */
  image: Type.Optional(Type.Object({ fit: Nullable(Type.String()), position: Nullable(Type.String()) })),
  featured: Type.Optional(Type.Boolean()),
  /** Products the caller can see in this category or its descendants; only when `fields` names it. */
  productCount: Type.Optional(Type.Integer()),
});
export type Category = Static<typeof Category>;
export const CategoryQuery = Type.Object({ fields: Fields }, Strict);

export const Stage = Type.Object({ id: Type.String(), title: Type.String(), description: Type.String() });

// ---------------------------------------------------------------- search

export const SearchQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: SEARCH_PAGE_SIZE })),
  sort: Type.Optional(Literals(SEARCH_SORTS)),
  type: Repeated(Literals(SEARCH_TYPES)),
  /** Basic search: websearch text. */
  search: SearchText(),
  /** Advanced search: AdvancedTerms as JSON. */
  query: AdvancedQuery,
}, Strict);
export type SearchQuery = Static<typeof SearchQuery>;

const SearchProduct = Type.Object({
  id: Type.String(), versionId: Nullable(Type.String()), title: Type.String(), contactEmail: Nullable(Type.String()),
});
export const SearchResultItem = Type.Object({
  type: Literals(SEARCH_TYPES),
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  rank: Type.Number(),
  product: SearchProduct,
  /** Absent for products. Asset resource: id, title, description, type, version, stage. Document
   * resource: label, description, fileType, version, document, section (null for a whole document). */
  resource: Type.Optional(Type.Object({
    id: Type.String(),
    label: Type.String(),
    description: Type.String(),
    type: Type.Optional(Type.String()),
    fileType: Type.Optional(Type.String()),
    version: Nullable(Type.String()),
    stage: Type.Optional(Nullable(Type.String())),
    articleId: Type.Optional(Nullable(Type.String())),
    document: Type.Optional(Type.Object({ id: Type.String(), title: Type.String(), description: Type.String() })),
    section: Type.Optional(Nullable(Type.Object({ title: Type.String(), description: Type.String(), sectionIndex: Type.Integer() }))),
    /** Asset resource, for a text search: the operation that matches it best (its ordinal in the
     * explorer's index), absent when none does. The result links to the resource with it opened. */
    operation: Type.Optional(Type.Object({ ordinal: Type.Integer(), method: Type.String(), path: Type.String(), summary: Type.String() })),
  })),
});
export type SearchResultItem = Static<typeof SearchResultItem>;
export const SearchResults = Type.Object({
  items: Type.Array(SearchResultItem),
  totalCount: Type.Integer(),
  /** Hits per type over the whole result, for the tabs. */
  counts: Type.Object({ product: Type.Integer(), asset_resource: Type.Integer(), document_resource: Type.Integer() }),
});
