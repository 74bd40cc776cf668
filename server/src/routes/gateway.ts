// The try-it gateway: /gateway/{productId}/{versionId}/{resourceId}/* (GET, HEAD, POST, PUT, PATCH,
// DELETE, OPTIONS) forwards the explorer's calls to the resource's upstream (or its built-in mock)
// and records each one; …/spec/token and …/spec/authorize serve the console's OAuth 2 flows.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuthorizeQuery, GatewayHeaders, GatewayParams, TokenRequest } from '../schemas/gateway.ts';
import { ResourceParams } from '../schemas/explorer.ts';
import { ErrorResponses, Redirect } from '../schemas/common.ts';
import { GATEWAY_MAX_REQUEST_BYTES } from '../../../src/rules/constants.ts';
import { handleTryIt } from '../gateway/call.ts';
import { flushTransactions } from '../gateway/record.ts';
import { releaseLeases } from '../quota/counters.ts';
import { handleAuthorize, handleToken } from '../gateway/token.ts';

/** The methods an API console sends (HEAD comes with GET); never TRACE through a proxy. */
export const GATEWAY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export default async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // Runtime calls' records still queued are written before the store closes, then the unspent
  // calls of strict quota leases go back to the store for the other instances.
  app.addHook('onClose', async () => { if (app.hasDecorator('db')) { await flushTransactions(app.db); await releaseLeases(app.db); } });
  const spec = '/products/:id/versions/:versionId/assetresources/:resourceId/spec';
  r.post(`${spec}/token`, { schema: { params: ResourceParams, body: TokenRequest } }, (request, reply) => handleToken(app, request, reply));
  r.get(`${spec}/authorize`, { schema: { params: ResourceParams, querystring: AuthorizeQuery, response: { 302: Redirect('To redirect_uri with the code (or, for response_type=token, the token in the fragment)'), ...ErrorResponses } } },
    (request, reply) => handleAuthorize(app, request, reply));

  await app.register(async (proxy) => {
    // Bodies pass through untouched, whatever their type (this context only).
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: GATEWAY_MAX_REQUEST_BYTES }, (_request, body, done) => done(null, body));
    for (const url of ['/gateway/:productId/:versionId/:resourceId', '/gateway/:productId/:versionId/:resourceId/*']) {
      proxy.withTypeProvider<TypeBoxTypeProvider>().route({
        method: GATEWAY_METHODS, url,
        schema: { params: GatewayParams, headers: GatewayHeaders }, bodyLimit: GATEWAY_MAX_REQUEST_BYTES,
        // A compressed request body goes upstream as sent, with its Content-Encoding (the compress
        // plugin would inflate it and leave the header claiming gzip), and no hook runs for it.
        decompress: false,
        handler: (request, reply) => handleTryIt(app, request, reply),
      });
    }
  });
}
