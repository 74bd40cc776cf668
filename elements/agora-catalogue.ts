// <agora-catalogue paging="load-more" page-size="12" category-id="cat-finance" url-state>:
// browse products with filters, sorts and paging (pages, load-more or infinite).
import { defineElement } from '../src/elements/define.ts';
import type { BrowseProps } from '../src/screens/catalogue/Browse.tsx';

defineElement<BrowseProps>('agora-catalogue', () => import('../src/screens/catalogue/Browse.tsx'), {
  paging: 'string',
  pageSize: 'number',
  categoryId: 'string',
  urlState: 'boolean',
}, { sections: ['browse', 'tiles'], catalogue: true });
