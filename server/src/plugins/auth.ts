import fp from 'fastify-plugin';
import { decodeProtectedHeader } from 'jose';
import type { FastifyRequest } from 'fastify';
import { VISITOR, type Caller } from '../context.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { getOrCreateSecret } from '../db/secrets.ts';
import { loadCaller, SessionCallers } from '../auth/caller.ts';
import { AuthService } from '../auth/service.ts';
import { OidcVerifier, type OidcOptions } from '../auth/oidc.ts';
import { TokenError, TokenKeys } from '../auth/tokens.ts';
import { GATEWAY_TOKEN_KID } from '../credentials/tokens.ts';

export interface AuthOptions {
  /** Signing key of access tokens; when absent one is generated once and kept in the store. */
  secret?: string | undefined;
  /** Default 900 (15 minutes). */
  accessTokenTtlSeconds?: number;
  /** Default 30 days. */
  refreshTokenTtlSeconds?: number;
  /** Built-in e-mail/password sign-in; default true. Turn off to trust only the OIDC issuer. */
  builtinSignIn?: boolean;
  /** Trust an external OpenID Connect issuer's access tokens. */
  oidc?: OidcOptions | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    authOptions: AuthOptions;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

export const TENANT_HEADER = 'x-tenant-id';

/** Where an Authorization header may carry an application's credential instead of a portal
 * session: the runtime gateway and the OAuth token endpoint check those themselves. */
const CREDENTIAL_PATHS = ['/api/v1/gateway/', '/api/v1/oauth/token'];

/** HTTP Basic, or a Bearer token of POST /oauth/token (its key id), on those paths: not ours. */
function leftToCredentials(url: string, header: string): boolean {
  if (!CREDENTIAL_PATHS.some((p) => url.startsWith(p))) return false;
  if (/^Basic\s/i.test(header)) return true;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!bearer) return false;
  try {
    return decodeProtectedHeader(bearer[1]!).kid === GATEWAY_TOKEN_KID;
  } catch {
    return false;
  }
}

/** Sets request.caller from the bearer token on every API request: no token is a visitor; a bad
 * or expired one is a 401 (never silently a visitor, so the client knows to refresh). */
export default fp<AuthOptions>(async (app, options) => {
  const secret = options.secret || await getOrCreateSecret(app.db, 'auth.signing-key');
  const keys = new TokenKeys(secret, options.accessTokenTtlSeconds ?? 15 * 60);
  const service = new AuthService(app.db, keys, options.refreshTokenTtlSeconds ?? 30 * 24 * 3600);
  const oidc = options.oidc ? new OidcVerifier(app.db, options.oidc) : undefined;
  const sessionCallers = new SessionCallers(app.db);
  app.addHook('onReady', async () => sessionCallers.versions.follow());
  app.decorate('auth', service);
  app.decorate('authOptions', options);
  app.decorateRequest('caller', null as unknown as Caller);

  async function callerFor(token: string): Promise<Caller> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw unauthorized('The access token is not valid.');
    }
    let caller: Caller | null;
    if (alg === 'HS256' && options.builtinSignIn !== false) {
      const claims = await keys.verify(token);
      const { active, caller: loaded } = await sessionCallers.load(claims.userId, claims.sessionId);
      if (!active) throw unauthorized('The session was signed out; sign in again.');
      caller = loaded;
    } else if (oidc) {
      caller = await loadCaller(app.db, await oidc.userFor(await oidc.verify(token)));
    } else {
      throw unauthorized('The access token is not valid.');
    }
    if (!caller) throw unauthorized('This account no longer exists or is disabled.');
    return caller;
  }

  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.caller = VISITOR;
    const header = request.headers.authorization;
    // Operator routes (server/src/ops: /metrics) read their own Authorization; no session there.
    if (!header || leftToCredentials(request.url, header) || request.routeOptions.config.ownAuthorization) return;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <access token>".');
    try {
      request.caller = await callerFor(match[1]!);
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized(error.message);
      throw error;
    }
    const tenant = request.headers[TENANT_HEADER];
    if (tenant !== undefined && tenant !== '' && tenant !== request.caller.orgId) {
      throw new ApiError(403, 'Forbidden', `X-Tenant-Id "${String(tenant)}" is not your organisation.`, 'X-Tenant-Id');
    }
  });
}, { name: 'auth', dependencies: ['store'] });

