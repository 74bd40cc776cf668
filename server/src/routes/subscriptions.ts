// Subscriptions, read side as spec 2 needs it (the access requests filters and the wizard):
// list, one, and the resources a subscription lets one register. Schemas in
// schemas/accessRequests.ts; behaviour in server/src/access/subscriptions.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import {
  SubscriptionParams, SubscriptionResources, SubscriptionResourcesQuery, SubscriptionsQuery, SubscriptionSummary,
} from '../schemas/accessRequests.ts';
import { getSubscription, listSubscriptionResources, listSubscriptions } from '../access/subscriptions.ts';

export default async function subscriptionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/subscriptions', {
    schema: { querystring: SubscriptionsQuery, response: { 200: List(SubscriptionSummary), ...ErrorResponses } },
  }, async (request) => listSubscriptions(app.db, request.caller, request.query));

  app.get('/subscriptions/:id', {
    schema: { params: SubscriptionParams, querystring: NoQuery, response: { 200: SubscriptionSummary, ...ErrorResponses } },
  }, async (request) => getSubscription(app.db, request.caller, request.params.id));

  app.get('/subscriptions/:id/resources', {
    schema: { params: SubscriptionParams, querystring: SubscriptionResourcesQuery, response: { 200: SubscriptionResources, ...ErrorResponses } },
  }, async (request) => listSubscriptionResources(app.db, request.caller, request.params.id, request.query));
}
