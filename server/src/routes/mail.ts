// E-mail (server/src/mail): the outbox a provider Administrator reads. The send job is registered
// here, next to the routes of the area, as every area does with its jobs.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { OutboxList, OutboxMessageDetail, OutboxQuery } from '../schemas/mail.ts';
import { listOutbox, readOutboxMessage } from '../mail/outbox.ts';

export default async function mailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (fastify.hasDecorator('jobs') && fastify.hasDecorator('mailer')) app.mailer.register(app.jobs);

  app.get('/outbox', {
    schema: { querystring: OutboxQuery, response: { 200: OutboxList, ...ErrorResponses } },
  }, async (request) => ({ ...(await listOutbox(app.db, request.caller, request.query)), mode: app.mailer.mode }));

  app.get('/outbox/:id', {
    schema: { params: IdParams, querystring: NoQuery, response: { 200: OutboxMessageDetail, ...ErrorResponses } },
  }, async (request) => readOutboxMessage(app.db, request.caller, request.params.id));
}
