// The subscribe button (spec 1 §2, spec 3 §2.1, §4, §6): when it shows, which of its three looks
// it takes, and why a plan's subscribe button is disabled. Pure; the server checks the same
// conditions when a subscription is created.
import { SUBSCRIPTION_NAME_MAX_LENGTH } from './constants.ts';

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
  /** The product's latest version is not active (deprecated, archived). */
  | { reason: 'version'; state: string }
  /** A paid plan while billing is off for the marketplace. */
  | { reason: 'billing' }
  /** The owner already holds a live subscription to this free plan (the message names the plan). */
  | { reason: 'alreadySubscribed'; plan: string }
  /** Anything else the server refuses: the product cannot be subscribed to, or a paid plan for a
   * non-administrator whose team lacks the plan's special tag. */
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

// ---------------------------------------------------------------- who may subscribe with what

export interface SubscribablePlan {
  title: string;
  type: string;
  state: string;
  /** The team tag that lets non-administrators take this paid plan. */
  specialTag?: string | null | undefined;
}

export interface SubscribeContext {
  /** The product's canSubscribe. */
  productCanSubscribe: boolean;
  latestVersionState: string | null | undefined;
  billingEnabled: boolean;
  /** The consumer organisation's Administrator (may take any plan, and no team). */
  isAdministrator: boolean;
  /** Tags of the owner's team (a private team's for a user owner; none without a team). */
  ownerTeamTags: readonly string[];
  /** The owner already holds a live subscription to the plan. */
  alreadyHeld: boolean;
}

/** Spec 3 §4–§6: why this owner may not subscribe to this plan, or null when they may. The
 * server refuses with the same reason (409 for a state, 403 otherwise); the screens show it as
 * the disabled button's tooltip. Checked in this order, so the first obstacle is the one named. */
export function subscribeBlock(plan: SubscribablePlan, c: SubscribeContext): PlanBlock | null {
  if (!c.productCanSubscribe) return { reason: 'notAllowed' };
  if (plan.state !== 'active') return { reason: 'state', state: plan.state };
  if (c.latestVersionState !== 'active') return { reason: 'version', state: c.latestVersionState ?? 'none' };
  if (plan.type === 'paid') {
    if (!c.billingEnabled) return { reason: 'billing' };
    const tagged = !!plan.specialTag && c.ownerTeamTags.includes(plan.specialTag);
    if (!c.isAdministrator && !tagged) return { reason: 'notAllowed' };
  }
  if (plan.type === 'free' && c.alreadyHeld) return { reason: 'alreadySubscribed', plan: plan.title };
  return null;
}

export interface ProductAudience {
  visibility: string;
  visibilityTeamIds: readonly string[];
  visibilityTeamTags: readonly string[];
  ownerTeamId: string | null | undefined;
}

/** Spec 3 §6 "Team choices by visibility": may this team own a subscription to the product?
 * unrestricted and authenticated: any team; restricted: the listed teams; restrictedExcluded:
 * all but the listed ones; restrictedTags: teams carrying a listed tag; the product owner's team
 * always. */
export function teamMayUseProduct(team: { id: string; tags: readonly string[] }, product: ProductAudience): boolean {
  if (product.ownerTeamId && team.id === product.ownerTeamId) return true;
  switch (product.visibility) {
    case 'unrestricted':
    case 'authenticated':
      return true;
    case 'restricted':
      return product.visibilityTeamIds.includes(team.id);
    case 'restrictedExcluded':
      return !product.visibilityTeamIds.includes(team.id);
    case 'restrictedTags':
      return team.tags.some((tag) => product.visibilityTeamTags.includes(tag));
    default:
      return false;
  }
}

/** The default subscription name, 'product - plan', cut to the name's maximum. */
export function defaultSubscriptionTitle(productTitle: string, planTitle: string): string {
  return `${productTitle} - ${planTitle}`.slice(0, SUBSCRIPTION_NAME_MAX_LENGTH);
}

/** Spec 3 §2.2: the terms and privacy checkbox is required for an administrator subscribing to a
 * paid plan while billing is on. */
export function consentRequired(o: { isAdministrator: boolean; planType: string; billingEnabled: boolean }): boolean {
  return o.isAdministrator && o.planType === 'paid' && o.billingEnabled;
}

export interface UnsubscribeTarget {
  state: string;
  planType: string;
  ownerType: string;
  ownerId: string;
}

export interface Unsubscriber {
  userId: string | null;
  isAdministrator: boolean;
  /** Teams in which the user holds a consumer right. */
  consumerTeamIds: readonly string[];
}

/** Spec 3 §4 "Unsubscribe": an active subscription, by an administrator, a consumer in the owning
 * team when the plan is free, or the owner user. */
export function mayUnsubscribe(sub: UnsubscribeTarget, who: Unsubscriber): boolean {
  if (sub.state !== 'active' || !who.userId) return false;
  if (who.isAdministrator) return true;
  if (sub.ownerType === 'user') return sub.ownerId === who.userId;
  return sub.planType === 'free' && who.consumerTeamIds.includes(sub.ownerId);
}

/** The word to type, in upper case exactly, to confirm an unsubscribe (a screen may pass its
 * localised word). */
export const UNSUBSCRIBE_WORD = 'UNSUBSCRIBE';
export const unsubscribeConfirmed = (typed: string, word: string = UNSUBSCRIBE_WORD): boolean => typed === word.toUpperCase();
