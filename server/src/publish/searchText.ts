// What catalogue search reads of a description beyond its title and summary: every operation's
// method, path, operation id, tags, summary and description, and the description's whole text.
// Stored only as words: publishing writes its tsvector into asset_resources.search at the lowest
// weight (migration 0021), so a title match still ranks first.
import type { GraphQLSchema } from 'graphql';
import type { DetectedSpec, Json } from './detect.ts';

/** PostgreSQL refuses a tsvector over 1 MB; the text is cut well before it could build one. */
export const SEARCH_TEXT_MAX = 400_000;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function searchText(spec: DetectedSpec): string {
  const parts: string[] = [spec.description];
  let size = spec.description.length;
  const add = (...texts: string[]): boolean => {
    for (const text of texts) {
      if (!text) continue;
      parts.push(text);
      size += text.length + 1;
    }
    return size < SEARCH_TEXT_MAX;
  };
  if (spec.schema) graphqlText(spec.schema, add);
  else if (spec.doc && spec.type === 'asyncapi') asyncText(spec.doc, add);
  else if (spec.doc) openapiText(spec.doc, add);
  return parts.join('\n').slice(0, SEARCH_TEXT_MAX);
}

type Add = (...texts: string[]) => boolean;

function openapiText(doc: Json, add: Add): void {
  if (!isObject(doc.paths)) return;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const tags = Array.isArray(op.tags) ? op.tags.map(str).join(' ') : '';
      if (!add(`${method.toUpperCase()} ${path}`, str(op.operationId), tags, str(op.summary), str(op.description))) return;
    }
  }
}

function asyncText(doc: Json, add: Add): void {
  // AsyncAPI 2 puts publish/subscribe under channels; 3 has operations of their own.
  for (const [name, channel] of Object.entries(isObject(doc.channels) ? doc.channels : {})) {
    if (!isObject(channel)) continue;
    const ops = ['publish', 'subscribe'].map((k) => channel[k]).filter(isObject);
    if (!add(name, str(channel.description), ...ops.flatMap((op) => [str(op.operationId), str(op.summary), str(op.description)]))) return;
  }
  for (const [name, op] of Object.entries(isObject(doc.operations) ? doc.operations : {})) {
    if (isObject(op) && !add(name, str(op.action), str(op.title), str(op.summary), str(op.description))) return;
  }
}

function graphqlText(schema: GraphQLSchema, add: Add): void {
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      if (!add(`${root.name} ${field.name}`, field.description ?? '')) return;
    }
  }
}
