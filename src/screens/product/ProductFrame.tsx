// The product details page around its tabs (spec 1 §2, spec 3 §2.1): breadcrumb, header (icon,
// title, description, tags, version selector and state, subscribe button), the contact warnings,
// the pending-invoice banner, the route tabs and the right pane. Its subscribe buttons open the
// subscription side panel (SubscribeProvider). The content is the tab's; another screen may pass its own
// (the documentation viewer does) and keep the same frame:
//
//   <ProductFrame productId={id} versionId={v} tab="docs">{viewer}</ProductFrame>
import { Suspense, useState, type ReactNode } from 'react';
import { useMarketplace } from '../../api/marketplace.ts';
import { usePlan, useProduct, useVersion, useVersionResources, type Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { currentVersionId } from '../../rules/version.ts';
import { Breadcrumb } from '../../ui/Breadcrumb.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { LinkTabs, type LinkTabItem } from '../../ui/Tabs.tsx';
import { cx } from '../../ui/tone.ts';
import { ProductContext, productHref, useProductPage, type ProductPageState, type ProductTab } from './context.ts';
import { DocumentsTab } from './DocumentsTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { RatingsTab } from './RatingsTab.tsx';
import { ResourcesTab } from './ResourcesTab.tsx';
import { RightPane, Tags } from './RightPane.tsx';
import { ProductSubscribeButton } from './SubscribeButton.tsx';
import { VersionSelector } from './VersionSelector.tsx';
import { Warnings } from './Warnings.tsx';
import { PlansList } from '../plans/PlansList.tsx';
import { PlanPage } from '../plans/PlanPage.tsx';
import { PendingInvoices } from '../subscribe/PendingInvoices.tsx';
import { SubscribeProvider } from '../subscribe/SubscribeLauncher.tsx';

export interface ProductFrameProps {
  productId: string;
  /** From the route; the latest version when absent. */
  versionId?: string;
  tab: ProductTab;
  /** The plan page of the plans tab. */
  planId?: string;
  /** Replaces the tab's own content. */
  children?: ReactNode;
}

const PAGE = 'agora-product mx-auto w-full max-w-[1360px] px-4 py-6 sm:px-6 lg:py-8';

export function ProductFrame({ productId, versionId: routeVersionId, tab, planId, children }: ProductFrameProps) {
  const { t } = useMessages('product');
  const marketplace = useMarketplace();
  const settings = marketplace.data?.settings;
  const product = useProduct(productId);
  const versionId = product.data ? currentVersionId(routeVersionId, product.data.latestVersion?.id) : null;
  const version = useVersion(productId, versionId);
  const resources = useVersionResources(productId, versionId);
  // The plan page's title for the breadcrumb (the same cache entry the plan page reads).
  const plan = usePlan(productId, tab === 'plans' ? planId ?? null : null);

  if (product.error) return <div className={PAGE}><ProductError error={product.error} onRetry={() => void product.mutate()} /></div>;
  if (marketplace.error && !settings) return <div className={PAGE}><ErrorPlaceholder error={marketplace.error} onRetry={() => void marketplace.mutate()} /></div>;
  if (!product.data || !settings) return <div className={PAGE}><LoadingPlaceholder className="py-24" /></div>;

  const ratingsEnabled = !!settings.reviews?.enabled;
  const shownTab: ProductTab = tab === 'ratings' && !ratingsEnabled ? 'overview' : tab;
  const state: ProductPageState = {
    productId,
    product: product.data,
    versionId,
    version: version.data,
    resources: resources.data?.items,
    resourceCount: resources.data?.totalCount,
    settings,
    ratingsEnabled,
  };

  const viewer = children !== undefined && shownTab === 'docs';
  // A version named by the route and not yet confirmed: its tab mounts now (its reads go out beside
  // the version's, no waterfall) but stays hidden, so an unknown version shows the version's error
  // and never, for a moment, the tab's own 404 (whose answer may come first).
  const unconfirmed = !!routeVersionId && routeVersionId !== product.data.latestVersion?.id && !version.data && !version.error;
  let content: ReactNode;
  if (!versionId) content = <EmptyPlaceholder title={t('product.noVersion')} message={t('product.noVersionMessage')} />;
  else if (version.error) {
    content = errorStatus(version.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('product.error.version')} error={version.error} onRetry={() => void version.mutate()} />;
  } else if (children !== undefined) content = children;
  else if (shownTab === 'plans') content = planId ? <PlanPage planId={planId} /> : <PlansList />;
  else if (shownTab === 'resources') content = <ResourcesTab />;
  else if (shownTab === 'docs') content = <DocumentsTab />;
  else if (shownTab === 'ratings') content = <RatingsTab />;
  else content = <OverviewTab />;

  return (
    <ProductContext.Provider value={state}>
      <SubscribeProvider productId={productId}>
        <div className={PAGE} data-product={productId} data-tab={shownTab}>
          <Breadcrumb
            className="mb-4"
            items={[
              { label: t('product.breadcrumb.products'), href: '/browseProducts' },
              ...(planId
                ? [
                    { label: product.data.title ?? productId, href: productHref.tab(productId, versionId, 'overview') },
                    { label: t('product.tab.plans'), href: productHref.tab(productId, versionId, 'plans') },
                    { label: plan.data?.title ?? (plan.error ? planId : '…') },
                  ]
                : [{ label: product.data.title ?? productId }]),
            ]}
          />
          <Header product={product.data} tab={shownTab} planId={planId} />
          <Warnings />
          <Suspense fallback={null}><PendingInvoices productId={productId} /></Suspense>
          <ProductTabs tab={shownTab} />
          {/* The documentation viewer has columns of its own (tree, contents, article): the side
              pane goes below it unless the screen is very wide, so the article is never squeezed. */}
          <div className={cx('mt-6 grid gap-6', viewer ? '2xl:grid-cols-[minmax(0,1fr)_340px]' : 'lg:grid-cols-[minmax(0,1fr)_300px] xl:grid-cols-[minmax(0,1fr)_340px]')}>
            <div className="min-w-0" data-part="content">
              {unconfirmed ? <><LoadingPlaceholder className="py-24" /><div hidden>{content}</div></> : content}
            </div>
            <RightPane />
          </div>
        </div>
      </SubscribeProvider>
    </ProductContext.Provider>
  );
}

function ProductError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useMessages('product');
  const status = errorStatus(error);
  if (status === 403) return <UnauthorizedPlaceholder />;
  if (status === 404) return <EmptyPlaceholder title={t('product.notFound')} message={t('product.notFoundMessage')} />;
  return <ErrorPlaceholder title={t('product.error.product')} error={error} onRetry={onRetry} />;
}

function ProductIcon({ product }: { product: Product }) {
  const [failed, setFailed] = useState(false);
  const icon = product.links?.icon;
  const title = product.title ?? product.name ?? '';
  if (icon && !failed) {
    return <img src={icon} alt="" onError={() => setFailed(true)} className="h-12 w-12 shrink-0 rounded-xl border border-gray-200 bg-white object-contain sm:h-16 sm:w-16" />;
  }
  const initials = title.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';
  return (
    <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-lg font-semibold text-primary sm:h-16 sm:w-16 sm:text-xl">
      {initials}
    </span>
  );
}

function Header({ product, tab, planId }: { product: Product; tab: ProductTab; planId?: string }) {
  return (
    <header className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6" data-part="header">
      <div className="flex flex-wrap items-start gap-4">
        <ProductIcon product={product} />
        <div className="min-w-0 flex-1 basis-56">
          <h1 className="m-0 break-words text-2xl font-semibold leading-tight text-gray-900 sm:text-3xl">{product.title}</h1>
          {product.description && <p className="m-0 mt-2 max-w-3xl text-gray-600">{product.description}</p>}
          {(product.tags?.length ?? 0) > 0 && <div className="mt-3" data-part="header-tags"><Tags tags={product.tags!} /></div>}
          <div className="mt-4"><VersionSelector tab={tab} planId={planId} /></div>
        </div>
        <div className="w-full shrink-0 sm:w-auto" data-part="subscribe"><ProductSubscribeButton product={product} /></div>
      </div>
    </header>
  );
}

function ProductTabs({ tab }: { tab: ProductTab }) {
  const { t, fmt } = useMessages('product');
  const { product, versionId, resourceCount, ratingsEnabled } = useProductPage();
  const tabs: LinkTabItem[] = [
    { id: 'overview', label: t('product.tab.overview'), href: productHref.tab(product.id, versionId, 'overview') },
    { id: 'resources', label: t('product.tab.resources'), href: productHref.tab(product.id, versionId, 'resources'), ...(resourceCount !== undefined ? { count: resourceCount } : {}) },
    { id: 'docs', label: t('product.tab.docs'), href: productHref.tab(product.id, versionId, 'docs') },
    { id: 'plans', label: t('product.tab.plans'), href: productHref.tab(product.id, versionId, 'plans'), ...(product.plans ? { count: product.plans.totalCount } : {}) },
  ];
  if (ratingsEnabled) {
    tabs.push({
      id: 'ratings',
      label: (product.ratingInfo?.total ?? 0) > 0 ? t('product.tab.ratingsWithAverage', { average: fmt.rating(product.ratingInfo!.average) }) : t('product.tab.ratings'),
      href: productHref.tab(product.id, versionId, 'ratings'),
    });
  }
  return <LinkTabs tabs={tabs} selected={tab} label={t('product.tabs.label')} className="mt-6" />;
}
