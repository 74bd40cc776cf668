// Credentials (spec 2 §3, §4, §7): create for an application, list, read (decrypt), policies,
// resources, the actions renew | rotate | suspend | enable, delete (asynchronous), and the
// credential request definitions. Registers the provisioning and delete jobs.
import { assertVerified } from '../auth/accountMail.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Conflict, ErrorResponses, IdParams, List } from '../schemas/common.ts';
import { NoQuery, ResourceParams } from '../schemas/catalogue.ts';
import {
  Credential, CredentialCreate, CredentialParams, CredentialPolicies, CredentialQuery, CredentialRequestDefinition,
  CredentialResource, CredentialResourcesQuery, CredentialRotate, CredentialsQuery,
} from '../schemas/credentials.ts';
import { CREDENTIAL_RESOURCES_PAGE_SIZE } from '../../../src/rules/constants.ts';
import {
  applyAction, assertMayList, createCredential, credentialResourcesOf, definitionsOf, getCredential, listCredentials, loadCredential,
  toCredential, toDefinition,
} from '../credentials/service.ts';
import { registerCredentialJobs } from '../credentials/provisioning.ts';
import { credentialsRuntime } from '../credentials/runtime.ts';
import { assertResourceVisible } from '../spec/access.ts';
import { notFound } from '../errors.ts';
import { one } from '../catalogue/sql.ts';
import { sql } from 'drizzle-orm';

export default async function credentialRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // (The malformed-input runner registers route modules on a bare Fastify to list their routes.)
  if (app.hasDecorator('jobs')) registerCredentialJobs(app.jobs, credentialsRuntime(app.db, app.credentialsOptions));

  app.post('/applications/:id/credentials', {
    schema: { params: IdParams, body: CredentialCreate, response: { 201: Credential, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    // A self-registered address must be confirmed first (settings.email_verification; issue 33).
    await assertVerified(app.db, request.caller);
    const created = await createCredential(app, request.caller, request.params.id, request.body);
    // The provider's webhooks hear of it (server/src/webhooks): never its secret.
    await emitWebhookEvent(app.db, app.jobs, 'credential.created', `credential.created:${created.id}`, {
      credential: { id: created.id, title: created.title, type: created.crdType, state: created.state, application: created.application },
    }, app.clock.now());
    return reply.code(201).send(created);
  });

  app.get('/credentials', {
    schema: { querystring: CredentialsQuery, response: { 200: List(Credential), ...ErrorResponses } },
  }, async (request) => listCredentials(app.db, request.caller, request.query, app.clock.now()));

  app.get('/credentials/:id', {
    schema: { params: CredentialParams, querystring: CredentialQuery, response: { 200: Credential, ...ErrorResponses, ...Conflict } },
  }, async (request) => getCredential(app, request.caller, request.params.id, request.query.decrypt === true));

  app.get('/credentials/:id/policies', {
    schema: { params: CredentialParams, querystring: NoQuery, response: { 200: CredentialPolicies, ...ErrorResponses } },
  }, async (request) => toCredential(await loadCredential(app.db, request.caller, request.params.id), app.clock.now()).provisioning.policies);

  app.get('/credentials/:id/resources', {
    schema: { params: CredentialParams, querystring: CredentialResourcesQuery, response: { 200: List(CredentialResource), ...ErrorResponses } },
  }, async (request) => {
    const { page = 1, pageSize = CREDENTIAL_RESOURCES_PAGE_SIZE, sort = '+title' } = request.query;
    return credentialResourcesOf(app.db, request.caller, request.params.id, page, pageSize, sort);
  });

  for (const action of ['renew', 'suspend', 'enable'] as const) {
    app.post(`/credentials/:id/${action}`, {
      schema: { params: CredentialParams, response: { 200: Credential, ...ErrorResponses, ...Conflict } },
    }, async (request) => applyAction(app, request.caller, request.params.id, action));
  }
  app.post('/credentials/:id/rotate', {
    schema: { params: CredentialParams, body: CredentialRotate, response: { 200: Credential, ...ErrorResponses, ...Conflict } },
  }, async (request) => applyAction(app, request.caller, request.params.id, 'rotate', request.body.title));

  app.delete('/credentials/:id', {
    schema: { params: CredentialParams, response: { 202: Credential, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => reply.code(202).send(await applyAction(app, request.caller, request.params.id, 'delete')));

  app.get('/products/:id/versions/:versionId/assetresources/:resourceId/credentialRequestDefinitions', {
    schema: { params: ResourceParams, querystring: NoQuery, response: { 200: List(CredentialRequestDefinition), ...ErrorResponses } },
  }, async (request) => {
    assertMayList(request.caller);
    const { id, versionId, resourceId } = request.params;
    await assertResourceVisible(app, request.caller, id, versionId, resourceId);
    const row = await one<{ ids: string[] }>(app.db, sql`select credential_request_definition_ids as ids from asset_resources where id = ${resourceId}`);
    const items = (await definitionsOf(app.db, row?.ids ?? [])).map(toDefinition);
    return { items, totalCount: items.length };
  });

  app.get('/credentialRequestDefinitions/:id', {
    schema: { params: IdParams, querystring: NoQuery, response: { 200: CredentialRequestDefinition, ...ErrorResponses } },
  }, async (request) => {
    assertMayList(request.caller);
    const [definition] = await definitionsOf(app.db, [request.params.id]);
    if (!definition) throw notFound('The credential request definition');
    return toDefinition(definition);
  });
}
