// Recognises a specification document and reads what a product needs from it: the resource
// type the explorer renders by, the content type it is served with, title, version, description,
// tags and the servers offered in the explorer's selector.
import { parse as parseYaml } from 'yaml';
import { buildSchema, GraphQLError } from 'graphql';
import { badRequest } from '../errors.ts';

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
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Reads a specification. `fileName` only helps with the title of formats that carry none
 * (GraphQL SDL, proto) and with telling SDL from YAML. `type` forces a type (used for documents
 * the marketplace keeps but cannot render, type 'other').
 * Throws a 400 ApiError on the parameter 'file' with a message a publisher can act on.
 */
export function detectSpecification(text: string, fileName = '', type?: ResourceType): DetectedSpec {
  if (type === 'other') {
    return { type, contentType: contentTypeOf(fileName), title: titleFromFileName(fileName), version: '1.0.0', description: '', tags: [], endpoints: [] };
  }
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw badRequest('file', 'The file is empty.');
  const ext = fileName.toLowerCase().split('.').pop() ?? '';

  if (ext === 'wsdl' || /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?definitions[\s>]/.test(trimmed)) return detectWsdl(trimmed, fileName);
  if (ext === 'proto' || /^\s*syntax\s*=\s*["']proto[23]["']\s*;/m.test(trimmed)) return detectProto(trimmed, fileName);
  if (ext === 'graphql' || ext === 'graphqls' || ext === 'gql' || (!/^[{[]/.test(trimmed) && looksLikeSdl(trimmed))) {
    return detectGraphql(trimmed, fileName);
  }

  let doc: unknown;
  const isJson = /^[{[]/.test(trimmed);
  try {
    doc = isJson ? JSON.parse(trimmed) : parseYaml(trimmed, { maxAliasCount: 1000 });
  } catch (error) {
    const reason = (error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error)).replace(/:$/, '');
    throw badRequest('file', `The file is not valid ${isJson ? 'JSON' : 'YAML'}: ${reason}`);
  }
  if (!isObject(doc)) throw badRequest('file', 'The file does not contain an OpenAPI, AsyncAPI or GraphQL description.');
  const contentType = isJson ? 'application/json' : 'application/yaml';

  if ('swagger' in doc) {
    if (str(doc.swagger) !== '2.0') throw badRequest('file', `Unsupported Swagger version "${str(doc.swagger)}"; only 2.0 is supported.`);
    requirePaths(doc, 'paths');
    return { type: 'oas2', contentType, ...info(doc), tags: tagNames(doc), endpoints: oas2Endpoints(doc) };
  }
  if ('openapi' in doc) {
    const version = str(doc.openapi);
    const type: ResourceType | null = /^3\.0\.\d+/.test(version) ? 'oas3' : /^3\.1\.\d+/.test(version) ? 'oas3.1' : null;
    if (!type) throw badRequest('file', `Unsupported OpenAPI version "${version}"; 3.0.x and 3.1.x are supported.`);
    if (type === 'oas3') requirePaths(doc, 'paths');
    else if (!isObject(doc.paths) && !isObject(doc.webhooks) && !isObject(doc.components)) {
      throw badRequest('file', 'An OpenAPI 3.1 description needs paths, webhooks or components.');
    }
    return { type, contentType, ...info(doc), tags: tagNames(doc), endpoints: oas3Endpoints(doc) };
  }
  if ('asyncapi' in doc) {
    const version = str(doc.asyncapi);
    if (!/^[23]\.\d+\.\d+/.test(version)) throw badRequest('file', `Unsupported AsyncAPI version "${version}"; 2.x and 3.x are supported.`);
    if (!isObject(doc.channels) && !version.startsWith('3.')) throw badRequest('file', 'An AsyncAPI 2 description needs channels.');
    const i = info(doc);
    const infoTags = isObject(doc.info) ? tagNames(doc.info) : [];
    return { type: 'asyncapi', contentType, ...i, tags: infoTags.length ? infoTags : tagNames(doc), endpoints: asyncEndpoints(doc) };
  }
  throw badRequest('file', 'The file is neither OpenAPI (swagger or openapi field), AsyncAPI (asyncapi field) nor GraphQL SDL.');
}

function requirePaths(doc: Json, field: string): void {
  if (!isObject(doc[field])) throw badRequest('file', `The description has no "${field}" object.`);
}

function info(doc: Json): { title: string; version: string; description: string } {
  const i = doc.info;
  if (!isObject(i)) throw badRequest('file', 'The description has no "info" object.');
  const title = str(i.title).trim();
  if (!title) throw badRequest('file', 'The description has no info.title.');
  return { title, version: str(i.version).trim() || '1.0.0', description: str(i.description) };
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

function detectGraphql(text: string, fileName: string): DetectedSpec {
  let schema;
  try {
    schema = buildSchema(text);
  } catch (error) {
    const e = error as GraphQLError;
    const where = e.locations?.[0] ? ` (line ${e.locations[0].line})` : '';
    throw badRequest('file', `The GraphQL schema is not valid${where}: ${e.message}`);
  }
  const query = schema.getQueryType();
  if (!query) throw badRequest('file', 'The GraphQL schema has no Query type.');
  const mutation = schema.getMutationType();
  const subscription = schema.getSubscriptionType();
  // SDL has no title field: a leading "# Title" comment or the schema description names it.
  const heading = /^#\s*(.+)$/m.exec(text.split('\n').slice(0, 3).join('\n'))?.[1]?.trim();
  const title = heading || schema.description?.split('\n')[0]?.trim() || titleFromFileName(fileName, 'GraphQL API');
  const operations = [
    `${Object.keys(query.getFields()).length} queries`,
    mutation ? `${Object.keys(mutation.getFields()).length} mutations` : '',
    subscription ? `${Object.keys(subscription.getFields()).length} subscriptions` : '',
  ].filter(Boolean).join(', ');
  const description = schema.description ?? `GraphQL API with ${operations}.`;
  return { type: 'graphql', contentType: 'application/graphql', title, version: '1.0.0', description, tags: ['graphql'], endpoints: [] };
}

function detectWsdl(text: string, fileName: string): DetectedSpec {
  const name = /<(?:\w+:)?definitions[^>]*\sname="([^"]+)"/.exec(text)?.[1]
    ?? /<(?:\w+:)?service[^>]*\sname="([^"]+)"/.exec(text)?.[1];
  const doc = /<(?:\w+:)?documentation>([\s\S]*?)<\/(?:\w+:)?documentation>/.exec(text)?.[1]?.trim() ?? '';
  const endpoints = [...text.matchAll(/<(?:soap12|soap):address\s+location="([^"]+)"/g)].map((m, i) => ({ url: m[1]!, description: i === 0 ? 'SOAP 1.1' : 'SOAP 1.2' }));
  return { type: 'wsdl', contentType: 'application/wsdl+xml', title: name ?? titleFromFileName(fileName, 'SOAP service'), version: '1.0.0', description: doc, tags: ['soap'], endpoints };
}

function detectProto(text: string, fileName: string): DetectedSpec {
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  const services = [...text.matchAll(/^\s*service\s+(\w+)/gm)].map((m) => m[1]!);
  const version = /\.v(\d+)(?:\.|$)/.exec(pkg ?? '')?.[1];
  const title = services[0] ? humanize(services[0]) : titleFromFileName(fileName, 'gRPC service');
  const lead = /^((?:\s*\/\/.*\n)+)/.exec(text)?.[1]?.replace(/^\s*\/\/ ?/gm, '').trim() ?? '';
  return {
    type: 'protobuf', contentType: 'text/x-protobuf', title, version: version ? `${version}.0.0` : '1.0.0',
    description: lead || `gRPC services: ${services.join(', ')}.`, tags: ['grpc'], endpoints: [],
  };
}

function contentTypeOf(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return ({ raml: 'application/raml+yaml', json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', xml: 'application/xml' } as Record<string, string>)[ext] ?? 'application/octet-stream';
}

function titleFromFileName(fileName: string, fallback = 'API'): string {
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
