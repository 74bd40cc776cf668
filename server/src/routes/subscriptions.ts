// Subscriptions (spec 3 §7.1; spec 2's wizard reads the list, one and its resources): list, one
// with its history, subscribe, unsubscribe, the provider's decision, the side panel's options,
// and the applications and resources under one. Schemas in schemas/subscriptions.ts; behaviour
// in server/src/subscriptions/.
import { assertVerified } from '../auth/accountMail.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Conflict, ErrorResponses, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { ApprovalDecision } from '../schemas/accessRequests.ts';
import {
  Subscription, SubscriptionApplication, SubscriptionApplicationsQuery, SubscriptionCreate, SubscriptionCreated, SubscriptionOptions,
  SubscriptionOptionsQuery, SubscriptionParams, SubscriptionResources, SubscriptionResourcesQuery, SubscriptionsQuery, SubscriptionSummary,
} from '../schemas/subscriptions.ts';
import {
  getSubscription, listSubscriptionApplications, listSubscriptionResources, listSubscriptions,
} from '../subscriptions/read.ts';
import {
  ARCHIVE_JOB, createSubscription, decideSubscription, runArchiveJob, subscriptionOptions, unsubscribe,
} from '../subscriptions/service.ts';

export default async function subscriptionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (fastify.hasDecorator('jobs')) app.jobs.register(ARCHIVE_JOB, (payload, context) => runArchiveJob(context.db, payload, context.clock.now()));

  app.get('/subscriptions', {
    schema: { querystring: SubscriptionsQuery, response: { 200: List(SubscriptionSummary), ...ErrorResponses } },
  }, async (request) => listSubscriptions(app.db, request.caller, request.query));

  app.post('/subscriptions', {
    schema: { querystring: NoQuery, body: SubscriptionCreate, response: { 201: SubscriptionCreated, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    // A self-registered address must be confirmed first (settings.email_verification; issue 33).
    await assertVerified(app.db, request.caller);
    const now = app.clock.now();
    const created = await createSubscription(app.db, request.caller, request.body, now);
    // The provider's webhooks hear of it (server/src/webhooks); the event id makes it one delivery.
    await emitWebhookEvent(app.db, app.jobs, 'subscription.created', `subscription.created:${created.id}`, {
      subscription: { id: created.id, product: { id: request.body.product.id }, plan: { id: request.body.plan.id }, approval: created.approval, organisation: { id: request.caller.orgId } },
    }, now);
    return reply.status(201).send(created);
  });

  app.get('/subscriptionOptions', {
    schema: { querystring: SubscriptionOptionsQuery, response: { 200: SubscriptionOptions, ...ErrorResponses } },
  }, async (request) => subscriptionOptions(app.db, request.caller, request.query.product, request.query.plan));

  app.get('/subscriptions/:id', {
    schema: { params: SubscriptionParams, querystring: NoQuery, response: { 200: Subscription, ...ErrorResponses } },
  }, async (request) => getSubscription(app.db, request.caller, request.params.id));

  // 202: the subscription is archiving; the job archives it (GET shows state archived after).
  app.delete('/subscriptions/:id', {
    schema: { params: SubscriptionParams, querystring: NoQuery, response: { 202: Subscription, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    await unsubscribe(app.db, app.jobs, request.caller, request.params.id, app.clock.now());
    return reply.status(202).send(await getSubscription(app.db, request.caller, request.params.id));
  });

  app.post('/subscriptions/:id/approval', {
    schema: { params: SubscriptionParams, querystring: NoQuery, body: ApprovalDecision, response: { 200: Subscription, ...ErrorResponses, ...Conflict } },
  }, async (request) => {
    await decideSubscription(app.db, request.caller, request.params.id, request.body, app.clock.now());
    return getSubscription(app.db, request.caller, request.params.id);
  });

  app.get('/subscriptions/:id/applications', {
    schema: { params: SubscriptionParams, querystring: SubscriptionApplicationsQuery, response: { 200: List(SubscriptionApplication), ...ErrorResponses } },
  }, async (request) => listSubscriptionApplications(app.db, request.caller, request.params.id, request.query));

  app.get('/subscriptions/:id/resources', {
    schema: { params: SubscriptionParams, querystring: SubscriptionResourcesQuery, response: { 200: SubscriptionResources, ...ErrorResponses } },
  }, async (request) => listSubscriptionResources(app.db, request.caller, request.params.id, request.query));
}

