// Cross-origin use of the API by elements on a provider's pages (CORS_ORIGINS, config.ts).
//
// An allow-listed origin may read the API's answers and send the headers the element client
// sends (Authorization bearer, X-Tenant-Id, Accept-Language, Content-Type). Credentials never
// cross origins: no Access-Control-Allow-Credentials, so a browser sends no cookie and reads no
// answer of a cookie request; and X-Agora-Session (the refresh-token cookie mode, auth/cookie.ts)
// is not an allowed header, so another origin cannot ask for the cookie. Elements there keep the
// refresh token in memory, as the client does on any origin but the API's own.
// The bundle (/dist/*) is public and served to any origin (static.ts): module scripts are always
// fetched in CORS mode.
import fp from 'fastify-plugin';

export interface CorsOptions {
  /** Origins allowed to call the API from a browser ('*': any). */
  origins: readonly string[];
  /** Prefix of the API's routes. */
  apiBase: string;
}

export const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', 'x-tenant-id', 'accept-language'];
export const CORS_EXPOSED_HEADERS = ['location', 'retry-after', 'content-disposition'];
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Browsers cap it (Chromium: 2 hours); it only spares preflights. */
const PREFLIGHT_MAX_AGE = 7200;

export default fp<CorsOptions>(async (app, options) => {
  const any = options.origins.includes('*');
  const allowed = new Set(options.origins);
  const isApi = (url: string) => url === options.apiBase || url.startsWith(`${options.apiBase}/`) || url.startsWith(`${options.apiBase}?`)
    || url.startsWith('/embed/render/');

  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) return;
    const origin = request.headers.origin;
    if (!origin || !(any || allowed.has(origin))) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      // A header asked for outside this list (X-Agora-Session) makes the browser refuse the request.
      reply.header('access-control-allow-methods', METHODS);
      reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS.join(', '));
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE));
      return reply.code(204).send();
    }
  });

  // Answers differ by Origin once an allow-list exists: caches must keep them apart (added last,
  // after the routes that set their own Vary).
  if (options.origins.length) {
    app.addHook('onSend', async (request, reply) => {
      if (!isApi(request.url)) return;
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\borigin\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
    });
  }
}, { name: 'cors' });
