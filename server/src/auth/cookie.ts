// The refresh token in a cookie, for the portal's own pages (README "Security", token storage).
//
// A client asks for it with the header `X-Agora-Session: cookie` on sign-in, register, refresh
// and sign-out. The refresh token then travels only in an HttpOnly cookie that script never reads
// and is left out of the JSON answer; the access token stays in the answer and the page keeps it in
// memory. Clients that do not send the header (API scripts, elements on another origin) keep
// getting the refresh token in the body, as before.
//
// Why a cookie cannot be used to forge requests (CSRF):
//   - SameSite=Strict: the browser sends it only on requests started by the portal's own site,
//     never on a form, link, image or fetch of another site.
//   - Path=/api/v1/auth: it reaches only sign-in, refresh and sign-out, and no route takes it as a
//     credential for data: every other route wants the bearer token, which only script holds. So a
//     forged request carries no authority even where a browser would send the cookie.
//   - Refresh and sign-out by cookie require the custom header above. A cross-site form cannot set
//     a header, and a cross-origin fetch with one needs a CORS preflight this server never grants.
//     This also covers what SameSite does not: sibling sub-domains count as the same site.
//   - Even a refresh forced through somehow would only rotate the token: the answer, the new access
//     token, cannot be read by another origin.
//
// Secure: only when the request came over https (directly, or per X-Forwarded-Proto from a trusted
// proxy, TRUST_PROXY) or PUBLIC_URL is https (TLS ended by a proxy this server does not trust).
// A browser keeps no Secure cookie from a plain-http answer, so on http://127.0.0.1 (`npm start`,
// the tests) the cookie is sent without it; a deployment reached over https always gets it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import type { TokenPair } from './service.ts';

export const SESSION_MODE_HEADER = 'x-agora-session';
const SESSION_MODE_HEADER_NAME = 'X-Agora-Session';
export const REFRESH_COOKIE = 'agora_refresh';
/** Where the cookie goes: the auth routes only (app.ts API_BASE + /auth). */
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

/** The client asked for the refresh token in the cookie (and proves it is script, not a form). */
export function wantsCookie(request: FastifyRequest): boolean {
  const value = request.headers[SESSION_MODE_HEADER];
  return typeof value === 'string' && value.trim().toLowerCase() === 'cookie';
}

/** The refresh token of the cookie, if the browser sent one. */
export function refreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

function secure(request: FastifyRequest, publicOrigins: ReadonlySet<string>): boolean {
  return request.protocol === 'https' || [...publicOrigins].some((origin) => origin.startsWith('https:'));
}

function cookie(value: string, maxAgeSeconds: number, isSecure: boolean): string {
  return `${REFRESH_COOKIE}=${value}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${isSecure ? '; Secure' : ''}`;
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, publicOrigins: ReadonlySet<string>, token: string, maxAgeSeconds: number): void {
  reply.header('set-cookie', cookie(token, maxAgeSeconds, secure(request, publicOrigins)));
  // An answer holding a session must never be stored by a cache in between.
  reply.header('cache-control', 'no-store');
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, publicOrigins: ReadonlySet<string>): void {
  reply.header('set-cookie', cookie('', 0, secure(request, publicOrigins)));
}

/** Sign-in, register and refresh: in cookie mode the refresh token goes into the cookie and out
 * of the answer; otherwise the answer is the whole pair. */
export function tokenAnswer(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, pair: TokenPair): TokenPair | Omit<TokenPair, 'refreshToken'> {
  if (!wantsCookie(request)) return pair;
  setRefreshCookie(request, reply, app.publicOrigins, pair.refreshToken, app.auth.refreshTtlSeconds);
  return { accessToken: pair.accessToken, expiresIn: pair.expiresIn };
}

/** The refresh token a refresh or sign-out presents: the body's, else (only with the header, see
 * above) the cookie's. Undefined in cookie mode when the browser holds no cookie. */
export function presentedRefreshToken(request: FastifyRequest, body: { refreshToken?: string | undefined }): string | undefined {
  if (body.refreshToken) return body.refreshToken;
  if (wantsCookie(request)) return refreshCookie(request);
  throw badRequest('refreshToken', `refreshToken is required (or send ${SESSION_MODE_HEADER_NAME}: cookie to use the session cookie).`);
}
