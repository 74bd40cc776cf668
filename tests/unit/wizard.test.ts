// The Request Access wizard's rules (spec 2 §4 "Wizard", §5): stepper entry under strict
// completion, step statuses, the hidden details step, completion of each step, Complete, the
// reset on a change of application or subscription, subscription options and expiry, counts.
import { describe, expect, it } from 'vitest';
import {
  onlyChoice,
  accessRequestTitle, canComplete, canEnterStep, completionCounts, detailsComplete, detailsNeeded, groupByDefinition,
  missingProfiles, nextStep, previewComplete, profileComplete, requiredProfiles, resourcesComplete, schemaHasProperties,
  stepStatus, subscriptionDisabled, subscriptionExpiry, subscriptionListed, withChoice, type Step, type StepId, type WizardSelection,
} from '../../src/rules/wizard.ts';

const step = (id: StepId, patch: Partial<Step> = {}): Step => ({
  id, title: id, description: '', hidden: false, disabled: false, optional: false, isComplete: false, strictStepCompletion: true, ...patch,
});
const steps = (patch: Partial<Record<StepId, Partial<Step>>> = {}): Step[] =>
  (['profile', 'resources', 'details', 'preview'] as const).map((id) => step(id, patch[id]));

describe('canEnterStep', () => {
  it('refuses a disabled step, even one visited', () => {
    const s = steps({ profile: { isComplete: true }, details: { disabled: true } });
    expect(canEnterStep(s, 'profile', 'details', ['profile', 'details'])).toBe(false);
  });
  it('enters the next step when the current strict step is complete', () => {
    expect(canEnterStep(steps({ profile: { isComplete: true } }), 'profile', 'resources', [])).toBe(true);
  });
  it('refuses the next step when the current strict step is incomplete and the target not visited', () => {
    expect(canEnterStep(steps(), 'profile', 'resources', ['profile'])).toBe(false);
  });
  it('lets an optional current step be left incomplete', () => {
    expect(canEnterStep(steps({ profile: { optional: true } }), 'profile', 'resources', [])).toBe(true);
  });
  it('lets a non-strict current step be left incomplete', () => {
    expect(canEnterStep(steps({ profile: { strictStepCompletion: false } }), 'profile', 'resources', [])).toBe(true);
  });
  it('enters an already visited target from an incomplete strict step, unless the target is strict itself', () => {
    const visited = new Set<StepId>(['profile', 'resources']);
    expect(canEnterStep(steps({ resources: { strictStepCompletion: false } }), 'profile', 'resources', visited)).toBe(true);
    expect(canEnterStep(steps(), 'profile', 'resources', visited)).toBe(false);
  });
  it('never skips an incomplete strict step on the way', () => {
    const s = steps({ profile: { isComplete: true } });
    expect(canEnterStep(s, 'profile', 'preview', [])).toBe(false);
    const done = steps({ profile: { isComplete: true }, resources: { isComplete: true }, details: { disabled: true } });
    expect(canEnterStep(done, 'profile', 'preview', [])).toBe(true);
  });
  it('always allows going back, and staying', () => {
    expect(canEnterStep(steps(), 'resources', 'profile', [])).toBe(true);
    expect(canEnterStep(steps(), 'resources', 'resources', [])).toBe(true);
  });
  it('refuses an unknown target', () => {
    expect(canEnterStep(steps(), 'profile', 'nope' as StepId, [])).toBe(false);
  });
});

describe('nextStep', () => {
  it('skips disabled steps both ways and ends with null', () => {
    const s = steps({ details: { disabled: true } });
    expect(nextStep(s, 'resources')).toBe('preview');
    expect(nextStep(s, 'preview', -1)).toBe('resources');
    expect(nextStep(s, 'preview')).toBeNull();
    expect(nextStep(s, 'profile', -1)).toBeNull();
  });
});

describe('stepStatus', () => {
  it('is error when a visited step has errors, complete when visited and complete, none otherwise', () => {
    expect(stepStatus(step('details', { isComplete: true }), true, true)).toBe('error');
    expect(stepStatus(step('details', { isComplete: true }), true, false)).toBe('none');
    expect(stepStatus(step('preview', { isComplete: true }), false, false)).toBe('none');
    expect(stepStatus(step('details', { isComplete: true }), false, true)).toBe('complete');
    expect(stepStatus(step('details'), false, true)).toBe('none');
    expect(stepStatus(step('details', { isComplete: true, disabled: true }), false, true)).toBe('none');
  });
});

describe('the details step', () => {
  const empty = { id: 'ard-standard', schema: { type: 'object', properties: {} }, applicationProfileDefinition: null };
  const regulated = { id: 'ard-payments', schema: { type: 'object', properties: { purpose: { type: 'string' } } }, applicationProfileDefinition: { id: 'apd-company' } };
  const profileOnly = { id: 'ard-p', schema: { type: 'object' }, applicationProfileDefinition: { id: 'apd-company' } };

  it('knows a schema with properties', () => {
    expect(schemaHasProperties(regulated.schema)).toBe(true);
    expect(schemaHasProperties(empty.schema)).toBe(false);
    expect(schemaHasProperties({ type: 'object' })).toBe(false);
    expect(schemaHasProperties(null)).toBe(false);
    expect(schemaHasProperties('x')).toBe(false);
  });
  it('is skipped when no definition has properties and every profile exists', () => {
    expect(detailsNeeded([empty], [])).toBe(false);
    expect(detailsNeeded([], [])).toBe(false);
    expect(detailsNeeded([profileOnly], ['apd-company'])).toBe(false);
  });
  it('is needed for a definition with properties, or for a missing profile', () => {
    expect(detailsNeeded([empty, regulated], ['apd-company'])).toBe(true);
    expect(detailsNeeded([profileOnly], [])).toBe(true);
  });
  it('names missing and required profiles once each', () => {
    expect(missingProfiles([regulated, profileOnly], [])).toEqual(['apd-company']);
    expect(missingProfiles([regulated], ['apd-company'])).toEqual([]);
    expect(requiredProfiles([regulated, profileOnly, empty])).toEqual(['apd-company']);
  });
  it('is complete with no form errors and data for every form that asks', () => {
    expect(detailsComplete([{ required: true, data: { purpose: 'x' }, errorCount: 0 }])).toBe(true);
    expect(detailsComplete([{ required: true, data: { purpose: 'x' }, errorCount: 1 }])).toBe(false);
    expect(detailsComplete([{ required: true, data: undefined, errorCount: 0 }])).toBe(false);
    expect(detailsComplete([{ required: false, data: undefined, errorCount: 0 }])).toBe(true);
    expect(detailsComplete([])).toBe(true);
  });
});

describe('completion of the other steps and Complete', () => {
  it('profile needs an application and a subscription', () => {
    expect(profileComplete('app', 'sub')).toBe(true);
    expect(profileComplete('app', null)).toBe(false);
    expect(profileComplete(null, 'sub')).toBe(false);
  });
  it('resources needs one selected', () => {
    expect(resourcesComplete(0)).toBe(false);
    expect(resourcesComplete(1)).toBe(true);
  });
  it('preview is complete when every earlier step is complete, optional or disabled', () => {
    expect(previewComplete(steps({ profile: { isComplete: true }, resources: { isComplete: true }, details: { disabled: true } }))).toBe(true);
    expect(previewComplete(steps({ profile: { isComplete: true }, resources: { isComplete: true }, details: { optional: true } }))).toBe(true);
    expect(previewComplete(steps({ profile: { isComplete: true }, resources: { isComplete: true } }))).toBe(false);
  });
  it('Complete is enabled only when every step is complete, optional or disabled', () => {
    const done = steps({ profile: { isComplete: true }, resources: { isComplete: true }, details: { disabled: true }, preview: { isComplete: true } });
    expect(canComplete(done)).toBe(true);
    expect(canComplete(steps({ profile: { isComplete: true }, resources: { isComplete: true }, details: { disabled: true } }))).toBe(false);
  });
});

describe('withChoice: a new application or subscription resets the selection', () => {
  const filled: WizardSelection<{ id: string }, object, { id: string }> = {
    applicationId: 'app-1', subscriptionId: 'sub-1', selected: { r: { id: 'r' } }, definitions: { d: ['r'] },
    data: { d: { a: 1 } }, profiles: { p: { b: 2 } }, accessRequests: [{ id: 'acc' }],
  };
  const cleared = { selected: {}, definitions: {}, data: {}, profiles: {}, accessRequests: [] };
  it('keeps everything when nothing changes', () => {
    expect(withChoice(filled, { applicationId: 'app-1' })).toBe(filled);
    expect(withChoice(filled, { subscriptionId: 'sub-1' })).toBe(filled);
  });
  it('a new subscription keeps the application and clears the rest', () => {
    expect(withChoice(filled, { subscriptionId: 'sub-2' })).toEqual({ applicationId: 'app-1', subscriptionId: 'sub-2', ...cleared });
  });
  it('a new application also clears the subscription (chosen among its owner\'s)', () => {
    expect(withChoice(filled, { applicationId: 'app-2' })).toEqual({ applicationId: 'app-2', subscriptionId: null, ...cleared });
    expect(withChoice(filled, { applicationId: 'app-2', subscriptionId: 'sub-9' })).toEqual({ applicationId: 'app-2', subscriptionId: 'sub-9', ...cleared });
  });
});

describe('subscriptions, grouping, counts, title', () => {
  const sub = (patch: object = {}) => ({
    state: 'active', approval: { state: 'approved' }, canRequestAccess: true,
    archival: { scheduledAt: null }, migration: { to: { scheduledAt: null } }, ...patch,
  });
  it('lists only approved and active subscriptions, disabled without canRequestAccess', () => {
    expect(subscriptionListed(sub())).toBe(true);
    expect(subscriptionListed(sub({ state: 'archiving' }))).toBe(false);
    expect(subscriptionListed(sub({ approval: { state: 'pending' } }))).toBe(false);
    expect(subscriptionDisabled(sub())).toBe(false);
    expect(subscriptionDisabled(sub({ canRequestAccess: false }))).toBe(true);
  });
  it('expiry: archival date, else migration date, else never; migrated shows a dash', () => {
    expect(subscriptionExpiry(sub({ archival: { scheduledAt: '2027-01-01T00:00:00Z' } }))).toEqual({ kind: 'date', at: '2027-01-01T00:00:00Z' });
    expect(subscriptionExpiry(sub({ migration: { to: { scheduledAt: '2027-02-01T00:00:00Z' } } }))).toEqual({ kind: 'date', at: '2027-02-01T00:00:00Z' });
    expect(subscriptionExpiry(sub())).toEqual({ kind: 'never' });
    expect(subscriptionExpiry(sub({ state: 'migrated', archival: { scheduledAt: '2027-01-01T00:00:00Z' } }))).toEqual({ kind: 'migrated' });
  });
  it('groups resources by access request definition', () => {
    expect(groupByDefinition([
      { id: 'a', accessRequestDefinition: { id: 'd1' } }, { id: 'b', accessRequestDefinition: { id: 'd2' } },
      { id: 'c', accessRequestDefinition: { id: 'd1' } }, { id: 'x', accessRequestDefinition: null },
    ])).toEqual({ d1: ['a', 'c'], d2: ['b'] });
  });
  it('counts selected, pending and approved requests', () => {
    expect(completionCounts(3, [{ approval: { state: 'pending' } }, { approval: { state: 'approved' } }, { approval: { state: 'approved' } }]))
      .toEqual({ selected: 3, pending: 1, approved: 2 });
  });
  it('titles a request "resource - product"', () => {
    expect(accessRequestTitle('Payments API', 'Payments')).toBe('Payments API - Payments');
  });
});

describe('onlyChoice: the wizard chooses for the user when one fits', () => {
  it('gives the one usable item, else null', () => {
    expect(onlyChoice(['a'])).toBe('a');
    expect(onlyChoice(['a', 'b'])).toBeNull();
    expect(onlyChoice([])).toBeNull();
    expect(onlyChoice([{ id: 1, ok: false }, { id: 2, ok: true }], (x) => x.ok)).toEqual({ id: 2, ok: true });
  });
});
