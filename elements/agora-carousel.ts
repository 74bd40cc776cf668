// <agora-carousel>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * Featured products for marketing pages, side by side with previous/next buttons: of a category, with
 * a tag, or (without both) the most recently published. Pre-renderable (GET /embed/render/agora-carousel).
 * Usage: `<agora-carousel category="cat-finance" tag="featured" heading="…" limit="10">`
 */
defineElement('agora-carousel', () => import('../src/screens/carousel/Carousel.tsx'), {
  /** Features the products of this category (and its sub-categories). */
  category: 'string',
  /** Features the products carrying this tag. */
  tag: 'string',
  /** The carousel's heading. @default "Featured APIs" (in the element's locale) */
  heading: 'string',
  /** How many products, 1 to 100. @default 10 */
  limit: 'number',
}, { sections: ['carousel'], catalogue: true });
