// Self-service registration: POST /auth/register, open when the marketplace's signup setting is
// on (403 otherwise). A new organisation with the caller as its Administrator (server/src/auth/
// register.ts), or a Consumer of the organisation whose invitation it holds; the answer is sign-in's, so the new user is signed in at once.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Conflict, ErrorResponses } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { TokenPair } from '../schemas/auth.ts';
import { RegisterBody } from '../schemas/registration.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { ApiError, conflict, forbidden } from '../errors.ts';
import { tokenAnswer } from '../auth/cookie.ts';
import { RegistrationThrottle, TooManyAttempts } from '../auth/throttle.ts';
import { INVITATION_INVALID, invitationUsable } from '../auth/invitations.ts';
import { queueVerification } from '../auth/accountMail.ts';
import { mailLocale } from '../mail/render.ts';
import { checkRegistration, EMAIL_TAKEN, emailTaken, registerAccount } from '../auth/register.ts';

export const SIGNUP_CLOSED = 'This marketplace does not take registrations: ask your organisation’s administrator for an account.';

export default async function registerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const throttle = new RegistrationThrottle(app.db, app.clock);

  app.post('/auth/register', {
    schema: { querystring: NoQuery, body: RegisterBody, response: { 201: TokenPair, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    // What the text must be first (the same answer whatever the settings), then whether this
    // marketplace takes registrations, then the count per client address (429 past it), and only
    // then whether the address is taken.
    checkRegistration(request.body);
    if (app.authOptions.builtinSignIn === false) {
      throw new ApiError(404, 'Not Found', 'Sign-in with a password is turned off; use the identity provider.');
    }
    const { settings } = await readSiteConfig(app.db);
    // An invitation is an administrator's leave to join: it opens registration even while signup is off.
    if (!settings.signup && !request.body.invitation) throw forbidden(SIGNUP_CLOSED);
    try {
      await throttle.claim(request.ip);
    } catch (error) {
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    if (request.body.invitation && !(await invitationUsable(app.db, request.body.invitation, app.clock.now()))) {
      throw new ApiError(400, 'Bad Request', INVITATION_INVALID, 'invitation');
    }
    if (await emailTaken(app.db, request.body.email)) throw conflict('email', EMAIL_TAKEN);
    const now = app.clock.now();
    const account = await registerAccount(app.db, request.body, now, {
      locale: mailLocale(request.headers['accept-language']),
      verify: settings.email_verification,
      onUnverified: (tx, userId) => queueVerification(tx, app.jobs, app.publicOrigins, userId, now),
    });
    return reply.status(201).send(tokenAnswer(app, request, reply, await app.auth.signIn(account.email, request.body.password)));
  });
}
