// <agora-subscriptions>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The signed-in user's subscriptions (spec 3 §2.3): the list, or one subscription's details. Alone on
 * a page, rows link to the portal's subscription details (agora-navigate first).
 * Usage: `<agora-subscriptions subscription-id="…" product="…">`
 */
defineElement('agora-subscriptions', () => import('../src/screens/subscriptions/Subscriptions.tsx'), {
  /** Shows this subscription's details instead of the list. */
  subscriptionId: 'string',
  /** Pre-filters the list by this product id. */
  product: 'string',
}, { sections: ['subscriptions', 'applications'] });
