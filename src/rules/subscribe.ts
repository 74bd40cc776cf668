// The subscribe button (spec 1 §2, spec 3 §2.1, §4, §6): when it shows, which of its three looks
// it takes, and why a plan's subscribe button is disabled. Pure; the server checks the same
// conditions when a subscription is created.

export type SubscribeLook =
  /** No subscription yet: 'Subscribe'. */
  | { kind: 'subscribe' }
  /** 'Subscribed' (with the count when more than one) plus an add button. */
  | { kind: 'subscribed'; count: number; showCount: boolean };

/** 0 -> 'Subscribe'; 1 -> 'Subscribed' + add; more than 1 -> 'Subscribed (n)' + add. */
export function subscribeLook(subscriptionCount: number | null | undefined): SubscribeLook {
  const count = typeof subscriptionCount === 'number' && Number.isFinite(subscriptionCount) ? Math.max(0, Math.trunc(subscriptionCount)) : 0;
  if (count === 0) return { kind: 'subscribe' };
  return { kind: 'subscribed', count, showCount: count > 1 };
}

export interface SubscribeVisibility {
  /** The product's canSubscribe. */
  canSubscribe: boolean | null | undefined;
  /** State of the product's latest version. */
  latestVersionState: string | null | undefined;
  isAdministrator: boolean;
  isConsumer: boolean;
  /** A consumer also needs a plan they may choose (free, or paid with the team's special tag);
   * administrators may take any plan. Default true when not known. */
  hasEligiblePlan?: boolean;
}

/** Spec 3 §6: the button shows only when the product can be subscribed to, its latest version is
 * active, and the user is an administrator, or a consumer with an eligible plan. */
export function showSubscribeButton(v: SubscribeVisibility): boolean {
  if (!v.canSubscribe || v.latestVersionState !== 'active') return false;
  if (v.isAdministrator) return true;
  return v.isConsumer && v.hasEligiblePlan !== false;
}

export type PlanBlock =
  /** The plan is not active (draft, archived…): subscribing only to active plans. */
  | { reason: 'state'; state: string }
  /** A paid plan while billing is off for the marketplace. */
  | { reason: 'billing' }
  /** Anything else the server refuses (canSubscribe false). */
  | { reason: 'notAllowed' };

export interface PlanLike {
  type: string;
  state: string;
  canSubscribe: boolean;
}

/** Why a plan's subscribe button is disabled (its tooltip), or null when it is enabled. */
export function planSubscribeBlock(plan: PlanLike, options: { billingEnabled: boolean }): PlanBlock | null {
  if (plan.state !== 'active') return { reason: 'state', state: plan.state };
  if (plan.type === 'paid' && !options.billingEnabled) return { reason: 'billing' };
  if (!plan.canSubscribe) return { reason: 'notAllowed' };
  return null;
}
