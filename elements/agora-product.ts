// <agora-product>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The product details page (overview, resources, documents, plans, ratings, plan pages). Alone on a
 * page it moves between its own tabs; links elsewhere go to the portal (agora-navigate first).
 * Pre-renderable (GET /embed/render/agora-product).
 * Usage: `<agora-product product-id="prod-payments" version-id="…" tab="plans" plan-id="…">`
 * @fires agora-subscribed
 */
defineElement('agora-product', () => import('../src/screens/product/Product.tsx'), {
  /** The product to show (required). */
  productId: 'string',
  /** The product version. @default the latest version */
  versionId: 'string',
  /** overview, resources, documents, plans or ratings. @default "overview" */
  tab: 'string',
  /** Opens this plan's page. */
  planId: 'string',
}, { sections: ['product', 'reviews'], catalogue: true });
