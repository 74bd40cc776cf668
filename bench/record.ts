// What a gateway call's record costs the embedded store (issue 31): batches of rows like the data
// plane's (gateway/record.ts rowJson) inserted into an in-memory PGlite store, ways of writing them
// alternating round by round, CPU a row from /proc (the process: this thread making the batch's
// text and PGlite's thread parsing and inserting it). Variants: the shipped statement (insertRows:
// one JSON parameter, jsonb_populate_recordset, rollups in the same statement), the same without the
// rollups, into a copy of the table without its four secondary indexes, the same rows without
// their header maps and legs (what those cost), and one array a column (unnest) with the rollups.
//   node --import tsx bench/record.ts      BENCH_RECORD_ROWS=500 (a statement), BENCH_RECORD_BATCHES=8, BENCH_ROUNDS=6
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { getTableColumns, sql } from 'drizzle-orm';
import { openStore } from '../server/src/db/store.ts';
import { transactions } from '../server/src/db/schema.ts';
import { insertRows, rowJson, type TransactionRow } from '../server/src/gateway/record.ts';
import { withRollups } from '../server/src/analytics/rollups.ts';

const ROWS = Number(process.env.BENCH_RECORD_ROWS ?? 500);
const BATCHES = Number(process.env.BENCH_RECORD_BATCHES ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

/** A row as the data plane records a GET through it in bench/gateway.ts (1 KB of JSON answered). */
function planeRow(): TransactionRow {
  const id = randomUUID();
  const at = new Date();
  const upstream = 'http://127.0.0.1:38969/v1/payments?limit=3';
  const answer = { 'content-type': 'application/json', date: at.toUTCString() };
  return {
    id, orgId: 'org-acme', at, userId: null, applicationId: 'app-acme-checkout', credentialId: `cred-${randomUUID()}`,
    subscriptionId: 'sub-acme-payments-starter', productId: 'prod-payments', productVersionId: 'ver-payments-3', assetResourceId: 'res-payments',
    protocol: 'http', method: 'GET', path: '/v1/payments?limit=3', upstreamUrl: upstream, status: 200, statusDetail: 'success', durationMs: 1,
    requestHeaders: { host: '127.0.0.1:39753', connection: 'keep-alive', 'x-api-key': '[redacted]' },
    responseHeaders: {
      ...answer, 'referrer-policy': 'strict-origin-when-cross-origin', 'content-security-policy': "default-src 'none'; sandbox",
      'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'x-agora-transaction-id': id,
    },
    requestBytes: 0, responseBytes: 1024, refusal: null,
    legs: [
      { timestamp: at.toISOString(), transactionEvent: { id: `${id}:0`, parentId: null, source: '127.0.0.1', destination: 'gateway', duration: 1, protocol: 'http', method: 'GET', uri: '/api/v1/gateway/prod-payments/ver-payments-3/res-payments/v1/payments?limit=3', status: 200 } },
      { timestamp: at.toISOString(), transactionEvent: { id: `${id}:1`, parentId: `${id}:0`, source: 'gateway', duration: 1, protocol: 'http', method: 'GET', requestHeaders: {}, destination: '127.0.0.1:38969', uri: upstream, status: 200, responseHeaders: { ...answer, 'content-length': '1024', connection: 'keep-alive', 'keep-alive': 'timeout=60' } } },
    ],
  };
}

const store = await openStore({});
const db = store.db;
await db.execute(sql`create table transactions_no_indexes (like transactions including defaults)`);
await db.execute(sql`alter table transactions_no_indexes add primary key (id)`);

const COLUMNS = Object.entries(getTableColumns(transactions)).map(([key, column]) => ({ key: key as keyof TransactionRow, name: column.name, type: column.getSQLType() }));
const populate = (table: string, rows: TransactionRow[]) =>
  sql`insert into ${sql.raw(table)} select * from jsonb_populate_recordset(null::${sql.raw(table)}, ${`[${rows.map(rowJson).join(',')}]`}::jsonb)`;
const variants: Record<string, (rows: TransactionRow[]) => Promise<unknown>> = {
  shipped: (rows) => insertRows(db, rows.map(rowJson)),
  'no rollups': (rows) => db.execute(populate('transactions', rows)),
  'no rollups, no secondary indexes': (rows) => db.execute(populate('transactions_no_indexes', rows)),
  'no header maps or legs': (rows) => insertRows(db, rows.map((r) => rowJson({ ...r, requestHeaders: {}, responseHeaders: {}, legs: [] }))),
  'an array a column (unnest)': (rows) => {
    const arrays = COLUMNS.map(({ key, type }) => {
      const values = rows.map((r) => {
        const v = r[key] ?? null;
        return type === 'jsonb' ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : v;
      });
      return sql`${sql.param(values)}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`;
    });
    const names = sql.raw(COLUMNS.map((c) => `"${c.name}"`).join(', '));
    const picked = sql.raw(COLUMNS.map((c, i) => (c.type === 'jsonb' ? `c${i}::jsonb` : `c${i}`)).join(', '));
    const aliases = sql.raw(COLUMNS.map((_, i) => `c${i}`).join(', '));
    return db.execute(withRollups(sql`insert into transactions (${names}) select ${picked} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases})`));
  },
};

const perRow: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round <= ROUNDS; round++) {
  for (const [name, insert] of Object.entries(variants)) {
    const batches = Array.from({ length: BATCHES }, () => Array.from({ length: ROWS }, planeRow));
    const before = process.cpuUsage();
    for (const rows of batches) await insert(rows);
    const used = process.cpuUsage(before);
    // Round 0 warms up.
    if (round > 0) perRow[name]!.push((used.user + used.system) / 1000 / (ROWS * BATCHES));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`record: CPU a row (this thread and PGlite's), ${ROWS}-row statements, median of ${ROUNDS} rounds (range); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const [name, xs] of Object.entries(perRow)) {
  console.log(`  ${name.padEnd(34)} ${median(xs).toFixed(3)} ms (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`);
}
await store.close();
