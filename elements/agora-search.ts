// <agora-search>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';
import type { SearchResultsProps } from '../src/screens/search/SearchResults.tsx';

/**
 * The catalogue search (basic or advanced) with its result tabs.
 * Usage: `<agora-search tab="all" url-state>`
 */
defineElement<SearchResultsProps>('agora-search', () => import('../src/screens/search/SearchResults.tsx'), {
  /** all, products, resources or documents. @default "all" */
  tab: 'string',
  /** Keeps the search and the tab in the page's query string (for an element alone on a page). */
  urlState: 'boolean',
}, { sections: ['search'], catalogue: true });
