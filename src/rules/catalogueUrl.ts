// The browse and search screens keep their state in the URL query (spec 1 §2, §4): filters,
// search, sort and page of /browseProducts, and the basic/advanced search of /advancedSearchResults.
// Parsing is lenient (a hand-edited or stale URL never breaks the page: unknown values are
// dropped); writing is canonical (defaults left out, fixed order), so a state round-trips.
import type { ProductSort } from '../../server/src/schemas/catalogue.ts';
import { DEFAULT_PAGE, LOAD_MORE_EVERY_PAGES, MAX_PAGE_LIMIT, PRODUCT_PAGE_SIZE, RATING_MAX, RESULT_PAGE_SIZE } from './constants.ts';
import { parseAdvancedQuery, serializeAdvancedTerms } from './advancedSearch.ts';
import type { AdvancedTerm } from './search.ts';

// ------------------------------------------------------------------------------- browse

/** Sort names as the URL shows them ('default' is left out of the URL). */
export const BROWSE_SORTS = ['default', 'modified', 'created', 'name', '-name'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

/** The server's sort values (server/src/schemas/catalogue.ts PRODUCT_SORTS): modified is the
 * last version's creation time; the default is name ascending, then created time descending. */
export const PRODUCT_SORT_OF: Record<BrowseSort, ProductSort> = {
  default: '+title,-metadata.createdAt',
  modified: '-lastVersion.metadata.createdAt',
  created: '-metadata.createdAt',
  name: '+title',
  '-name': '-title',
};

export const RESOURCE_STATE_VALUES = ['active', 'archived', 'archiving', 'deleting'] as const;
export type ResourceStateValue = (typeof RESOURCE_STATE_VALUES)[number];

export interface BrowseState {
  search: string;
  categories: string[];
  stages: string[];
  /** Minimum stars, 1..5 ("4 stars & up"), or null. */
  rating: number | null;
  states: ResourceStateValue[];
  /** true: products the caller's organisation subscribes to; false: the others; null: all. */
  subscribed: boolean | null;
  sort: BrowseSort;
  page: number;
  /** null: the screen's default page size. */
  pageSize: number | null;
}

export const EMPTY_BROWSE_STATE: BrowseState = {
  search: '', categories: [], stages: [], rating: null, states: [], subscribed: null,
  sort: 'default', page: DEFAULT_PAGE, pageSize: null,
};

/** URL parameter names of the browse screen. */
export const BROWSE_PARAMS = {
  search: 'search', category: 'category', stage: 'stage', rating: 'rating', state: 'state',
  subscribed: 'subscribed', sort: 'sort', page: 'page', pageSize: 'size',
} as const;

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;

function toParams(input: URLSearchParams | string): URLSearchParams {
  return typeof input === 'string' ? new URLSearchParams(input.startsWith('?') ? input.slice(1) : input) : input;
}

function uniqueIds(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => ID.test(v)))];
}

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The browse state a URL query holds; anything unreadable falls back to its default. */
export function parseBrowseState(input: URLSearchParams | string): BrowseState {
  const q = toParams(input);
  const P = BROWSE_PARAMS;
  const sort = q.get(P.sort);
  const subscribed = q.get(P.subscribed);
  return {
    search: (q.get(P.search) ?? '').trim(),
    categories: uniqueIds(q.getAll(P.category)),
    stages: uniqueIds(q.getAll(P.stage)),
    rating: positiveInt(q.get(P.rating), RATING_MAX),
    states: [...new Set(q.getAll(P.state))].filter((s): s is ResourceStateValue => (RESOURCE_STATE_VALUES as readonly string[]).includes(s)),
    subscribed: subscribed === 'true' ? true : subscribed === 'false' ? false : null,
    sort: (BROWSE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BrowseSort) : 'default',
    page: positiveInt(q.get(P.page), 100_000) ?? DEFAULT_PAGE,
    pageSize: positiveInt(q.get(P.pageSize), MAX_PAGE_LIMIT),
  };
}

/** The canonical query of a browse state: defaults are left out, lists keep their order. */
export function browseStateToQuery(state: BrowseState): URLSearchParams {
  const q = new URLSearchParams();
  const P = BROWSE_PARAMS;
  if (state.search.trim()) q.set(P.search, state.search.trim());
  for (const id of state.categories) q.append(P.category, id);
  for (const id of state.stages) q.append(P.stage, id);
  if (state.rating !== null) q.set(P.rating, String(state.rating));
  for (const s of state.states) q.append(P.state, s);
  if (state.subscribed !== null) q.set(P.subscribed, String(state.subscribed));
  if (state.sort !== 'default') q.set(P.sort, state.sort);
  if (state.page > DEFAULT_PAGE) q.set(P.page, String(state.page));
  if (state.pageSize !== null) q.set(P.pageSize, String(state.pageSize));
  return q;
}

export type BrowseFilterPatch = Partial<Pick<BrowseState, 'search' | 'categories' | 'stages' | 'rating' | 'states' | 'subscribed'>>;

/** A filter or search change goes back to page 1 (spec 1 §4). */
export function withFilters(state: BrowseState, patch: BrowseFilterPatch): BrowseState {
  return { ...state, ...patch, page: DEFAULT_PAGE };
}

/** A new sort or page size also starts from page 1: the old page number means other products. */
export function withSort(state: BrowseState, sort: BrowseSort): BrowseState {
  return { ...state, sort, page: DEFAULT_PAGE };
}

export function withPageSize(state: BrowseState, pageSize: number | null): BrowseState {
  return { ...state, pageSize, page: DEFAULT_PAGE };
}

/** "Clear all" empties the filter sections; the search text, sort and page size stay. */
export function clearFilters(state: BrowseState): BrowseState {
  return { ...EMPTY_BROWSE_STATE, search: state.search, sort: state.sort, pageSize: state.pageSize };
}

/** How many filter values are chosen (the badge of the filters button). */
export function activeFilterCount(state: BrowseState): number {
  return state.categories.length + state.stages.length + state.states.length
    + (state.rating === null ? 0 : 1) + (state.subscribed === null ? 0 : 1);
}

export interface ProductsQueryOptions {
  /** Only these sections reach the server (a hidden filter never filters). */
  categoriesEnabled: boolean;
  ratingsEnabled: boolean;
  signedIn: boolean;
  /** A fixed category (the element's category-id): always applied, children included. */
  scopeCategory?: string | null;
}

/** The GET /products parameters (spec 1 §7) of a browse state, without paging. */
export function productsQuery(state: BrowseState, options: ProductsQueryOptions): Record<string, string | string[] | boolean | number | undefined> {
  const categories = options.categoriesEnabled ? state.categories : [];
  const scoped = options.scopeCategory ? [options.scopeCategory] : [];
  // Chosen categories narrow the fixed one; without a choice the fixed one applies.
  const categoryIds = categories.length ? categories : scoped;
  const rating = options.ratingsEnabled && state.rating !== null
    ? Array.from({ length: RATING_MAX - state.rating + 1 }, (_, i) => String(state.rating! + i))
    : undefined;
  return {
    search: state.search.trim() || undefined,
    'category.id': categoryIds.length ? categoryIds : undefined,
    'include.child.categories': categoryIds.length ? true : undefined,
    'stage.id': state.stages.length ? state.stages : undefined,
    rating,
    'assetResource.state': state.states.length ? state.states : undefined,
    'subscriptions.exist': options.signedIn && state.subscribed !== null ? state.subscribed : undefined,
    sort: PRODUCT_SORT_OF[state.sort],
  };
}

// ------------------------------------------------------------------------------- search results

export const SEARCH_RESULT_SORTS = ['rank', 'title', '-title'] as const;
export type SearchResultSort = (typeof SEARCH_RESULT_SORTS)[number];
export const SEARCH_SORT_OF: Record<SearchResultSort, '-rank' | '+title' | '-title'> = {
  rank: '-rank', title: '+title', '-title': '-title',
};

export type SearchMode = 'basic' | 'advanced';

export interface SearchState {
  /** The basic search text (`search=`), null when absent. */
  search: string | null;
  /** The raw advanced query (`query=`), null when absent. */
  query: string | null;
  /** The terms of a valid `query`; empty when absent or invalid. */
  terms: AdvancedTerm[];
  /** `query` was given but is not a valid term list (the terms are emptied; only logged). */
  invalidQuery: string | null;
  /** The advanced panel is open when the query is set and search is null (spec 1 §2). */
  mode: SearchMode;
  page: number;
  sort: SearchResultSort;
}

export function parseSearchState(input: URLSearchParams | string): SearchState {
  const q = toParams(input);
  const search = q.get('search');
  const query = q.get('query');
  const parsed = query === null ? null : parseAdvancedQuery(query);
  const sort = q.get('sort');
  return {
    search,
    query,
    terms: parsed && parsed.ok ? parsed.terms : [],
    invalidQuery: parsed && !parsed.ok ? parsed.error : null,
    mode: query !== null && search === null ? 'advanced' : 'basic',
    page: positiveInt(q.get('page'), 100_000) ?? DEFAULT_PAGE,
    sort: (SEARCH_RESULT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchResultSort) : 'rank',
  };
}

/** What the search asks the server: the basic text or the valid advanced terms (never both). */
export function searchRequest(state: SearchState): { search?: string; query?: string } | null {
  if (state.search !== null && state.search.trim() !== '') return { search: state.search.trim() };
  if (state.search === null && state.terms.length) return { query: serializeAdvancedTerms(state.terms) };
  return null;
}

function searchQueryString(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The query of a basic search: `search=` only (switching removes `query`), page 1, sort kept. */
export function basicSearchQuery(text: string, sort: SearchResultSort = 'rank'): string {
  return searchQueryString({ search: text.trim(), sort: sort === 'rank' ? undefined : sort });
}

/** The query of an advanced search: `query=` only (switching removes `search`), page 1, sort kept. */
export function advancedSearchQuery(terms: readonly AdvancedTerm[], sort: SearchResultSort = 'rank'): string {
  return searchQueryString({ query: serializeAdvancedTerms(terms), sort: sort === 'rank' ? undefined : sort });
}

/** The same search on another page or sort (view-all links, pagination, the sort menu). */
export function searchQueryWith(state: SearchState, patch: { page?: number; sort?: SearchResultSort }): string {
  const page = patch.page ?? state.page;
  const sort = patch.sort ?? state.sort;
  return searchQueryString({
    search: state.search ?? undefined,
    query: state.search === null ? (state.query ?? undefined) : undefined,
    sort: sort === 'rank' ? undefined : sort,
    page: page > 1 ? String(page) : undefined,
  });
}

/** Page sizes of the search screens (spec 1 §9). */
export const SEARCH_RESULT_PAGE_SIZE = RESULT_PAGE_SIZE;
export const BROWSE_PAGE_SIZE = PRODUCT_PAGE_SIZE;

// ------------------------------------------------------------------------------- paging modes

/**
 * How the browse list pages (the element's `paging` attribute; default 'pages'):
 * - 'pages': one page at a time with the pagination footer;
 * - 'infinite': the next page is appended when the end of the list comes within 30 px of the
 *   bottom of the viewport;
 * - 'load-more': the same, except that every 4th page a "Load more" button must be pressed
 *   (so the page footer stays reachable).
 */
export const PAGING_MODES = ['pages', 'load-more', 'infinite'] as const;
export type PagingMode = (typeof PAGING_MODES)[number];
export const DEFAULT_PAGING_MODE: PagingMode = 'pages';

export function toPagingMode(value: string | null | undefined): PagingMode {
  const v = value?.trim().toLowerCase();
  return (PAGING_MODES as readonly string[]).includes(v ?? '') ? (v as PagingMode) : DEFAULT_PAGING_MODE;
}

/** In load-more mode the button shows after every LOAD_MORE_EVERY_PAGES-th page while more remain. */
export function showsLoadMore(mode: PagingMode, loadedPages: number, hasMore: boolean): boolean {
  return mode === 'load-more' && hasMore && loadedPages > 0 && loadedPages % LOAD_MORE_EVERY_PAGES === 0;
}

/** Scrolling to the end loads the next page by itself, unless the button is due. */
export function scrollLoads(mode: PagingMode, loadedPages: number, hasMore: boolean): boolean {
  return mode !== 'pages' && hasMore && !showsLoadMore(mode, loadedPages, hasMore);
}
