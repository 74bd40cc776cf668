// The subscription side panel's flow (spec 3 §2.2, §4 "Subscribe flow", §5, §9): where a created
// subscription goes, the invoice wait's progress and messages, when the form may be sent and when
// the registration link shows. Pure; src/screens/subscribe/ drives it.
import { INVOICE_POLL_MAX, SUBSCRIPTION_NAME_MAX_LENGTH } from './constants.ts';

/** requesting (the form), checkout (a paid plan), invoices (waiting for the paid invoice), then a result. */
export type SubscribeStep = 'requesting' | 'checkout' | 'invoices' | 'approved' | 'pending' | 'rejected';

/** Spec 3 §4: a created subscription is approved at once, except that a paid plan with billing on
 * first goes through checkout and the invoice wait; pending and rejected follow the answer. */
export function stepAfterCreate(approval: string, plan: { type: string }, billingEnabled: boolean): SubscribeStep {
  if (approval === 'pending') return 'pending';
  if (approval === 'rejected') return 'rejected';
  return plan.type === 'paid' && billingEnabled ? 'checkout' : 'approved';
}

/** Progress of the invoice wait after `polls` polls: 10 % a poll, at most 100. */
export const invoiceWaitProgress = (polls: number): number => Math.min(100, Math.max(0, Math.trunc(polls)) * (100 / INVOICE_POLL_MAX));

/** The wait's message: 'processing' from poll 2 to 4, 'generating' (the invoice) from 5 to 7, none otherwise. */
export function invoiceWaitMessage(polls: number): 'processing' | 'generating' | null {
  if (polls >= 2 && polls <= 4) return 'processing';
  if (polls >= 5 && polls <= 7) return 'generating';
  return null;
}

/** After this poll: approved when the paid invoice is there, pending once the polls ran out, else go on. */
export function invoiceWaitOutcome(polls: number, found: boolean): 'approved' | 'pending' | 'polling' {
  if (found) return 'approved';
  return polls >= INVOICE_POLL_MAX ? 'pending' : 'polling';
}

/** The name field: over the maximum it is refused; at the maximum the restriction hint shows. */
export function subscriptionNameState(name: string): 'empty' | 'ok' | 'atLimit' | 'tooLong' {
  const length = name.trim().length;
  if (length === 0) return 'empty';
  if (length > SUBSCRIPTION_NAME_MAX_LENGTH) return 'tooLong';
  return name.length >= SUBSCRIPTION_NAME_MAX_LENGTH ? 'atLimit' : 'ok';
}

export interface RequestForm {
  /** The name (empty: the server's default 'product - plan'). */
  name: string;
  /** The chosen owner key; null: none chosen. */
  owner: string | null;
  teamRequired: boolean;
  /** The chosen owner (or, without one, the plan for everyone) is refused, e.g. a free plan held. */
  blocked: boolean;
  /** Errors of the additional-information form (0: valid). */
  formErrors: number;
  consentRequired: boolean;
  consented: boolean;
  sending: boolean;
}

/** Spec 3 §2.2, §5: the form is sent only when nothing of it is invalid. */
export function canSubmitRequest(f: RequestForm): boolean {
  if (f.sending || f.blocked || f.formErrors > 0) return false;
  if (subscriptionNameState(f.name) === 'tooLong') return false;
  if (f.teamRequired && !f.owner) return false;
  return !f.consentRequired || f.consented;
}

/** Spec 3 §2.2: after approval the link to the access wizard shows for an administrator or a
 * consumer of the owning team (the subscription's canRequestAccess) when a resource of the plan
 * needs an access request. */
export const showRegistrationLink = (canRequestAccess: boolean, resourcesNeedingAccess: number): boolean =>
  canRequestAccess && resourcesNeedingAccess > 0;
