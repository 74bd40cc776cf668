// Webhooks for providers (server/src/webhooks): endpoints, their deliveries, redelivery. The
// delivery job is registered here, as each area registers its jobs next to its routes.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponses, Id, IdParams, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { DeliveriesQuery, Webhook, WebhookCreate, WebhookCreated, WebhookDelivery } from '../schemas/webhooks.ts';
import { secretBoxFor, type SecretBox } from '../credentials/crypto.ts';
import {
  createWebhook, deleteWebhook, enableWebhook, listDeliveries, listWebhooks, redeliver, registerWebhookJobs, type WebhookDeps,
} from '../webhooks/service.ts';

const DeliveryParams = Type.Object({ id: Id, deliveryId: Id });

export default async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  let box: Promise<SecretBox> | undefined;
  const deps = (): WebhookDeps => ({
    db: app.db, jobs: app.jobs, egress: app.egress,
    box: () => (box ??= secretBoxFor(app.db, app.credentialsOptions?.secretsKey)),
  });
  if (fastify.hasDecorator('jobs')) registerWebhookJobs(deps());

  app.get('/webhooks', {
    schema: { querystring: NoQuery, response: { 200: List(Webhook), ...ErrorResponses } },
  }, async (request) => listWebhooks(app.db, request.caller));

  app.post('/webhooks', {
    schema: { querystring: NoQuery, body: WebhookCreate, response: { 201: WebhookCreated, ...ErrorResponses } },
  }, async (request, reply) => reply.status(201).send(await createWebhook(deps(), request.caller, request.body, app.clock.now())));

  app.delete('/webhooks/:id', {
    schema: { params: IdParams, querystring: NoQuery, response: { 204: Type.Null(), ...ErrorResponses } },
  }, async (request, reply) => {
    await deleteWebhook(app.db, request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/webhooks/:id/enable', {
    schema: { params: IdParams, querystring: NoQuery, response: { 200: Webhook, ...ErrorResponses } },
  }, async (request) => enableWebhook(app.db, request.caller, request.params.id));

  app.get('/webhooks/:id/deliveries', {
    schema: { params: IdParams, querystring: DeliveriesQuery, response: { 200: List(WebhookDelivery), ...ErrorResponses } },
  }, async (request) => listDeliveries(app.db, request.caller, request.params.id, request.query, app.clock.now()));

  app.post('/webhooks/:id/deliveries/:deliveryId/redeliver', {
    schema: { params: DeliveryParams, querystring: NoQuery, response: { 202: WebhookDelivery, ...ErrorResponses } },
  }, async (request, reply) => reply.status(202).send(await redeliver(deps(), request.caller, request.params.id, request.params.deliveryId, app.clock.now())));
}
