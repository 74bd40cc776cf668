// The resource page route (/productDetails/{p}/version/{v}/resources/{r}/methods|credentials|
// accessRequests) and <agora-explorer product-id=… version-id=… resource-id=…>. Inside the portal
// the router moves between tabs; alone on a page the element moves between its own tabs and
// sends every other link the stand-alone way (agora-navigate, then the configured portal).
import { useEffect, useMemo, useState } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { matchPath, splitLocation, RESOURCE_TABS, type ResourceTab } from '../../rules/routes.ts';
import { NavigatorContext, RouteContext, useNavigator, type Navigator } from '../../router/context.tsx';
import { EmptyPlaceholder } from '../../ui/Placeholders.tsx';
import { ResourcePage } from './ResourcePage.tsx';

export interface ResourceProps {
  productId?: string;
  /** Default: the product's latest version. */
  versionId?: string;
  resourceId?: string;
  /** methods (default), credentials or accessRequests. */
  tab?: string;
}

export const toResourceTab = (tab: string | null | undefined): ResourceTab =>
  (RESOURCE_TABS as readonly string[]).includes(tab ?? '') ? (tab as ResourceTab) : 'methods';

export default function Resource({ productId, versionId, resourceId, tab }: ResourceProps) {
  const { t } = useMessages('explorer');
  const navigator = useNavigator();
  const p = productId?.trim();
  const r = resourceId?.trim();
  const v = versionId?.trim() || undefined;
  if (!p || !r) return <EmptyPlaceholder title={t('explorer.noResource')} message={t('explorer.noResourceMessage')} />;
  if (navigator.inPortal) return <ResourcePage productId={p} versionId={v} resourceId={r} tab={toResourceTab(tab)} />;
  return <Standalone productId={p} versionId={v} resourceId={r} tab={toResourceTab(tab)} />;
}

interface Location { versionId?: string; resourceId: string; tab: ResourceTab }

function Standalone({ productId, versionId, resourceId, tab }: { productId: string } & Location) {
  const outer = useNavigator();
  const [at, setAt] = useState<Location>({ versionId, resourceId, tab });
  // The host page changed an attribute: it wins over where the reader went inside.
  useEffect(() => setAt({ versionId, resourceId, tab }), [versionId, resourceId, tab]);
  const navigator = useMemo<Navigator>(() => ({
    inPortal: false,
    href: outer.href,
    navigate(to, options) {
      const [path, search] = splitLocation(to);
      const match = matchPath(path, search);
      if (match?.name === 'product.resource' && match.params.productId === productId) {
        setAt({ versionId: match.params.versionId, resourceId: match.params.resourceId!, tab: toResourceTab(match.params.tab) });
      } else {
        outer.navigate(to, options);
      }
    },
  }), [outer, productId]);
  return (
    <NavigatorContext.Provider value={navigator}>
      <RouteContext.Provider value={{ match: null, query: new URLSearchParams(), fragment: '' }}>
        <ResourcePage productId={productId} versionId={at.versionId} resourceId={at.resourceId} tab={at.tab} embedded />
      </RouteContext.Provider>
    </NavigatorContext.Provider>
  );
}
