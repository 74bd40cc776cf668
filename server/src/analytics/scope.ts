// Whose traffic a caller sees, the range rule and the filter text, shared by every analytics query.
// - A consumer (Administrator, Consumer, or a consumer team role) sees its organisation's traffic:
//   the calls of its applications and subscriptions, and its users' try-it calls.
// - A provider Administrator sees the calls to the products its organisation provides
//   (approvals/scope.ts providesProduct), whichever organisation made them.
// - Anyone else signed in: 403; a visitor: 401.
import { sql, type SQL } from 'drizzle-orm';
import { assertSignedIn, roleSession, type Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { badRequest, forbidden } from '../errors.ts';
import { rows, textArray } from '../catalogue/sql.ts';
import { isProviderAdministrator } from '../applications/rights.ts';
import { isConsumer } from '../../../src/rules/roles.ts';
import { parseFilter, rangeEndsAfterStart, REFUSAL_REASONS, STATUS_DETAILS, type FilterClause } from '../../../src/rules/analytics.ts';
import { CALL_UNIT } from '../quota/coverage.ts';

export type Scope = { orgId: string; productIds?: undefined } | { orgId?: undefined; productIds: string[] };

export async function analyticsScope(db: Db, caller: Caller): Promise<Scope> {
  assertSignedIn(caller);
  if (isProviderAdministrator(caller)) {
    const provided = await rows<{ id: string }>(db, sql`select pp.id from products pp where coalesce(
      (select ot.org_id from teams ot where ot.id = pp.owner_team_id),
      (select o.id from organisations o where o.kind = 'provider' order by o.created_at, o.id limit 1)) = ${caller.orgId}::text`);
    return { productIds: provided.map((p) => p.id) };
  }
  if (caller.providerGuid || !isConsumer(roleSession(caller))) {
    throw forbidden('Insights are shown to Administrators and consumers.');
  }
  return { orgId: caller.orgId };
}

/** The scope as a condition on a transactions or rollup row aliased `alias`. */
export function inScope(scope: Scope, alias: string): SQL {
  const a = sql.raw(alias);
  return scope.productIds ? sql`${a}.product_id = any(${textArray(scope.productIds)})` : sql`${a}.org_id = ${scope.orgId}`;
}

export interface Range { from: Date; to: Date }

/** from and to as dates; the custom-range rule (spec 3 §5) is a 400 naming `to`. */
export function readRange(from: string, to: string): Range {
  const range = { from: new Date(from), to: new Date(to) };
  if (!rangeEndsAfterStart(range.from.getTime(), range.to.getTime())) throw badRequest('to', 'The end of the range must be after its start.');
  return range;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;
export const floorTo = (d: Date, step: number) => new Date(Math.floor(d.getTime() / step) * step);
export const ceilTo = (d: Date, step: number) => new Date(Math.ceil(d.getTime() / step) * step);
export { HOUR, DAY };

/** Columns of a filter field on a row aliased `alias` (transactions or rollups). */
const COLUMN: Record<string, string> = {
  applicationId: 'application_id', subscriptionId: 'subscription_id', productId: 'product_id',
  productVersionId: 'product_version_id', assetResourceId: 'asset_resource_id', statusDetail: 'status_detail',
  method: 'method', status: 'status', refusal: 'refusal',
};

/** The quotas of the row's subscription's plan that count the row's call (unit transactions, the
 * resource listed or none listed), as quota/coverage.ts decides for the gateway. */
export const coveringQuota = (alias: string, quota = 'q'): SQL => sql.raw(coveringQuotaText(alias, quota));
export const coveringQuotaText = (alias: string, quota = 'q'): string => (`${quota}.plan_id = (select s.plan_id from subscriptions s where s.id = ${alias}.subscription_id)
  and ${quota}.unit_name = '${CALL_UNIT}' and (cardinality(${quota}.asset_resource_ids) = 0 or ${alias}.asset_resource_id = any(${quota}.asset_resource_ids))`);

/** Parses the filter text of `parameter` into SQL conditions on the row aliased `alias`. */
export function filterSql(text: string | undefined, parameter: string, fields: readonly string[], alias: string): SQL[] {
  if (!text) return [];
  const clauses = parseFilter(text, fields);
  if (typeof clauses === 'string') throw badRequest(parameter, clauses);
  return clauses.map((c) => clauseSql(c, parameter, alias));
}

function clauseSql(c: FilterClause, parameter: string, alias: string): SQL {
  if (c.field === 'status' && c.op !== 'exists' && !c.values.every((v) => /^[1-5]\d\d$/.test(v))) {
    throw badRequest(parameter, 'status takes HTTP status codes (100 to 599).');
  }
  if (c.field === 'statusDetail' && !c.values.every((v) => (STATUS_DETAILS as readonly string[]).includes(v))) {
    throw badRequest(parameter, `statusDetail is one of ${STATUS_DETAILS.join(', ')}.`);
  }
  if (c.field === 'refusal' && c.op !== 'exists' && !c.values.every((v) => (REFUSAL_REASONS as readonly string[]).includes(v))) {
    throw badRequest(parameter, `refusal is one of ${REFUSAL_REASONS.join(', ')}.`);
  }
  if (c.field === 'quotaId') {
    const match = c.op === 'exists' ? sql`true` : sql`q.id = any(${textArray(c.values)})`;
    const exists = sql`exists (select 1 from quotas q where ${coveringQuota(alias)} and ${match})`;
    return c.op === 'exists' && c.values[0] === 'false' ? sql`not ${exists}` : exists;
  }
  if (c.field === 'planId') {
    if (c.op === 'exists') return sql.raw(`coalesce(${alias}.subscription_id, '') ${c.values[0] === 'true' ? '<>' : '='} ''`);
    return sql`(select s.plan_id from subscriptions s where s.id = ${sql.raw(alias)}.subscription_id) = any(${textArray(c.values)})`;
  }
  const column = sql.raw(`${alias}.${COLUMN[c.field]}`);
  if (c.op === 'exists') return sql`coalesce(${column}::text, '') ${sql.raw(c.values[0] === 'true' ? '<>' : '=')} ''`;
  if (c.field === 'status') return sql`${column} = any(${sql.param(c.values.map(Number))}::int[])`;
  if (c.field === 'method') return sql`${column} = any(${textArray(c.values.map((v) => v.toUpperCase()))})`;
  return sql`${column} = any(${textArray(c.values)})`;
}
