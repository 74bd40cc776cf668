// The explorer's reading of a specification: index first, then operations or tags on demand.
// Every answer carries an ETag and is revalidated, so the browser keeps what it has loaded.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ResourceParams, OperationParams, SchemaParams, TagParams, NoQuery, TagQuery, OperationsQuery,
  SpecIndexResponse, SpecOperation, SpecOperationList, SpecSchema, SpecTagResponse, type TryIt,
} from '../schemas/explorer.ts';
import { ErrorResponses } from '../schemas/common.ts';
import { assertResourceVisible, type VisibleResource } from '../spec/access.ts';
import { ensureIndexed, indexJson, matchesEtag, operationsJson, schemaJson } from '../spec/read.ts';
import { parseHead, readHeadJson } from '../spec/store.ts';
import { notFound } from '../errors.ts';
import { tryItState } from '../../../src/rules/tryIt.ts';
import { gatewayPath } from '../gateway/paths.ts';
import { isMockUpstream } from '../gateway/mock.ts';

const CACHE_CONTROL = 'private, no-cache';

// The answers are stored JSON spliced together (see spec/read.ts): sent as text, their shape is
// the response schema's, which documents the contract rather than serialising it.
const sendJsonText = (reply: FastifyReply, json: string) => reply.send(json);
const notModified = (reply: FastifyReply) => reply.code(304).send();

export default async function explorerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/products/:id/versions/:versionId/assetresources/:resourceId/spec';

  /** Visibility, then the index etag; answers 304 itself when the browser is up to date. */
  async function prepare(
    request: FastifyRequest, reply: FastifyReply,
    params: { id: string; versionId: string; resourceId: string },
    variant: string | ((visible: VisibleResource) => string),
  ) {
    const visible = await assertResourceVisible(app, request.caller, params.id, params.versionId, params.resourceId);
    const suffix = typeof variant === 'string' ? variant : variant(visible);
    const etag = `"${await ensureIndexed(app.db, params.resourceId)}.${suffix}"`;
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL).type('application/json; charset=utf-8');
    return { visible, fresh: matchesEtag(request.headers['if-none-match'], etag) };
  }

  r.get(`${base}/index`, {
    schema: { params: ResourceParams, querystring: NoQuery, response: { 200: SpecIndexResponse, ...ErrorResponses } },
  }, async (request, reply) => {
    const { id, versionId, resourceId } = request.params;
    const spec = `${app.prefix}/products/${id}/versions/${versionId}/assetresources/${resourceId}/spec`;
    let tryIt!: TryIt;
    // The try-it state depends on the caller and the upstream, so it is part of the validator.
    const { visible, fresh } = await prepare(request, reply, request.params, (v) => {
      const mock = isMockUpstream(v.resource.upstreamUrl);
      tryIt = {
        ...tryItState({ signedIn: request.caller.userId !== null, resource: v.resource }),
        gatewayUrl: gatewayPath(app.prefix, id, versionId, resourceId),
        mock,
        tokenUrl: `${spec}/token`,
        authorizeUrl: mock ? `${spec}/authorize` : null,
      };
      return `${tryIt.reason ?? 'try'}${mock ? '.mock' : ''}`;
    });
    if (fresh) return notModified(reply);
    return sendJsonText(reply, await indexJson(app.db, resourceId, { resourceId, type: visible.resource.type, tryIt }));
  });

  r.get(`${base}/operations/:ordinal`, {
    schema: { params: OperationParams, querystring: NoQuery, response: { 200: SpecOperation, ...ErrorResponses } },
  }, async (request, reply) => {
    const { resourceId, ordinal } = request.params;
    const { fresh } = await prepare(request, reply, request.params, `o${ordinal}`);
    if (fresh) return notModified(reply);
    const [op] = await operationsJson(app.db, resourceId, [ordinal]);
    if (op === undefined) throw notFound(`Operation ${ordinal}`);
    return sendJsonText(reply, op);
  });

  r.get(`${base}/operations`, {
    schema: { params: ResourceParams, querystring: OperationsQuery, response: { 200: SpecOperationList, ...ErrorResponses } },
  }, async (request, reply) => {
    const ordinals = [...new Set(request.query.ordinal)];
    const { fresh } = await prepare(request, reply, request.params, `o${ordinals.join('-')}`);
    if (fresh) return notModified(reply);
    const items = await operationsJson(app.db, request.params.resourceId, ordinals);
    return sendJsonText(reply, `{"items":[${items.join(',')}],"totalCount":${items.length}}`);
  });

  // A schema an operation (or another schema) references, when the reader opens it.
  r.get(`${base}/schemas/:schemaId`, {
    schema: { params: SchemaParams, querystring: NoQuery, response: { 200: SpecSchema, ...ErrorResponses } },
  }, async (request, reply) => {
    const { resourceId, schemaId } = request.params;
    const { fresh } = await prepare(request, reply, request.params, `s${schemaId}`);
    if (fresh) return notModified(reply);
    const json = await schemaJson(app.db, resourceId, schemaId);
    if (json === null) throw notFound(`Schema ${schemaId}`);
    return sendJsonText(reply, json);
  });

  r.get(`${base}/tags/:tag`, {
    schema: { params: TagParams, querystring: TagQuery, response: { 200: SpecTagResponse, ...ErrorResponses } },
  }, async (request, reply) => {
    const { resourceId, tag } = request.params;
    const limit = request.query.limit ?? 10;
    const offset = request.query.offset ?? 0;
    const { fresh } = await prepare(request, reply, request.params, `t${limit}.${offset}.${encodeURIComponent(tag)}`);
    if (fresh) return notModified(reply);
    const headJson = await readHeadJson(app.db, resourceId);
    const group = headJson ? parseHead(headJson).tags.find((t) => t.name === tag) : undefined;
    if (!group) throw notFound(`The tag '${tag}'`);
    const ordinals = group.operations.slice(offset, offset + limit).map((o) => o.ordinal);
    const items = await operationsJson(app.db, resourceId, ordinals);
    const meta = JSON.stringify({ name: group.name, description: group.description, totalCount: group.operations.length });
    return sendJsonText(reply, `${meta.slice(0, -1)},"items":[${items.join(',')}]}`);
  });
}
