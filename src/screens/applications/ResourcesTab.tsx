// The resources an application holds an access request for (GET /applications/{id}/resources):
// search, sort by name, pages; each links to its resource page.
import { useState } from 'react';
import { useApplicationResources, type ApplicationResource } from '../../api/applications.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { DEFAULT_PAGE_SIZE } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { resourceTypeName } from '../../rules/resourceTypes.ts';
import { DataTable, type DataTableColumn, type SortState } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING, type Tone } from '../../ui/tone.ts';

const APPROVAL_TONE: Record<string, Tone> = { approved: 'success', pending: 'warning', rejected: 'danger' };

export function ResourcesTab({ applicationId }: { applicationId: string }) {
  const { t } = useMessages('applications');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ key: 'title', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useApplicationResources(applicationId, {
    assetResourceNameSearch: search || undefined, sort: sort.direction === 'asc' ? '+title' : '-title', page, pageSize,
  });

  const columns: DataTableColumn<ApplicationResource>[] = [
    {
      id: 'title', header: t('applications.resources.col.title'), sortKey: 'title', required: true,
      cell: (r) => (
        <Link to={href('product.resource', { productId: r.productId, versionId: r.versionId, resourceId: r.id, tab: 'methods' })} className={cx('rounded font-medium text-primary no-underline hover:underline', FOCUS_RING)}>
          {r.title}
        </Link>
      ),
    },
    { id: 'product', header: t('applications.resources.col.product'), cell: (r) => r.product.title },
    { id: 'version', header: t('applications.resources.col.version'), cell: (r) => r.version },
    { id: 'type', header: t('applications.resources.col.type'), cell: (r) => resourceTypeName(r.type) },
    { id: 'stage', header: t('applications.resources.col.stage'), cell: (r) => r.stage?.title ?? '—' },
    {
      id: 'approval', header: t('applications.resources.col.approval'),
      cell: (r) => <Status tone={APPROVAL_TONE[r.accessRequest.approvalState] ?? 'neutral'}>{t(`applications.approval.${r.accessRequest.approvalState === 'rejected' ? 'declined' : r.accessRequest.approvalState === 'approved' ? 'approved' : 'pending'}`)}</Status>,
    },
    { id: 'subscription', header: t('applications.resources.col.subscription'), cell: (r) => r.subscription.title },
    { id: 'credentials', header: t('applications.resources.col.credentials'), align: 'right', cell: (r) => r.credentials.totalCount },
  ];

  return (
    <section aria-label={t('applications.tab.resources')}>
      <AsyncState loading={!list.data && list.isLoading} error={list.data ? undefined : list.error}>
        <DataTable
          columns={columns} rows={list.data?.items ?? []} rowKey={(r) => r.id} label={t('applications.tab.resources')}
          tableId="application-resources"
          sort={sort} onSortChange={(next) => { setSort(next); setPage(1); }}
          toolbar={<SearchInput value={search} debounce onChange={(v) => { setSearch(v.trim()); setPage(1); }} onSubmit={(v) => { setSearch(v.trim()); setPage(1); }} label={t('applications.resources.search')} placeholder={t('applications.resources.search')} />}
          empty={<EmptyPlaceholder title={search ? t('applications.resources.noMatch') : t('applications.resources.empty')} message={search ? undefined : t('applications.resources.emptyHint')} />}
          footer={<Pagination page={page} pageSize={pageSize} totalCount={list.data?.totalCount ?? 0} onPageChange={setPage} onPageSizeChange={(n) => { setPageSize(n); setPage(1); }} showGoTo />}
        />
      </AsyncState>
    </section>
  );
}
