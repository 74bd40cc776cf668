// <agora-approvals type="review" product-id="prod-payments">: the provider Administrators' queue of
// pending subscriptions, access requests and reviews, each approved or declined with a reason;
// type and product-id pre-filter it.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-approvals', () => import('../src/screens/approvals/Approvals.tsx'), {
  type: 'string',
  productId: 'string',
}, { sections: ['approvals', 'applications'] });
