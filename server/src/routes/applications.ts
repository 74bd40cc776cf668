// Applications, their resources, profiles and profile definitions, and the owners offered for a
// new application (spec 2 §3–§7). The behaviour lives in server/src/applications/.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Conflict, ErrorResponses, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import {
  Application, ApplicationCreate, ApplicationOwners, ApplicationParams, ApplicationProfile, ApplicationProfileDefinition,
  ApplicationResource, ApplicationResourcesQuery, ApplicationsQuery, ApplicationUpdate, Created, ProfileCreate, ProfileParams,
  ProfilesQuery, ProfileUpdate,
} from '../schemas/applications.ts';
import {
  createApplication, deleteApplication, DELETE_JOB, getApplication, listApplications, runDeleteJob, updateApplication,
} from '../applications/applications.ts';
import { offeredOwners } from '../applications/owners.ts';
import { assertSignedIn } from '../context.ts';
import { listApplicationResources } from '../applications/resources.ts';
import { createProfile, deleteProfile, getProfile, getProfileDefinition, listProfiles, updateProfile } from '../applications/profiles.ts';
import { Id } from '../schemas/common.ts';

const Partial = Type.Partial(Application);

export default async function applicationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The route table probe of the malformed-input test registers modules on a bare Fastify.
  if (fastify.hasDecorator('jobs')) app.jobs.register(DELETE_JOB, (payload, context) => runDeleteJob(context.db, payload));
  const one = '/applications/:id';
  const profile = '/applications/:id/profiles/:profileId';

  app.get('/applications', {
    schema: { querystring: ApplicationsQuery, response: { 200: List(Partial), ...ErrorResponses } },
  }, async (request) => listApplications(app.db, request.caller, request.query));

  app.post('/applications', {
    schema: { querystring: NoQuery, body: ApplicationCreate, response: { 201: Created, ...ErrorResponses } },
  }, async (request, reply) => reply.status(201).send(await createApplication(app.db, request.caller, request.body, app.clock.now())));

  app.get('/applicationOwners', {
    schema: { querystring: NoQuery, response: { 200: ApplicationOwners, ...ErrorResponses } },
  }, async (request) => {
    assertSignedIn(request.caller);
    const items = await offeredOwners(app.db, request.caller);
    return { items, totalCount: items.length };
  });

  app.get(one, {
    schema: { params: ApplicationParams, querystring: NoQuery, response: { 200: Application, ...ErrorResponses } },
  }, async (request) => getApplication(app.db, request.caller, request.params.id));

  app.put(one, {
    schema: { params: ApplicationParams, querystring: NoQuery, body: ApplicationUpdate, response: { 200: Application, ...ErrorResponses, ...Conflict } },
  }, async (request) => updateApplication(app.db, request.caller, request.params.id, request.body, app.clock.now()));

  // 202: the application is now deleting; a job removes it with everything it holds.
  app.delete(one, {
    schema: { params: ApplicationParams, querystring: NoQuery, response: { 202: Application, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => reply.status(202).send(await deleteApplication(app.db, app.jobs, request.caller, request.params.id, app.clock.now())));

  app.get(`${one}/resources`, {
    schema: { params: ApplicationParams, querystring: ApplicationResourcesQuery, response: { 200: List(ApplicationResource), ...ErrorResponses } },
  }, async (request) => listApplicationResources(app.db, request.caller, request.params.id, request.query));

  app.get(`${one}/profiles`, {
    schema: { params: ApplicationParams, querystring: ProfilesQuery, response: { 200: List(Type.Partial(ApplicationProfile)), ...ErrorResponses } },
  }, async (request) => listProfiles(app.db, request.caller, request.params.id, request.query));

  app.post(`${one}/profiles`, {
    schema: { params: ApplicationParams, querystring: NoQuery, body: ProfileCreate, response: { 201: Created, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => reply.status(201).send(await createProfile(app.db, request.caller, request.params.id, request.body, app.clock.now())));

  app.get(profile, {
    schema: { params: ProfileParams, querystring: NoQuery, response: { 200: ApplicationProfile, ...ErrorResponses } },
  }, async (request) => getProfile(app.db, request.caller, request.params.id, request.params.profileId));

  app.put(profile, {
    schema: { params: ProfileParams, querystring: NoQuery, body: ProfileUpdate, response: { 200: ApplicationProfile, ...ErrorResponses, ...Conflict } },
  }, async (request) => updateProfile(app.db, request.caller, request.params.id, request.params.profileId, request.body, app.clock.now()));

  app.delete(profile, {
    schema: { params: ProfileParams, querystring: NoQuery, response: { 204: Type.Null(), ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    await deleteProfile(app.db, request.caller, request.params.id, request.params.profileId);
    return reply.status(204).send(null);
  });

  app.get('/applicationProfileDefinitions/:id', {
    schema: { params: Type.Object({ id: Id }), querystring: NoQuery, response: { 200: ApplicationProfileDefinition, ...ErrorResponses } },
  }, async (request) => getProfileDefinition(app.db, request.caller, request.params.id));
}
