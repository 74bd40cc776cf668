// Resources tab: every resource of the version, grouped by asset when they come from several.
import { useState } from 'react';
import { useVersionAssets, useVersionResources } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { MAX_PAGE_LIMIT } from '../../rules/constants.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { useProductPage } from './context.ts';
import { ResourceList } from './ResourceList.tsx';

export function ResourcesTab() {
  const { t } = useMessages('product');
  const { product, versionId } = useProductPage();
  const [page, setPage] = useState(1);
  const resources = useVersionResources(product.id, versionId, page);
  const assets = useVersionAssets(product.id, versionId);
  const total = resources.data?.totalCount ?? 0;
  return (
    <section aria-labelledby="agora-product-resources" data-part="resources">
      <h2 id="agora-product-resources" className="m-0 mb-4 text-lg font-semibold text-gray-900">
        {t('product.tab.resources')}
        {resources.data && <span className="ml-2 text-sm font-normal text-gray-500">({total})</span>}
      </h2>
      <AsyncState
        // Until the assets answer, whether the list is grouped is unknown: drawn flat first, it would jump.
        loading={(!resources.data && !resources.error) || (!assets.data && !assets.error)}
        error={resources.error}
        empty={resources.data?.items.length === 0}
        errorView={<ErrorPlaceholder title={t('product.error.resources')} error={resources.error} onRetry={() => void resources.mutate()} />}
        emptyView={<EmptyPlaceholder title={t('product.resources.empty')} message={t('product.resources.emptyMessage')} />}
      >
        <ResourceList resources={resources.data?.items ?? []} productId={product.id} grouped={(assets.data?.totalCount ?? 0) > 1} />
        {total > MAX_PAGE_LIMIT && (
          <Pagination page={page} pageSize={MAX_PAGE_LIMIT} totalCount={total} onPageChange={setPage} className="mt-4" />
        )}
      </AsyncState>
    </section>
  );
}
