// The insights' analytics calls (spec 3 §7.5); the behaviour lives in server/src/analytics/.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorResponses } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import {
  AnalyticsApplications, AnalyticsApplicationsQuery, Chart, ChartQuery, MonthlyUsage, Summary, SummaryQuery, TransactionDetail,
  TransactionDetailParams, Transactions, TransactionsQuery, UsageQuery,
} from '../schemas/analytics.ts';
import { chart } from '../analytics/chart.ts';
import { summary } from '../analytics/summary.ts';
import { listTransactions, transactionDetail } from '../analytics/transactions.ts';
import { monthlyUsage } from '../analytics/usage.ts';
import { analyticsApplications } from '../analytics/applications.ts';

export default async function analyticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/analytics/chart', {
    schema: { querystring: ChartQuery, response: { 200: Chart, ...ErrorResponses } },
  }, async (request) => chart(app.db, request.caller, request.query, { now: app.clock.now(), retentionDays: app.transactionsRetentionDays }));

  app.get('/analytics/summary', {
    schema: { querystring: SummaryQuery, response: { 200: Summary, ...ErrorResponses } },
  }, async (request) => summary(app.db, request.caller, request.query));

  app.get('/analytics/transactions', {
    schema: { querystring: TransactionsQuery, response: { 200: Transactions, ...ErrorResponses } },
  }, async (request) => listTransactions(app.db, request.caller, request.query));

  app.get('/analytics/transactionDetails/:id', {
    schema: { params: TransactionDetailParams, querystring: NoQuery, response: { 200: TransactionDetail, ...ErrorResponses } },
  }, async (request) => transactionDetail(app.db, request.caller, request.params.id));

  app.get('/analytics/usage', {
    schema: { querystring: UsageQuery, response: { 200: MonthlyUsage, ...ErrorResponses } },
  }, async (request) => monthlyUsage(app.db, app.clock, request.caller, request.query));

  app.get('/analytics/applications', {
    schema: { querystring: AnalyticsApplicationsQuery, response: { 200: AnalyticsApplications, ...ErrorResponses } },
  }, async (request) => analyticsApplications(app.db, request.caller, request.query));
}
