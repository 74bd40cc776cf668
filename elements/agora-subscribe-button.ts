// <agora-subscribe-button product-id="prod-payments" plan-id="…" size="sm">: the product's (or one
// plan's) subscribe button in the look of the caller's subscriptions (Subscribe / Subscribed /
// Subscribed (n) + add), opening the subscription side panel; 'Sign in to subscribe' for a visitor.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-subscribe-button', () => import('../src/screens/product/SubscribeButtonElement.tsx'), {
  productId: 'string',
  planId: 'string',
  size: 'string',
}, { sections: ['product', 'subscribe'], catalogue: true });
