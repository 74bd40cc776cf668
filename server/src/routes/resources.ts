// Asset resources of a product version (list with every filter, one, its specification, its
// assets), resources by kind (an asset resource or a document of the version), and the
// catalogue-wide resource list.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponses, List, StoredContent } from '../schemas/common.ts';
import {
  Asset, AssetResource, AssetResourcesQuery, CatalogueResource, Document, ResourceKindQuery, ResourceParams,
  NoQuery, ResourcesQuery, VersionParams,
} from '../schemas/catalogue.ts';
import {
  getAssetResource, listAssetResources, listAssets, listCatalogueResources, resourceData,
} from '../catalogue/resources.ts';
import { documentData, getDocument } from '../catalogue/documents.ts';
import { sendContent } from '../catalogue/content.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function resourceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);
  const version = '/products/:id/versions/:versionId';

  app.get(`${version}/assetresources`, {
    schema: { params: VersionParams, querystring: AssetResourcesQuery, response: { 200: List(AssetResource), ...ErrorResponses } },
  }, async (request) => listAssetResources(app.db, request.caller, request.params.id, request.params.versionId, request.query));

  app.get(`${version}/assetresources/assets`, {
    schema: { params: VersionParams, querystring: NoQuery, response: { 200: List(Asset), ...ErrorResponses } },
  }, async (request) => listAssets(app.db, request.caller, request.params.id, request.params.versionId));

  app.get(`${version}/assetresources/:resourceId`, {
    schema: { params: ResourceParams, querystring: NoQuery, response: { 200: AssetResource, ...ErrorResponses } },
  }, async (request) => {
    const { id, versionId, resourceId } = request.params;
    return getAssetResource(app.db, request.caller, id, versionId, resourceId);
  });

  app.get(`${version}/assetresources/:resourceId/data`, {
    schema: { params: ResourceParams, querystring: NoQuery, response: { 200: StoredContent, ...ErrorResponses } },
  }, async (request, reply) => {
    const { id, versionId, resourceId } = request.params;
    return sendContent(reply, await resourceData(app.db, request.caller, id, versionId, resourceId));
  });

  /** kind=Resource (default) reads an asset resource; kind=DocumentResource a document of the version. */
  app.get(`${version}/resources/:resourceId`, {
    schema: {
      params: ResourceParams, querystring: ResourceKindQuery,
      response: { 200: Type.Union([AssetResource, Document]), ...ErrorResponses },
    },
  }, async (request) => {
    const { id, versionId, resourceId } = request.params;
    return request.query.kind === 'DocumentResource'
      ? getDocument(app.db, request.caller, resourceId, { productId: id, versionId })
      : getAssetResource(app.db, request.caller, id, versionId, resourceId);
  });

  app.get(`${version}/resources/:resourceId/data`, {
    schema: { params: ResourceParams, querystring: ResourceKindQuery, response: { 200: StoredContent, ...ErrorResponses } },
  }, async (request, reply) => {
    const { id, versionId, resourceId } = request.params;
    return sendContent(reply, request.query.kind === 'DocumentResource'
      ? await documentData(app.db, request.caller, resourceId, { productId: id, versionId })
      : await resourceData(app.db, request.caller, id, versionId, resourceId));
  });

  app.get('/resources', {
    schema: { querystring: ResourcesQuery, response: { 200: List(CatalogueResource), ...ErrorResponses } },
  }, async (request) => listCatalogueResources(app.db, request.caller, request.query));
}
