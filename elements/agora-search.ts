// <agora-search tab="all" url-state>: the catalogue search (basic or advanced) with its result tabs.
import { defineElement } from '../src/elements/define.ts';
import type { SearchResultsProps } from '../src/screens/search/SearchResults.tsx';

defineElement<SearchResultsProps>('agora-search', () => import('../src/screens/search/SearchResults.tsx'), {
  tab: 'string',
  urlState: 'boolean',
}, { sections: ['search'], catalogue: true });
