// Notifications (server/src/notifications): the signed-in user's choices per kind. The job that
// turns a recorded event into e-mails and webhook deliveries is registered here, next to its area.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { NotificationSettings, NotificationSettingsUpdate } from '../schemas/notifications.ts';
import { readChoices, writeChoices } from '../notifications/settings.ts';
import { registerNotificationJobs } from '../notifications/notify.ts';

export default async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (fastify.hasDecorator('jobs')) registerNotificationJobs(app.jobs, app.publicOrigins);

  app.get('/notificationSettings', {
    schema: { querystring: NoQuery, response: { 200: NotificationSettings, ...ErrorResponses } },
  }, async (request) => readChoices(app.db, request.caller));

  app.put('/notificationSettings', {
    schema: { querystring: NoQuery, body: NotificationSettingsUpdate, response: { 200: NotificationSettings, ...ErrorResponses } },
  }, async (request) => writeChoices(app.db, request.caller, request.body.email));
}
