// <agora-subscribe-button product-id="prod-payments" size="sm">: the product's subscribe button in
// the look of the caller's subscriptions (Subscribe / Subscribed / Subscribed (n) + add).
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-subscribe-button', () => import('../src/screens/product/SubscribeButtonElement.tsx'), {
  productId: 'string',
  size: 'string',
}, { sections: ['product'], catalogue: true });
