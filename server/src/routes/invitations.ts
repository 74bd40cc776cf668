// Invitations into an organisation (server/src/auth/invitations.ts): its Administrator creates,
// lists and revokes them; the holder of a code looks it up (public: the code is the secret) before
// registering with it (POST /auth/register, routes/register.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponses, Id, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { Invitation, InvitationCreateBody, InvitationCreated, InvitationLookup, InvitationLookupQuery } from '../schemas/invitations.ts';
import { createInvitation, listInvitations, lookupInvitation, revokeInvitation } from '../auth/invitations.ts';

const Params = Type.Object({ id: Id });

export default async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/invitations', {
    schema: { querystring: NoQuery, response: { 200: List(Invitation), ...ErrorResponses } },
  }, async (request) => listInvitations(app.db, request.caller, app.clock.now()));

  app.post('/invitations', {
    schema: { querystring: NoQuery, body: InvitationCreateBody, response: { 201: InvitationCreated, ...ErrorResponses } },
  }, async (request, reply) => reply.status(201).send(await createInvitation(app.db, request.caller, request.body, app.clock.now())));

  app.delete('/invitations/:id', {
    schema: { params: Params, querystring: NoQuery, response: { 204: Type.Null(), ...ErrorResponses } },
  }, async (request, reply) => {
    await revokeInvitation(app.db, request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/invitationLookup', {
    schema: { querystring: InvitationLookupQuery, response: { 200: InvitationLookup, ...ErrorResponses } },
  }, async (request) => lookupInvitation(app.db, request.query.code, app.clock.now()));
}
