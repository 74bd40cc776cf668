// <agora-categories [category-id="cat-finance"] [search="…"]>: the category list, or one category's
// page with its sub-categories and products; moves between them by itself.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-categories', () => import('../src/screens/categories/Categories.tsx'), {
  categoryId: 'string',
  search: 'string',
}, { sections: ['categories', 'tiles'], catalogue: true });
