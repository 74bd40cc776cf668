// Application profiles (spec 2 §2 "Application profiles"): 10 per page with search and sort; a
// profile opens in a side panel (/applications/{id}/profiles/{profileId}, ?readOnly=true for
// reading only). Delete is disabled, with a tooltip, while access requests use the profile.
import { useState } from 'react';
import { deleteProfile, useProfiles, type ApplicationProfile, type ProfilesQuery } from '../../api/applications.ts';
import { useApi } from '../../api/context.ts';
import { useInvalidateLater } from '../../api/swr.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link, useNavigator, useRoute } from '../../router/context.tsx';
import { PROFILES_PAGE_SIZE, REFETCH_AFTER_APPLICATION_MS } from '../../rules/constants.ts';
import { formatDate } from '../../rules/format.ts';
import { href } from '../../rules/routes.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPanel } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { Status } from '../../ui/Status.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { ProfilePanel } from './ProfilePanel.tsx';

const SORTS: Array<NonNullable<ProfilesQuery['sort']>> = ['+title', '-title', '-metadata.modifiedAt'];
const SORT_KEY = { '+title': 'applications.sort.name', '-title': 'applications.sort.nameDesc', '-metadata.modifiedAt': 'applications.sort.modified' } as const;

export function ProfilesTab({ applicationId, profileId }: { applicationId: string; profileId?: string }) {
  const { t } = useMessages('applications');
  const api = useApi();
  const navigator = useNavigator();
  const route = useRoute();
  const invalidateLater = useInvalidateLater();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<NonNullable<ProfilesQuery['sort']>>('+title');
  const [page, setPage] = useState(1);
  const list = useProfiles(applicationId, { search: search || undefined, sort, page, pageSize: PROFILES_PAGE_SIZE });
  const [removing, setRemoving] = useState<ApplicationProfile | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const open = (profile: ApplicationProfile, readOnly: boolean) =>
    navigator.navigate(href('application.profile', { applicationId, profileId: profile.id }, readOnly ? { readOnly: 'true' } : undefined));

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    setFailure(null);
    try {
      await deleteProfile(api, applicationId, removing.id);
      invalidateLater(['applications', applicationId], REFETCH_AFTER_APPLICATION_MS);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  const columns: DataTableColumn<ApplicationProfile>[] = [
    {
      id: 'title', header: t('applications.profiles.col.title'), required: true,
      cell: (p) => (
        <Link to={href('application.profile', { applicationId, profileId: p.id }, { readOnly: 'true' })} className={cx('rounded font-medium text-primary no-underline hover:underline', FOCUS_RING)}>
          {p.title}
        </Link>
      ),
    },
    { id: 'definition', header: t('applications.profiles.col.definition'), cell: (p) => p.definition.title },
    {
      id: 'status', header: t('applications.profiles.col.status'),
      cell: (p) => p.state === 'deleting'
        ? <Status tone="danger">{t('applications.profiles.status.deleting')}</Status>
        : <Status tone={p.provisioning.status === 'pending' ? 'warning' : p.provisioning.status === 'error' ? 'danger' : 'success'}>{t(`applications.profiles.status.${p.provisioning.status}`)}</Status>,
    },
    { id: 'modified', header: t('applications.profiles.col.modified'), cell: (p) => formatDate(p.metadata.modifiedAt) },
    {
      id: 'actions', header: <span className="sr-only">{t('applications.profiles.col.actions')}</span>, label: t('applications.profiles.col.actions'), align: 'right',
      cell: (p) => {
        const used = p.accessRequests.totalCount > 0;
        const del = (
          <Button variant="ghost" size="sm" disabled={used || p.state === 'deleting'} onClick={() => setRemoving(p)} aria-label={t('applications.profiles.delete', { title: p.title })}>
            {t('applications.action.delete')}
          </Button>
        );
        return (
          <span className="inline-flex items-center gap-1">
            <Button variant="ghost" size="sm" onClick={() => open(p, false)} disabled={p.state === 'deleting'} aria-label={t('applications.profiles.edit', { title: p.title })}>
              {t('applications.action.edit')}
            </Button>
            {used ? <Tooltip content={t('applications.profiles.inUse', { count: p.accessRequests.totalCount })} focusableWrapper>{del}</Tooltip> : del}
          </span>
        );
      },
    },
  ];

  return (
    <section aria-label={t('applications.tab.profiles')}>
      {failure !== null && <Alert tone="danger" className="mb-3" dismissible onDismiss={() => setFailure(null)}><ErrorPanel error={failure} /></Alert>}
      <AsyncState loading={!list.data && list.isLoading} error={list.data ? undefined : list.error}>
        <DataTable
          columns={columns} rows={list.data?.items ?? []} rowKey={(p) => p.id} label={t('applications.tab.profiles')}
          toolbar={
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <SearchInput value={search} debounce onChange={(v) => { setSearch(v.trim()); setPage(1); }} onSubmit={(v) => { setSearch(v.trim()); setPage(1); }} label={t('applications.profiles.search')} placeholder={t('applications.profiles.search')} />
              <label className="flex items-center gap-2 text-sm text-gray-600">
                <span className="whitespace-nowrap">{t('applications.sort.label')}</span>
                <select value={sort} onChange={(e) => { setSort(e.target.value as typeof sort); setPage(1); }} className={cx('h-10 rounded-md border border-gray-300 bg-white pl-3 pr-8 text-sm', FOCUS_RING)}>
                  {SORTS.map((s) => <option key={s} value={s}>{t(SORT_KEY[s])}</option>)}
                </select>
              </label>
            </div>
          }
          empty={<EmptyPlaceholder title={t('applications.profiles.empty')} />}
          footer={<Pagination page={page} pageSize={PROFILES_PAGE_SIZE} totalCount={list.data?.totalCount ?? 0} onPageChange={setPage} />}
        />
      </AsyncState>
      <ProfilePanel
        applicationId={applicationId}
        profileId={profileId ?? null}
        readOnly={route.query.get('readOnly') === 'true'}
        onClose={() => navigator.navigate(href('application.profiles', { applicationId }))}
      />
      <ConfirmDialog
        open={removing !== null} tone="danger" busy={busy}
        title={t('applications.profiles.deleteTitle')}
        message={removing ? t('applications.profiles.deleteConfirm', { title: removing.title }) : ''}
        confirmLabel={t('applications.action.delete')}
        onConfirm={() => void remove()} onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
