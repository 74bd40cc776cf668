// The try-it gateway: /gateway/{productId}/{versionId}/{resourceId}/* (GET, HEAD, POST, PUT, PATCH,
// DELETE, OPTIONS) forwards the explorer's calls to the resource's upstream (or its built-in mock)
// and records each one.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GatewayHeaders, GatewayParams } from '../schemas/gateway.ts';
import { GATEWAY_MAX_REQUEST_BYTES } from '../../../src/rules/constants.ts';
import { handleTryIt } from '../gateway/call.ts';

export const GATEWAY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export default async function gatewayRoutes(app: FastifyInstance): Promise<void> {
  // Bodies pass through untouched, whatever their type (this plugin's context only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: GATEWAY_MAX_REQUEST_BYTES }, (_request, body, done) => done(null, body));
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const url of ['/gateway/:productId/:versionId/:resourceId', '/gateway/:productId/:versionId/:resourceId/*']) {
    r.route({
      // The methods an API console sends (HEAD comes with GET); never TRACE through a proxy.
      method: GATEWAY_METHODS, url,
      schema: { params: GatewayParams, headers: GatewayHeaders }, bodyLimit: GATEWAY_MAX_REQUEST_BYTES,
      handler: (request, reply) => handleTryIt(app, request, reply),
    });
  }
}
