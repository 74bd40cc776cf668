// <agora-product product-id="prod-payments" version-id="…" tab="plans" plan-id="…">: the product
// details page (overview, resources, documents, plans, ratings, plan pages). Alone on a page it
// moves between its own tabs; links elsewhere go to the portal (agora-navigate first).
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-product', () => import('../src/screens/product/Product.tsx'), {
  productId: 'string',
  versionId: 'string',
  tab: 'string',
  planId: 'string',
}, { sections: ['product', 'reviews'], catalogue: true });
