// Account e-mails (server/src/auth/accountMail.ts): confirm an address with the link's token, ask
// for a verification or password-reset link (202 whatever the address: the lookup happens in a
// job, so neither the answer nor its timing tells whether an account holds it), set a new
// password with a reset token.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import { ErrorResponses } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { EmailBody, LinkRequested, ResetPasswordBody, TokenBody, VerificationState } from '../schemas/account.ts';
import { ApiError, badRequest } from '../errors.ts';
import { assertSignedIn } from '../context.ts';
import { users } from '../db/schema.ts';
import { emailProblem } from '../../../src/rules/registration.ts';
import { MailRequestThrottle, TooManyAttempts } from '../auth/throttle.ts';
import { RESET_JOB, VERIFY_AGAIN_JOB, registerAccountMailJobs, resetPassword, verificationRequired, verifyEmail } from '../auth/accountMail.ts';

export default async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (fastify.hasDecorator('jobs')) registerAccountMailJobs(app.jobs, app.publicOrigins);
  const throttle = new MailRequestThrottle(app.db, app.clock);
  const builtin = () => {
    if (app.authOptions.builtinSignIn === false) throw new ApiError(404, 'Not Found', 'Sign-in with a password is turned off; use the identity provider.');
  };

  /** The same work for any address: a throttle count and one job row. */
  const requestLink = (job: string) => async (request: { body: { email: string }; ip: string }, reply: import('fastify').FastifyReply) => {
    builtin();
    const email = request.body.email.trim();
    if (emailProblem(email)) throw badRequest('email', 'email is not a valid e-mail address.');
    try {
      await throttle.claim(email, request.ip);
    } catch (error) {
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
    await app.jobs.enqueue(app.db, job, { email });
    return reply.status(202).send({ status: 'requested' as const });
  };

  app.post('/auth/passwordReset', {
    schema: { querystring: NoQuery, body: EmailBody, response: { 202: LinkRequested, ...ErrorResponses } },
  }, requestLink(RESET_JOB));

  app.post('/auth/verificationEmail', {
    schema: { querystring: NoQuery, body: EmailBody, response: { 202: LinkRequested, ...ErrorResponses } },
  }, requestLink(VERIFY_AGAIN_JOB));

  app.post('/auth/resetPassword', {
    schema: { querystring: NoQuery, body: ResetPasswordBody, response: { 204: Type.Null(), ...ErrorResponses } },
  }, async (request, reply) => {
    builtin();
    await resetPassword(app.db, app.jobs, request.body.token, request.body.password, app.clock.now());
    return reply.status(204).send(null);
  });

  app.post('/auth/verifyEmail', {
    schema: { querystring: NoQuery, body: TokenBody, response: { 204: Type.Null(), ...ErrorResponses } },
  }, async (request, reply) => {
    await verifyEmail(app.db, request.body.token, app.clock.now());
    return reply.status(204).send(null);
  });

  app.get('/auth/verification', {
    schema: { querystring: NoQuery, response: { 200: VerificationState, ...ErrorResponses } },
  }, async (request) => {
    const caller = request.caller;
    assertSignedIn(caller);
    const [user] = await app.db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, caller.userId));
    return { verified: !!user?.verifiedAt, required: await verificationRequired(app.db) };
  });
}
