// The catalogue's products: a page of tiles (pages appended are in productPages.ts), and icon URLs.
// What only the browse and search screens read (filter tree, stages, search) is in browse.ts, so
// that the landing route's tiles do not download it.
import type { Category, Product, SearchResultItem, SearchType } from '../../server/src/schemas/catalogue.ts';
import type { Api, Query } from './client.ts';
import { keys } from './keys.ts';
import { useApiQuery } from './swr.ts';

export type { Category, Product, SearchResultItem, SearchType };

/** What a product tile shows (the list answer is cut to these fields). */
export const TILE_FIELDS = [
  'id', 'title', 'description', 'status', 'contact', 'ratingInfo', 'links', 'latestVersion', 'resources', 'plans',
  'subscriptions', 'categories',
].join(',');

export type ProductsFilter = Query;

export const fetchProducts = (api: Api, filter: ProductsFilter, page: number, limit: number) =>
  api.list<Product>('/products', { query: { ...filter, fields: TILE_FIELDS }, page, limit });

// ---------------------------------------------------------------- hooks

/** One page of products (paging="pages"). */
export function useProductsPage(filter: ProductsFilter | null, page: number, limit: number) {
  return useApiQuery(filter ? keys.productList(filter, page, limit) : null, (api) => fetchProducts(api, filter!, page, limit), {
    keepPreviousData: true,
  });
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
