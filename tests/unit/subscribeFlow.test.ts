// The subscription side panel's flow (spec 3 §2.2, §4, §5, §9): the step after creating, the
// invoice wait's progress, messages and outcome, the name's limit, when Subscribe is enabled and
// when the registration link shows.
import { describe, expect, it } from 'vitest';
import {
  canSubmitRequest, invoiceWaitMessage, invoiceWaitOutcome, invoiceWaitProgress, showRegistrationLink, stepAfterCreate, subscriptionNameState,
  type RequestForm,
} from '../../src/rules/subscribeFlow.ts';
import { INVOICE_POLL_MAX, SUBSCRIPTION_NAME_MAX_LENGTH } from '../../src/rules/constants.ts';

describe('stepAfterCreate', () => {
  it('goes to checkout for an approved paid plan with billing on, else straight to the answer', () => {
    expect(stepAfterCreate('approved', { type: 'paid' }, true)).toBe('checkout');
    expect(stepAfterCreate('approved', { type: 'paid' }, false)).toBe('approved');
    expect(stepAfterCreate('approved', { type: 'free' }, true)).toBe('approved');
    expect(stepAfterCreate('pending', { type: 'paid' }, true)).toBe('pending');
    expect(stepAfterCreate('rejected', { type: 'free' }, true)).toBe('rejected');
  });
});

describe('the invoice wait', () => {
  it('advances 10 % a poll, up to 100', () => {
    expect(INVOICE_POLL_MAX).toBe(10);
    expect([0, 1, 5, 10, 12].map(invoiceWaitProgress)).toEqual([0, 10, 50, 100, 100]);
  });

  it("reads 'processing' from poll 2 to 4 and 'invoice generating' from 5 to 7", () => {
    expect(Array.from({ length: 11 }, (_, i) => invoiceWaitMessage(i))).toEqual([
      null, null, 'processing', 'processing', 'processing', 'generating', 'generating', 'generating', null, null, null,
    ]);
  });

  it('is approved when the invoice appears, pending after 10 polls without it', () => {
    expect(invoiceWaitOutcome(1, true)).toBe('approved');
    expect(invoiceWaitOutcome(10, true)).toBe('approved');
    expect(invoiceWaitOutcome(9, false)).toBe('polling');
    expect(invoiceWaitOutcome(10, false)).toBe('pending');
  });
});

describe('the request form', () => {
  const ok: RequestForm = { name: 'Payments API - Free', owner: 'team:t1', teamRequired: true, blocked: false, formErrors: 0, consentRequired: false, consented: false, sending: false };

  it('names: the hint at the limit, refused above it', () => {
    expect(subscriptionNameState('')).toBe('empty');
    expect(subscriptionNameState('x'.repeat(SUBSCRIPTION_NAME_MAX_LENGTH - 1))).toBe('ok');
    expect(subscriptionNameState('x'.repeat(SUBSCRIPTION_NAME_MAX_LENGTH))).toBe('atLimit');
    expect(subscriptionNameState('x'.repeat(SUBSCRIPTION_NAME_MAX_LENGTH + 1))).toBe('tooLong');
  });

  it('may be sent only when nothing is invalid', () => {
    expect(canSubmitRequest(ok)).toBe(true);
    expect(canSubmitRequest({ ...ok, name: '' })).toBe(true); // the server's default name
    expect(canSubmitRequest({ ...ok, name: 'x'.repeat(SUBSCRIPTION_NAME_MAX_LENGTH + 1) })).toBe(false);
    expect(canSubmitRequest({ ...ok, owner: null })).toBe(false);
    expect(canSubmitRequest({ ...ok, owner: null, teamRequired: false })).toBe(true); // an administrator
    expect(canSubmitRequest({ ...ok, blocked: true })).toBe(false);
    expect(canSubmitRequest({ ...ok, formErrors: 2 })).toBe(false);
    expect(canSubmitRequest({ ...ok, consentRequired: true })).toBe(false);
    expect(canSubmitRequest({ ...ok, consentRequired: true, consented: true })).toBe(true);
    expect(canSubmitRequest({ ...ok, sending: true })).toBe(false);
  });
});

describe('showRegistrationLink', () => {
  it('needs the right to register and a resource needing an access request', () => {
    expect(showRegistrationLink(true, 2)).toBe(true);
    expect(showRegistrationLink(true, 0)).toBe(false);
    expect(showRegistrationLink(false, 2)).toBe(false);
  });
});
