// POST /oauth/token: the client_credentials grant of RFC 6749 §4.4 for OAuth credentials, as a
// form (application/x-www-form-urlencoded, the RFC's) or JSON; the client authenticates with HTTP
// Basic or client_id + client_secret in the body (§2.3.1). Errors are RFC 6749 §5.2's shape, not
// the API's: OAuth clients read `error`. The body's schema describes the endpoint (OpenAPI) and is
// checked, but its failures are attached rather than thrown, so they too answer in the RFC's shape;
// only a body that cannot be parsed at all gets the API's.
import type { FastifyError, FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { validationItems } from '../plugins/errors.ts';
import { OAUTH_CLIENT_FIELD_MAX, OAUTH_GRANT_TYPES, OAuthTokenError, OAuthTokenRequest, OAuthTokenResponse } from '../schemas/credentials.ts';
import { ErrorResponse } from '../schemas/common.ts';
import { Type, type Static } from '@sinclair/typebox';
import { OAUTH_TOKEN_TTL_SECONDS } from '../../../src/rules/constants.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import { lookupKeys, sameDigest, sha256 } from '../credentials/crypto.ts';
import { issueToken, unusable } from '../credentials/tokens.ts';

const FORM_MAX_BYTES = 16 * 1024;

type OAuthError = Static<typeof OAuthTokenError>['error'];

function fail(reply: FastifyReply, error: OAuthError, description: string) {
  const status = error === 'invalid_client' ? 401 : 400;
  if (status === 401) reply.header('www-authenticate', 'Basic realm="agora", charset="UTF-8"');
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** client_id:client_secret of an HTTP Basic header (each form-urlencoded, RFC 6749 §2.3.1). */
function basicClient(header: string | undefined): { id: string; secret: string } | null | 'bad' {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m) return 'bad';
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const at = text.indexOf(':');
  if (at < 0) return 'bad';
  try {
    return { id: decodeURIComponent(text.slice(0, at).replace(/\+/g, ' ')), secret: decodeURIComponent(text.slice(at + 1).replace(/\+/g, ' ')) };
  } catch {
    return 'bad';
  }
}

export default async function oauthRoutes(app: FastifyInstance): Promise<void> {
  // This module's context only: the RFC's form body, parsed with URLSearchParams (no dependency).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_MAX_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/oauth/token', {
    // 4xx answers are either RFC 6749's (sent below) or the API's error shape for a body that
    // could not be parsed: both are declared, for the OpenAPI description. `consumes` (the body's
    // media types there) is @fastify/swagger's, whose types are not loaded (openapi/index.ts).
    schema: {
      body: OAuthTokenRequest, consumes: ['application/x-www-form-urlencoded', 'application/json'],
      response: { 200: OAuthTokenResponse, 400: Type.Union([OAuthTokenError, ErrorResponse]), 401: OAuthTokenError },
    } as FastifySchema,
    attachValidation: true,
  }, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const grant = text('grant_type');
    // RFC 6749 §3.2: a parameter sent without a value is one not sent.
    if (!grant) return fail(reply, 'invalid_request', 'grant_type is required.');
    if (!(OAUTH_GRANT_TYPES as readonly string[]).includes(grant)) return fail(reply, 'unsupported_grant_type', 'Only the client_credentials grant is supported.');
    const invalid = request.validationError;
    if (invalid) return fail(reply, 'invalid_request', validationItems((invalid as FastifyError).validation ?? [], 'body')[0]?.detail ?? invalid.message);
    const basic = basicClient(request.headers.authorization);
    if (basic === 'bad') return fail(reply, 'invalid_client', 'The Authorization header must be HTTP Basic with client_id:client_secret.');
    if (basic && (text('client_id') || text('client_secret'))) {
      return fail(reply, 'invalid_request', 'Authenticate the client one way: HTTP Basic or client_id and client_secret in the body.');
    }
    const client = basic ?? (text('client_id') ? { id: text('client_id')!, secret: text('client_secret') ?? '' } : null);
    if (!client) return fail(reply, 'invalid_client', 'Client authentication is required.');
    // The body's lengths are checked by its schema; HTTP Basic's here.
    if (client.id.length > OAUTH_CLIENT_FIELD_MAX || client.secret.length > OAUTH_CLIENT_FIELD_MAX) return fail(reply, 'invalid_request', 'client_id or client_secret is too long.');
    const scope = text('scope');

    const rt = credentialsRuntime(app.db, app.credentialsOptions);
    const entry = await rt.lookup.byKey(lookupKeys.oauth(client.id));
    const now = app.clock.now();
    if (!entry || !entry.secretHash || !sameDigest(entry.secretHash, sha256(client.secret)) || unusable(entry, now)) {
      return fail(reply, 'invalid_client', 'The client is unknown, its secret is wrong, or its credential cannot be used.');
    }
    const token = await issueToken(await rt.tokenKey(), entry.id, entry.secretVersion, now, scope);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
      access_token: token, token_type: 'Bearer' as const, expires_in: OAUTH_TOKEN_TTL_SECONDS, ...(scope ? { scope } : {}),
    });
  });
}
