// <agora-catalogue>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';
import type { BrowseProps } from '../src/screens/catalogue/Browse.tsx';

/**
 * The product tile list: browse products with filters, sorts and paging (pages, load-more or
 * infinite). Pre-renderable (GET /embed/render/agora-catalogue).
 * Usage: `<agora-catalogue paging="load-more" page-size="12" category-id="cat-finance" url-state>`
 */
defineElement<BrowseProps>('agora-catalogue', () => import('../src/screens/catalogue/Browse.tsx'), {
  /** 'pages', 'load-more' or 'infinite'. @default "pages" */
  paging: 'string',
  /** Products per page, 1 to 100; the URL's `size` wins. @default 10 */
  pageSize: 'number',
  /** Shows only this category and its sub-categories. */
  categoryId: 'string',
  /** Keeps filters, search, sort and page in the page's query string (for an element alone on a page). */
  urlState: 'boolean',
}, { sections: ['browse', 'tiles'], catalogue: true });
