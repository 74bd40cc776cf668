// Whose products a provider Administrator answers for: the products their organisation provides
// (the owner team's organisation; a product without an owner team belongs to the marketplace's
// provider organisation). Approvals, the subscriptions of those products and review moderation
// all use this one predicate, so a provider administrator never sees another provider's items.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import { isProviderAdministrator } from '../applications/rights.ts';

/** "Product `productId` (an SQL expression) is provided by the caller's organisation, and the
 * caller is a provider Administrator"; false for everyone else. */
export function providesProduct(caller: Caller, productId: SQL): SQL {
  if (!isProviderAdministrator(caller)) return sql`false`;
  return sql`exists (select 1 from products pp where pp.id = ${productId} and coalesce(
    (select ot.org_id from teams ot where ot.id = pp.owner_team_id),
    (select o.id from organisations o where o.kind = 'provider' order by o.created_at, o.id limit 1)) = ${caller.orgId}::text)`;
}
