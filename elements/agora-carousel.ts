// <agora-carousel [category="cat-finance"] [tag="featured"] [heading="…"] [limit="10"]>: featured
// products for marketing pages; without category and tag, the most recently published ones.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-carousel', () => import('../src/screens/carousel/Carousel.tsx'), {
  category: 'string',
  tag: 'string',
  heading: 'string',
  limit: 'number',
}, { sections: ['home'], catalogue: true });
