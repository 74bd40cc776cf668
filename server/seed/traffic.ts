// A seeded backfill of gateway traffic so a fresh `npm start` shows insights with history: calls
// of the demo's applications over their approved accesses, spread over the last BACKFILL_DAYS
// days (more on weekdays and working hours), written through the gateway's own write path
// (gateway/record.ts insertRows: transactions and rollups). Marked as seeded: the upstream URL is
// `seed:backfill` and the legs say so. Live calls come from `npm run traffic`.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/store.ts';
import { insertRows, rowJson, statusDetailOf, type TransactionRow } from '../src/gateway/record.ts';
import { rows } from '../src/catalogue/sql.ts';

export const BACKFILL_DAYS = 30;
const CALLS_PER_HOUR = 24;

interface Access { application_id: string; org_id: string; subscription_id: string; resource_id: string; version_id: string; product_id: string }

export async function backfillTraffic(db: Db, now = new Date()): Promise<number> {
  const accesses = await rows<Access>(db, sql`
    select ar.application_id, a.org_id, ar.subscription_id, r.id as resource_id, r.product_version_id as version_id, v.product_id
    from access_requests ar join applications a on a.id = ar.application_id
      join asset_resources r on r.id = ar.asset_resource_id join product_versions v on v.id = r.product_version_id
      join subscriptions s on s.id = ar.subscription_id
    where ar.approval_state = 'approved' and s.state = 'active' and s.approval_state = 'approved' order by ar.id`);
  if (!accesses.length) return 0;
  let seed = 14;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const start = Math.floor(now.getTime() / 3_600_000) * 3_600_000 - BACKFILL_DAYS * 86_400_000;
  const batch: string[] = [];
  let written = 0;
  for (let hour = start; hour < now.getTime(); hour += 3_600_000) {
    const d = new Date(hour);
    const busy = (d.getUTCDay() % 6 === 0 ? 0.4 : 1) * (d.getUTCHours() >= 8 && d.getUTCHours() < 19 ? 1.6 : 0.5);
    const calls = Math.round(CALLS_PER_HOUR * busy * (0.6 + rnd() * 0.8));
    for (let i = 0; i < calls; i++) {
      const a = accesses[Math.floor(rnd() * accesses.length)]!;
      const r = rnd();
      const status = r < 0.86 ? (rnd() < 0.8 ? 200 : 201) : r < 0.95 ? [400, 401, 404, 429][Math.floor(rnd() * 4)]! : [500, 502, 503][Math.floor(rnd() * 3)]!;
      const at = new Date(Math.min(now.getTime() - 1000, hour + Math.floor(rnd() * 3_600_000)));
      const method = rnd() < 0.7 ? 'GET' : rnd() < 0.8 ? 'POST' : 'DELETE';
      const durationMs = Math.round(20 + rnd() * 180 + (status >= 500 ? 400 : 0));
      const id = `tx-seed-${hour.toString(36)}-${i}`;
      const row: TransactionRow = {
        id, orgId: a.org_id, at, applicationId: a.application_id, subscriptionId: a.subscription_id,
        productId: a.product_id, productVersionId: a.version_id, assetResourceId: a.resource_id,
        protocol: 'http', method, path: method === 'GET' ? '/v1/items' : '/v1/items/42', upstreamUrl: 'seed:backfill',
        status, statusDetail: statusDetailOf(status), durationMs, requestHeaders: { 'x-agora-seeded': 'backfill' }, responseHeaders: {},
        requestBytes: 0, responseBytes: 0,
        legs: [
          { timestamp: at.toISOString(), transactionEvent: { id: `${id}:0`, parentId: null, source: 'seed', destination: 'gateway', duration: durationMs, protocol: 'http', method, uri: `seed:backfill${method === 'GET' ? '/v1/items' : '/v1/items/42'}`, status, requestHeaders: { 'x-agora-seeded': 'backfill' }, responseHeaders: {} } },
          { timestamp: at.toISOString(), transactionEvent: { id: `${id}:1`, parentId: `${id}:0`, source: 'gateway', destination: 'seed', duration: Math.max(1, durationMs - 5), protocol: 'http', method, uri: 'seed:backfill', status, requestHeaders: {}, responseHeaders: {} } },
        ],
      };
      batch.push(rowJson(row));
      if (batch.length === 200) { await insertRows(db, batch.splice(0)); }
      written++;
    }
  }
  if (batch.length) await insertRows(db, batch);
  return written;
}
