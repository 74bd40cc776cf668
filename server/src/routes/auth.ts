// Built-in sign-in (COMMON.md "Auth"): tokens out, refresh rotates, sign-out revokes. With
// `X-Agora-Session: cookie` the refresh token lives in an HttpOnly cookie (auth/cookie.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponses } from '../schemas/common.ts';
import { RefreshBody, Session, SignInBody, TokenPair } from '../schemas/auth.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { SignInThrottle, TooManyAttempts } from '../auth/throttle.ts';
import { clearRefreshCookie, presentedRefreshToken, tokenAnswer, wantsCookie } from '../auth/cookie.ts';

export default async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Read per request (the malformed-input tables register this module on a bare instance).
  const builtin = () => app.authOptions.builtinSignIn !== false;
  const disabled = () => new ApiError(404, 'Not Found', 'Sign-in with a password is turned off; use the identity provider.');
  const throttle = new SignInThrottle(app.db, app.clock);

  app.post('/auth/signin', {
    schema: { body: SignInBody, response: { 200: TokenPair, ...ErrorResponses } },
  }, async (request, reply) => {
    if (!builtin()) throw disabled();
    const { username, password } = request.body;
    // Logged so guessing shows in the server's log (the password never is).
    const log = { signin: { account: username.trim().toLowerCase(), address: request.ip } };
    let attempt;
    try {
      attempt = await throttle.claim(username, request.ip);
    } catch (error) {
      if (error instanceof TooManyAttempts) {
        request.log.warn({ ...log, outcome: 'throttled', retryAfter: error.retryAfterSeconds }, 'sign-in refused: too many attempts');
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      throw error;
    }
    try {
      const tokens = await app.auth.signIn(username, password);
      await throttle.succeeded(attempt);
      request.log.info({ ...log, outcome: 'signed-in' }, 'sign-in');
      return tokenAnswer(app, request, reply, tokens);
    } catch (error) {
      request.log.warn({ ...log, outcome: 'failed' }, 'sign-in failed');
      throw error;
    }
  });

  app.post('/auth/refresh', {
    schema: { body: RefreshBody, response: { 200: TokenPair, ...ErrorResponses } },
  }, async (request, reply) => {
    if (!builtin()) throw disabled();
    const token = presentedRefreshToken(request, request.body);
    try {
      if (!token) throw unauthorized('Nobody is signed in on this browser.');
      return tokenAnswer(app, request, reply, await app.auth.refresh(token));
    } catch (error) {
      // A cookie that no longer refreshes is of no use to keep. Without one, nothing is cleared:
      // the answer may arrive after a sign-in (this page's, another tab's) set a cookie, and
      // clearing would end that new session.
      if (token && wantsCookie(request)) clearRefreshCookie(request, reply, app.publicOrigins);
      throw error;
    }
  });

  app.post('/auth/signout', {
    schema: { body: RefreshBody, response: { 204: Type.Null(), ...ErrorResponses } },
  }, async (request, reply) => {
    const token = presentedRefreshToken(request, request.body);
    if (token) await app.auth.signOut(token);
    if (wantsCookie(request)) clearRefreshCookie(request, reply, app.publicOrigins);
    return reply.status(204).send(null);
  });

  app.get('/auth/findSession', {
    schema: { response: { 200: Session, ...ErrorResponses } },
  }, async (request) => {
    const caller = request.caller;
    if (!caller.userId || !caller.orgId) throw unauthorized();
    return {
      user: { id: caller.userId, name: caller.name ?? '', email: caller.email ?? '' },
      roles: caller.orgRoles,
      teams: caller.teams,
      org_id: caller.orgId,
      provider_guid: caller.providerGuid,
      entitlements: caller.entitlements ?? [],
    };
  });
}
