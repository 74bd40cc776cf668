// Full-text search over products, asset resources and documents (basic text or advanced terms).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses } from '../schemas/common.ts';
import { SearchQuery, SearchResults } from '../schemas/catalogue.ts';
import { search } from '../catalogue/search.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/search', {
    schema: { querystring: SearchQuery, response: { 200: SearchResults, ...ErrorResponses } },
  }, async (request) => search(app.db, request.caller, request.query));
}
