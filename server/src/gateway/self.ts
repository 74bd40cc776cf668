// The marketplace as its own upstream: the resource of "Agora Marketplace API" (openapi/product.ts)
// has the upstream `self:`, and its calls are answered by this server's own /api/v1 in process
// (Fastify's inject), after the same gateway rules as any resource (visibility, sign-in, state,
// quota, record). No socket is opened, so the egress policy, which refuses loopback and private
// addresses, needs no exception for it. The caller's portal session (its bearer token and tenant)
// is the session of the call, unless the console sent its own Authorization.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../apiBase.ts';
import { clientResponseHeaders, type HeaderMap } from './headers.ts';
import type { MockAnswer } from './mock.ts';

export const SELF_UPSTREAM = 'self:';

export const isSelfUpstream = (url: string | null | undefined) => typeof url === 'string' && url.startsWith(SELF_UPSTREAM);

export interface SelfCall {
  method: string;
  /** The path under /api/v1 and its query, as the gateway read them. */
  path: string;
  query: string;
  /** The headers the gateway sends upstream (upstreamRequestHeaders). */
  headers: HeaderMap;
  /** The incoming request's headers: its portal session, when the call is a try-it. */
  incoming: IncomingHttpHeaders | null;
  body: Buffer | undefined;
}

export async function answerSelf(app: FastifyInstance, call: SelfCall): Promise<MockAnswer> {
  // The gateway through itself would only nest calls (and their records) without end.
  if (call.path === '/gateway' || call.path.startsWith('/gateway/')) {
    const detail = 'The marketplace\'s own gateway cannot be called through itself.';
    return { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errors: [{ status: 403, title: 'Forbidden', detail }] }) };
  }
  const headers: HeaderMap = { ...call.headers };
  const session = call.incoming;
  if (session && headers.authorization === undefined && typeof session.authorization === 'string') headers.authorization = session.authorization;
  if (session && typeof session['x-tenant-id'] === 'string') headers['x-tenant-id'] = session['x-tenant-id'];
  const answer = await app.inject({
    method: call.method as 'GET', url: `${API_BASE}${call.path === '/' ? '' : call.path}${call.query}`, headers,
    ...(call.body !== undefined && !/^(GET|HEAD)$/i.test(call.method) ? { payload: call.body } : {}),
  });
  return { status: answer.statusCode, headers: clientResponseHeaders(answer.headers as Record<string, string | string[] | undefined>), body: answer.rawPayload };
}
