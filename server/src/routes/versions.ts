// Versions of a product, a version, its markdown overview, and its articles by id.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import {
  Article, ArticleParams, ArticleQuery, NoQuery, ProductParams, ProductVersion, VersionOverview, VersionParams, VersionsQuery,
} from '../schemas/catalogue.ts';
import { getVersion, listVersions } from '../catalogue/versions.ts';
import { getArticle } from '../catalogue/documents.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function versionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/products/:id/versions', {
    schema: { params: ProductParams, querystring: VersionsQuery, response: { 200: List(ProductVersion), ...ErrorResponses } },
  }, async (request) => listVersions(app.db, request.caller, request.params.id, request.query.limit ?? 50, request.query.offset ?? 0));

  app.get('/products/:id/versions/:versionId', {
    schema: { params: VersionParams, querystring: NoQuery, response: { 200: ProductVersion, ...ErrorResponses } },
  }, async (request) => {
    const { overview: _overview, ...version } = await getVersion(app.db, request.caller, request.params.id, request.params.versionId);
    return version;
  });

  app.get('/products/:id/versions/:versionId/overview', {
    schema: { params: VersionParams, querystring: NoQuery, response: { 200: VersionOverview, ...ErrorResponses } },
  }, async (request) => {
    const version = await getVersion(app.db, request.caller, request.params.id, request.params.versionId);
    return { productId: version.productId, versionId: version.id, contentType: 'text/markdown' as const, content: version.overview };
  });

  app.get('/products/:id/versions/:versionId/articles/:articleId', {
    schema: { params: ArticleParams, querystring: ArticleQuery, response: { 200: Article, ...ErrorResponses } },
  }, async (request) => {
    const { id, versionId, articleId } = request.params;
    return getArticle(app.db, request.caller, id, versionId, articleId, request.query.kind);
  });
}
