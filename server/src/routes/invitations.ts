// Invitations into an organisation (server/src/auth/invitations.ts): its Administrator creates,
// lists and revokes them; the holder of a code looks it up (public: the code is the secret) before
// registering with it (POST /auth/register, routes/register.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Conflict, ErrorResponses, Id, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { Invitation, InvitationCreateBody, InvitationCreated, InvitationLookup, InvitationLookupQuery } from '../schemas/invitations.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { organisations } from '../db/schema.ts';
import { queueMail } from '../mail/mailer.ts';
import { mailLocale } from '../mail/render.ts';
import { portalLink } from '../auth/accountMail.ts';
import { createInvitation, listInvitations, lookupInvitation, revokeInvitation } from '../auth/invitations.ts';

const Params = Type.Object({ id: Id });

export default async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/invitations', {
    schema: { querystring: NoQuery, response: { 200: List(Invitation), ...ErrorResponses } },
  }, async (request) => listInvitations(app.db, request.caller, app.clock.now()));

  app.post('/invitations', {
    schema: { querystring: NoQuery, body: InvitationCreateBody, response: { 201: InvitationCreated, ...ErrorResponses } },
  }, async (request, reply) => {
    const now = app.clock.now();
    // An invitation for an address is also e-mailed to it (issue 33), in the same transaction:
    // in the inviter's language, since the invitee has no account to have chosen one.
    const created = await app.db.transaction(async (tx) => {
      const invitation = await createInvitation(tx as unknown as Db, request.caller, request.body, now);
      if (invitation.email) {
        const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, request.caller.orgId!));
        await queueMail(tx as unknown as Db, app.jobs, {
          key: `invitation:${invitation.id}`, kind: 'invitation', to: invitation.email, locale: mailLocale(request.headers['accept-language']),
          params: {
            name: invitation.email, inviter: request.caller.name ?? request.caller.email ?? '', organisation: org?.name ?? '',
            expires: invitation.expiresAt.slice(0, 10), link: portalLink(app.publicOrigins, '/register', { invitation: invitation.code }),
          },
        });
      }
      return invitation;
    });
    return reply.status(201).send(created);
  });

  app.delete('/invitations/:id', {
    schema: { params: Params, querystring: NoQuery, response: { 204: Type.Null(), ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    await revokeInvitation(app.db, request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/invitationLookup', {
    schema: { querystring: InvitationLookupQuery, response: { 200: InvitationLookup, ...ErrorResponses } },
  }, async (request) => lookupInvitation(app.db, request.query.code, app.clock.now()));
}
