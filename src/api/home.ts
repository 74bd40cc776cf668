// The home page and the featured-product carousel: featured categories, the recently published
// products, and the products a carousel features (a category, a tag, or the most recent ones).
import type { Category } from '../../server/src/schemas/catalogue.ts';
import { FEATURED_CATEGORIES } from '../rules/constants.ts';
import type { Api } from './client.ts';
import { fetchProducts, type Product, type ProductsFilter } from './catalogue.ts';
import { keys } from './keys.ts';
import { useApiQuery } from './swr.ts';

export type { Category, Product };

/** What a featured category tile shows. */
export const FEATURED_CATEGORY_FIELDS = 'id,title,description,links,image,childrenCount';

/** The home's sort of featured content (settings.homepage.featured.sort): 'recent' (default) or 'name'. */
export type FeaturedSort = 'recent' | 'name';

export const fetchFeaturedCategories = (api: Api, limit = FEATURED_CATEGORIES) =>
  api.list<Category>('/categories', { query: { featured: true, page: 1, size: limit, sort: '+name', fields: FEATURED_CATEGORY_FIELDS } });

/** The recently published products: by last version creation date, then name; or by name. */
export function recentProductsFilter(sort: FeaturedSort): ProductsFilter {
  return { sort: sort === 'name' ? '+title' : '-lastVersion.metadata.createdAt' };
}

/** Which products a carousel features. */
export interface CarouselSource {
  categoryId?: string | null;
  tag?: string | null;
}

/** Products of a category (and its sub-categories) or with a tag, newest first; else the newest. */
export function carouselFilter(source: CarouselSource): ProductsFilter {
  const filter: ProductsFilter = { sort: '-lastVersion.metadata.createdAt' };
  const category = source.categoryId?.trim();
  const tag = source.tag?.trim();
  if (category) {
    filter['category.id'] = category;
    filter['include.child.categories'] = true;
  }
  if (tag) filter.tag = tag;
  return filter;
}

export const fetchFeaturedProducts = (api: Api, filter: ProductsFilter, limit: number) => fetchProducts(api, filter, 1, limit);

// ---------------------------------------------------------------- hooks

export function useFeaturedCategories(enabled: boolean) {
  return useApiQuery(enabled ? keys.featuredCategories(FEATURED_CATEGORIES) : null, (api) => fetchFeaturedCategories(api));
}

export function useFeaturedProducts(filter: ProductsFilter | null, limit: number) {
  return useApiQuery(filter ? keys.productList(filter, 1, limit) : null, (api) => fetchFeaturedProducts(api, filter!, limit));
}
