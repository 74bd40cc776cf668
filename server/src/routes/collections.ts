// A resource's collection for the developer's own tools (issue 30): GET …/collection?format=postman
// (Postman collection v2.1) or format=openapi (the description re-based on the gateway, which
// Insomnia and Bruno import). Both call this portal's gateway; the credential is a variable the
// developer fills in. Made in a worker thread, kept for the next download (collections/convert.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ResourceParams } from '../schemas/explorer.ts';
import { ErrorResponse, ErrorResponses, StoredContent } from '../schemas/common.ts';
import { assertResourceVisible } from '../spec/access.ts';
import { ensureIndexed } from '../spec/read.ts';
import { resourceData } from '../catalogue/resources.ts';
import { gatewayPath } from '../gateway/paths.ts';
import { conflict } from '../errors.ts';
import { sendContent } from '../catalogue/content.ts';
import { COLLECTION_FORMATS } from '../collections/collections.ts';
import { CollectionMaker } from '../collections/convert.ts';

const OPENAPI_TYPES = new Set(['oas2', 'oas3', 'oas3.1']);
const CollectionQuery = Type.Object({
  format: Type.Optional(Type.Union(COLLECTION_FORMATS.map((f) => Type.Literal(f)), { description: 'postman (default): a Postman collection v2.1; openapi: the description re-based on the gateway.' })),
}, { additionalProperties: false });

export default async function collectionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const maker = new CollectionMaker();

  app.get('/products/:id/versions/:versionId/assetresources/:resourceId/collection', {
    schema: { params: ResourceParams, querystring: CollectionQuery, response: { 200: StoredContent, ...ErrorResponses, 409: ErrorResponse } },
  }, async (request, reply) => {
    const { id, versionId, resourceId } = request.params;
    const format = request.query.format ?? 'postman';
    const visible = await assertResourceVisible(app, request.caller, id, versionId, resourceId);
    if (!OPENAPI_TYPES.has(visible.resource.type)) {
      throw conflict('resourceId', `Collections are made from OpenAPI descriptions; this resource is ${visible.resource.type}.`);
    }
    // The origin the caller reached the portal at (X-Forwarded-* when TRUST_PROXY is set): its gateway.
    const gatewayUrl = `${request.protocol}://${request.host}${gatewayPath(app.prefix, id, versionId, resourceId)}`;
    const text = await maker.make({
      key: `${resourceId}.${await ensureIndexed(app.db, resourceId)}`, format, gatewayUrl,
      text: async () => (await resourceData(app.db, request.caller, id, versionId, resourceId)).body as string,
    }).catch((error: Error) => {
      throw conflict('resourceId', `The description could not be converted: ${error.message}`);
    });
    const name = visible.resource.title.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || resourceId;
    const fileName = `${name}.${format === 'postman' ? 'postman_collection' : 'openapi'}.json`;
    return sendContent(reply, { contentType: 'application/json', fileName, body: text }, 'attachment');
  });
}
