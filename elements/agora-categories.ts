// <agora-categories>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The category list, or one category's page with its sub-categories and products; moves between them
 * by itself.
 * Usage: `<agora-categories category-id="cat-finance" search="…">`
 */
defineElement('agora-categories', () => import('../src/screens/categories/Categories.tsx'), {
  /** Shows this category's page instead of the list. */
  categoryId: 'string',
  /** Filters the category list by this text. */
  search: 'string',
}, { sections: ['categories', 'tiles'], catalogue: true });
