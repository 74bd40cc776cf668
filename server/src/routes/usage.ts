// Quota usage of a subscription in the current windows (server/src/quota/usage.ts): the
// subscription details' usage section (spec 3 §2.3) reads it.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { SubscriptionUsage, UsageParams } from '../schemas/usage.ts';
import { subscriptionUsage } from '../quota/usage.ts';

export default async function usageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/subscriptions/:id/usage', {
    schema: { params: UsageParams, querystring: NoQuery, response: { 200: SubscriptionUsage, ...ErrorResponses } },
  }, async (request) => subscriptionUsage(app.db, app.clock, request.caller, request.params.id));
}
