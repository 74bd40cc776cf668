// The resource page (spec 1 §2 "Resource details"): breadcrumb back to the product, the title
// with its stage, state and release-state badge (tooltip: the release message), the notices,
// the download of the definition, and the sub-tabs: methods (the specification renderer),
// credentials and access requests (a consumer with the consumer feature on).
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSession } from '../../api/auth.ts';
import { useAssetResource, useSpecIndex, type AssetResource } from '../../api/explorer.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { useProduct, useVersion, type Product } from '../../api/products.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { isConsumer } from '../../rules/roles.ts';
import { href, type ResourceTab } from '../../rules/routes.ts';
import { resourceStateTone } from '../../rules/version.ts';
import { useSignedIn } from '../../state/store.ts';
import { Breadcrumb } from '../../ui/Breadcrumb.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { Status } from '../../ui/Status.tsx';
import { LinkTabs, type LinkTabItem } from '../../ui/Tabs.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import type { Tone } from '../../ui/tone.ts';
import { CollectionButtons, DownloadButton } from './DownloadButton.tsx';
import { SpecView } from './SpecView.tsx';
import { Warnings } from './Warnings.tsx';
import { preloadViewerFor } from './viewers.ts';
import { preloadMarkdown } from './LazyMarkdown.tsx';
import { resourceTypeName } from '../../rules/resourceTypes.ts';

// The consumer tabs (spec 2 §2) load with their first showing: the methods tab never pays for them.
const loadTabs = () => import('../credentials/ResourceTabs.tsx');
const ResourceCredentialsTab = lazy(() => loadTabs().then((m) => ({ default: m.ResourceCredentialsTab })));
const ResourceAccessRequestsTab = lazy(() => loadTabs().then((m) => ({ default: m.ResourceAccessRequestsTab })));
const RequestAccessButton = lazy(() => loadTabs().then((m) => ({ default: m.RequestAccessButton })));

export interface ResourcePageProps {
  productId: string;
  /** From the route; the product's latest version when absent. */
  versionId?: string;
  resourceId: string;
  tab: ResourceTab;
  /** Alone on a page (agora-explorer): no breadcrumb into a portal the page may not have. */
  embedded?: boolean;
}

const PAGE = 'agora-explorer mx-auto flex w-full max-w-[1360px] flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8';

const STATE_LABEL: Record<string, MessageKey> = {
  active: 'explorer.state.active', archived: 'explorer.state.archived', archiving: 'explorer.state.archiving', deleting: 'explorer.state.deleting',
};

/** Release states: the ones known get a tone; any other shows neutral. */
const RELEASE_TONE: Record<string, Tone> = {
  active: 'success', prerelease: 'info', experimental: 'tertiary', deprecated: 'warning', archived: 'danger', design: 'neutral', mocked: 'neutral',
};

export function ResourcePage({ productId, versionId: routeVersionId, resourceId, tab, embedded }: ResourcePageProps) {
  const { t } = useMessages('explorer');
  // Asked for in the order the page needs them (the server answers in turn): with the version
  // in the route, the specification's index and the resource first; the product (header,
  // notices) after. The explorer draws as soon as the resource is there.
  useSpecIndex(productId, routeVersionId || null, resourceId);
  const early = useAssetResource(productId, routeVersionId || null, resourceId);
  const product = useProduct(productId);
  const versionId = routeVersionId || product.data?.latestVersion?.id || null;
  const late = useAssetResource(productId, routeVersionId ? null : versionId, resourceId);
  const resource = routeVersionId ? early : late;
  const version = useVersion(productId, versionId);
  useEffect(() => preloadMarkdown(), []);
  useEffect(() => {
    if (resource.data) preloadViewerFor(resource.data);
  }, [resource.data]);

  const failure = resource.error ?? product.error;
  if (failure) {
    const status = errorStatus(failure);
    const body = status === 403 ? <UnauthorizedPlaceholder />
      : status === 404 ? <EmptyPlaceholder title={t('explorer.notFound')} message={t('explorer.notFoundMessage')} />
      : <ErrorPlaceholder title={t('explorer.error.resource')} error={failure} onRetry={() => { void product.mutate(); void resource.mutate(); }} />;
    return <div className={PAGE} data-page="resource">{body}</div>;
  }
  if (product.data && !versionId) {
    return <div className={PAGE} data-page="resource"><EmptyPlaceholder title={t('explorer.notFound')} message={t('explorer.notFoundMessage')} /></div>;
  }
  if (!resource.data || !versionId) {
    return <div className={PAGE} data-page="resource"><LoadingPlaceholder className="py-24" label={t('explorer.loading')} /></div>;
  }
  const r = resource.data;
  return (
    <div className={PAGE} data-page="resource" data-resource={r.id} data-type={r.type} data-tab={tab}>
      {!embedded && (
        <Breadcrumb
          items={[
            { label: t('explorer.breadcrumb.products'), href: href('browseProducts') },
            { label: product.data?.title ?? productId, href: href('product.overview', { productId, versionId }) },
            { label: t('explorer.breadcrumb.resources'), href: href('product.resources', { productId, versionId }) },
            { label: r.title },
          ]}
        />
      )}
      <Header product={product.data} resource={r} productId={productId} versionId={versionId} versionLabel={version.data?.label} />
      {product.data && <Warnings product={product.data} resource={r} versionId={versionId} versionLabel={version.data?.label} />}
      <ResourceTabs productId={productId} versionId={versionId} resourceId={r.id} tab={tab}>
        {(shown) => shown === 'methods' ? <SpecView productId={productId} versionId={versionId} resource={r} />
          : (
            <Suspense fallback={<LoadingPlaceholder />}>
              {shown === 'credentials'
                ? <ResourceCredentialsTab productId={productId} versionId={versionId} resource={r} product={product.data} />
                : <ResourceAccessRequestsTab productId={productId} versionId={versionId} resource={r} product={product.data} />}
            </Suspense>
          )}
      </ResourceTabs>
    </div>
  );
}

function Header({ product, resource, productId, versionId, versionLabel }: {
  product: Product | undefined; resource: AssetResource; productId: string; versionId: string; versionLabel: string | undefined;
}) {
  const { t } = useMessages('explorer');
  const consumer = useConsumerTabs();
  const stateKey = STATE_LABEL[resource.state];
  const release = resource.sourceReleaseStateName;
  return (
    <header className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6" data-part="resource-header">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="m-0 min-h-5 text-sm font-medium text-gray-500">{product?.title}</p>
          <h1 className="m-0 mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 break-words text-2xl font-semibold leading-tight text-gray-900 sm:text-3xl">
            <span data-part="title">{resource.title}</span>
            {resource.stage && (
              <span className="rounded-md bg-gray-100 px-2 py-0.5 text-sm font-medium text-gray-700 ring-1 ring-gray-200" data-part="stage">
                {resource.stage.title}
              </span>
            )}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <Status tone={resourceStateTone(resource.state)}>{stateKey ? t(stateKey) : resource.state}</Status>
            {resource.status === 'deleted' && <Status tone="danger">{t('explorer.state.deleted')}</Status>}
            {release && (
              <Tooltip content={resource.sourceReleaseStateMessage || null} focusableWrapper>
                <span data-part="release" data-release={release} tabIndex={resource.sourceReleaseStateMessage ? 0 : undefined} className="inline-flex rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-primary">
                  <Status tone={RELEASE_TONE[release] ?? 'neutral'}>{t('explorer.release', { state: release })}</Status>
                </span>
              </Tooltip>
            )}
            <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary" data-part="type">{resource.type && resource.type !== 'other' ? resourceTypeName(resource.type) : t('explorer.type.other')}</span>
            {resource.version && <span className="text-xs text-gray-500">{t('explorer.resourceVersion', { version: resource.version })}</span>}
            {versionLabel && <span className="text-xs text-gray-500">{t('explorer.productVersion', { version: versionLabel })}</span>}
          </div>
          {resource.description && <p className="m-0 mt-3 max-w-3xl text-gray-600">{resource.description}</p>}
        </div>
        <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-end">
          <DownloadButton productId={productId} versionId={versionId} resource={resource} />
          <CollectionButtons productId={productId} versionId={versionId} resource={resource} />
          {/* On the header, so every tab (the methods view too) offers it, not only "Access requests". */}
          {consumer && (
            <Suspense fallback={null}>
              <RequestAccessButton productId={productId} versionId={versionId} resource={resource} product={product} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

function ResourceTabs({ productId, versionId, resourceId, tab, children }: {
  productId: string; versionId: string; resourceId: string; tab: ResourceTab; children: (tab: ResourceTab) => ReactNode;
}) {
  const { t } = useMessages('explorer');
  const consumerTabs = useConsumerTabs();
  const shown: ResourceTab = consumerTabs ? tab : 'methods';
  const link = (id: ResourceTab) => href('product.resource', { productId, versionId, resourceId, tab: id });
  const tabs: LinkTabItem[] = [{ id: 'methods', label: t('explorer.tab.methods'), href: link('methods') }];
  if (consumerTabs) {
    tabs.push({ id: 'credentials', label: t('explorer.tab.credentials'), href: link('credentials') });
    tabs.push({ id: 'accessRequests', label: t('explorer.tab.accessRequests'), href: link('accessRequests') });
  }
  return (
    <div className="flex flex-col gap-5">
      <LinkTabs tabs={tabs} selected={shown} label={t('explorer.tabs.label')} />
      <div data-part="tab-content" data-tab={shown}>{children(shown)}</div>
    </div>
  );
}

/** spec 1 §2, spec 2 §6: credentials and access requests (and requesting access) need the consumer
 * feature and a consumer. */
function useConsumerTabs(): boolean {
  const marketplace = useMarketplace();
  const signedIn = useSignedIn();
  const session = useSession();
  return !!marketplace.data?.settings.consumer && signedIn && isConsumer(session.data);
}
