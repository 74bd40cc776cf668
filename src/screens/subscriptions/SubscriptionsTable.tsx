// The subscriptions list (spec 3 §2.3): search, the filter panel (one product, approval states,
// states), newest first, a refresh button, pages of 10 and more, a filter change back to page 1;
// each row with its application count and owner name, and unsubscribe (typed word, the list
// refetched 1 s later). A 403 shows the unauthorized placeholder, any other failure the
// subscription-fetch-error one. The product pre-filter follows ?product= in the portal.
import { useEffect, useState } from 'react';
import { useProduct } from '../../api/products.ts';
import { useInvalidateLater } from '../../api/swr.ts';
import { useSubscriptions, type Subscription } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { DEFAULT_PAGE_SIZE, FILTER_SEARCH_MAX_LENGTH, REFETCH_AFTER_UNSUBSCRIBE_MS, SUBSCRIPTION_PAGE_SIZES } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { Link, useNavigator, useRoute } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { FilterDialog, type Named } from './FilterDialog.tsx';
import { ApprovalBadge, OwnerName, StateBadge, UnsubscribeDialog } from './parts.tsx';
import { DEFAULT_SORT, filterCount, NO_FILTERS, subscriptionsQuery, type SubscriptionFilters, type SubscriptionSort } from './query.ts';

export function SubscriptionsTable({ product }: { product?: string }) {
  const { t, fmt } = useMessages('subscriptions');
  const navigator = useNavigator();
  const route = useRoute();
  const invalidateLater = useInvalidateLater();
  const inPortal = route.match?.name === 'subscriptions';
  const [filters, setFilters] = useState<SubscriptionFilters>({ ...NO_FILTERS, productId: product?.trim() || null });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SubscriptionSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [filtering, setFiltering] = useState(false);
  const [leaving, setLeaving] = useState<Subscription | null>(null);
  const [notice, setNotice] = useState('');
  const [picked, setPicked] = useState<Named | null>(null);
  useEffect(() => setPage(1), [filters, search, sort, pageSize]);
  // A new ?product= (or product attribute) is a new pre-filter.
  useEffect(() => setFilters((f) => (f.productId === (product?.trim() || null) ? f : { ...f, productId: product?.trim() || null })), [product]);

  // The pre-filtered product's title, for the filter panel.
  const preProduct = useProduct(filters.productId && picked?.id !== filters.productId ? filters.productId : null);
  const productNamed: Named | null = !filters.productId ? null
    : picked?.id === filters.productId ? picked : { id: filters.productId, title: preProduct.data?.title ?? filters.productId };

  const list = useSubscriptions(subscriptionsQuery({ filters, search, sort, page, pageSize }));
  const open = (s: Subscription) => navigator.navigate(href('subscription', { subscriptionId: s.id }));

  const apply = (f: SubscriptionFilters, p: Named | null) => {
    setPicked(p);
    setFilters(f);
    setFiltering(false);
    // In the portal the product filter lives in the address (shareable, and the back button keeps it).
    if (inPortal && f.productId !== filters.productId) navigator.navigate(href('subscriptions', {}, f.productId ? { product: f.productId } : {}), { replace: true });
  };

  const columns: DataTableColumn<Subscription>[] = [
    { id: 'title', header: t('subscriptions.col.title'), required: true, cell: (s) => (
      <Link to={href('subscription', { subscriptionId: s.id })} data-part="open" onClick={(e) => e.stopPropagation()}
        className={cx('inline-block min-w-[9rem] font-medium text-primary hover:underline', FOCUS_RING)}>{s.title}</Link>
    ) },
    { id: 'product', header: t('subscriptions.col.product'), cell: (s) => s.product.title },
    { id: 'plan', header: t('subscriptions.col.plan'), cell: (s) => (
      <span className="block min-w-[6rem]">{s.plan.title}<span className="block text-xs text-gray-500">{t(s.plan.type === 'paid' ? 'subscriptions.plan.paid' : 'subscriptions.plan.free')}</span></span>
    ) },
    { id: 'state', header: t('subscriptions.col.state'), cell: (s) => (
      <span className="flex flex-col items-start gap-1"><StateBadge state={s.state} /><ApprovalBadge state={s.approval.state} /></span>
    ) },
    { id: 'applications', header: t('subscriptions.col.applications'), align: 'right', cell: (s) => <span data-part="app-count">{fmt.count(s.applications.totalCount)}</span> },
    { id: 'owner', header: t('subscriptions.col.owner'), cell: (s) => <span data-part="owner"><OwnerName owner={s.owner} /></span> },
    { id: 'created', header: t('subscriptions.col.created'), sortKey: 'metadata.createdAt', cell: (s) => <span className="whitespace-nowrap">{fmt.date(s.metadata.createdAt)}</span> },
    { id: 'actions', header: t('subscriptions.col.actions'), label: t('subscriptions.col.actions'), align: 'right', cell: (s) => (s.rights.unsubscribe && s.state === 'active' ? (
      <Button variant="secondary" size="sm" data-action="unsubscribe" aria-label={t('subscriptions.unsubscribe.of', { name: s.title })}
        onClick={(e) => { e.stopPropagation(); setLeaving(s); }}>{t('subscriptions.unsubscribe')}</Button>
    ) : null) },
  ];
  const count = filterCount(filters);
  const toolbar = (
    <>
      <div className="w-full sm:w-72">
        <SearchInput label={t('subscriptions.search.label')} placeholder={t('subscriptions.search.placeholder')} maxLength={FILTER_SEARCH_MAX_LENGTH}
          debounce onChange={setSearch} onSubmit={setSearch} className="w-full" />
      </div>
      <Button variant="secondary" size="sm" onClick={() => setFiltering(true)} data-part="filters">
        {count ? t('subscriptions.filter.buttonCount', { count }) : t('subscriptions.filter.button')}
      </Button>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <span className="whitespace-nowrap">{t('subscriptions.sort.label')}</span>
        <select value={sort} onChange={(e) => setSort(e.target.value as SubscriptionSort)} data-part="sort" className={cx('rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm', FOCUS_RING)}>
          <option value="-metadata.createdAt">{t('subscriptions.sort.newest')}</option>
          <option value="+metadata.createdAt">{t('subscriptions.sort.oldest')}</option>
        </select>
      </label>
      <Button variant="secondary" size="sm" data-part="refresh" busy={list.isValidating && !!list.data} onClick={() => void list.mutate()}>
        {t('subscriptions.refresh')}
      </Button>
    </>
  );
  return (
    <div className="flex flex-col gap-3" data-part="subscriptions-table">
      <p className="sr-only" role="status" aria-live="polite">{notice}</p>
      {list.error ? (
        <AsyncState error={list.error} errorView={<ErrorPlaceholder title={t('subscriptions.error.fetch')} error={list.error} onRetry={() => void list.mutate()} />}>{null}</AsyncState>
      ) : (
        <AsyncState loading={!list.data}>
          <DataTable
            label={t('subscriptions.table.label')}
            tableId="subscriptions"
            columns={columns}
            rows={list.data?.items ?? []}
            rowKey={(s) => s.id}
            sort={{ key: 'metadata.createdAt', direction: sort === '+metadata.createdAt' ? 'asc' : 'desc' }}
            onSortChange={(s) => setSort(s.direction === 'asc' ? '+metadata.createdAt' : '-metadata.createdAt')}
            onRowClick={open}
            toolbar={toolbar}
            empty={<EmptyPlaceholder title={t('subscriptions.empty')} message={count || search.trim() ? t('subscriptions.emptyFiltered') : t('subscriptions.emptyMessage')} />}
            footer={list.data && list.data.totalCount > 0 && (
              <Pagination page={page} pageSize={pageSize} totalCount={list.data.totalCount} pageSizes={SUBSCRIPTION_PAGE_SIZES}
                onPageChange={setPage} onPageSizeChange={setPageSize} className="mt-3" />
            )}
          />
        </AsyncState>
      )}
      {filtering && <FilterDialog value={filters} product={productNamed} onClose={() => setFiltering(false)} onApply={apply} />}
      {leaving && (
        <UnsubscribeDialog subscription={leaving} onCancel={() => setLeaving(null)}
          onDone={() => {
            setNotice(t('subscriptions.unsubscribe.done', { name: leaving.title }));
            setLeaving(null);
            invalidateLater(['subscriptions'], REFETCH_AFTER_UNSUBSCRIBE_MS);
          }} />
      )}
    </div>
  );
}
