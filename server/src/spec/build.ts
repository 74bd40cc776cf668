// buildSpecIndex: the pure entry point (no database), by resource type.
import { parseDocument, SpecIndexError } from './parse.ts';
import { indexOpenApi } from './openapi.ts';
import { indexAsyncApi } from './asyncapi.ts';
import { indexGraphql } from './graphql.ts';
import { finishHead } from './head.ts';
import { packSpecIndex, PayloadPacker, type PackedSpecIndex } from './packed.ts';
import type { ResourceType, SpecHead, SpecIndex } from './types.ts';

export const INDEXED_TYPES: ReadonlySet<string> = new Set(['oas2', 'oas3', 'oas3.1', 'asyncapi', 'graphql']);

/** The types indexed from their parsed document (GraphQL is indexed from its text). */
export type ParsedType = 'oas2' | 'oas3' | 'oas3.1' | 'asyncapi';
const PARSED_TYPES: ReadonlySet<string> = new Set<ParsedType>(['oas2', 'oas3', 'oas3.1', 'asyncapi']);
export const isParsedType = (type: string): type is ParsedType => PARSED_TYPES.has(type);

/** Indexes a specification text. Throws SpecIndexError (a message fit for a 400) when the text is
 * not a document of the declared type; types without an index (wsdl, protobuf, other) give a head
 * with sizes only, since the code viewer shows their text. */
export function buildSpecIndex(type: ResourceType | string, text: string): SpecIndex {
  const bytes = Buffer.byteLength(text);
  switch (type) {
    case 'oas2':
    case 'oas3':
    case 'oas3.1':
    case 'asyncapi':
      return indexChecked(type, parseDocument(text), bytes);
    case 'graphql':
      return indexGraphql(text, bytes);
    default:
      return { head: textHead(bytes), operations: [], schemas: [] };
  }
}

/** The index of a document parsed already, packed as it is built (publishing reads a
 * description once: publish/prepare.ts). */
export function indexDocument(type: ParsedType, doc: Record<string, unknown>, bytes: number): PackedSpecIndex {
  return type === 'asyncapi' ? packSpecIndex(indexChecked(type, doc, bytes)) : indexChecked(type, doc, bytes, new PayloadPacker());
}

function indexChecked(type: ParsedType, doc: Record<string, unknown>, bytes: number): SpecIndex;
function indexChecked(type: Exclude<ParsedType, 'asyncapi'>, doc: Record<string, unknown>, bytes: number, packer: PayloadPacker): PackedSpecIndex;
function indexChecked(type: ParsedType, doc: Record<string, unknown>, bytes: number, packer?: PayloadPacker): SpecIndex | PackedSpecIndex {
  if (type === 'asyncapi') {
    if (typeof doc.asyncapi !== 'string') throw new SpecIndexError('The specification has no "asyncapi" version field.');
    return indexAsyncApi(doc, bytes);
  }
  if (typeof doc.swagger !== 'string' && typeof doc.openapi !== 'string') {
    throw new SpecIndexError('The specification has no "openapi" or "swagger" version field.');
  }
  return packer ? indexOpenApi(doc, bytes, packer) : indexOpenApi(doc, bytes);
}

/** The head of a document that has no operation index (or failed to index, with the reason). */
export function textHead(bytes: number, error?: string): SpecHead {
  const head: SpecHead = {
    format: 'text', specVersion: '', info: {}, servers: [], securitySchemes: {}, security: [],
    counts: { operations: 0, tags: 0, paths: 0, schemas: 0 },
    sizes: { document: bytes, index: 0, largestOperation: 0, operations: 0 },
    tags: [],
    ...(error ? { error } : {}),
  };
  return finishHead(head, []);
}
