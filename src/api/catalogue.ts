// Browse and search: the product list (one page; pages appended are in productPages.ts), the
// categories of the filter tree, the stages, and the catalogue search.
import type { Category, Product, SearchResultItem, SearchType } from '../../server/src/schemas/catalogue.ts';
import { MAX_PAGE_LIMIT } from '../rules/constants.ts';
import type { Api, Page, Query } from './client.ts';
import { keys } from './keys.ts';
import { useApiQuery } from './swr.ts';

export type { Category, Product, SearchResultItem, SearchType };

export interface Stage {
  id: string;
  title: string;
  description: string;
}

export interface SearchResults extends Page<SearchResultItem> {
  /** Hits per type over the whole result, for the tabs. */
  counts: Record<SearchType, number>;
}

/** What a product tile shows (the list answer is cut to these fields). */
export const TILE_FIELDS = [
  'id', 'title', 'description', 'status', 'contact', 'ratingInfo', 'links', 'latestVersion', 'resources', 'plans',
  'subscriptions', 'categories',
].join(',');

export type ProductsFilter = Query;

export const fetchProducts = (api: Api, filter: ProductsFilter, page: number, limit: number) =>
  api.list<Product>('/products', { query: { ...filter, fields: TILE_FIELDS }, page, limit });

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

/** One page of products (paging="pages"). */
export function useProductsPage(filter: ProductsFilter | null, page: number, limit: number) {
  return useApiQuery(filter ? keys.productList(filter, page, limit) : null, (api) => fetchProducts(api, filter!, page, limit), {
    keepPreviousData: true,
  });
}

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

/** An icon path of the catalogue ('/api/v1/images/…') as a URL the page can load, also when the
 * API lives on another origin than the page. */
export function imageUrl(apiBase: string, icon: string | null | undefined): string | null {
  if (!icon) return null;
  if (/^(https?:|data:)/i.test(icon)) return icon;
  if (!icon.startsWith('/')) return null;
  const origin = /^(https?:\/\/[^/]+)/i.exec(apiBase)?.[1] ?? '';
  return origin + icon;
}
