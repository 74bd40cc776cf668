// Publishing through the running server (issue 13): POST /products/import answers 202 with a job,
// GET /imports/{id} its progress and outcome. Behaviour in server/src/publish/imports.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdParams } from '../schemas/common.ts';
import { ImportBody, ImportJob } from '../schemas/imports.ts';
import { getImport, IMPORT_JOB, importJob, startImport } from '../publish/imports.ts';
import { PreparePool } from '../publish/pool.ts';

export default async function importRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (fastify.hasDecorator('jobs')) {
    const pool = new PreparePool(1);
    app.jobs.register(IMPORT_JOB, importJob(app.egress, pool));
    app.addHook('onClose', () => pool.close());
  }

  app.post('/products/import', {
    schema: { body: ImportBody, response: { 202: ImportJob, ...ErrorResponses } },
  }, async (request, reply) => reply.code(202).send(await startImport(app.db, app.jobs, request.caller, request.body)));

  app.get('/imports/:id', {
    schema: { params: IdParams, response: { 200: ImportJob, ...ErrorResponses } },
  }, async (request) => getImport(app.db, request.caller, request.params.id));
}
