// The subscribe button of spec 1 §2 / spec 3 §2.1, §6: its three looks, when it shows, and the
// reasons a plan's button is disabled.
import { describe, expect, it } from 'vitest';
import {
  consentRequired, defaultSubscriptionTitle, mayUnsubscribe, planSubscribeBlock, showSubscribeButton, subscribeBlock, subscribeLook,
  teamMayUseProduct, unsubscribeConfirmed,
} from '../../src/rules/subscribe.ts';
import { SUBSCRIPTION_NAME_MAX_LENGTH } from '../../src/rules/constants.ts';

describe('subscribeLook', () => {
  it("shows 'Subscribe' without subscriptions", () => {
    expect(subscribeLook(0)).toEqual({ kind: 'subscribe' });
    expect(subscribeLook(undefined)).toEqual({ kind: 'subscribe' });
    expect(subscribeLook(Number.NaN)).toEqual({ kind: 'subscribe' });
    expect(subscribeLook(-2)).toEqual({ kind: 'subscribe' });
  });

  it("shows 'Subscribed' without a count for one subscription", () => {
    expect(subscribeLook(1)).toEqual({ kind: 'subscribed', count: 1, showCount: false });
  });

  it("shows 'Subscribed' with the count for more than one", () => {
    expect(subscribeLook(2)).toEqual({ kind: 'subscribed', count: 2, showCount: true });
    expect(subscribeLook(12)).toEqual({ kind: 'subscribed', count: 12, showCount: true });
  });
});

describe('showSubscribeButton', () => {
  const base = { canSubscribe: true, latestVersionState: 'active', isAdministrator: false, isConsumer: true };

  it('shows for a consumer or an administrator on a subscribable product with an active latest version', () => {
    expect(showSubscribeButton(base)).toBe(true);
    expect(showSubscribeButton({ ...base, isConsumer: false, isAdministrator: true })).toBe(true);
  });

  it('hides when the product cannot be subscribed to', () => {
    expect(showSubscribeButton({ ...base, canSubscribe: false })).toBe(false);
    expect(showSubscribeButton({ ...base, canSubscribe: undefined })).toBe(false);
  });

  it('hides unless the latest version is active', () => {
    expect(showSubscribeButton({ ...base, latestVersionState: 'deprecated' })).toBe(false);
    expect(showSubscribeButton({ ...base, latestVersionState: 'archived', isAdministrator: true })).toBe(false);
    expect(showSubscribeButton({ ...base, latestVersionState: null })).toBe(false);
  });

  it('hides for users who are neither administrator nor consumer, and for consumers without an eligible plan', () => {
    expect(showSubscribeButton({ ...base, isConsumer: false })).toBe(false);
    expect(showSubscribeButton({ ...base, hasEligiblePlan: false })).toBe(false);
    expect(showSubscribeButton({ ...base, isConsumer: false, isAdministrator: true, hasEligiblePlan: false })).toBe(true);
  });
});

describe('planSubscribeBlock', () => {
  const active = { type: 'free', state: 'active', canSubscribe: true };

  it('allows an active plan the server allows', () => {
    expect(planSubscribeBlock(active, { billingEnabled: false })).toBeNull();
    expect(planSubscribeBlock({ ...active, type: 'paid' }, { billingEnabled: true })).toBeNull();
  });

  it('names the state of a plan that is not active', () => {
    expect(planSubscribeBlock({ ...active, state: 'archived', canSubscribe: false }, { billingEnabled: true })).toEqual({ reason: 'state', state: 'archived' });
  });

  it('says paid plans are not enabled when billing is off', () => {
    expect(planSubscribeBlock({ ...active, type: 'paid', canSubscribe: false }, { billingEnabled: false })).toEqual({ reason: 'billing' });
  });

  it('says subscribing is not allowed otherwise', () => {
    expect(planSubscribeBlock({ ...active, canSubscribe: false }, { billingEnabled: true })).toEqual({ reason: 'notAllowed' });
  });
});

describe('subscribeBlock (spec 3 §5, §6: what the server refuses and the tooltip says)', () => {
  const free = { title: 'Free', type: 'free', state: 'active' };
  const paid = { title: 'Partner', type: 'paid', state: 'active', specialTag: 'partner' };
  const ctx = { productCanSubscribe: true, latestVersionState: 'active', billingEnabled: true, isAdministrator: false, ownerTeamTags: [], alreadyHeld: false };

  it('allows an active free plan not yet held', () => {
    expect(subscribeBlock(free, ctx)).toBeNull();
  });

  it('names the first obstacle: product, plan state, version state, billing, tag, already held', () => {
    expect(subscribeBlock(free, { ...ctx, productCanSubscribe: false })).toEqual({ reason: 'notAllowed' });
    expect(subscribeBlock({ ...free, state: 'archived' }, { ...ctx, latestVersionState: 'deprecated' })).toEqual({ reason: 'state', state: 'archived' });
    expect(subscribeBlock(free, { ...ctx, latestVersionState: 'deprecated' })).toEqual({ reason: 'version', state: 'deprecated' });
    expect(subscribeBlock(free, { ...ctx, latestVersionState: null })).toEqual({ reason: 'version', state: 'none' });
    expect(subscribeBlock(paid, { ...ctx, billingEnabled: false, isAdministrator: true })).toEqual({ reason: 'billing' });
    expect(subscribeBlock(paid, ctx)).toEqual({ reason: 'notAllowed' });
    expect(subscribeBlock(free, { ...ctx, alreadyHeld: true })).toEqual({ reason: 'alreadySubscribed', plan: 'Free' });
  });

  it('lets administrators, or a team with the plan\'s special tag, take a paid plan, held or not', () => {
    expect(subscribeBlock(paid, { ...ctx, isAdministrator: true })).toBeNull();
    expect(subscribeBlock(paid, { ...ctx, ownerTeamTags: ['engineering', 'partner'] })).toBeNull();
    expect(subscribeBlock({ ...paid, specialTag: null }, { ...ctx, ownerTeamTags: ['partner'] })).toEqual({ reason: 'notAllowed' });
    expect(subscribeBlock(paid, { ...ctx, isAdministrator: true, alreadyHeld: true })).toBeNull();
  });
});

describe('teamMayUseProduct (spec 3 §6 team choices by visibility)', () => {
  const product = (visibility: string, extra: object = {}) => ({ visibility, visibilityTeamIds: ['t1'], visibilityTeamTags: ['gold'], ownerTeamId: 'owner', ...extra });
  const t1 = { id: 't1', tags: [] };
  const t2 = { id: 't2', tags: ['gold'] };
  const t3 = { id: 't3', tags: ['silver'] };

  it('lets any team use unrestricted and authenticated products', () => {
    for (const v of ['unrestricted', 'authenticated']) expect([t1, t2, t3].every((t) => teamMayUseProduct(t, product(v)))).toBe(true);
  });
  it('restricted: the listed teams; restrictedExcluded: all but them; restrictedTags: teams with a listed tag', () => {
    expect([t1, t2, t3].map((t) => teamMayUseProduct(t, product('restricted')))).toEqual([true, false, false]);
    expect([t1, t2, t3].map((t) => teamMayUseProduct(t, product('restrictedExcluded')))).toEqual([false, true, true]);
    expect([t1, t2, t3].map((t) => teamMayUseProduct(t, product('restrictedTags')))).toEqual([false, true, false]);
  });
  it('always lets the owner team in, and nobody into an unknown visibility', () => {
    expect(teamMayUseProduct({ id: 'owner', tags: [] }, product('restricted', { visibilityTeamIds: [] }))).toBe(true);
    expect(teamMayUseProduct(t1, product('secret'))).toBe(false);
  });
});

describe('subscription form helpers', () => {
  it("defaults the name to 'product - plan', cut to the maximum", () => {
    expect(defaultSubscriptionTitle('Payments API', 'Free')).toBe('Payments API - Free');
    expect(defaultSubscriptionTitle('p'.repeat(400), 'Free')).toHaveLength(SUBSCRIPTION_NAME_MAX_LENGTH);
  });
  it('requires consent for an administrator taking a paid plan while billing is on', () => {
    expect(consentRequired({ isAdministrator: true, planType: 'paid', billingEnabled: true })).toBe(true);
    expect(consentRequired({ isAdministrator: false, planType: 'paid', billingEnabled: true })).toBe(false);
    expect(consentRequired({ isAdministrator: true, planType: 'free', billingEnabled: true })).toBe(false);
    expect(consentRequired({ isAdministrator: true, planType: 'paid', billingEnabled: false })).toBe(false);
  });
});

describe('mayUnsubscribe (spec 3 §4)', () => {
  const teamFree = { state: 'active', planType: 'free', ownerType: 'team', ownerId: 'team-a' };
  const who = { userId: 'u1', isAdministrator: false, consumerTeamIds: ['team-a'] };

  it('lets a consumer of the owning team unsubscribe a free plan only', () => {
    expect(mayUnsubscribe(teamFree, who)).toBe(true);
    expect(mayUnsubscribe({ ...teamFree, planType: 'paid' }, who)).toBe(false);
    expect(mayUnsubscribe(teamFree, { ...who, consumerTeamIds: ['team-b'] })).toBe(false);
  });
  it('lets an administrator unsubscribe anything active, and the owner user their own', () => {
    expect(mayUnsubscribe({ ...teamFree, planType: 'paid' }, { ...who, isAdministrator: true, consumerTeamIds: [] })).toBe(true);
    expect(mayUnsubscribe({ ...teamFree, planType: 'paid', ownerType: 'user', ownerId: 'u1' }, { ...who, consumerTeamIds: [] })).toBe(true);
    expect(mayUnsubscribe({ ...teamFree, ownerType: 'user', ownerId: 'u2' }, who)).toBe(false);
  });
  it('refuses a subscription that is not active, and a visitor', () => {
    for (const state of ['archiving', 'archived', 'migrating', 'migrated', 'deleting']) {
      expect(mayUnsubscribe({ ...teamFree, state }, { ...who, isAdministrator: true })).toBe(false);
    }
    expect(mayUnsubscribe(teamFree, { ...who, userId: null, isAdministrator: true })).toBe(false);
  });
  it('confirms with the exact upper-case word', () => {
    expect(unsubscribeConfirmed('UNSUBSCRIBE')).toBe(true);
    expect(unsubscribeConfirmed('unsubscribe')).toBe(false);
    expect(unsubscribeConfirmed('DÉSABONNER', 'désabonner')).toBe(true);
  });
});
