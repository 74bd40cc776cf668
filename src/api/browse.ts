// Browse and search: the categories of the filter tree, the stages, and the catalogue search
// (the product list itself is catalogue.ts).
import { MAX_PAGE_LIMIT } from '../rules/constants.ts';
import type { Api, Page, Query } from './client.ts';
import type { Category, SearchResultItem, SearchType } from './catalogue.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export interface Stage {
  id: string;
  title: string;
  description: string;
}

export interface SearchResults extends Page<SearchResultItem> {
  /** Hits per type over the whole result, for the tabs. */
  counts: Record<SearchType, number>;
}

/** Every category the caller can see (the filter tree needs them all), 100 per request. */
export async function fetchAllCategories(api: Api): Promise<Category[]> {
  const out: Category[] = [];
  for (let page = 1; ; page++) {
    const batch = await api.list<Category>('/categories', {
      query: { page, size: MAX_PAGE_LIMIT, sort: '+name', fields: 'id,title,parentId,childrenCount,productCount' },
    });
    out.push(...batch.items);
    if (batch.items.length < MAX_PAGE_LIMIT || out.length >= batch.totalCount) return out;
  }
}

export const fetchStages = (api: Api) => api.list<Stage>('/stages').then((r) => r.items);

export interface SearchParams {
  search?: string;
  query?: string;
  type?: SearchType[];
  page: number;
  pageSize: number;
  sort?: '-rank' | '+title' | '-title';
}

export const fetchSearch = (api: Api, params: SearchParams) =>
  api.get<SearchResults>('/search', { query: { ...params } as Query });

// ---------------------------------------------------------------- hooks

export function useFilterCategories(enabled: boolean) {
  return useApiQuery(enabled ? keys.filterCategories() : null, fetchAllCategories, { revalidateIfStale: false });
}

export function useStages() {
  return useApiQuery(keys.stages(), fetchStages, { revalidateIfStale: false });
}

/** null params: no request (no search yet). */
export function useSearch(params: SearchParams | null) {
  return useApiQuery(params ? keys.search(params) : null, (api) => fetchSearch(api, params!), { keepPreviousData: true });
}
