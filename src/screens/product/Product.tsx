// <agora-product> and the product routes of the portal: the product details page with its tabs
// and the plan page. Inside the portal the router moves between tabs; alone on a page the
// element moves between them itself.
import { lazy, Suspense } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { useNavigator } from '../../router/context.tsx';
import { EmptyPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { toProductTab } from './context.ts';
import { ProductFrame } from './ProductFrame.tsx';
import { StandaloneProduct, type ProductLocation } from './standalone.tsx';

// The documentation viewer is its own chunk: only the docs tab's viewer routes load it.
const ProductDocs = lazy(() => import('../docs/ProductDocs.tsx').then((m) => ({ default: m.ProductDocs })));

export interface ProductProps {
  productId?: string;
  /** Default: the latest version. */
  versionId?: string;
  /** overview (default), resources, docs, plans or ratings. */
  tab?: string;
  /** Shows this plan's page (plans tab). */
  planId?: string;
}

export default function Product({ productId, versionId, tab, planId }: ProductProps) {
  const { t } = useMessages('product');
  const navigator = useNavigator();
  const id = productId?.trim();
  if (!id) {
    return <EmptyPlaceholder title={t('product.noProduct')} message={t('product.noProductMessage')} />;
  }
  const location: ProductLocation = {
    productId: id,
    tab: planId ? 'plans' : toProductTab(tab),
    ...(versionId?.trim() ? { versionId: versionId.trim() } : {}),
    ...(planId?.trim() ? { planId: planId.trim() } : {}),
  };
  if (navigator.inPortal) return <ProductFrame {...location} />;
  return (
    <StandaloneProduct initial={location}>
      {({ docs, ...at }) => (
        <ProductFrame key={at.productId} {...at}>{docs ? <Suspense fallback={<LoadingPlaceholder />}><ProductDocs {...docs} /></Suspense> : undefined}</ProductFrame>
      )}
    </StandaloneProduct>
  );
}
