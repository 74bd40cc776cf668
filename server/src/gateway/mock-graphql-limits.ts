// What a query to the GraphQL mock may cost, checked before it runs: execution is synchronous
// (invented values, no I/O), so a query that is too big holds every other caller of the server.
// Each check is cheaper than the next and runs before it: the text (size, bracket nesting), the
// parsed document (tokens, depth, aliases, fields, fragments expanded), then graphql-js validation,
// then the size of the answer (fields in it, walking the real schema for introspection and
// counting 3 items for each list the mock invents). With these limits the worst query allowed
// holds the event loop well under 50 ms (tests/server/gateway.hardening.test.ts measures it).
import {
  getNamedType, isAbstractType, isEnumType, isInputObjectType, isInterfaceType, isListType,
  isObjectType, isWrappingType, Kind, valueFromASTUntyped,
  type DocumentNode, type FieldNode, type GraphQLField, type GraphQLNamedType, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';

/** Characters of a query document. */
export const GRAPHQL_MAX_QUERY_CHARS = 50_000;
/** Bytes of a POST body (query, variables and operation name). */
export const GRAPHQL_MAX_BODY_BYTES = 200_000;
/** Brackets ({ [ () open at once in the text: the parser recurses on each. */
export const GRAPHQL_MAX_NESTING = 64;
/** Tokens of the document (graphql-js parse's maxTokens). */
export const GRAPHQL_MAX_TOKENS = 10_000;
/** Depth of selections, fragments expanded (the full introspection query needs 13). */
export const GRAPHQL_MAX_DEPTH = 20;
/** Aliased fields, fragments expanded. */
export const GRAPHQL_MAX_ALIASES = 100;
/** Field selections, fragments expanded (validation compares fields pairwise). */
export const GRAPHQL_MAX_FIELDS = 500;
/** Fields in the answer (every item of every list counted). */
export const GRAPHQL_MAX_COST = 10_000;
/** Items the mock invents in a list at most (mock-graphql.ts invent). */
export const MOCK_LIST_ITEMS = 3;

/** Too big to run: the message says which limit. */
export class QueryTooBig extends Error {}

/** The text: size and bracket nesting (strings, block strings and comments skipped). */
export function checkText(query: string): void {
  if (query.length > GRAPHQL_MAX_QUERY_CHARS) {
    throw new QueryTooBig(`The query is longer than ${GRAPHQL_MAX_QUERY_CHARS} characters.`);
  }
  let depth = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query.charCodeAt(i);
    if (c === 0x23) { // # comment to the end of the line
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++;
    } else if (c === 0x22) { // "string" or """block string"""
      if (query.startsWith('"""', i)) {
        const end = query.indexOf('"""', i + 3);
        i = end < 0 ? query.length : end + 2;
      } else {
        for (i++; i < query.length && query[i] !== '"' && query[i] !== '\n'; i++) if (query[i] === '\\') i++;
      }
    } else if (c === 0x7b || c === 0x5b || c === 0x28) { // { [ (
      if (++depth > GRAPHQL_MAX_NESTING) throw new QueryTooBig(`The query nests more than ${GRAPHQL_MAX_NESTING} brackets deep.`);
    } else if (c === 0x7d || c === 0x5d || c === 0x29) {
      depth--;
    }
  }
}

interface Shape { depth: number; aliases: number; fields: number }

/** The parsed document: depth, aliases and fields of each operation, fragments expanded (each
 * fragment measured once; a cycle counts as nothing here, validation refuses it). */
export function checkDocument(document: DocumentNode): void {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const measured = new Map<string, Shape | null>();
  const fragment = (name: string): Shape => {
    if (measured.has(name)) return measured.get(name) ?? { depth: 0, aliases: 0, fields: 0 };
    measured.set(name, null);
    const def = fragments.get(name);
    const shape = def ? selections(def.selectionSet) : { depth: 0, aliases: 0, fields: 0 };
    measured.set(name, shape);
    return shape;
  };
  const selections = (set: SelectionSetNode): Shape => {
    const total: Shape = { depth: 0, aliases: 0, fields: 0 };
    for (const s of set.selections) {
      let inner: Shape;
      if (s.kind === Kind.FIELD) {
        inner = s.selectionSet ? selections(s.selectionSet) : { depth: 0, aliases: 0, fields: 0 };
        inner = { depth: inner.depth + 1, aliases: inner.aliases + (s.alias ? 1 : 0), fields: inner.fields + 1 };
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        inner = selections(s.selectionSet);
      } else {
        inner = fragment(s.name.value);
      }
      total.depth = Math.max(total.depth, inner.depth);
      total.aliases += inner.aliases;
      total.fields += inner.fields;
    }
    return total;
  };
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const shape = selections(d.selectionSet);
    if (shape.depth > GRAPHQL_MAX_DEPTH) throw new QueryTooBig(`The query is nested more than ${GRAPHQL_MAX_DEPTH} fields deep.`);
    if (shape.aliases > GRAPHQL_MAX_ALIASES) throw new QueryTooBig(`The query has more than ${GRAPHQL_MAX_ALIASES} aliases.`);
    if (shape.fields > GRAPHQL_MAX_FIELDS) throw new QueryTooBig(`The query selects more than ${GRAPHQL_MAX_FIELDS} fields.`);
  }
}

/** The fields of the answer, counted without making it (a valid document): introspection over the
 * real schema, the mock's lists as MOCK_LIST_ITEMS items. Stops as soon as the count passes the limit. */
export function checkCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | null, variables: Record<string, unknown> | undefined): void {
  if (answerCost(schema, document, operationName, variables) > GRAPHQL_MAX_COST) {
    throw new QueryTooBig(`The answer would hold more than ${GRAPHQL_MAX_COST} fields.`);
  }
}

/** The count checkCost compares (GRAPHQL_MAX_COST + 1 once over: counting stops there). */
export function answerCost(schema: GraphQLSchema, document: DocumentNode, operationName: string | null, variables: Record<string, unknown> | undefined): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName));
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return 0;
  let cost = 0;
  const over = new Error('over');
  const spend = (n: number) => {
    cost += n;
    if (cost > GRAPHQL_MAX_COST) throw over;
  };
  /** Each field of the selection (fragments expanded, whatever their type condition: an upper bound). */
  const fieldsOf = function* (set: SelectionSetNode): Generator<FieldNode> {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) yield s;
      else if (s.kind === Kind.INLINE_FRAGMENT) yield* fieldsOf(s.selectionSet);
      else { const def = fragments.get(s.name.value); if (def) yield* fieldsOf(def.selectionSet); }
    }
  };
  // Introspection objects are walked one by one (their number is the schema's); the mock's types
  // once, the list factor multiplying what one item cost.
  const mock = (set: SelectionSetNode, typeName: string): void => {
    const type = schema.getType(typeName);
    for (const f of fieldsOf(set)) {
      spend(1);
      const name = f.name.value;
      if (name === '__schema') { if (f.selectionSet) intro(f.selectionSet, '__Schema', schema); continue; }
      if (name === '__type') {
        const arg = f.arguments?.find((a) => a.name.value === 'name');
        const named = arg ? valueFromASTUntyped(arg.value, variables) : undefined;
        const found = typeof named === 'string' ? schema.getType(named) : undefined;
        if (found && f.selectionSet) intro(f.selectionSet, '__Type', found);
        continue;
      }
      const def = type ? fieldDef(schema, type, name) : undefined;
      if (!f.selectionSet) continue;
      let items = 1;
      for (let t = def?.type; t && isWrappingType(t); t = (t as { ofType: typeof t }).ofType) if (isListType(t)) items *= MOCK_LIST_ITEMS;
      const before = cost;
      mock(f.selectionSet, def ? getNamedType(def.type).name : '');
      spend((cost - before) * (items - 1));
    }
  };
  const walk = (f: FieldNode, typeName: string, value: unknown) => {
    if (!f.selectionSet || value === null || value === undefined) return;
    if (Array.isArray(value)) for (const v of value) intro(f.selectionSet, typeName, v);
    else intro(f.selectionSet, typeName, value);
  };
  const intro = (set: SelectionSetNode, typeName: string, value: unknown): void => {
    for (const f of fieldsOf(set)) {
      spend(1);
      const [childType, child] = introspected(schema, typeName, f.name.value, value);
      if (childType) walk(f, childType, child);
    }
  };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  try {
    if (root) mock(operation.selectionSet, root.name);
  } catch (e) {
    if (e !== over) throw e;
    return GRAPHQL_MAX_COST + 1;
  }
  return cost;
}

/** A field of an object or interface, or of one of an abstract type's possible types (the
 * fragments of a union select those). */
function fieldDef(schema: GraphQLSchema, type: GraphQLNamedType, name: string): GraphQLField<unknown, unknown> | undefined {
  const own = isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
  if (own || !isAbstractType(type)) return own;
  for (const t of schema.getPossibleTypes(type)) {
    const f = t.getFields()[name];
    if (f) return f;
  }
  return undefined;
}

/** The introspection type and value a field of an introspection object resolves to (as graphql-js
 * resolves it), or [null] for a scalar. */
function introspected(schema: GraphQLSchema, typeName: string, field: string, value: unknown): [string | null, unknown] {
  const v = value as Record<string, unknown> & { getFields?: () => Record<string, unknown> };
  switch (`${typeName}.${field}`) {
    case '__Schema.types': return ['__Type', Object.values(schema.getTypeMap())];
    case '__Schema.queryType': return ['__Type', schema.getQueryType()];
    case '__Schema.mutationType': return ['__Type', schema.getMutationType()];
    case '__Schema.subscriptionType': return ['__Type', schema.getSubscriptionType()];
    case '__Schema.directives': return ['__Directive', schema.getDirectives()];
    case '__Type.fields': return ['__Field', isObjectType(value) || isInterfaceType(value) ? Object.values(value.getFields()) : null];
    case '__Type.inputFields': return ['__InputValue', isInputObjectType(value) ? Object.values(value.getFields()) : null];
    case '__Type.interfaces': return ['__Type', isObjectType(value) || isInterfaceType(value) ? value.getInterfaces() : null];
    case '__Type.possibleTypes': return ['__Type', isAbstractType(value) ? schema.getPossibleTypes(value) : null];
    case '__Type.enumValues': return ['__EnumValue', isEnumType(value) ? value.getValues() : null];
    case '__Type.ofType': return ['__Type', isWrappingType(value) ? value.ofType : null];
    case '__Field.args': case '__Directive.args': return ['__InputValue', v.args];
    case '__Field.type': case '__InputValue.type': return ['__Type', v.type];
    default: return [null, null];
  }
}
