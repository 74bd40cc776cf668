// <agora-reviews product-id="prod-payments" review="edit|view">: a product's ratings and reviews
// (summary, list, write button) with the review side panel; review="edit" or "view" opens it.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-reviews', () => import('../src/screens/reviews/Reviews.tsx'), {
  productId: 'string',
  review: 'string',
}, { sections: ['reviews', 'product'], catalogue: true });
