// Index of an AsyncAPI 2.x or 3.x document: one row per channel operation
// (2.x publish/subscribe, 3.x send/receive), dereferenced, grouped by tag.
import { Dereferencer } from './deref.ts';
import { isObject, asString, shortText } from './parse.ts';
import { declaredTags } from './openapi.ts';
import { groupByTag, finishHead } from './head.ts';
import { DEFAULT_TAG, type IndexedOperation, type SpecHead, type SpecIndex } from './types.ts';

type Obj = Record<string, unknown>;

export function indexAsyncApi(doc: Obj, documentBytes: number): SpecIndex {
  const deref = new Dereferencer(doc);
  const version = String(doc.asyncapi ?? '');
  const channels = isObject(doc.channels) ? doc.channels : {};
  const operations: IndexedOperation[] = [];
  const add = (method: string, path: string, operation: Obj, fallbackId: string | null) => {
    const tags = Array.isArray(operation.tags)
      ? [...new Set(operation.tags.map((t) => (isObject(t) ? asString(t.name) : undefined)).filter((t): t is string => !!t))]
      : [];
    if (tags.length === 0) tags.push(DEFAULT_TAG);
    const json = `{"operation":${JSON.stringify(operation)}}`;
    operations.push({
      ordinal: operations.length, tag: tags[0]!, tags, method, path,
      operationId: asString(operation.operationId) ?? fallbackId,
      summary: shortText(operation.summary ?? operation.description),
      deprecated: operation.deprecated === true,
      operation, json, size: Buffer.byteLength(json),
    });
  };

  if (version.startsWith('2')) {
    for (const [name, raw] of Object.entries(channels)) {
      const channel = deref.resolve<unknown>(raw);
      if (!isObject(channel)) continue;
      const { publish, subscribe, ...rest } = channel;
      for (const [method, op] of [['publish', publish], ['subscribe', subscribe]] as const) {
        if (isObject(op)) add(method, name, { ...op, channel: { name, ...rest } }, null);
      }
    }
  } else {
    const ops = isObject(doc.operations) ? doc.operations : {};
    for (const [id, raw] of Object.entries(ops)) {
      const op = deref.resolve<unknown>(raw);
      if (!isObject(op)) continue;
      const channel = isObject(op.channel) ? op.channel : {};
      const address = asString(channel.address) ?? channelKey(raw) ?? id;
      add(asString(op.action) ?? 'send', address, op, id);
    }
  }

  const components = isObject(doc.components) ? doc.components : {};
  const servers = isObject(doc.servers)
    ? Object.entries(deref.resolve<Obj>(doc.servers)).map(([name, s]) => ({ name, ...(isObject(s) ? s : {}) }))
    : [];
  const info = isObject(doc.info) ? deref.resolve<Obj>(doc.info) : {};
  const head: SpecHead = {
    format: 'asyncapi',
    specVersion: version,
    info,
    servers,
    securitySchemes: deref.resolve((components.securitySchemes ?? {}) as Obj),
    security: [],
    counts: {
      operations: 0, tags: 0,
      paths: Object.keys(channels).length,
      schemas: isObject(components.schemas) ? Object.keys(components.schemas).length : 0,
    },
    sizes: { document: documentBytes, index: 0, largestOperation: 0, operations: 0 },
    // 3.x moved tags into info.
    tags: groupByTag(declaredTags(doc.tags ?? info.tags), operations),
  };
  if (typeof doc.defaultContentType === 'string') head.consumes = head.produces = [doc.defaultContentType];
  const externalDocs = doc.externalDocs ?? info.externalDocs;
  if (externalDocs !== undefined) head.externalDocs = externalDocs;
  return { head: finishHead(head, operations), operations, schemas: [] };
}

/** '#/channels/userSignedUp' → 'userSignedUp', for a channel without an address. */
function channelKey(rawOp: unknown): string | undefined {
  const ref = isObject(rawOp) && isObject(rawOp.channel) ? asString(rawOp.channel.$ref) : undefined;
  return ref?.split('/').pop();
}
