// The consumption units used by plan quotas (selectors of the insights screens).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import { Unit, UnitsQuery } from '../schemas/plans.ts';
import { listUnits } from '../catalogue/plans.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function unitRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);

  app.get('/productPlanUnits', {
    schema: { querystring: UnitsQuery, response: { 200: List(Unit), ...ErrorResponses } },
  }, async (request) => listUnits(app.db, request.caller, request.query));
}
