// Access requests, their definitions and the provider's decision (spec 2 §3, §4, §7). The
// behaviour lives in server/src/access/requests.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Conflict, ErrorResponses, List } from '../schemas/common.ts';
import { NoQuery, ResourceParams } from '../schemas/catalogue.ts';
import { ApplicationParams } from '../schemas/applications.ts';
import {
  AccessRequest, AccessRequestCreate, AccessRequestCreated, AccessRequestDefinition, AccessRequestDefinitionParams, AccessRequestParams,
  AccessRequestQuery, AccessRequestsQuery, ApprovalDecision, ResourceAccessRequestsQuery, ResourceDefinitionParams,
} from '../schemas/accessRequests.ts';
import {
  assertResourceVisible, createAccessRequest, decide, deleteAccessRequest, getAccessRequest, getAccessRequestDefinition, listAccessRequests,
} from '../access/requests.ts';

export default async function accessRequestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const resource = '/products/:id/versions/:versionId/assetresources/:resourceId';

  app.post('/applications/:id/accessRequests', {
    schema: { params: ApplicationParams, querystring: NoQuery, body: AccessRequestCreate, response: { 201: AccessRequestCreated, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => reply.status(201).send(await createAccessRequest(app.db, request.caller, request.params.id, request.body, app.clock.now())));

  app.get('/accessRequests', {
    schema: { querystring: AccessRequestsQuery, response: { 200: List(AccessRequest), ...ErrorResponses } },
  }, async (request) => listAccessRequests(app.db, request.caller, request.query));

  // decrypt is accepted for the screens' sake: access request data holds nothing encrypted here.
  app.get('/accessRequests/:id', {
    schema: { params: AccessRequestParams, querystring: AccessRequestQuery, response: { 200: AccessRequest, ...ErrorResponses } },
  }, async (request) => getAccessRequest(app.db, request.caller, request.params.id));

  app.delete('/accessRequests/:id', {
    schema: { params: AccessRequestParams, querystring: NoQuery, response: { 204: Type.Null(), ...ErrorResponses } },
  }, async (request, reply) => {
    await deleteAccessRequest(app.db, request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/accessRequests/:id/approval', {
    schema: { params: AccessRequestParams, querystring: NoQuery, body: ApprovalDecision, response: { 200: AccessRequest, ...ErrorResponses, ...Conflict } },
  }, async (request) => decide(app.db, request.caller, request.params.id, request.body, app.clock.now()));

  app.get(`${resource}/accessRequests`, {
    schema: { params: ResourceParams, querystring: ResourceAccessRequestsQuery, response: { 200: List(AccessRequest), ...ErrorResponses } },
  }, async (request) => {
    const { id, versionId, resourceId } = request.params;
    await assertResourceVisible(app.db, request.caller, id, versionId, resourceId);
    return listAccessRequests(app.db, request.caller, { ...request.query, resourceId });
  });

  app.get(`${resource}/accessRequestDefinitions/:definitionId`, {
    schema: { params: ResourceDefinitionParams, querystring: NoQuery, response: { 200: AccessRequestDefinition, ...ErrorResponses } },
  }, async (request) => {
    const { id, versionId, resourceId, definitionId } = request.params;
    return getAccessRequestDefinition(app.db, request.caller, definitionId, { productId: id, versionId, resourceId });
  });

  app.get('/accessRequestDefinitions/:id', {
    schema: { params: AccessRequestDefinitionParams, querystring: NoQuery, response: { 200: AccessRequestDefinition, ...ErrorResponses } },
  }, async (request) => getAccessRequestDefinition(app.db, request.caller, request.params.id));
}
