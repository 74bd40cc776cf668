// The built-in upstream of a GraphQL resource: executes queries against the schema of its SDL,
// inventing values the same way every time (by the position of each field in the answer), so
// GraphiQL can introspect, query and mutate a seeded API with no real server behind it.
import {
  execute, getOperationAST, parse, validate, isEnumType, isListType, isNonNullType, getNamedType,
  isObjectType, isAbstractType, isScalarType, type GraphQLFieldResolver, type GraphQLOutputType,
  type GraphQLResolveInfo, type GraphQLSchema, type GraphQLTypeResolver, type GraphQLObjectType, GraphQLError,
} from 'graphql';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { assetResources } from '../db/schema.ts';
import { schemaFromText } from '../spec/graphql.ts';
import { isObject } from '../spec/parse.ts';
import type { MockAnswer } from './mock.ts';
import { GRAPHQL_MAX_BODY_BYTES, GRAPHQL_MAX_TOKENS, QueryTooBig, checkCost, checkDocument, checkText } from './mock-graphql-limits.ts';

const cache = new Map<string, { etag: string; schema: GraphQLSchema }>();
const CACHE_MAX = 20;

export interface GraphqlRequest {
  method: string;
  query: Record<string, unknown>;
  contentType: string | undefined;
  body: Buffer | undefined;
}

export async function answerGraphql(db: Db, resourceId: string, etag: string, req: GraphqlRequest): Promise<MockAnswer> {
  const method = req.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') {
    return { ...errorAnswer(405, `${method} is not allowed: send queries with GET or POST.`), headers: { 'content-type': 'application/json', allow: 'GET, POST' } };
  }
  if (req.body && req.body.length > GRAPHQL_MAX_BODY_BYTES) return tooBig(`The body is larger than ${GRAPHQL_MAX_BODY_BYTES} bytes.`);
  const params = readParams(req);
  if ('error' in params) return errorAnswer(params.status, params.error);
  const schema = await schemaOf(db, resourceId, etag);
  let document;
  try {
    // Limits before each step that could run long (./mock-graphql-limits.ts).
    checkText(params.query);
    document = parse(params.query, { maxTokens: GRAPHQL_MAX_TOKENS });
    checkDocument(document);
  } catch (e) {
    if (e instanceof QueryTooBig) return tooBig(e.message);
    return errorAnswer(400, (e as GraphQLError).message);
  }
  const errors = validate(schema, document);
  if (errors.length > 0) return { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errors: errors.map((e) => e.toJSON()) }) };
  const operation = getOperationAST(document, params.operationName ?? undefined);
  if (method === 'GET' && operation && operation.operation !== 'query') {
    return { ...errorAnswer(405, `A ${operation.operation} must be sent with POST.`), headers: { 'content-type': 'application/json', allow: 'POST' } };
  }
  try {
    checkCost(schema, document, params.operationName, params.variables);
  } catch (e) {
    if (e instanceof QueryTooBig) return tooBig(e.message);
    throw e;
  }
  const result = await execute({
    schema, document, variableValues: params.variables, operationName: params.operationName,
    fieldResolver: mockResolver, typeResolver: mockTypeResolver,
  });
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
}

async function schemaOf(db: Db, resourceId: string, etag: string): Promise<GraphQLSchema> {
  const hit = cache.get(resourceId);
  if (hit && hit.etag === etag) return hit.schema;
  const [row] = await db.select({ text: assetResources.specification }).from(assetResources).where(eq(assetResources.id, resourceId));
  const schema = schemaFromText(row?.text ?? '');
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(resourceId, { etag, schema });
  return schema;
}

type Params = { query: string; variables: Record<string, unknown> | undefined; operationName: string | null };

function readParams(req: GraphqlRequest): Params | { status: number; error: string } {
  let raw: Record<string, unknown>;
  if (req.method.toUpperCase() === 'GET') {
    raw = { ...req.query };
    if (typeof raw.variables === 'string' && raw.variables !== '') {
      try {
        raw.variables = JSON.parse(raw.variables);
      } catch {
        return { status: 400, error: 'variables is not valid JSON.' };
      }
    }
  } else {
    const type = (req.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const text = req.body?.toString('utf8') ?? '';
    if (type === 'application/graphql') raw = { query: text };
    else if (type === 'application/json' || type.endsWith('+json')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (!isObject(parsed)) return { status: 400, error: 'The body must be a JSON object with a query.' };
        raw = parsed;
      } catch {
        return { status: 400, error: 'The body is not valid JSON.' };
      }
    } else return { status: 415, error: 'Send the query as application/json (or application/graphql).' };
  }
  if (typeof raw.query !== 'string' || raw.query.trim() === '') return { status: 400, error: 'A GraphQL query is required.' };
  if (raw.variables != null && !isObject(raw.variables)) return { status: 400, error: 'variables must be an object.' };
  if (raw.operationName != null && typeof raw.operationName !== 'string') return { status: 400, error: 'operationName must be a string.' };
  return {
    query: raw.query,
    variables: (raw.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: (raw.operationName as string | null | undefined) ?? null,
  };
}

const errorAnswer = (status: number, message: string): MockAnswer =>
  ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errors: [{ message }] }) });

/** A query over a limit: 400 in the server's error shape, with GraphQL's `message` for GraphiQL. */
const tooBig = (detail: string): MockAnswer => ({
  status: 400, headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ errors: [{ status: 400, title: 'Bad Request', detail, source: { parameter: 'query' }, message: detail }] }),
});

// ---------------------------------------------------------------- invented values

/** FNV-1a: a stable number for a position in the answer. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function pathKey(path: GraphQLResolveInfo['path'] | undefined): string {
  const parts: Array<string | number> = [];
  for (let p = path; p; p = p.prev) parts.push(p.key);
  return parts.reverse().join('.');
}

const mockResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, _context, info) => {
  if (isObject(source) && info.fieldName in source) return source[info.fieldName];
  return invent(info.returnType, pathKey(info.path), info, args);
};

const mockTypeResolver: GraphQLTypeResolver<unknown, unknown> = (value) =>
  (isObject(value) && typeof value.__typename === 'string' ? value.__typename : undefined);

function invent(type: GraphQLOutputType, key: string, info: GraphQLResolveInfo, args: Record<string, unknown>): unknown {
  if (isNonNullType(type)) return invent(type.ofType, key, info, args);
  const h = hash(key);
  if (isListType(type)) return Array.from({ length: 2 + (h % 2) }, (_, i) => invent(type.ofType, `${key}.${i}`, info, {}));
  if (isEnumType(type)) {
    const values = type.getValues();
    return values.length > 0 ? values[h % values.length]!.value : null;
  }
  if (isScalarType(type)) return scalar(type.name, info.fieldName, h);
  if (isAbstractType(type)) {
    const possible = info.schema.getPossibleTypes(type);
    const chosen = possible[h % Math.max(1, possible.length)];
    return chosen ? { __typename: chosen.name, ...seedFromArgs(chosen, args) } : null;
  }
  if (isObjectType(type)) return seedFromArgs(type, args);
  return null;
}

function scalar(typeName: string, field: string, h: number): unknown {
  switch (typeName) {
    case 'ID':
      return String(1 + (h % 10_000));
    case 'Int':
      return h % 1000;
    case 'Float':
      return (h % 100_000) / 100;
    case 'Boolean':
      return h % 2 === 0;
    case 'String':
      return `${field} ${1 + (h % 100)}`;
    default:
      if (/date|time/i.test(typeName)) return '2024-01-15T09:30:00Z';
      if (/json|object|map/i.test(typeName)) return {};
      return `${field} ${1 + (h % 100)}`;
  }
}

/** A fetched or created object echoes the scalars it was asked by (user(id: 7) has id 7;
 * createUser(input: {name}) returns that name), as a real API would. */
function seedFromArgs(type: GraphQLObjectType, args: Record<string, unknown>): Record<string, unknown> {
  const fields = type.getFields();
  const seeded: Record<string, unknown> = {};
  const offer = (name: string, value: unknown) => {
    const field = fields[name];
    if (field && fits(getNamedType(field.type), value)) seeded[name] = value;
  };
  for (const [name, value] of Object.entries(args)) {
    if (isObject(value)) for (const [k, v] of Object.entries(value)) offer(k, v);
    else offer(name, value);
  }
  return seeded;
}

/** Whether an argument value can stand for a field of this type without a serialisation error. */
function fits(type: unknown, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (isEnumType(type)) return typeof value === 'string' && type.getValues().some((v) => v.value === value);
  if (!isScalarType(type)) return false;
  switch (type.name) {
    case 'ID':
      return typeof value === 'string' || typeof value === 'number';
    case 'String':
      return typeof value === 'string';
    case 'Int':
      return Number.isInteger(value);
    case 'Float':
      return typeof value === 'number';
    case 'Boolean':
      return typeof value === 'boolean';
    default:
      return typeof value !== 'object';
  }
}
