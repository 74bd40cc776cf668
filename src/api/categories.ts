// Categories: the paged list (top level, or every level when searching), one category with its
// ancestors, its sub-categories, and the products in it (with its sub-categories).
import type { Category } from '../../server/src/schemas/catalogue.ts';
import { CATEGORY_PAGE_SIZE, MAX_PAGE_LIMIT, PRODUCT_PAGE_SIZE } from '../rules/constants.ts';
import type { Api } from './client.ts';
import { fetchProducts, type Product, type ProductsFilter } from './catalogue.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Category, Product };

/** Fields of a category tile; the spec's default list plus what the tile shows. */
export const CATEGORY_FIELDS = 'id,title,description,parentId,childrenCount,ancestors,links,image';

export interface CategoryListParams {
  page: number;
  /** Searches every level (titles and descriptions); without it only the top level is listed. */
  search?: string;
  /** Lists the direct children of this category instead of the top level. */
  parentId?: string;
}

export function fetchCategories(api: Api, params: CategoryListParams) {
  const search = params.search?.trim();
  return api.list<Category>('/categories', {
    query: {
      page: params.page,
      size: CATEGORY_PAGE_SIZE,
      sort: '+name',
      fields: CATEGORY_FIELDS,
      ...(search ? { searchText: search } : { parentId: params.parentId ?? 'root' }),
    },
  });
}

export const fetchCategory = (api: Api, id: string) =>
  api.get<Category>(`/categories/${encodeURIComponent(id)}`, { query: { fields: CATEGORY_FIELDS } });

/** The direct children of a category (a category rarely has more than a page of them). */
export const fetchChildCategories = (api: Api, parentId: string) =>
  api.list<Category>('/categories', { query: { parentId, page: 1, size: MAX_PAGE_LIMIT, sort: '+name', fields: CATEGORY_FIELDS } });

/** Products of the category and its descendants, optionally searched (full text). */
export function categoryProductsFilter(categoryId: string, search?: string): ProductsFilter {
  const text = search?.trim();
  return { 'category.id': categoryId, 'include.child.categories': true, ...(text ? { search: text } : {}) };
}

// ---------------------------------------------------------------- hooks

export function useCategories(params: CategoryListParams) {
  return useApiQuery(keys.categoryList(params), (api) => fetchCategories(api, params), { keepPreviousData: true });
}

export function useCategory(id: string | null) {
  return useApiQuery(id ? keys.category(id) : null, (api) => fetchCategory(api, id!));
}

export function useChildCategories(id: string | null, enabled: boolean) {
  return useApiQuery(id && enabled ? keys.categoryChildren(id) : null, (api) => fetchChildCategories(api, id!));
}

export function useCategoryProducts(categoryId: string | null, search: string, page: number) {
  const filter = categoryId ? categoryProductsFilter(categoryId, search) : null;
  return useApiQuery(
    filter ? keys.productList(filter, page, PRODUCT_PAGE_SIZE) : null,
    (api) => fetchProducts(api, filter!, page, PRODUCT_PAGE_SIZE),
    { keepPreviousData: true },
  );
}
