// GET /products (browse with every filter and sort) and GET /products/{id}.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import { Product, ProductParams, ProductQuery, ProductsQuery } from '../schemas/catalogue.ts';
import { getProduct, listProducts } from '../catalogue/products.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function productRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/products', {
    schema: { querystring: ProductsQuery, response: { 200: List(Product), ...ErrorResponses } },
  }, async (request) => listProducts(app.db, request.caller, request.query));

  app.get('/products/:id', {
    schema: { params: ProductParams, querystring: ProductQuery, response: { 200: Product, ...ErrorResponses } },
  }, async (request) => getProduct(app.db, request.caller, request.params.id, request.query.fields));
}
