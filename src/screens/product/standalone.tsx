// <agora-product> alone on a page has no portal router: moving between the product's own pages
// (tabs, version, plan page) happens inside the element; every other link goes the usual
// stand-alone way (an agora-navigate event, then the configured portal URL).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { matchPath, splitLocation, type RouteName } from '../../rules/routes.ts';
import { NavigatorContext, RouteContext, useNavigator, type Navigator } from '../../router/context.tsx';
import { toProductTab, type ProductTab } from './context.ts';

export interface ProductLocation {
  productId: string;
  versionId?: string;
  tab: ProductTab;
  planId?: string;
  /** The documentation viewer of the docs tab (its routes' parameters). */
  docs?: { documentId?: string; sectionIdx?: string; articleId?: string };
}

const IN_ELEMENT: Partial<Record<RouteName, ProductTab>> = {
  'product.overview': 'overview',
  'product.resources': 'resources',
  'product.docs': 'docs',
  'product.plans': 'plans',
  'product.plan': 'plans',
  'product.ratings': 'ratings',
  'product.docSections': 'docs',
  'product.docViewer': 'docs',
};

/** The product page a location names, when it is one the element shows itself. */
export function inElementLocation(location: string, productId: string): ProductLocation | null {
  const [path, search] = splitLocation(location);
  const match = matchPath(path, search);
  if (!match || match.params.productId !== productId) return null;
  const tab = IN_ELEMENT[match.name];
  if (!tab) return null;
  const { versionId, planId, documentId, sectionIdx, articleId } = match.params;
  const viewer = match.name === 'product.docViewer' || match.name === 'product.docSections';
  return { productId, tab, versionId, planId, ...(viewer ? { docs: { documentId, sectionIdx, articleId } } : {}) };
}

export function StandaloneProduct({ initial, children }: { initial: ProductLocation; children: (location: ProductLocation) => ReactNode }) {
  const outer = useNavigator();
  const [location, setLocation] = useState(initial);
  // The host page changed an attribute: it wins over where the visitor went inside.
  const { productId, versionId, tab, planId } = initial;
  useEffect(() => setLocation({ productId, versionId, tab: toProductTab(tab), planId }), [productId, versionId, tab, planId]);

  const navigator = useMemo<Navigator>(() => ({
    inPortal: false,
    href: outer.href,
    navigate(to, options) {
      const next = inElementLocation(to, location.productId);
      if (next) setLocation(next);
      else outer.navigate(to, options);
    },
  }), [outer, location.productId]);

  return (
    <NavigatorContext.Provider value={navigator}>
      <RouteContext.Provider value={{ match: null, query: new URLSearchParams(), fragment: '' }}>
        {children(location)}
      </RouteContext.Provider>
    </NavigatorContext.Provider>
  );
}
