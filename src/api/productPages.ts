// Pages 1..n of products appended (browse's load-more and infinite scroll), apart from
// catalogue.ts so that pages without browse (home) don't load swr's infinite add-on.
import useSWRInfinite from 'swr/infinite';
import { useSubject } from '../state/store.ts';
import { fetchProducts, type Product, type ProductsFilter } from './catalogue.ts';
import type { Page } from './client.ts';
import { useApi } from './context.ts';
import type { ApiError } from './errors.ts';
import { keys } from './keys.ts';

/** paging="load-more" and "infinite"; `initialSize` restores the pages a reload had. */
export function useProductsPages(filter: ProductsFilter | null, limit: number, initialSize = 1) {
  const api = useApi();
  const subject = useSubject();
  return useSWRInfinite<Page<Product>, ApiError>(
    (index, previous: Page<Product> | null) => {
      if (!filter || (previous && index * limit >= previous.totalCount)) return null;
      return [api.scope, subject, ...keys.productList(filter, index + 1, limit)];
    },
    (key: readonly unknown[]) => fetchProducts(api, key[4] as ProductsFilter, key[5] as number, limit),
    { initialSize, revalidateFirstPage: false, persistSize: false },
  );
}
