// Index of a GraphQL schema (SDL, or an introspection result as JSON): one row per root field
// (queries, mutations, subscriptions) and a summary of every named type.
import {
  buildClientSchema, buildSchema, isObjectType, isInterfaceType, isEnumType, isUnionType,
  isInputObjectType, isScalarType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { SpecIndexError, shortText } from './parse.ts';
import { groupByTag, finishHead } from './head.ts';
import type { IndexedOperation, SpecHead, SpecIndex } from './types.ts';

/** Builds the executable-shape schema from the stored text (the mock upstream uses it too). */
export function schemaFromText(text: string): GraphQLSchema {
  const trimmed = text.trim();
  if (trimmed === '') throw new SpecIndexError('The GraphQL schema is empty.');
  try {
    if (trimmed.startsWith('{')) {
      const json = JSON.parse(trimmed) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
      const introspection = json.data ?? (json as IntrospectionQuery);
      return buildClientSchema(introspection);
    }
    return buildSchema(trimmed, { assumeValidSDL: false });
  } catch (e) {
    throw new SpecIndexError(`The GraphQL schema is not valid: ${(e as Error).message.split('\n')[0]}`);
  }
}

export function indexGraphql(text: string, documentBytes: number): SpecIndex {
  const schema = schemaFromText(text);
  const operations: IndexedOperation[] = [];
  const roots: Array<[string, GraphQLObjectType | null | undefined]> = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  for (const [kind, type] of roots) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const operation = describeField(kind, field);
      const json = `{"operation":${JSON.stringify(operation)}}`;
      operations.push({
        ordinal: operations.length, tag: type.name, tags: [type.name], method: kind, path: field.name,
        operationId: field.name, summary: shortText(field.description), deprecated: field.deprecationReason != null,
        operation, json, size: Buffer.byteLength(json),
      });
    }
  }
  const types = Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__'))
    .map((t) => ({ name: t.name, kind: kindOf(t), description: shortText(t.description) }));
  const head: SpecHead = {
    format: 'graphql',
    specVersion: '',
    info: schema.description ? { description: schema.description } : {},
    servers: [],
    securitySchemes: {},
    security: [],
    counts: { operations: 0, tags: 0, paths: operations.length, schemas: types.length },
    sizes: { document: documentBytes, index: 0, largestOperation: 0, operations: 0 },
    tags: groupByTag([], operations),
    graphql: {
      queryType: schema.getQueryType()?.name ?? null,
      mutationType: schema.getMutationType()?.name ?? null,
      subscriptionType: schema.getSubscriptionType()?.name ?? null,
      types,
    },
  };
  return { head: finishHead(head, operations), operations, schemas: [] };
}

function describeField(kind: string, field: GraphQLField<unknown, unknown>): Record<string, unknown> {
  return {
    kind,
    name: field.name,
    description: field.description ?? '',
    type: String(field.type),
    args: field.args.map((a) => ({
      name: a.name,
      type: String(a.type),
      description: a.description ?? '',
      ...(a.defaultValue !== undefined ? { defaultValue: a.defaultValue } : {}),
      ...(a.deprecationReason ? { deprecationReason: a.deprecationReason } : {}),
    })),
    ...(field.deprecationReason ? { deprecationReason: field.deprecationReason } : {}),
  };
}

function kindOf(t: unknown): string {
  if (isObjectType(t)) return 'OBJECT';
  if (isInterfaceType(t)) return 'INTERFACE';
  if (isUnionType(t)) return 'UNION';
  if (isEnumType(t)) return 'ENUM';
  if (isInputObjectType(t)) return 'INPUT_OBJECT';
  if (isScalarType(t)) return 'SCALAR';
  return 'OTHER';
}
