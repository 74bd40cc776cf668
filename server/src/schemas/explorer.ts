// The explorer's reading of a specification, on demand: the index first (head, tags, operation
// summaries), then one operation or one tag at a time. The whole document stays at .../data.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Paging } from './common.ts';

const Json = Type.Unknown();
const JsonObject = Type.Record(Type.String(), Type.Unknown());

export const ResourceParams = Type.Object({ id: Id, versionId: Id, resourceId: Id });
export const OperationParams = Type.Object({
  id: Id, versionId: Id, resourceId: Id,
  ordinal: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});
export const SchemaParams = Type.Object({
  id: Id, versionId: Id, resourceId: Id,
  schemaId: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
});
export const TagParams = Type.Object({
  id: Id, versionId: Id, resourceId: Id,
  tag: Type.String({ minLength: 1, maxLength: 200 }),
});
// Unknown query parameters are refused (a typo should not silently do nothing).
const strict = { additionalProperties: false } as const;
export const NoQuery = Type.Object({}, strict);
export const TagQuery = Type.Object({ ...Paging }, strict);
export const OperationsQuery = Type.Object({
  ordinal: Type.Array(Type.Integer({ minimum: 0, maximum: 1_000_000 }), { minItems: 1, maxItems: 100 }),
}, strict);

export const OperationSummary = Type.Object({
  ordinal: Type.Integer(),
  /** get, post… (OpenAPI); publish/subscribe or send/receive (AsyncAPI); query, mutation, subscription (GraphQL) */
  method: Type.String(),
  /** Path template (OpenAPI), channel (AsyncAPI) or root field name (GraphQL). */
  path: Type.String(),
  operationId: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String(),
  deprecated: Type.Boolean(),
  /** Bytes of the stored operation. */
  size: Type.Integer(),
  /** An OpenAPI 3.1 webhook (its name in `path`): a request the API sends, never tried. */
  webhook: Type.Optional(Type.Literal(true)),
});

export const TagGroup = Type.Object({
  name: Type.String(),
  description: Type.String(),
  externalDocs: Type.Optional(Json),
  operations: Type.Array(OperationSummary),
});

export const TryIt = Type.Object({
  allowed: Type.Boolean(),
  /** Why not: signin | deleted | inactive | unsupportedType (src/rules/tryIt.ts); null when allowed. */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** Base URL (under this server) that forwards to the resource's upstream: use it as the server. */
  gatewayUrl: Type.String(),
  /** The resource is answered by the built-in mock (its declared OAuth URLs are not real). */
  mock: Type.Boolean(),
  /** POST here to exchange OAuth 2 grants (body: TokenRequest of schemas/gateway.ts). */
  tokenUrl: Type.String(),
  /** For a mock resource: the authorization URL to open instead of the declared one. */
  authorizeUrl: Type.Union([Type.String(), Type.Null()]),
});

export const SpecIndexResponse = Type.Object({
  resourceId: Type.String(),
  /** The resource type as stored. */
  type: Type.String(),
  format: Type.Union([
    Type.Literal('openapi'), Type.Literal('swagger'), Type.Literal('asyncapi'), Type.Literal('graphql'), Type.Literal('text'),
  ]),
  specVersion: Type.String(),
  info: JsonObject,
  servers: Type.Array(Json),
  host: Type.Optional(Type.String()),
  basePath: Type.Optional(Type.String()),
  schemes: Type.Optional(Type.Array(Type.String())),
  consumes: Type.Optional(Type.Array(Type.String())),
  produces: Type.Optional(Type.Array(Type.String())),
  securitySchemes: JsonObject,
  security: Type.Array(Json),
  externalDocs: Type.Optional(Json),
  counts: Type.Object({ operations: Type.Integer(), tags: Type.Integer(), paths: Type.Integer(), schemas: Type.Integer() }),
  sizes: Type.Object({
    document: Type.Integer(), index: Type.Integer(), largestOperation: Type.Integer(), operations: Type.Integer(),
  }),
  tags: Type.Array(TagGroup),
  /** OpenAPI 3.1 webhooks (absent when there are none). */
  webhooks: Type.Optional(Type.Array(OperationSummary)),
  error: Type.Optional(Type.String()),
  graphql: Type.Optional(Type.Object({
    queryType: Type.Union([Type.String(), Type.Null()]),
    mutationType: Type.Union([Type.String(), Type.Null()]),
    subscriptionType: Type.Union([Type.String(), Type.Null()]),
    types: Type.Array(Type.Object({ name: Type.String(), kind: Type.String(), description: Type.String() })),
  })),
  /** Changes whenever the stored specification changes. */
  etag: Type.String(),
  tryIt: TryIt,
});

export const SpecOperation = Type.Composite([
  OperationSummary,
  Type.Object({
    /** The tag the operation is stored under (its first). */
    tag: Type.String(),
    /** Readable alone: path-level parameters merged; effective security, servers (OAS3) or
     * consumes/produces/schemes (OAS2); parameters, request bodies and responses inlined. Schema
     * `$ref`s (OpenAPI) are kept as written: `schemas` gives each one's id for .../spec/schemas/{id}.
     * AsyncAPI and GraphQL operations are self-contained. */
    operation: JsonObject,
    /** OpenAPI: the id of each schema reference written in the operation. */
    schemas: Type.Optional(Type.Record(Type.String(), Type.Integer())),
    /** OpenAPI: generated examples of bodies without a documented one, by
     * 'request|<media type>' and 'response|<status>|<media type>' (Swagger 2: media type ''). */
    samples: Type.Optional(JsonObject),
  }),
]);

/** One referenced schema, as written (its own `$ref`s kept), with the ids of those references. */
export const SpecSchema = Type.Object({
  id: Type.Integer(),
  /** The reference it is stored under: '#/components/schemas/Pet', '#/definitions/Pet'… */
  ref: Type.String(),
  schemas: Type.Record(Type.String(), Type.Integer()),
  schema: Json,
});

export const SpecOperationList = Type.Object({ items: Type.Array(SpecOperation), totalCount: Type.Integer() });

export const SpecTagResponse = Type.Object({
  name: Type.String(),
  description: Type.String(),
  items: Type.Array(SpecOperation),
  totalCount: Type.Integer(),
});

export type ResourceParams = Static<typeof ResourceParams>;
export type SpecIndexResponse = Static<typeof SpecIndexResponse>;
export type SpecOperation = Static<typeof SpecOperation>;
export type SpecTagResponse = Static<typeof SpecTagResponse>;
export type SpecOperationList = Static<typeof SpecOperationList>;
export type TryIt = Static<typeof TryIt>;
export type SpecSchema = Static<typeof SpecSchema>;
