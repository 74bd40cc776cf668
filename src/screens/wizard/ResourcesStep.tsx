// Step 2 (spec 2 §2): the subscribed product version's resources in two tabs, available and
// selected, each with its count; search, a table with checkbox, name, group (only when the
// product groups resources), version, type and stage, select-all for the page. Resources the
// application already holds an access request for are disabled with a tooltip.
import { useMemo, useState } from 'react';
import { useSubscriptionResources, type SubscriptionResource } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../rules/constants.ts';
import { resourceTypeName } from '../../rules/resourceTypes.ts';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

export interface ResourcesStepProps {
  subscriptionId: string;
  applicationId: string;
  grouped: boolean;
  selected: Record<string, SubscriptionResource>;
  onSelected: (next: Record<string, SubscriptionResource>) => void;
}

type Tab = 'available' | 'selected';

const byTitle = (a: SubscriptionResource, b: SubscriptionResource) => a.title.localeCompare(b.title);

export function ResourcesStep({ subscriptionId, applicationId, grouped, selected, onSelected }: ResourcesStepProps) {
  const { t } = useMessages('wizard');
  const [tab, setTab] = useState<Tab>('available');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = { applicationId, page, pageSize, ...(search ? { searchTerm: search } : {}) };
  const available = useSubscriptionResources(subscriptionId, query);
  // The available count is the whole list's, not the search's: ask once without a term.
  const all = useSubscriptionResources(subscriptionId, { applicationId, page: 1, pageSize: 1 });

  const selectedList = useMemo(() => Object.values(selected).sort(byTitle), [selected]);
  const selectedShown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? selectedList.filter((r) => `${r.title} ${r.group ?? ''}`.toLowerCase().includes(term)) : selectedList;
  }, [selectedList, search]);

  const rows = tab === 'available' ? available.data?.items ?? [] : selectedShown.slice((page - 1) * pageSize, page * pageSize);
  const total = tab === 'available' ? available.data?.totalCount ?? 0 : selectedShown.length;
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);

  const columns: DataTableColumn<SubscriptionResource>[] = [
    { id: 'name', header: t('wizard.resources.name'), required: true, cell: (r) => <span className="font-medium text-gray-900">{r.title}</span> },
    ...(grouped ? [{ id: 'group', header: t('wizard.resources.group'), cell: (r: SubscriptionResource) => r.group ?? '—' }] : []),
    { id: 'version', header: t('wizard.resources.version'), cell: (r) => r.version },
    { id: 'type', header: t('wizard.resources.type'), cell: (r) => resourceTypeName(r.type) },
    { id: 'stage', header: t('wizard.resources.stage'), cell: (r) => r.stage?.title ?? '—' },
  ];

  const change = (keys: Set<string>) => {
    const next = { ...selected };
    for (const id of Object.keys(next)) if (!keys.has(id) && (tab === 'selected' || byId.has(id))) delete next[id];
    for (const id of keys) {
      const row = byId.get(id);
      if (row && !next[id]) next[id] = row;
    }
    onSelected(next);
  };

  const moveTo = (next: Tab) => {
    setTab(next);
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-4" data-part="resources-step">
      <Tabs
        label={t('wizard.resources.tabs')}
        selected={tab}
        onSelect={(id) => moveTo(id as Tab)}
        tabs={[
          { id: 'available', label: t('wizard.resources.available'), count: all.data?.totalCount ?? available.data?.totalCount },
          { id: 'selected', label: t('wizard.resources.selected'), count: selectedList.length },
        ]}
      />
      {tab === 'available' && available.error ? (
        <ErrorPlaceholder error={available.error} title={t('wizard.resources.fetchError')} onRetry={() => void available.mutate()} />
      ) : tab === 'available' && !available.data ? (
        <LoadingPlaceholder />
      ) : (
        <DataTable
          label={tab === 'available' ? t('wizard.resources.available') : t('wizard.resources.selected')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          toolbar={(
            <SearchInput
              value={search}
              debounce
              onChange={(value) => { setSearch(value); setPage(1); }}
              label={t('wizard.resources.search')}
              placeholder={t('wizard.resources.search')}
              className="w-full max-w-xs"
            />
          )}
          selection={{
            selected: new Set(Object.keys(selected)),
            onChange: change,
            isSelectable: (id) => !byId.get(id)?.registered,
            disabledReason: (id) => (byId.get(id)?.registered ? t('wizard.resources.registered') : null),
          }}
          empty={(
            <EmptyPlaceholder
              title={tab === 'selected' ? t('wizard.resources.noneSelected') : search ? t('wizard.resources.noMatch') : t('wizard.resources.none')}
            />
          )}
          footer={total > 0 && (
            <Pagination page={page} pageSize={pageSize} totalCount={total} onPageChange={setPage}
              onPageSizeChange={(size) => { setPageSize(size); setPage(1); }} pageSizes={PAGE_SIZE_OPTIONS} />
          )}
        />
      )}
    </div>
  );
}
