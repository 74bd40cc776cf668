// Access requests list (spec 2 §2): globally (/registrations: search "name or subscription
// name", filters approval state, product, subscription, application; sort by name; 100 a page;
// the URL's product, subscription and application.id pre-filter and leave the URL once read) and
// on a resource's tab (state and application filters, search; no product and resource columns).
// A row opens the detail side panel (in the route globally, in place on a resource).
import { useEffect, useState } from 'react';
import { useAccessRequests, type AccessRequest } from '../../api/accessRequests.ts';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { useInvalidate, useInvalidateLater } from '../../api/swr.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { ACCESS_REQUESTS_PAGE_SIZE, FILTER_SEARCH_MAX_LENGTH, REFETCH_AFTER_ACCESS_REQUEST_DELETE_MS } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { useNavigator, useRoute } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PagedSelect, type PageRequest } from '../../ui/PagedSelect.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { AccessRequestDetail } from './AccessRequestDetail.tsx';
import { ApprovalBadge } from './parts.tsx';
import { accessFilterCount, accessRequestsQuery, APPROVAL_FILTERS, NO_ACCESS_FILTERS, readPrefilters, type AccessRequestFilters } from './query.ts';

export interface AccessRequestsTableProps {
  /** On a resource's tab. */
  resourceId?: string;
  /** Opens the detail side panel (global list). */
  registrationId?: string;
}

interface Named { id: string; title: string }
type Picked = { product: Named | null; subscription: Named | null; application: Named | null };

export function AccessRequestsTable({ resourceId, registrationId }: AccessRequestsTableProps) {
  const { t, fmt } = useMessages('registrations');
  const navigator = useNavigator();
  const route = useRoute();
  const invalidate = useInvalidate();
  const invalidateLater = useInvalidateLater();
  const global = !resourceId;
  // A provider reads the requests of many consumer organisations: which one asks is a column.
  const provider = !!useSession().data?.provider_guid;
  const [filters, setFilters] = useState<AccessRequestFilters>(() => {
    const pre = global ? readPrefilters(route.query.toString()) : null;
    return pre ? { ...NO_ACCESS_FILTERS, ...pre.filters } : NO_ACCESS_FILTERS;
  });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'+name' | '-name'>('+name');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ACCESS_REQUESTS_PAGE_SIZE);
  const [filtering, setFiltering] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => setPage(1), [filters, search, sort, pageSize]);

  // The pre-filters are read once; then they leave the address bar (spec 2 §2).
  useEffect(() => {
    if (!global || !route.match) return;
    const pre = readPrefilters(route.query.toString());
    if (pre) navigator.navigate(route.match.path + (pre.rest ? `?${pre.rest}` : '') + (route.fragment ? `#${route.fragment}` : ''), { replace: true });
  }, [global, route.match, route.query, route.fragment, navigator]);

  const list = useAccessRequests(accessRequestsQuery({ filters, search, sort, page, pageSize }, resourceId));
  // Names of pre-filtered ids, from the rows once they are there.
  useEffect(() => {
    const found: Record<string, string> = {};
    for (const r of list.data?.items ?? []) {
      found[r.product.id] = r.product.title;
      found[r.subscription.id] = r.subscription.title;
      found[r.application.id] = r.application.title;
    }
    setNames((n) => ({ ...found, ...n }));
  }, [list.data]);

  const detailId = global ? registrationId ?? null : local;
  const open = (r: AccessRequest) => (global ? navigator.navigate(href('registration', { registrationId: r.id })) : setLocal(r.id));
  const close = () => (global ? navigator.navigate(href('registrations')) : setLocal(null));

  const columns: DataTableColumn<AccessRequest>[] = [
    { id: 'title', header: t('registrations.col.title'), required: true, sortKey: 'name', cell: (r) => (
      <button type="button" onClick={(e) => { e.stopPropagation(); open(r); }} data-part="open" className={cx('text-left font-medium text-primary hover:underline', FOCUS_RING)}>{r.title}</button>
    ) },
    ...(provider ? [{ id: 'organisation', header: t('registrations.col.organisation'), cell: (r: AccessRequest) => r.organisation.name }] : []),
    { id: 'state', header: t('registrations.col.state'), cell: (r) => <ApprovalBadge state={r.approval.state} /> },
    { id: 'updated', header: t('registrations.col.updated'), cell: (r) => <span className="whitespace-nowrap">{fmt.date(r.metadata.modifiedAt)}</span> },
    { id: 'subscription', header: t('registrations.col.subscription'), cell: (r) => r.subscription.title },
    { id: 'application', header: t('registrations.col.application'), cell: (r) => r.application.title },
    ...(global ? [
      { id: 'product', header: t('registrations.col.product'), cell: (r: AccessRequest) => r.product.title },
      { id: 'resource', header: t('registrations.col.resource'), cell: (r: AccessRequest) => r.assetResource.title },
    ] : []),
  ];
  const count = accessFilterCount(filters);
  const toolbar = (
    <>
      <div className="w-full sm:w-72">
      <SearchInput label={t('registrations.search.label')} placeholder={t('registrations.search.placeholder')} maxLength={FILTER_SEARCH_MAX_LENGTH}
        debounce onChange={setSearch} onSubmit={setSearch} className="w-full" />
      </div>
      <Button variant="secondary" size="sm" onClick={() => setFiltering(true)} data-part="filters">
        {count ? t('registrations.filter.buttonCount', { count }) : t('registrations.filter.button')}
      </Button>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <span className="whitespace-nowrap">{t('registrations.sort.label')}</span>
        <select value={sort} onChange={(e) => setSort(e.target.value as '+name' | '-name')} data-part="sort" className={cx('rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm', FOCUS_RING)}>
          <option value="+name">{t('registrations.sort.nameAsc')}</option>
          <option value="-name">{t('registrations.sort.nameDesc')}</option>
        </select>
      </label>
    </>
  );
  return (
    <div className="flex flex-col gap-3" data-part="access-requests-table" data-level={global ? 'global' : 'resource'}>
      {list.error ? (
        <AsyncState error={list.error} errorView={<ErrorPlaceholder title={t('registrations.error.fetch')} error={list.error} onRetry={() => void list.mutate()} />}>{null}</AsyncState>
      ) : (
        <AsyncState loading={!list.data}>
          <DataTable
            label={t('registrations.table.label')}
            tableId={global ? 'registrations' : 'registrations.resource'}
            columns={columns}
            rows={list.data?.items ?? []}
            rowKey={(r) => r.id}
            sort={{ key: 'name', direction: sort === '+name' ? 'asc' : 'desc' }}
            onSortChange={(s) => setSort(s.direction === 'asc' ? '+name' : '-name')}
            onRowClick={open}
            toolbar={toolbar}
            empty={<EmptyPlaceholder title={t('registrations.empty')} message={count || search ? t('registrations.emptyFiltered') : t('registrations.emptyMessage')} />}
            footer={list.data && list.data.totalCount > 0 && (
              <Pagination page={page} pageSize={pageSize} totalCount={list.data.totalCount} onPageChange={setPage} onPageSizeChange={setPageSize} className="mt-3" />
            )}
          />
        </AsyncState>
      )}
      {filtering && (
        <FilterDialog global={global} value={filters} names={names} onClose={() => setFiltering(false)}
          onApply={(f, picked) => {
            setNames((n) => ({ ...n, ...Object.fromEntries(Object.values(picked).filter((x): x is Named => !!x).map((x) => [x.id, x.title])) }));
            setFilters(f);
            setFiltering(false);
          }} />
      )}
      {detailId && (
        <AccessRequestDetail accessRequestId={detailId} onClose={close}
          onChanged={(what) => {
            if (what === 'deleted') invalidateLater(['accessRequests'], REFETCH_AFTER_ACCESS_REQUEST_DELETE_MS);
            else void invalidate(['accessRequests', 'list']);
          }} />
      )}
    </div>
  );
}

function FilterDialog({ global, value, names, onApply, onClose }: {
  global: boolean; value: AccessRequestFilters; names: Record<string, string>;
  onApply: (f: AccessRequestFilters, picked: Picked) => void; onClose: () => void;
}) {
  const { t } = useMessages('registrations');
  const api = useApi();
  const named = (id: string | undefined) => (id ? { id, title: names[id] ?? id } : null);
  const [states, setStates] = useState(value.states);
  const [picked, setPicked] = useState<Picked>({
    product: named(value.productIds[0]), subscription: named(value.subscriptionIds[0]), application: named(value.applicationIds[0]),
  });
  const loader = (path: string, query: (r: PageRequest) => Record<string, string | number | undefined>) => (r: PageRequest) =>
    api.list<Named>(path, { signal: r.signal, query: query(r) });
  const select = (key: keyof Picked, label: MessageKey, load: (r: PageRequest) => Promise<{ items: Named[]; totalCount: number }>) => (
    <PagedSelect<Named> label={t(label)} value={picked[key]} onChange={(v) => setPicked({ ...picked, [key]: v })} clearable
      placeholder={t('registrations.filter.any')} getKey={(x) => x.id} getLabel={(x) => x.title} loadPage={load} />
  );
  return (
    <Dialog open title={t('registrations.filter.title')} onClose={onClose}
      footer={(
        <>
          <Button variant="secondary" onClick={() => { setStates([]); setPicked({ product: null, subscription: null, application: null }); }}>{t('registrations.filter.clear')}</Button>
          <Button variant="primary" format="solid" data-part="apply-filters" onClick={() => onApply({
            states,
            productIds: picked.product ? [picked.product.id] : [],
            subscriptionIds: picked.subscription ? [picked.subscription.id] : [],
            applicationIds: picked.application ? [picked.application.id] : [],
          }, picked)}>{t('registrations.filter.apply')}</Button>
        </>
      )}
    >
      <div className="flex flex-col gap-4" data-part="access-request-filters">
        <fieldset className="m-0 border-0 p-0">
          <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('registrations.filter.state')}</legend>
          {APPROVAL_FILTERS.map((s) => (
            <label key={s} className="flex items-center gap-2 py-0.5 text-sm text-gray-800">
              <input type="checkbox" className="h-4 w-4 accent-primary" data-filter={`state-${s}`} checked={states.includes(s)}
                onChange={() => setStates(states.includes(s) ? states.filter((x) => x !== s) : [...states, s])} />
              {t(`registrations.state.${s}`)}
            </label>
          ))}
        </fieldset>
        {global && select('product', 'registrations.filter.product', loader('/products', (r) => ({ offset: (r.page - 1) * r.pageSize, limit: r.pageSize, 'title.search': r.search || undefined, fields: 'id,title' })))}
        {global && select('subscription', 'registrations.filter.subscription', loader('/subscriptions', (r) => ({ page: r.page, pageSize: r.pageSize, search: r.search || undefined })))}
        {select('application', 'registrations.filter.application', loader('/applications', (r) => ({ page: r.page, pageSize: r.pageSize, searchText: r.search || undefined, fields: 'id,title', sort: '+title' })))}
      </div>
    </Dialog>
  );
}
