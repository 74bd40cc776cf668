// Documents of a product version, a document (sections and article links) and its content.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, List, StoredContent } from '../schemas/common.ts';
import { Document, DocumentsQuery, VersionParams, NoQuery } from '../schemas/catalogue.ts';
import { documentData, getDocument, listDocuments } from '../catalogue/documents.ts';
import { sendContent } from '../catalogue/content.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function documentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/products/:id/versions/:versionId/documents', {
    schema: { params: VersionParams, querystring: DocumentsQuery, response: { 200: List(Document), ...ErrorResponses } },
  }, async (request) => listDocuments(app.db, request.caller, request.params.id, request.params.versionId, request.query));

  app.get('/documents/:id', {
    schema: { params: IdParams, querystring: NoQuery, response: { 200: Document, ...ErrorResponses } },
  }, async (request) => getDocument(app.db, request.caller, request.params.id));

  /** TEXT documents come back as text, BINARY ones as bytes, URL ones as a text/uri-list. */
  app.get('/documents/:id/data', {
    schema: { params: IdParams, querystring: NoQuery, response: { 200: StoredContent, ...ErrorResponses } },
  }, async (request, reply) => sendContent(reply, await documentData(app.db, request.caller, request.params.id)));
}
