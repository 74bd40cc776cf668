// Overview tab: the version's markdown overview and a summary of its resources.
import { useVersionOverview } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { AsyncState, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { productHref, useProductPage } from './context.ts';
import { ResourceRow } from './ResourceList.tsx';

/** Resources listed on the overview before the link to all of them. */
export const OVERVIEW_RESOURCES = 5;

export function OverviewTab() {
  const { t } = useMessages('product');
  const { product, versionId, resources, resourceCount } = useProductPage();
  const overview = useVersionOverview(product.id, versionId);
  const content = overview.data?.content.trim() ?? '';
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-7" data-part="overview" aria-label={t('product.tab.overview')}>
        <AsyncState
          loading={!overview.data && !overview.error}
          error={overview.error}
          empty={!!overview.data && !content}
          errorView={<ErrorPlaceholder title={t('product.error.overview')} error={overview.error} onRetry={() => void overview.mutate()} />}
          emptyView={<p className="m-0 text-sm text-gray-500">{product.description || t('product.overview.none')}</p>}
        >
          <Markdown source={content} />
        </AsyncState>
      </section>
      <section className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm" data-part="overview-resources">
        <div className="flex items-center justify-between gap-3 border-b border-gray-100 px-4 py-3 sm:px-5">
          <h2 className="m-0 text-base font-semibold text-gray-900">
            {t('product.overview.resources')}
            {resourceCount !== undefined && <span className="ml-2 text-sm font-normal text-gray-500">({resourceCount})</span>}
          </h2>
          {(resourceCount ?? 0) > 0 && (
            <Link to={productHref.tab(product.id, versionId, 'resources')} className={cx('rounded text-sm font-medium text-primary hover:underline', FOCUS_RING)}>
              {t('product.overview.allResources', { count: resourceCount ?? 0 })}
            </Link>
          )}
        </div>
        {resources === undefined ? (
          <p className="m-0 px-5 py-4 text-sm text-gray-500">{t('product.overview.resourcesLoading')}</p>
        ) : resources.length === 0 ? (
          <p className="m-0 px-5 py-4 text-sm text-gray-500">{t('product.resources.empty')}</p>
        ) : (
          <ul className="m-0 list-none divide-y divide-gray-100 p-0">
            {resources.slice(0, OVERVIEW_RESOURCES).map((r) => <ResourceRow key={r.id} resource={r} productId={product.id} />)}
          </ul>
        )}
      </section>
    </div>
  );
}
