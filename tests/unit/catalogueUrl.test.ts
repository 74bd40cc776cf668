// The URL state of /browseProducts and /advancedSearchResults (spec 1 §2, §4): parse, write,
// round-trip, page reset on filter changes, and the server query of a state.
import { describe, expect, it } from 'vitest';
import {
  advancedSearchQuery, basicSearchQuery, browseStateToQuery, clearFilters, EMPTY_BROWSE_STATE, parseBrowseState,
  parseSearchState, productsQuery, searchQueryWith, searchRequest, withFilters, withPageSize, withSort,
  activeFilterCount, scrollLoads, showsLoadMore, toPagingMode, type BrowseState,
} from '../../src/rules/catalogueUrl.ts';

const FULL: BrowseState = {
  search: 'pay now', categories: ['cat-finance', 'cat-cards'], stages: ['stage-sandbox'], rating: 4,
  states: ['active', 'deleting'], subscribed: false, sort: 'modified', page: 3, pageSize: 20,
};

describe('browse URL state', () => {
  it('an empty query is the default state and writes back to nothing', () => {
    expect(parseBrowseState('')).toEqual(EMPTY_BROWSE_STATE);
    expect(browseStateToQuery(EMPTY_BROWSE_STATE).toString()).toBe('');
  });

  it('round-trips every filter, the search, sort, page and page size', () => {
    const query = browseStateToQuery(FULL).toString();
    expect(query).toBe(
      'search=pay+now&category=cat-finance&category=cat-cards&stage=stage-sandbox&rating=4&state=active&state=deleting&subscribed=false&sort=modified&page=3&size=20',
    );
    expect(parseBrowseState(query)).toEqual(FULL);
    expect(parseBrowseState(`?${query}`)).toEqual(FULL);
  });

  it('drops what it cannot read instead of failing', () => {
    const state = parseBrowseState('rating=9&state=melting&state=active&sort=cheapest&page=-2&size=5000&subscribed=maybe&category=%20&category=a%3Cb');
    expect(state).toEqual({ ...EMPTY_BROWSE_STATE, states: ['active'] });
  });

  it('keeps the first of duplicated values once', () => {
    expect(parseBrowseState('category=a&category=b&category=a').categories).toEqual(['a', 'b']);
  });

  it('a filter or search change goes back to page 1; so do sort and page size', () => {
    const onPage3 = { ...FULL, page: 3 };
    expect(withFilters(onPage3, { search: 'x' }).page).toBe(1);
    expect(withFilters(onPage3, { stages: [] }).page).toBe(1);
    expect(withSort(onPage3, 'name').page).toBe(1);
    expect(withPageSize(onPage3, 50)).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('clearing filters keeps the search, sort and page size', () => {
    expect(clearFilters(FULL)).toEqual({ ...EMPTY_BROWSE_STATE, search: 'pay now', sort: 'modified', pageSize: 20 });
    expect(activeFilterCount(FULL)).toBe(2 + 1 + 1 + 2 + 1);
  });
});

describe('products query of a browse state', () => {
  const on = { categoriesEnabled: true, ratingsEnabled: true, signedIn: true };

  it('maps every filter to the server parameters; rating N means N and up', () => {
    expect(productsQuery(FULL, on)).toEqual({
      search: 'pay now',
      'category.id': ['cat-finance', 'cat-cards'],
      'include.child.categories': true,
      'stage.id': ['stage-sandbox'],
      rating: ['4', '5'],
      'assetResource.state': ['active', 'deleting'],
      'subscriptions.exist': false,
      sort: '-lastVersion.metadata.createdAt',
    });
  });

  it('uses the server sort values, with the default name ascending then newest', () => {
    const sortOf = (sort: BrowseState['sort']) => productsQuery({ ...EMPTY_BROWSE_STATE, sort }, on).sort;
    expect(sortOf('default')).toBe('+title,-metadata.createdAt');
    expect(sortOf('created')).toBe('-metadata.createdAt');
    expect(sortOf('name')).toBe('+title');
    expect(sortOf('-name')).toBe('-title');
  });

  it('hidden sections never filter: categories off, ratings off, visitor', () => {
    const q = productsQuery(FULL, { categoriesEnabled: false, ratingsEnabled: false, signedIn: false });
    expect(q['category.id']).toBeUndefined();
    expect(q.rating).toBeUndefined();
    expect(q['subscriptions.exist']).toBeUndefined();
    expect(q['stage.id']).toEqual(['stage-sandbox']);
  });

  it('a fixed category applies unless narrower categories are chosen', () => {
    expect(productsQuery(EMPTY_BROWSE_STATE, { ...on, scopeCategory: 'cat-finance' })['category.id']).toEqual(['cat-finance']);
    expect(productsQuery({ ...EMPTY_BROWSE_STATE, categories: ['cat-cards'] }, { ...on, scopeCategory: 'cat-finance' })['category.id'])
      .toEqual(['cat-cards']);
  });
});

describe('search URL state', () => {
  const terms = [
    { value: 'pets', comparison: 'equals', operator: 'and' },
    { value: 'store', comparison: 'notEquals', operator: 'or' },
  ] as const;

  it('basic: search= only; the advanced panel stays closed', () => {
    const state = parseSearchState(basicSearchQuery('  pet store '));
    expect(state).toMatchObject({ search: 'pet store', query: null, mode: 'basic', terms: [] });
    expect(searchRequest(state)).toEqual({ search: 'pet store' });
  });

  it('advanced: query= only; the panel is open when query is set and search is null', () => {
    const query = advancedSearchQuery([...terms]);
    expect(query).not.toContain('search=');
    const state = parseSearchState(query);
    expect(state.mode).toBe('advanced');
    expect(state.terms).toEqual(terms);
    expect(searchRequest(state)).toEqual({ query: JSON.stringify(terms) });
  });

  it('with both parameters the basic search wins and the panel stays closed', () => {
    const both = `search=x&query=${encodeURIComponent(JSON.stringify(terms))}`;
    expect(parseSearchState(both).mode).toBe('basic');
    expect(searchRequest(parseSearchState(both))).toEqual({ search: 'x' });
  });

  it('an invalid query empties the terms and says why', () => {
    for (const bad of ['nope', '[]', '[{"value":"a b"}]', '[{"value":"x","extra":1}]', '[{"value":"a"},{"value":" a "}]']) {
      const state = parseSearchState(`query=${encodeURIComponent(bad)}`);
      expect(state.terms).toEqual([]);
      expect(state.invalidQuery).toBeTruthy();
      expect(state.mode).toBe('advanced');
      expect(searchRequest(state)).toBeNull();
    }
  });

  it('pages and sorts keep the mode and drop the other parameter', () => {
    const state = parseSearchState(`query=${encodeURIComponent(JSON.stringify(terms))}&page=2`);
    const next = parseSearchState(searchQueryWith(state, { sort: 'title', page: 1 }));
    expect(next).toMatchObject({ mode: 'advanced', sort: 'title', page: 1, terms });
    expect(searchQueryWith(parseSearchState('search=x&page=4'), { page: 5 })).toBe('?search=x&page=5');
    expect(basicSearchQuery('x', 'title')).toBe('?search=x&sort=title');
  });
});

describe('paging modes', () => {
  it('defaults to pages and reads the attribute leniently', () => {
    expect(toPagingMode(undefined)).toBe('pages');
    expect(toPagingMode(' Load-More ')).toBe('load-more');
    expect(toPagingMode('infinite')).toBe('infinite');
    expect(toPagingMode('scroll')).toBe('pages');
  });

  it('load-more: the button every 4th page while more remain; scrolling loads the pages between', () => {
    const loads = [1, 2, 3, 4, 5, 8].map((n) => [n, showsLoadMore('load-more', n, true), scrollLoads('load-more', n, true)]);
    expect(loads).toEqual([[1, false, true], [2, false, true], [3, false, true], [4, true, false], [5, false, true], [8, true, false]]);
    expect(showsLoadMore('load-more', 4, false)).toBe(false);
  });

  it('infinite never shows the button; pages never loads by scrolling', () => {
    expect([4, 8].map((n) => showsLoadMore('infinite', n, true))).toEqual([false, false]);
    expect(scrollLoads('infinite', 4, true)).toBe(true);
    expect(scrollLoads('infinite', 4, false)).toBe(false);
    expect(scrollLoads('pages', 1, true)).toBe(false);
  });
});
