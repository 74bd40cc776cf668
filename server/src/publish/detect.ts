// Recognises a specification document and reads what a product needs from it: the resource
// type the explorer renders by, the content type it is served with, title, version, description,
// tags and the servers offered in the explorer's selector.
//
// Tolerant (issue 13): a description that can be read but lacks something we need is published
// with a derived value and a warning the provider and the explorer show (no info.title, no paths,
// duplicate GraphQL fields…). Only text that cannot be read at all is refused, with its line and
// column.
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { buildClientSchema, printSchema, type GraphQLError, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { badRequest } from '../errors.ts';
import { readGraphqlSdl } from './graphql.ts';

export const RESOURCE_TYPES = ['oas2', 'oas3', 'oas3.1', 'asyncapi', 'graphql', 'wsdl', 'protobuf', 'other'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export interface Endpoint {
  url: string;
  description: string;
}

export interface DetectedSpec {
  type: ResourceType;
  contentType: string;
  title: string;
  version: string;
  /** Markdown from the document's own description (may be empty). */
  description: string;
  tags: string[];
  endpoints: Endpoint[];
  /** What was derived or dropped to publish it, for the provider and the explorer's warnings. */
  warnings: string[];
  /** The text to store when it differs from the file's (GraphQL without its duplicate fields,
   * an introspection result as SDL); undefined: store the file as given. */
  text?: string;
  /** The parsed document (OpenAPI, AsyncAPI), read for search text and categories. */
  doc?: Json;
  /** The GraphQL schema, read for search text. */
  schema?: GraphQLSchema;
}

export interface DetectOptions {
  /** Forces a type instead of detecting it (type 'other': kept, not rendered). */
  type?: ResourceType | undefined;
  /** The title to give a description without one (the import's --title). */
  title?: string | undefined;
}

export type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Reads a specification. `fileName` helps with the title of formats that carry none (GraphQL SDL,
 * proto), with a description without info.title, and with telling SDL from YAML.
 * Throws a 400 ApiError on the parameter 'file' only for text that cannot be read.
 */
export function detectSpecification(text: string, fileName = '', typeOrOptions?: ResourceType | DetectOptions): DetectedSpec {
  const o: DetectOptions = typeof typeOrOptions === 'string' ? { type: typeOrOptions } : typeOrOptions ?? {};
  if (o.type === 'other') {
    return { type: 'other', contentType: contentTypeOf(fileName), title: o.title || titleFromFileName(fileName), version: '1.0.0', description: '', tags: [], endpoints: [], warnings: [] };
  }
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw badRequest('file', 'The file is empty.');
  const ext = fileName.toLowerCase().split('.').pop() ?? '';

  if (ext === 'wsdl' || /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?definitions[\s>]/.test(trimmed)) return detectWsdl(trimmed, fileName);
  if (ext === 'proto' || /^\s*syntax\s*=\s*["']proto[23]["']\s*;/m.test(trimmed)) return detectProto(trimmed, fileName);
  if (ext === 'graphql' || ext === 'graphqls' || ext === 'gql' || (!/^[{[]/.test(trimmed) && looksLikeSdl(trimmed))) {
    // Untrimmed, so the line and column of an error are the file's.
    return detectGraphql(text.replace(/^\uFEFF/, ''), fileName, o.title);
  }

  const isJson = /^[{[]/.test(trimmed);
  const warnings: string[] = [];
  const doc = parseDocument(text, isJson, warnings);
  if (!isObject(doc)) throw badRequest('file', 'The file does not contain an OpenAPI, AsyncAPI or GraphQL description.');
  const contentType = isJson ? 'application/json' : 'application/yaml';
  const names = { fileName, title: o.title };

  if ('swagger' in doc) {
    if (!/^2(\.0)?$/.test(str(doc.swagger))) throw badRequest('file', `Unsupported Swagger version "${str(doc.swagger)}"; only 2.0 is supported.`);
    tolerateMissing(doc, 'paths', warnings);
    return { type: 'oas2', contentType, ...info(doc, names, oas2Endpoints(doc), warnings), tags: tagNames(doc), endpoints: oas2Endpoints(doc), warnings, doc };
  }
  if ('openapi' in doc) {
    const version = str(doc.openapi);
    const type: ResourceType | null = /^3\.0(\.|$)/.test(version) ? 'oas3' : /^3\.1(\.|$)/.test(version) ? 'oas3.1' : null;
    if (!type) throw badRequest('file', `Unsupported OpenAPI version "${version}"; 3.0.x and 3.1.x are supported.`);
    if (type === 'oas3') tolerateMissing(doc, 'paths', warnings);
    else if (!isObject(doc.paths) && !isObject(doc.webhooks) && !isObject(doc.components)) {
      warnings.push('The description has no paths, webhooks or components: it is published without operations.');
    }
    const endpoints = oas3Endpoints(doc);
    return { type, contentType, ...info(doc, names, endpoints, warnings), tags: tagNames(doc), endpoints, warnings, doc };
  }
  if ('asyncapi' in doc) {
    const version = str(doc.asyncapi);
    if (!/^[23]\.\d+/.test(version)) throw badRequest('file', `Unsupported AsyncAPI version "${version}"; 2.x and 3.x are supported.`);
    if (!version.startsWith('3.')) tolerateMissing(doc, 'channels', warnings);
    const endpoints = asyncEndpoints(doc);
    const i = info(doc, names, endpoints, warnings);
    const infoTags = isObject(doc.info) ? tagNames(doc.info) : [];
    return { type: 'asyncapi', contentType, ...i, tags: infoTags.length ? infoTags : tagNames(doc), endpoints, warnings, doc };
  }
  if (isIntrospection(doc)) return detectIntrospection(doc, fileName, o.title);
  throw badRequest('file', 'The file is neither OpenAPI (swagger or openapi field), AsyncAPI (asyncapi field) nor GraphQL (SDL or introspection JSON).');
}

/** JSON or YAML, or a 400 naming the line and column where reading stopped. Duplicate YAML keys
 * (common in hand-written descriptions) are read last-one-wins, with a warning. */
function parseDocument(text: string, isJson: boolean, warnings: string[]): unknown {
  if (isJson) {
    try {
      return JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const position = /at position (\d+)/.exec(message)?.[1];
      const at = position !== undefined ? lineColumn(text, Number(position)) : lineColumn(text, text.length);
      throw badRequest('file', `The file is not valid JSON at line ${at.line}, column ${at.column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`);
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: 10_000 });
  } catch (error) {
    if (error instanceof YAMLParseError && error.code === 'DUPLICATE_KEY') {
      warnings.push(`Duplicate keys were read last-one-wins (first at line ${error.linePos?.[0].line ?? '?'}).`);
      try {
        return parseYaml(text, { maxAliasCount: 10_000, uniqueKeys: false });
      } catch (again) {
        error = again;
      }
    }
    const e = error as YAMLParseError;
    const where = e.linePos ? ` at line ${e.linePos[0].line}, column ${e.linePos[0].col}` : '';
    const reason = (e.message ?? String(e)).split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').replace(/:$/, '');
    throw badRequest('file', `The file is not valid YAML${where}: ${reason}`);
  }
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

function tolerateMissing(doc: Json, field: string, warnings: string[]): void {
  if (!isObject(doc[field])) warnings.push(`The description has no "${field}" object: it is published without operations.`);
}

/** Title, version and description; a missing title is derived (the given one, the file's name,
 * the first server's host) and reported. */
function info(doc: Json, names: { fileName: string; title?: string | undefined }, endpoints: Endpoint[], warnings: string[]): { title: string; version: string; description: string } {
  const i = isObject(doc.info) ? doc.info : {};
  if (!isObject(doc.info)) warnings.push('The description has no "info" object.');
  let title = str(i.title).trim();
  if (!title) {
    const host = endpoints.map((e) => { try { return new URL(e.url).host; } catch { return ''; } }).find(Boolean);
    title = names.title?.trim() || (names.fileName ? titleFromFileName(names.fileName, '') : '') || host || 'API';
    warnings.push(`The description has no info.title: published as "${title}".`);
  }
  const version = str(i.version).trim();
  if (!version) warnings.push('The description has no info.version: published as 1.0.0.');
  return { title, version: version || '1.0.0', description: str(i.description) };
}

function tagNames(doc: Json): string[] {
  if (!Array.isArray(doc.tags)) return [];
  return doc.tags.map((t) => (isObject(t) ? str(t.name) : str(t))).filter(Boolean);
}

function oas2Endpoints(doc: Json): Endpoint[] {
  const host = str(doc.host);
  if (!host) return [];
  const schemes = Array.isArray(doc.schemes) && doc.schemes.length ? doc.schemes.map(str) : ['https'];
  return schemes.map((s) => ({ url: `${s}://${host}${str(doc.basePath)}`, description: s.toUpperCase() }));
}

function oas3Endpoints(doc: Json): Endpoint[] {
  if (!Array.isArray(doc.servers)) return [];
  // Server variables take their defaults, so the selector offers addresses that can be called.
  return doc.servers.filter(isObject).map((s) => {
    const variables = isObject(s.variables) ? s.variables : {};
    const url = str(s.url).replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = variables[name];
      return isObject(v) && str(v.default) ? str(v.default) : whole;
    });
    return { url, description: str(s.description) };
  }).filter((e) => e.url);
}

function asyncEndpoints(doc: Json): Endpoint[] {
  if (!isObject(doc.servers)) return [];
  return Object.entries(doc.servers).filter(([, s]) => isObject(s)).map(([name, s]) => {
    const server = s as Json;
    const protocol = str(server.protocol);
    // AsyncAPI 3 splits the address into host and pathname; 2.x has one url.
    const url = str(server.url) || `${protocol ? `${protocol}://` : ''}${str(server.host)}${str(server.pathname)}`;
    return { url, description: str(server.description) || name };
  });
}

function looksLikeSdl(text: string): boolean {
  return /^\s*(schema\s*\{|(extend\s+)?(type|interface|enum|input|union|scalar|directive)\s+[@A-Za-z_])/m.test(text)
    && !/^\s*(openapi|swagger|asyncapi)\s*:/m.test(text);
}

function detectGraphql(text: string, fileName: string, givenTitle?: string): DetectedSpec {
  const { schema, text: kept, warnings } = readGraphqlSdl(text);
  // SDL has no title field: a leading "# Title" comment or the schema description names it.
  const heading = /^#\s*(.+)$/m.exec(text.split('\n').slice(0, 3).join('\n'))?.[1]?.trim();
  const title = heading || schema.description?.split('\n')[0]?.trim() || givenTitle || titleFromFileName(fileName, 'GraphQL API');
  return graphqlSpec(schema, title, warnings, kept === text ? undefined : kept);
}

const isIntrospection = (doc: Json): boolean => isObject(doc.__schema) || (isObject(doc.data) && isObject(doc.data.__schema));

/** An introspection result (what a GraphQL server answers to the introspection query) is kept as
 * the SDL it describes: what GraphiQL and the index read, at a fraction of the size. */
function detectIntrospection(doc: Json, fileName: string, givenTitle?: string): DetectedSpec {
  let schema: GraphQLSchema;
  try {
    schema = buildClientSchema((isObject(doc.data) ? doc.data : doc) as unknown as IntrospectionQuery, { assumeValid: true });
  } catch (error) {
    throw badRequest('file', `The GraphQL introspection result cannot be read: ${(error as GraphQLError).message}`);
  }
  const title = givenTitle || schema.description?.split('\n')[0]?.trim() || titleFromFileName(fileName, 'GraphQL API');
  return graphqlSpec(schema, title, [], printSchema(schema));
}

function graphqlSpec(schema: GraphQLSchema, title: string, warnings: string[], text: string | undefined): DetectedSpec {
  const query = schema.getQueryType();
  if (!query) throw badRequest('file', 'The GraphQL schema has no Query type.');
  const mutation = schema.getMutationType();
  const subscription = schema.getSubscriptionType();
  const operations = [
    `${Object.keys(query.getFields()).length} queries`,
    mutation ? `${Object.keys(mutation.getFields()).length} mutations` : '',
    subscription ? `${Object.keys(subscription.getFields()).length} subscriptions` : '',
  ].filter(Boolean).join(', ');
  const description = schema.description ?? `GraphQL API with ${operations}.`;
  return {
    type: 'graphql', contentType: 'application/graphql', title, version: '1.0.0', description, tags: ['graphql'], endpoints: [],
    warnings, schema, ...(text !== undefined ? { text } : {}),
  };
}

function detectWsdl(text: string, fileName: string): DetectedSpec {
  const name = /<(?:\w+:)?definitions[^>]*\sname="([^"]+)"/.exec(text)?.[1]
    ?? /<(?:\w+:)?service[^>]*\sname="([^"]+)"/.exec(text)?.[1];
  const doc = /<(?:\w+:)?documentation>([\s\S]*?)<\/(?:\w+:)?documentation>/.exec(text)?.[1]?.trim() ?? '';
  const endpoints = [...text.matchAll(/<(?:soap12|soap):address\s+location="([^"]+)"/g)].map((m, i) => ({ url: m[1]!, description: i === 0 ? 'SOAP 1.1' : 'SOAP 1.2' }));
  return { type: 'wsdl', contentType: 'application/wsdl+xml', title: name ?? titleFromFileName(fileName, 'SOAP service'), version: '1.0.0', description: doc, tags: ['soap'], endpoints, warnings: [] };
}

function detectProto(text: string, fileName: string): DetectedSpec {
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  const services = [...text.matchAll(/^\s*service\s+(\w+)/gm)].map((m) => m[1]!);
  const version = /\.v(\d+)(?:\.|$)/.exec(pkg ?? '')?.[1];
  const title = services[0] ? humanize(services[0]) : titleFromFileName(fileName, 'gRPC service');
  const lead = /^((?:\s*\/\/.*\n)+)/.exec(text)?.[1]?.replace(/^\s*\/\/ ?/gm, '').trim() ?? '';
  return {
    type: 'protobuf', contentType: 'text/x-protobuf', title, version: version ? `${version}.0.0` : '1.0.0',
    description: lead || `gRPC services: ${services.join(', ')}.`, tags: ['grpc'], endpoints: [], warnings: [],
  };
}

function contentTypeOf(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return ({ raml: 'application/raml+yaml', json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', xml: 'application/xml' } as Record<string, string>)[ext] ?? 'application/octet-stream';
}

export function titleFromFileName(fileName: string, fallback = 'API'): string {
  const base = fileName.split(/[\\/]/).pop()?.replace(/\.[^.]+$/, '').replace(/\.(oas\d*|asyncapi\d*|graphql)$/i, '') ?? '';
  return base ? humanize(base) : fallback;
}

function humanize(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());
}
