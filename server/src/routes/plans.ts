// Plans of a product, a plan, its quotas, the resources it covers and its subscription request
// definition (read side; subscribing lives with subscriptions).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import { ProductParams, NoQuery } from '../schemas/catalogue.ts';
import {
  DefinitionParams, Plan, PlanParams, PlanResource, PlanResourcesQuery, PlansQuery, Quota, QuotaParams, QuotasQuery,
  SubscriptionRequestDefinition,
} from '../schemas/plans.ts';
import {
  getPlan, getQuota, getSubscriptionRequestDefinition, listPlanResources, listPlans, listQuotas,
} from '../catalogue/plans.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { cachedReads } from '../catalogue/cache.ts';

export default async function planRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  cachedReads(app);
  catalogueGate(app);
  const plan = '/products/:id/plans/:planId';

  app.get('/products/:id/plans', {
    schema: { params: ProductParams, querystring: PlansQuery, response: { 200: List(Plan), ...ErrorResponses } },
  }, async (request) => listPlans(app.db, request.caller, request.params.id, request.query));

  app.get(plan, {
    schema: { params: PlanParams, querystring: NoQuery, response: { 200: Plan, ...ErrorResponses } },
  }, async (request) => getPlan(app.db, request.caller, request.params.id, request.params.planId));

  app.get(`${plan}/quotas`, {
    schema: { params: PlanParams, querystring: QuotasQuery, response: { 200: List(Quota), ...ErrorResponses } },
  }, async (request) => listQuotas(app.db, request.caller, request.params.id, request.params.planId, request.query));

  app.get(`${plan}/quotas/:quotaId`, {
    schema: { params: QuotaParams, querystring: NoQuery, response: { 200: Quota, ...ErrorResponses } },
  }, async (request) => {
    const { id, planId, quotaId } = request.params;
    return getQuota(app.db, request.caller, id, planId, quotaId);
  });

  app.get(`${plan}/resources`, {
    schema: { params: PlanParams, querystring: PlanResourcesQuery, response: { 200: List(PlanResource), ...ErrorResponses } },
  }, async (request) => listPlanResources(app.db, request.caller, request.params.id, request.params.planId, request.query));

  app.get(`${plan}/subscriptionRequestDefinitions/:definitionId`, {
    schema: { params: DefinitionParams, querystring: NoQuery, response: { 200: SubscriptionRequestDefinition, ...ErrorResponses } },
  }, async (request) => {
    const { id, planId, definitionId } = request.params;
    return getSubscriptionRequestDefinition(app.db, request.caller, id, planId, definitionId);
  });
}
