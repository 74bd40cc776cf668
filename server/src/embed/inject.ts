// A fetch that answers from this server's own routes (app.inject): the pre-rendering of elements
// asks the API as a visitor would, without a network round trip, and can reach nothing else
// (only the path and query of a URL are used, whatever its host).
import type { FastifyInstance } from 'fastify';

const NO_BODY = new Set([101, 204, 205, 304]);

export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      // A visitor's request: no credentials travel into a render.
      if (name !== 'authorization' && name !== 'cookie') headers[name] = value;
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET', url: url.pathname + url.search, headers, ...(body ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding') continue;
      out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: out });
  };
}
