// <agora-reviews>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * A product's ratings and reviews (summary, list, write button) with the review side panel.
 * Usage: `<agora-reviews product-id="prod-payments" review="edit">`
 */
defineElement('agora-reviews', () => import('../src/screens/reviews/Reviews.tsx'), {
  /** The product whose reviews are shown (required). */
  productId: 'string',
  /** 'edit' or 'view' opens the signed-in user's review in the side panel. */
  review: 'string',
}, { sections: ['reviews', 'product'], catalogue: true });
