// GET /analytics/transactions (the traffic list, newest first) and /analytics/transactionDetails/{id}
// (its legs), read from the raw transactions (kept TRANSACTIONS_RETENTION_DAYS). Counting stops at
// the cap (spec 3 §9: 1,000): the count reads at most cap + 1 rows and says when more match.
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { notFound } from '../errors.ts';
import { and, iso, one, rows } from '../catalogue/sql.ts';
import type { TransactionDetail, Transactions, TransactionsQuery } from '../schemas/analytics.ts';
import { TRANSACTION_COUNT_CAP, TRANSACTION_FILTER_FIELDS, type RefusalReason, type StatusDetail } from '../../../src/rules/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../../src/rules/constants.ts';
import { analyticsScope, filterSql, inScope, readRange } from './scope.ts';
import { flushTransactions, type Leg } from '../gateway/record.ts';
import type { HeaderMap } from '../gateway/headers.ts';

interface ListRow {
  id: string; at: unknown; application_id: string | null; application_name: string | null; status: number; status_detail: StatusDetail;
  product_id: string | null; product_name: string | null; asset_resource_id: string | null; resource_name: string | null;
  method: string; path: string; duration_ms: number; refusal: RefusalReason | null;
}

export async function listTransactions(db: Db, caller: Caller, query: TransactionsQuery): Promise<Transactions> {
  const scope = await analyticsScope(db, caller);
  const range = readRange(query.from, query.to);
  const pageSize = query.pageSize ?? TRAFFIC_PAGE_SIZE;
  await flushTransactions(db);
  const where = and([
    inScope(scope, 't'),
    sql`t.at >= ${range.from.toISOString()}::timestamptz and t.at < ${range.to.toISOString()}::timestamptz`,
    ...filterSql(query.query, 'query', TRANSACTION_FILTER_FIELDS, 't'),
  ]);
  const counted = await one<{ n: string | number }>(db, sql`
    select count(*) as n from (select 1 from transactions t where ${where} limit ${TRANSACTION_COUNT_CAP + 1}) c`);
  const n = Number(counted?.n ?? 0);
  const found = await rows<ListRow>(db, sql`
    select t.id, t.at, t.application_id, a.title as application_name, t.status, t.status_detail, t.product_id, p.title as product_name,
      t.asset_resource_id, ar.title as resource_name, t.method, t.path, t.duration_ms, t.refusal
    from transactions t
      left join applications a on a.id = t.application_id
      left join products p on p.id = t.product_id
      left join asset_resources ar on ar.id = t.asset_resource_id
    where ${where}
    order by t.at desc, t.id desc
    limit ${pageSize} offset ${((query.page ?? 1) - 1) * pageSize}`);
  return {
    totalCount: Math.min(n, TRANSACTION_COUNT_CAP),
    overLimit: n > TRANSACTION_COUNT_CAP,
    items: found.map((r) => ({
      transactionId: r.id,
      timestamp: iso(r.at),
      applicationId: r.application_id,
      applicationName: r.application_name,
      transactionSummary: {
        status: r.status,
        statusDetail: r.status_detail,
        proxy: { productId: r.product_id, productName: r.product_name, assetResourceId: r.asset_resource_id, name: r.resource_name },
        entryPoint: { method: r.method, path: r.path },
        duration: r.duration_ms,
        refusal: r.refusal,
      },
    })),
  };
}

interface DetailRow {
  id: string; at: unknown; application_id: string | null; application_name: string | null; subscription_id: string | null;
  product_id: string | null; product_version_id: string | null; asset_resource_id: string | null;
  status: number; status_detail: StatusDetail; duration_ms: number; legs: Leg[];
  request_headers: HeaderMap; response_headers: HeaderMap; refusal: RefusalReason | null;
}

/** One transaction with its legs (headers were redacted when recorded: gateway/headers.ts). */
export async function transactionDetail(db: Db, caller: Caller, id: string): Promise<TransactionDetail> {
  const scope = await analyticsScope(db, caller);
  await flushTransactions(db);
  const r = await one<DetailRow>(db, sql`
    select t.id, t.at, t.application_id, a.title as application_name, t.subscription_id, t.product_id, t.product_version_id,
      t.asset_resource_id, t.status, t.status_detail, t.duration_ms, t.legs, t.request_headers, t.response_headers, t.refusal
    from transactions t left join applications a on a.id = t.application_id
    where t.id = ${id} and ${inScope(scope, 't')}`);
  if (!r) throw notFound(`Transaction ${id}`);
  return {
    transactionId: r.id, timestamp: iso(r.at), applicationId: r.application_id, applicationName: r.application_name,
    subscriptionId: r.subscription_id, productId: r.product_id, productVersionId: r.product_version_id, assetResourceId: r.asset_resource_id,
    status: r.status, statusDetail: r.status_detail, duration: r.duration_ms, refusal: r.refusal,
    transactionLegEvent: (Array.isArray(r.legs) ? r.legs : []).map((leg, i) => (i > 0 || !leg.transactionEvent || leg.transactionEvent.requestHeaders ? leg : {
      ...leg, transactionEvent: { ...leg.transactionEvent, requestHeaders: r.request_headers, responseHeaders: r.response_headers },
    })) as TransactionDetail['transactionLegEvent'],
  };
}
