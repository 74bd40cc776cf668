// Index of an OpenAPI 2.0 / 3.0 / 3.1 description: operations in document order, each one made
// readable alone (path-level parameters merged, effective servers, security, consumes/produces,
// its parameters and responses inlined) but with its schema `$ref`s kept as references; the
// schemas they reach are stored once each (refs.ts), and a generated example for each body
// without a documented one, computed here once with the whole document at hand.
import { Dereferencer } from './deref.ts';
import { isObject, asString, shortText } from './parse.ts';
import { SchemaRefs, refsJson } from './refs.ts';
import { operationSamples } from './samples.ts';
import { DEFAULT_TAG, type IndexedOperation, type SpecHead, type SpecIndex, type StoredOperation } from './types.ts';
import type { PackedSpecIndex, PayloadPacker } from './packed.ts';
import { groupByTag, finishHead, summaryOf } from './head.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Obj = Record<string, unknown>;

/** With a packer, each operation's and schema's JSON is packed as it is built and the index
 * keeps neither it nor the operation's object form (publishing: a 47 MB description has 80 MB
 * of them, which were all held at once). */
export function indexOpenApi(doc: Obj, documentBytes: number): SpecIndex;
export function indexOpenApi(doc: Obj, documentBytes: number, packer: PayloadPacker): PackedSpecIndex;
export function indexOpenApi(doc: Obj, documentBytes: number, packer?: PayloadPacker): SpecIndex | PackedSpecIndex {
  const swagger = typeof doc.swagger === 'string';
  // Only the head's small parts (info, servers, security schemes) are fully dereferenced.
  const deref = new Dereferencer(doc);
  const refs = new SchemaRefs(doc);
  const paths = isObject(doc.paths) ? doc.paths : {};
  const operations: Array<IndexedOperation | StoredOperation> = [];

  // Paths, then OpenAPI 3.1 webhooks (requests the API sends: named, not by path, never tried).
  const webhooks = !swagger && isObject(doc.webhooks) ? doc.webhooks : {};
  const items = [
    ...Object.entries(paths).map(([path, item]) => ({ path, item, webhook: false })),
    ...Object.entries(webhooks).map(([path, item]) => ({ path, item, webhook: true })),
  ];
  for (const { path, item: rawItem, webhook } of items) {
    // A path item by reference (OAS 3.1 components.pathItems): one level, as written there.
    const item = isObject(rawItem) && typeof rawItem.$ref === 'string' ? refs.pointer(rawItem.$ref) : rawItem;
    if (!isObject(item)) continue;
    // The path item's parameters belong to each of its operations, with the schemas they reference.
    const pathRefs = new Map<string, number>();
    const localized = refs.localize(item.parameters, pathRefs);
    const pathParams = Array.isArray(localized) ? localized : [];
    for (const method of HTTP_METHODS) {
      if (!isObject(item[method])) continue;
      const opRefs = new Map(pathRefs);
      const op = refs.localize(item[method], opRefs) as Obj;
      const operation: Obj = { ...op };
      const parameters = mergeParameters(pathParams, Array.isArray(op.parameters) ? op.parameters : []);
      if (parameters.length > 0) operation.parameters = parameters;
      if (operation.security === undefined && doc.security !== undefined) operation.security = doc.security;
      if (swagger) {
        for (const key of ['consumes', 'produces', 'schemes'] as const) {
          if (operation[key] === undefined && doc[key] !== undefined) operation[key] = doc[key];
        }
      } else if (operation.servers === undefined && item.servers !== undefined) {
        operation.servers = item.servers;
      }
      const tags = Array.isArray(op.tags) && op.tags.length > 0
        ? [...new Set(op.tags.filter((t): t is string => typeof t === 'string' && t !== ''))]
        : [];
      if (tags.length === 0) tags.push(DEFAULT_TAG);
      const samples = operationSamples(operation, swagger, (ref) => refs.pointer(ref));
      const json = `{"schemas":${refsJson(opRefs)},"samples":${JSON.stringify(samples)},"operation":${JSON.stringify(operation)}}`;
      const indexed: IndexedOperation = {
        ordinal: operations.length,
        tag: tags[0]!,
        tags,
        method,
        path,
        operationId: asString(op.operationId) ?? null,
        summary: shortText(op.summary ?? op.description),
        deprecated: op.deprecated === true,
        ...(webhook ? { webhook: true } : {}),
        operation,
        json,
        size: Buffer.byteLength(json),
      };
      operations.push(packer ? packer.operation(indexed) : indexed);
    }
  }

  const components = isObject(doc.components) ? doc.components : {};
  const schemas = swagger ? doc.definitions : components.schemas;
  const head: SpecHead = {
    format: swagger ? 'swagger' : 'openapi',
    specVersion: String(swagger ? doc.swagger : doc.openapi ?? ''),
    info: isObject(doc.info) ? deref.resolve(doc.info) : {},
    servers: !swagger && Array.isArray(doc.servers) ? deref.resolve(doc.servers) : [],
    securitySchemes: deref.resolve((swagger ? doc.securityDefinitions : components.securitySchemes) ?? {}) as Obj,
    security: Array.isArray(doc.security) ? doc.security : [],
    counts: {
      operations: operations.length,
      tags: 0,
      paths: Object.keys(paths).length,
      schemas: isObject(schemas) ? Object.keys(schemas).length : 0,
    },
    sizes: { document: documentBytes, index: 0, largestOperation: 0, operations: 0 },
    tags: groupByTag(declaredTags(doc.tags), operations.filter((op) => !op.webhook)),
  };
  const hooks = operations.filter((op) => op.webhook);
  if (hooks.length > 0) head.webhooks = hooks.map(summaryOf);
  if (swagger) {
    if (typeof doc.host === 'string') head.host = doc.host;
    if (typeof doc.basePath === 'string') head.basePath = doc.basePath;
    for (const key of ['schemes', 'consumes', 'produces'] as const) {
      const v = doc[key];
      if (Array.isArray(v)) head[key] = v.filter((x): x is string => typeof x === 'string');
    }
  }
  if (doc.externalDocs !== undefined) head.externalDocs = doc.externalDocs;
  finishHead(head, operations);
  if (!packer) return { head, operations: operations as IndexedOperation[], schemas: [...refs.schemas()] };
  const schemasKept = [];
  for (const schema of refs.schemas()) schemasKept.push(packer.schema(schema));
  return { head, operations, schemas: schemasKept, payloads: packer.finish() };
}

/** Operation parameters override path-level ones with the same name and location. */
function mergeParameters(pathLevel: unknown[], opLevel: unknown[]): unknown[] {
  if (pathLevel.length === 0) return opLevel;
  const key = (p: unknown) => (isObject(p) ? `${String(p.in)}:${String(p.name)}` : '');
  const own = new Set(opLevel.map(key));
  return [...pathLevel.filter((p) => !own.has(key(p))), ...opLevel];
}

export function declaredTags(tags: unknown): Array<{ name: string; description: string; externalDocs?: unknown }> {
  if (!Array.isArray(tags)) return [];
  return tags.filter(isObject).filter((t) => typeof t.name === 'string').map((t) => ({
    name: t.name as string,
    description: typeof t.description === 'string' ? t.description : '',
    ...(t.externalDocs !== undefined ? { externalDocs: t.externalDocs } : {}),
  }));
}
