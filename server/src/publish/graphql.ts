// GraphQL SDL as published schemas really are: GitHub's own (@octokit/graphql-schema) defines
// some fields twice, which graphql-js refuses ("Field … can only be defined once"). The first
// definition is kept and the others are cut out of the text (the rest of the author's text, its
// comments and order, stays as written) and reported. Only SDL that does not parse, or whose
// types do not resolve, is refused, with its line and column.
import { buildSchema, GraphQLError, Kind, parse, type ASTNode, type DocumentNode, type GraphQLSchema } from 'graphql';
import { badRequest } from '../errors.ts';

/** Reported one by one up to this many; the rest are counted. */
const LISTED = 20;

export interface ReadSdl {
  schema: GraphQLSchema;
  /** The SDL without its duplicate definitions (the input itself when there were none). */
  text: string;
  warnings: string[];
}

export function readGraphqlSdl(text: string): ReadSdl {
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch (error) {
    throw invalid(error);
  }
  const { cuts, duplicates } = duplicateDefinitions(document);
  const kept = cuts.length ? cutOut(text, cuts) : text;
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(kept);
  } catch (error) {
    throw invalid(error);
  }
  const warnings = duplicates.length ? [
    `${duplicates.length} duplicate definition${duplicates.length === 1 ? '' : 's'} ignored, the first kept: `
      + duplicates.slice(0, LISTED).join('; ') + (duplicates.length > LISTED ? `; and ${duplicates.length - LISTED} more` : '') + '.',
  ] : [];
  return { schema, text: kept, warnings };
}

function invalid(error: unknown): Error {
  const e = error as GraphQLError;
  const at = e.locations?.[0];
  const where = at ? ` at line ${at.line}, column ${at.column}` : '';
  return badRequest('file', `The GraphQL schema is not valid${where}: ${e.message ?? String(error)}`);
}

type Named = { name: { value: string }; loc?: ASTNode['loc'] };

/** Second and later definitions of a type, or of a field, input field or enum value within one
 * type (its extensions included), with the ranges of text they occupy. */
function duplicateDefinitions(document: DocumentNode): { cuts: Array<[number, number]>; duplicates: string[] } {
  const cuts: Array<[number, number]> = [];
  const duplicates: string[] = [];
  const types = new Set<string>();
  const members = new Map<string, Set<string>>();
  const line = (node: Named) => node.loc?.startToken.line ?? 0;
  for (const def of document.definitions) {
    if (!('name' in def) || !def.name) continue;
    const typeName = def.name.value;
    const isDefinition = def.kind.endsWith('_DEFINITION') && def.kind !== Kind.DIRECTIVE_DEFINITION;
    if (isDefinition) {
      if (types.has(typeName)) {
        if (def.loc) cuts.push([def.loc.start, def.loc.end]);
        duplicates.push(`type ${typeName} (line ${line(def as Named)})`);
        continue;
      }
      types.add(typeName);
    }
    const seen = members.get(typeName) ?? new Set<string>();
    members.set(typeName, seen);
    const list = ('fields' in def && def.fields) || ('values' in def && def.values) || [];
    for (const member of list as readonly Named[]) {
      const name = member.name.value;
      if (!seen.has(name)) {
        seen.add(name);
        continue;
      }
      if (member.loc) cuts.push([member.loc.start, member.loc.end]);
      duplicates.push(`${typeName}.${name} (line ${line(member)})`);
    }
  }
  return { cuts, duplicates };
}

/** The text without the given ranges (kept in order; they never overlap). */
function cutOut(text: string, cuts: Array<[number, number]>): string {
  const sorted = [...cuts].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    out += text.slice(at, start);
    at = end;
  }
  return out + text.slice(at);
}
