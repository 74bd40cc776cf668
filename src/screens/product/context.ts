// What every part of the product page reads: the product, the version shown, the site settings
// that shape the page, and the links of its tabs.
import { createContext, useContext } from 'react';
import type { SiteSettings } from '../../api/marketplace.ts';
import type { AssetResource, Product, ProductVersion } from '../../api/products.ts';
import { href } from '../../rules/routes.ts';

export const PRODUCT_TABS = ['overview', 'resources', 'docs', 'plans', 'ratings'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

export function toProductTab(value: string | null | undefined): ProductTab {
  return (PRODUCT_TABS as readonly string[]).includes(value ?? '') ? (value as ProductTab) : 'overview';
}

export interface ProductPageState {
  productId: string;
  product: Product;
  /** The version shown (from the route, else the latest); null when the product has none. */
  versionId: string | null;
  version: ProductVersion | undefined;
  /** Resources of the shown version (first page of 100), for warnings and summaries. */
  resources: AssetResource[] | undefined;
  resourceCount: number | undefined;
  settings: SiteSettings;
  ratingsEnabled: boolean;
}

export const ProductContext = createContext<ProductPageState | null>(null);

export function useProductPage(): ProductPageState {
  const state = useContext(ProductContext);
  if (!state) throw new Error('product parts render inside the product page');
  return state;
}

const ROUTE_OF_TAB = {
  overview: 'product.overview',
  resources: 'product.resources',
  docs: 'product.docs',
  plans: 'product.plans',
  ratings: 'product.ratings',
} as const;

/** Locations of the product's pages, with the version segment when a version is known. */
export const productHref = {
  tab: (productId: string, versionId: string | null, tab: ProductTab) =>
    href(ROUTE_OF_TAB[tab], versionId ? { productId, versionId } : { productId }),
  plan: (productId: string, versionId: string | null, planId: string) =>
    href('product.plan', versionId ? { productId, versionId, planId } : { productId, planId }),
  resource: (productId: string, versionId: string, resourceId: string) =>
    href('product.resource', { productId, versionId, resourceId, tab: 'methods' }),
  docViewer: (productId: string, versionId: string, documentId: string) =>
    href('product.docViewer', { productId, versionId, documentId }),
  document: (docId: string) => href('document', { docId }),
  category: (categoryId: string) => href('category', { categoryId }),
  subscriptions: (productId: string) => href('subscriptions', {}, { product: productId }),
};
