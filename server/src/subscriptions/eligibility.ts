// Who may subscribe to which plan with which owner (spec 3 §5, §6), on the server: the rows the
// pure rules of src/rules/subscribe.ts need, read once, and those rules applied. POST
// /subscriptions refuses exactly what GET /subscriptionOptions shows as blocked.
//
// - Provider users do not subscribe (the provider owns every product); visitors sign in first.
// - The organisation's Administrator may choose any Consumer team of the organisation (or none:
//   then they own the subscription themselves) and any plan.
// - Anyone else chooses among the teams they belong to with a consumer or subscriber right there,
//   within the consume_teams preference; their private team means themselves as the owner; and
//   they take free plans only, or a paid plan whose special tag their team carries.
// - A team is offered only when the product's visibility lets it use the product.
import { sql } from 'drizzle-orm';
import { assertSignedIn, roleSession, type Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { ApiError, badRequest, conflict, forbidden } from '../errors.ts';
import { one, rows } from '../catalogue/sql.ts';
import { latestVersionOf } from '../catalogue/resources.ts';
import { liveSubscription, productVisible } from '../catalogue/visibility.ts';
import { allowedByPreference } from '../applications/owners.ts';
import { hasGlobalCapability, isPrivateTeam } from '../applications/rights.ts';
import { isConsumer, isSubscriber } from '../../../src/rules/roles.ts';
import { subscribeBlock, teamMayUseProduct, type PlanBlock } from '../../../src/rules/subscribe.ts';

export interface Target {
  product: {
    id: string; title: string; visibility: string; visibility_team_ids: string[]; visibility_team_tags: string[];
    owner_team_id: string | null; can_subscribe: boolean; latest_id: string | null; latest_state: string | null;
  };
  plan: {
    id: string; title: string; type: string; state: string; special_tag: string | null; approval: string;
    definition_id: string | null; schema: unknown; billing: unknown;
  };
  billingEnabled: boolean;
}

/** The product (visible to the caller) and its plan, or 404 naming product.id / plan.id. */
export async function loadTarget(db: Db, caller: Caller, productId: string, planId: string): Promise<Target> {
  const product = await one<Target['product']>(db, sql`select p.id, p.title, p.visibility, p.visibility_team_ids, p.visibility_team_tags,
    p.owner_team_id, p.can_subscribe, v.id as latest_id, v.state as latest_state
    from products p left join product_versions v on v.id = ${latestVersionOf(sql`p.id`)}
    where p.id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!product) throw new ApiError(404, 'Not Found', `Product ${productId} was not found.`, 'product.id');
  // Draft plans are the provider's work in progress: not found for consumers, as in the catalogue.
  const plan = await one<Target['plan']>(db, sql`select pl.id, pl.title, pl.type, pl.state, pl.special_tag, pl.approval, pl.billing,
    pl.subscription_request_definition_id as definition_id, srd.schema
    from plans pl left join subscription_request_definitions srd on srd.id = pl.subscription_request_definition_id
    where pl.id = ${planId} and pl.product_id = ${productId} and pl.state <> 'draft'`);
  if (!plan) throw new ApiError(404, 'Not Found', `Plan ${planId} was not found for this product.`, 'plan.id');
  const billingEnabled = (await readSiteConfig(db)).settings.billing.enabled;
  return { product, plan, billingEnabled };
}

export interface OwnerChoice {
  type: 'team' | 'user';
  id: string;
  contextId: string | null;
  name: string;
  private: boolean;
  /** The team whose tags and visibility count (a user owner's private team); null for an
   * administrator subscribing as themselves. */
  team: { id: string; tags: string[] } | null;
}

interface TeamRow { id: string; name: string; tags: string[]; type: string }

/** Refuses callers who may not subscribe at all: visitors (401) and provider users (403). */
export function assertMaySubscribe(caller: Caller): asserts caller is Caller & { userId: string; orgId: string } {
  assertSignedIn(caller);
  if (caller.providerGuid) throw forbidden('Provider users do not subscribe: subscriptions belong to consumer organisations.');
}

/** Every owner the caller may subscribe with (before plan and visibility rules): private team
 * first, then teams by name. */
export async function subscriptionOwners(db: Db, caller: Caller & { userId: string; orgId: string }): Promise<OwnerChoice[]> {
  const global = hasGlobalCapability(caller);
  const session = roleSession(caller);
  const pref = (await readSiteConfig(db)).settings.consume_teams;
  const teams = await rows<TeamRow>(db, sql`select id, name, tags, type from teams
    where org_id = ${caller.orgId} and type = 'consumer' order by lower(name), id`);
  const owners: OwnerChoice[] = [];
  for (const team of teams) {
    const member = caller.teams.some((t) => t.guid === team.id);
    if (isPrivateTeam(team.tags)) {
      if (member) owners.unshift({ type: 'user', id: caller.userId, contextId: team.id, name: team.name, private: true, team: { id: team.id, tags: team.tags } });
      continue;
    }
    const right = member && (isConsumer(session, team.id) || isSubscriber(session, team.id));
    if (global || (right && allowedByPreference(team, pref))) {
      owners.push({ type: 'team', id: team.id, contextId: null, name: team.name, private: false, team: { id: team.id, tags: team.tags } });
    }
  }
  return owners;
}

const audienceOf = (p: Target['product']) => ({
  visibility: p.visibility, visibilityTeamIds: p.visibility_team_ids, visibilityTeamTags: p.visibility_team_tags, ownerTeamId: p.owner_team_id,
});

/** May this owner use the product at all (team choices by visibility)? An administrator's own
 * subscription (no team) passes: they can see the product. */
export const ownerMayUseProduct = (owner: OwnerChoice, target: Target): boolean =>
  !owner.team || teamMayUseProduct(owner.team, audienceOf(target.product));

/** Owner ids (team ids, or the user id) that already hold a live subscription to the plan. */
export async function holdersOf(db: Db, orgId: string, planId: string): Promise<Set<string>> {
  const found = await rows<{ owner_id: string }>(db, sql`select distinct s.owner_id from subscriptions s
    where s.org_id = ${orgId} and s.plan_id = ${planId} and ${liveSubscription('s')}`);
  return new Set(found.map((r) => r.owner_id));
}

/** Why this owner may not take the plan, or null. */
export function blockFor(caller: Caller, target: Target, owner: OwnerChoice | null, holders: Set<string>): PlanBlock | null {
  return subscribeBlock(
    { title: target.plan.title, type: target.plan.type, state: target.plan.state, specialTag: target.plan.special_tag },
    {
      productCanSubscribe: target.product.can_subscribe,
      latestVersionState: target.product.latest_state,
      billingEnabled: target.billingEnabled,
      isAdministrator: hasGlobalCapability(caller),
      ownerTeamTags: owner?.team?.tags ?? [],
      alreadyHeld: !!owner && holders.has(owner.id),
    },
  );
}

/** A block as the one error shape: a state is a 409, a refusal a 403 (spec 3 §7.8 "subscription
 * not allowed"), a free plan already held a 409 naming the plan. */
export function blockError(block: PlanBlock): ApiError {
  switch (block.reason) {
    case 'state': return conflict('plan.id', `The plan is ${block.state}: only an active plan can be subscribed to.`);
    case 'version': return conflict('product.id', `The product's latest version is ${block.state}: subscribing needs an active latest version.`);
    case 'billing': return new ApiError(403, 'Forbidden', 'Paid plans are not enabled on this marketplace (billing is off).', 'plan.id');
    case 'alreadySubscribed': return conflict('plan.id', `The plan '${block.plan}' is already subscribed: the owner holds an active subscription to it.`);
    default: return new ApiError(403, 'Forbidden', 'You are not allowed to subscribe to this plan.', 'plan.id');
  }
}

/** The owner of a new subscription from the request: one the caller may choose (403 naming
 * owner.id otherwise), or, for an administrator without one, the administrator themselves. */
export function resolveOwner(caller: Caller & { userId: string }, offered: OwnerChoice[], input: { type: 'team' | 'user'; id: string } | undefined): OwnerChoice {
  if (!input) {
    if (!hasGlobalCapability(caller)) throw badRequest('owner', 'owner is required: choose the team that owns the subscription.');
    return { type: 'user', id: caller.userId, contextId: null, name: caller.name ?? '', private: false, team: null };
  }
  if (input.type === 'user') {
    if (input.id !== caller.userId) throw badRequest('owner.id', 'A user owner must be yourself.');
    const own = offered.find((o) => o.type === 'user');
    if (own) return own;
    if (hasGlobalCapability(caller)) return { type: 'user', id: caller.userId, contextId: null, name: caller.name ?? '', private: false, team: null };
    throw new ApiError(403, 'Forbidden', 'You have no private team to subscribe in: choose a team.', 'owner.id');
  }
  const chosen = offered.find((o) => (o.type === 'team' && o.id === input.id) || (o.type === 'user' && o.contextId === input.id));
  if (!chosen) throw new ApiError(403, 'Forbidden', 'You may not subscribe with this team: it must be a Consumer team of your organisation where you hold a consumer or subscriber role.', 'owner.id');
  return chosen;
}

