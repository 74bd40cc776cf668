// Categories (paged, filtered, nested) and one category.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams, List } from '../schemas/common.ts';
import { CategoriesQuery, Category, CategoryQuery } from '../schemas/catalogue.ts';
import { getCategory, listCategories } from '../catalogue/categories.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function categoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/categories', {
    schema: { querystring: CategoriesQuery, response: { 200: List(Category), ...ErrorResponses } },
  }, async (request) => listCategories(app.db, request.caller, request.query));

  app.get('/categories/:id', {
    schema: { params: IdParams, querystring: CategoryQuery, response: { 200: Category, ...ErrorResponses } },
  }, async (request) => getCategory(app.db, request.caller, request.params.id, request.query.fields));
}
