// What the indexer produces. The HTTP shapes built from it live in server/src/schemas/explorer.ts.
import type { IndexedSchema } from './refs.ts';

export type { IndexedSchema };

export type ResourceType = 'oas2' | 'oas3' | 'oas3.1' | 'asyncapi' | 'graphql' | 'wsdl' | 'protobuf' | 'other';

export interface OperationSummary {
  ordinal: number;
  method: string;
  path: string;
  operationId: string | null;
  summary: string;
  deprecated: boolean;
  /** Bytes of the stored operation (JSON), so the explorer can warn before a big one. */
  size: number;
  /** An OpenAPI 3.1 webhook: `path` is its name; listed in head.webhooks, not in the tags. */
  webhook?: true;
}

export interface TagGroup {
  name: string;
  description: string;
  externalDocs?: unknown;
  operations: OperationSummary[];
}

/** The small part of a specification the explorer loads first. */
export interface SpecHead {
  /** openapi | swagger | asyncapi | graphql | text (no operation index) */
  format: 'openapi' | 'swagger' | 'asyncapi' | 'graphql' | 'text';
  /** The document's own version field: '3.0.3', '2.0', '3.0.0' (AsyncAPI)…; '' when it has none. */
  specVersion: string;
  info: Record<string, unknown>;
  /** OpenAPI 3 servers, AsyncAPI servers (with their name), or [] */
  servers: unknown[];
  /** OpenAPI 2 only */
  host?: string;
  basePath?: string;
  schemes?: string[];
  consumes?: string[];
  produces?: string[];
  /** components.securitySchemes (OAS3, AsyncAPI) or securityDefinitions (OAS2), dereferenced */
  securitySchemes: Record<string, unknown>;
  /** The document-wide security requirement. */
  security: unknown[];
  externalDocs?: unknown;
  counts: { operations: number; tags: number; paths: number; schemas: number };
  sizes: {
    /** Bytes of the stored specification text. */
    document: number;
    /** Bytes of this index (head + tags + operation summaries) as JSON. */
    index: number;
    largestOperation: number;
    operations: number;
  };
  tags: TagGroup[];
  /** OpenAPI 3.1 webhooks, in document order (absent when there are none). */
  webhooks?: OperationSummary[];
  /** Set when the document could not be indexed; the explorer falls back to the download. */
  error?: string;
  graphql?: GraphqlSummary;
}

export interface GraphqlSummary {
  queryType: string | null;
  mutationType: string | null;
  subscriptionType: string | null;
  types: Array<{ name: string; kind: string; description: string }>;
}

export interface IndexedOperation extends OperationSummary {
  /** The tag it is stored under (its first tag, or 'default'). */
  tag: string;
  /** Every tag it is listed under. */
  tags: string[];
  /** The operation object: OpenAPI with its schema `$ref`s kept (see refs.ts); AsyncAPI and
   * GraphQL self-contained. */
  operation: Record<string, unknown>;
  /** The stored payload, computed once (size and storage both need it):
   * `{"schemas":{ref:id…},"samples":{…},"operation":…}` (schemas and samples OpenAPI only). */
  json: string;
}

/** What the index keeps of an operation once its JSON is stored (or packed: packed.ts). */
export type StoredOperation = Omit<IndexedOperation, 'operation' | 'json'>;

export interface SpecIndex {
  head: SpecHead;
  operations: IndexedOperation[];
  /** Schemas referenced by the operations (OpenAPI), stored once each; [] for other formats. */
  schemas: IndexedSchema[];
}

export const DEFAULT_TAG = 'default';
