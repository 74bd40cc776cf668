// The subscribe button of spec 1 §2 / spec 3 §2.1, §6: its three looks, when it shows, and the
// reasons a plan's button is disabled.
import { describe, expect, it } from 'vitest';
import { planSubscribeBlock, showSubscribeButton, subscribeLook } from '../../src/rules/subscribe.ts';

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
