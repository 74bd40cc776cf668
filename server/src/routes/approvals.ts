// The provider's approvals queue (schemas/approvals.ts; behaviour in server/src/approvals/).
// The decisions are the areas' own routes: POST /subscriptions/{id}/approval,
// /accessRequests/{id}/approval and /reviews/{id}/approval.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses, List } from '../schemas/common.ts';
import { ApprovalItem, ApprovalsQuery } from '../schemas/approvals.ts';
import { listApprovals } from '../approvals/queue.ts';

export default async function approvalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/approvals', {
    schema: { querystring: ApprovalsQuery, response: { 200: List(ApprovalItem), ...ErrorResponses } },
  }, async (request) => listApprovals(app.db, request.caller, request.query));
}
