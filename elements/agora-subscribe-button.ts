// <agora-subscribe-button>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The product's (or one plan's) subscribe button in the look of the caller's subscriptions
 * (Subscribe / Subscribed / Subscribed (n) + add), opening the subscription side panel; 'Sign in to
 * subscribe' for a visitor. Pre-renderable (GET /embed/render/agora-subscribe-button).
 * Usage: `<agora-subscribe-button product-id="prod-payments" plan-id="…" size="sm">`
 * @fires agora-subscribed
 */
defineElement('agora-subscribe-button', () => import('../src/screens/product/SubscribeButtonElement.tsx'), {
  /** The product to subscribe to (required). */
  productId: 'string',
  /** Subscribes to this plan (the look follows its subscriptions); without it the panel asks for a plan. */
  planId: 'string',
  /** 'sm' for a compact button. @default "md" */
  size: 'string',
}, { sections: ['product', 'subscribe'], catalogue: true });
