// <agora-approvals>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The provider Administrators' queue of pending subscriptions, access requests and reviews, each
 * approved or declined with a reason.
 * Usage: `<agora-approvals type="review" product-id="prod-payments">`
 */
defineElement('agora-approvals', () => import('../src/screens/approvals/Approvals.tsx'), {
  /** Pre-filters by one kind: subscription, accessRequest or review. */
  type: 'string',
  /** Pre-filters by one product id. */
  productId: 'string',
}, { sections: ['approvals', 'applications'] });
