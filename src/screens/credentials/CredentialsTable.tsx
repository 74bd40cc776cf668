// The credentials table at global (/credentials), application and resource level (spec 2 §2):
// name, state, type, resources count, application, owning team, expires and the actions menu;
// column customiser; search, filter panel, sort and pagination; the detail side panel
// (credentialId), the create panel (create, application level) and every confirm dialog.
import { useEffect, useMemo, useState } from 'react';
import { useCredentials, type Credential } from '../../api/credentials.ts';
import { useInvalidate, useInvalidateLater } from '../../api/swr.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import {
  CREDENTIALS_APPLICATION_PAGE_SIZE, CREDENTIALS_RESOURCE_PAGE_SIZE, DEFAULT_PAGE_SIZE, FILTER_SEARCH_MAX_LENGTH,
  NEW_CREDENTIAL_DELAY_MS, REFETCH_AFTER_CREDENTIAL_MS,
} from '../../rules/constants.ts';
import type { CredentialAction } from '../../rules/credentials.ts';
import { href } from '../../rules/routes.ts';
import { Link, useNavigator, useRoute } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataTableColumn, type SortState } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { CredentialCreate, useApprovedResources } from './CredentialCreate.tsx';
import { CredentialDetail } from './CredentialDetail.tsx';
import { ActionDialog, SecretDialog } from './Dialogs.tsx';
import { FilterDialog } from './FilterDialog.tsx';
import { ActionsMenu, CredentialStateBadge, ErrorBanner, ExpiresCell, ownerName } from './parts.tsx';
import { credentialsQuery, DEFAULT_CREDENTIAL_SORT, factsOf, filterCount, NO_FILTERS, type CredentialFilters, type CredentialSort } from './query.ts';
import { canViewSecret } from '../../rules/credentials.ts';

export interface CredentialsTableProps {
  applicationId?: string;
  resourceId?: string;
  productId?: string;
  versionId?: string;
  /** Opens the detail side panel. */
  credentialId?: string;
  /** Opens the create panel (application level). */
  create?: boolean;
}

const SORTS: Array<[CredentialSort, MessageKey]> = [
  ['+title', 'credentials.sort.titleAsc'],
  ['-title', 'credentials.sort.titleDesc'],
  ['+provisioning.policies.expiry.time', 'credentials.sort.expiryAsc'],
  ['-provisioning.policies.expiry.time', 'credentials.sort.expiryDesc'],
];

type Pending = { credential: Credential; action: CredentialAction | 'viewSecret' };

export function CredentialsTable({ applicationId, resourceId, productId, versionId, credentialId, create }: CredentialsTableProps) {
  const { t } = useMessages('credentials');
  const navigator = useNavigator();
  const route = useRoute();
  const invalidate = useInvalidate();
  const level = applicationId ? 'application' : resourceId ? 'resource' : 'global';
  const initialPageSize = level === 'resource' ? CREDENTIALS_RESOURCE_PAGE_SIZE : level === 'application' ? CREDENTIALS_APPLICATION_PAGE_SIZE : DEFAULT_PAGE_SIZE;
  // ?id= (the "view credential" link) and, on a resource, ?application= pre-filter the list.
  const ids = useMemo(() => route.query.getAll('id').filter(Boolean), [route.query]);
  const preApp = level === 'resource' ? route.query.get('application') : null;
  const [filters, setFilters] = useState<CredentialFilters>(() => (preApp ? { ...NO_FILTERS, applicationIds: [preApp] } : NO_FILTERS));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CredentialSort>(DEFAULT_CREDENTIAL_SORT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [filtering, setFiltering] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [localDetail, setLocalDetail] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // One "now" per minute keeps the expiry query (and its cache key) steady between renders.
  const [now] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000));
  useEffect(() => setPage(1), [filters, search, sort, pageSize]);

  const query = credentialsQuery({ applicationId, resourceId, productId, versionId }, { filters, search, sort, page, pageSize, ids }, now);
  const list = useCredentials(query);
  const approved = useApprovedResources(level === 'application' ? applicationId! : null);

  const invalidateLater = useInvalidateLater();
  const refetchSoon = (ms: number) => invalidateLater(['credentials'], ms);

  // The detail panel lives in the route at global and application level, in the table on a resource.
  const detailId = level === 'resource' ? localDetail : credentialId ?? null;
  const openDetail = (c: Credential) => {
    if (level === 'resource') setLocalDetail(c.id);
    else navigator.navigate(level === 'application' ? href('application.credential', { applicationId: applicationId!, credentialId: c.id }) : href('credential', { credentialId: c.id }));
  };
  const listHref = level === 'application' ? href('application.credentials', { applicationId: applicationId! }) : href('credentials');
  // The create panel has its route in the portal; alone on a page (<agora-credentials
  // application-id>) it opens in place, as the applications grid's does, instead of leaving the page.
  const [creatingHere, setCreatingHere] = useState(false);
  const openCreate = () => (navigator.inPortal ? navigator.navigate(href('application.credentialCreate', { applicationId: applicationId! })) : setCreatingHere(true));
  const closeCreate = () => (navigator.inPortal ? navigator.navigate(listHref) : setCreatingHere(false));
  const closePanel = () => {
    if (level === 'resource') setLocalDetail(null);
    else navigator.navigate(listHref + (ids.length ? `?${ids.map((i) => `id=${encodeURIComponent(i)}`).join('&')}` : ''));
  };

  const onAction = (c: Credential, action: CredentialAction | 'view' | 'viewSecret') => {
    if (action === 'view') openDetail(c);
    else setPending({ credential: c, action });
  };
  const onDone = (action: CredentialAction) => {
    const c = pending!.credential;
    setPending(null);
    setNotice(t(`credentials.done.${action}` as MessageKey));
    void invalidate(['credentials', c.id]);
    refetchSoon(REFETCH_AFTER_CREDENTIAL_MS);
    if (action === 'delete' && detailId === c.id) closePanel();
  };

  const columns: DataTableColumn<Credential>[] = [
    { id: 'name', header: t('credentials.col.name'), required: true, sortKey: 'title', cell: (c) => (
      <div className="min-w-0">
        <button type="button" onClick={(e) => { e.stopPropagation(); openDetail(c); }} data-part="open" className={cx('text-left font-medium text-primary hover:underline', FOCUS_RING)}>{c.title}</button>
        <ErrorBanner credential={c} />
      </div>
    ) },
    { id: 'state', header: t('credentials.col.state'), cell: (c) => <CredentialStateBadge credential={c} /> },
    { id: 'type', header: t('credentials.col.type'), cell: (c) => t(`credentials.type.${c.crdType}` as MessageKey) },
    { id: 'resources', header: t('credentials.col.resources'), align: 'right', cell: (c) => c.resources.totalCount },
    ...(level === 'application' ? [] : [{ id: 'application', header: t('credentials.col.application'), cell: (c: Credential) => (
      <Link to={href('application.credentials', { applicationId: c.application.id })} onClick={(e) => e.stopPropagation()} className="text-gray-800 hover:underline">{c.application.title}</Link>
    ) }]),
    { id: 'owner', header: t('credentials.col.owner'), cell: (c) => ownerName(t, c.owner) },
    { id: 'expires', header: t('credentials.col.expires'), sortKey: 'provisioning.policies.expiry.time', cell: (c) => <ExpiresCell credential={c} now={now} /> },
    { id: 'actions', header: t('credentials.col.actions'), required: true, align: 'right', width: '3.5rem', cell: (c) => (
      <ActionsMenu credential={c} now={new Date()} onAction={(a) => onAction(c, a)} withView withSecret canViewSecret={canViewSecret(factsOf(c), new Date())} />
    ) },
  ];
  const sortState: SortState = { key: sort.slice(1), direction: sort.startsWith('+') ? 'asc' : 'desc' };
  const createDisabled = level === 'application' && approved.data?.length === 0;
  const filtered = filterCount(filters) > 0 || search.trim() !== '' || ids.length > 0;

  const toolbar = (
    <>
      <div className="w-full sm:w-72">
      <SearchInput
        label={t('credentials.search.label')}
        placeholder={t('credentials.search.placeholder')}
        maxLength={FILTER_SEARCH_MAX_LENGTH}
        debounce
        onChange={setSearch}
        onSubmit={setSearch}
        className="w-full"
      />
      </div>
      <Button variant="secondary" size="sm" onClick={() => setFiltering(true)} data-part="filters">
        {filterCount(filters) ? t('credentials.filter.buttonCount', { count: filterCount(filters) }) : t('credentials.filter.button')}
      </Button>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <span className="whitespace-nowrap">{t('credentials.sort.label')}</span>
        <select value={sort} onChange={(e) => setSort(e.target.value as CredentialSort)} data-part="sort" className={cx('rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm', FOCUS_RING)}>
          {SORTS.map(([value, key]) => <option key={value} value={value}>{t(key)}</option>)}
        </select>
      </label>
      {level === 'application' && (
        <span title={createDisabled ? t('credentials.create.noResources') : undefined}>
          <Button variant="primary" format="solid" size="sm" disabled={createDisabled} data-part="create"
            onClick={openCreate}>
            {t('credentials.create')}
          </Button>
        </span>
      )}
    </>
  );

  return (
    <div className="flex flex-col gap-3" data-part="credentials-table" data-level={level}>
      <p className="sr-only" role="status" aria-live="polite">{notice}</p>
      {list.error ? (
        <AsyncState error={list.error} errorView={<ErrorPlaceholder title={t('credentials.error.fetch')} error={list.error} onRetry={() => void list.mutate()} />}>{null}</AsyncState>
      ) : (
        <AsyncState loading={!list.data}>
          <DataTable
            label={t('credentials.table.label')}
            tableId={`credentials.${level}`}
            columns={columns}
            rows={list.data?.items ?? []}
            rowKey={(c) => c.id}
            sort={sortState}
            onSortChange={(s) => setSort(`${s.direction === 'asc' ? '+' : '-'}${s.key}` as CredentialSort)}
            onRowClick={openDetail}
            toolbar={toolbar}
            empty={<EmptyPlaceholder title={t('credentials.empty')} message={filtered ? t('credentials.emptyFiltered') : t('credentials.emptyMessage')} />}
            footer={list.data && list.data.totalCount > 0 && (
              <Pagination page={page} pageSize={pageSize} totalCount={list.data.totalCount} onPageChange={setPage} onPageSizeChange={setPageSize} className="mt-3" />
            )}
          />
        </AsyncState>
      )}
      {filtering && (
        <FilterDialog value={filters} withApplication={level !== 'application'} onClose={() => setFiltering(false)}
          onApply={(f) => { setFilters(f); setFiltering(false); }} />
      )}
      {detailId && (
        <CredentialDetail credentialId={detailId} resourcesExpanded={route.fragment === 'resources-expanded'} onClose={closePanel}
          onAction={(c, a) => setPending({ credential: c, action: a })} />
      )}
      {(create || creatingHere) && level === 'application' && (
        <CredentialCreate
          applicationId={applicationId!}
          onClose={closeCreate}
          onCreated={() => refetchSoon(NEW_CREDENTIAL_DELAY_MS)}
          onView={(id) => navigator.navigate(href('application.credential', { applicationId: applicationId!, credentialId: id }))}
        />
      )}
      {pending?.action === 'viewSecret' && <SecretDialog credential={pending.credential} onClose={() => setPending(null)} />}
      {pending && pending.action !== 'viewSecret' && (
        <ActionDialog credential={pending.credential} action={pending.action} onClose={() => setPending(null)} onDone={onDone} />
      )}
    </div>
  );
}
