// The lifecycle stages resources are published in (the browse filter's stage list).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import { Stage, NoQuery } from '../schemas/catalogue.ts';
import { listStages } from '../catalogue/categories.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function stageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/stages', { schema: { querystring: NoQuery, response: { 200: List(Stage), ...ErrorResponses } } }, async () => listStages(app.db));
}
