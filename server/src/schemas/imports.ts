// POST /products/import and GET /imports/{id}: publishing a description through the running
// server (issue 13). The import answers with a job the provider polls.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

const VISIBILITY = Type.Union(['unrestricted', 'authenticated', 'restricted', 'restrictedExcluded', 'restrictedTags'].map((v) => Type.Literal(v)));

export const ImportBody = Type.Object({
  /** The description's text (OpenAPI, AsyncAPI, GraphQL SDL or introspection JSON, JSON or YAML). */
  content: Type.Optional(Type.String({ minLength: 1, maxLength: 11 * 1024 * 1024 })),
  /** Or where to fetch it (through the server's egress policy). */
  url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, pattern: '^https?://' })),
  /** The file's name: names a description without a title, tells SDL from YAML. */
  fileName: Type.Optional(Type.String({ maxLength: 255 })),
  /** The product to publish into (default from the title); an existing one gets the version. */
  productId: Type.Optional(Id),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  version: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  categoryIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
  visibility: Type.Optional(VISIBILITY),
  /** Create the free default plan for a new product (default true). */
  plan: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ImportBody = Static<typeof ImportBody>;

export const ImportJob = Type.Object({
  id: Type.String(),
  /** queued | running | published | refused | failed */
  state: Type.String(),
  /** 0 to 100 */
  progress: Type.Integer(),
  fileName: Type.String(),
  sourceUrl: Type.Union([Type.String(), Type.Null()]),
  warnings: Type.Array(Type.String()),
  error: Type.Union([Type.String(), Type.Null()]),
  result: Type.Union([Type.Object({
    productId: Type.String(), versionId: Type.String(), resourceId: Type.String(), title: Type.String(),
    type: Type.String(), outcome: Type.String(), categoryIds: Type.Array(Type.String()),
  }), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ImportJob = Static<typeof ImportJob>;
