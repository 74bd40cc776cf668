// <agora-subscriptions subscription-id="…" product="…">: the signed-in user's subscriptions (spec 3
// §2.3): the list (product pre-filters it) or, with subscription-id, one subscription's details.
// Alone on a page, rows link to the portal's subscription details (agora-navigate first).
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-subscriptions', () => import('../src/screens/subscriptions/Subscriptions.tsx'), {
  subscriptionId: 'string',
  product: 'string',
}, { sections: ['subscriptions', 'applications'] });
