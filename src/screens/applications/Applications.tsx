// Applications (/applications and <agora-applications>, spec 2 §2): a grid of tiles with search,
// state and owner filters, the four sorts, pages with sizes and go-to-page, the create button and
// the create/edit side panel, and each tile's archive and delete with a confirmation. The list is
// asked again REFETCH_AFTER_APPLICATION_MS after a change (the server finishes deletes in a job).
import { useMemo, useState } from 'react';
import {
  archiveApplication, deleteApplication, useApplicationOwners, useApplications, type Application, type ApplicationsQuery,
} from '../../api/applications.ts';
import { useApi } from '../../api/context.ts';
import { useInvalidateLater } from '../../api/swr.ts';
import { useMessages } from '../../i18n/intl.ts';
import { APPLICATION_LIST_SORTS, type ApplicationListSort, type ApplicationState } from '../../rules/applications.ts';
import { APPLICATIONS_PAGE_SIZE, REFETCH_AFTER_APPLICATION_MS } from '../../rules/constants.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPanel } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { useUrlQuery } from '../catalogue/useUrlQuery.ts';
import { ApplicationPanel } from './ApplicationPanel.tsx';
import { ApplicationTile, type TileAction } from './ApplicationTile.tsx';

export interface ApplicationsProps {
  /** Applications per page (default 10); the URL's `size` wins. */
  pageSize?: number;
  /** Stand-alone: keep search, filters, sort and page in the page's query string. */
  urlState?: boolean;
}

const NAMES = ['search', 'state', 'owner', 'sort', 'page', 'size'] as const;
const STATES: ApplicationState[] = ['active', 'archived', 'archiving', 'deleting'];
const SORT_KEY = {
  '-metadata.modifiedAt': 'applications.sort.modified',
  '-metadata.createdAt': 'applications.sort.created',
  '+title': 'applications.sort.name',
  '-title': 'applications.sort.nameDesc',
} as const;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
};

export default function Applications({ pageSize, urlState }: ApplicationsProps) {
  const { t } = useMessages('applications');
  const api = useApi();
  const invalidateLater = useInvalidateLater();
  const url = useUrlQuery(NAMES, urlState);
  const q = url.query;
  const search = q.get('search') ?? '';
  const states = q.getAll('state').filter((s): s is ApplicationState => (STATES as string[]).includes(s));
  const ownerIds = q.getAll('owner');
  const sort = (APPLICATION_LIST_SORTS as readonly string[]).includes(q.get('sort') ?? '') ? (q.get('sort') as ApplicationListSort) : APPLICATION_LIST_SORTS[0];
  const page = positive(q.get('page')) ?? 1;
  const size = positive(q.get('size')) ?? pageSize ?? APPLICATIONS_PAGE_SIZE;

  const set = (changes: Record<string, string | string[] | null>, options?: { keepPage?: boolean }) => {
    const next = new URLSearchParams(q);
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      for (const v of Array.isArray(value) ? value : value ? [value] : []) next.append(key, v);
    }
    if (!options?.keepPage) next.delete('page');
    url.set(next);
  };

  const query = useMemo<ApplicationsQuery>(() => ({
    searchText: search.trim() || undefined, states: states.length ? states : undefined, ownerIds: ownerIds.length ? ownerIds : undefined,
    sort, page, pageSize: size,
  }), [search, states.join(','), ownerIds.join(','), sort, page, size]); // eslint-disable-line react-hooks/exhaustive-deps
  const list = useApplications(query);
  const owners = useApplicationOwners(true);

  const [panel, setPanel] = useState<{ application: Application | null } | null>(null);
  const [confirm, setConfirm] = useState<{ action: 'archive' | 'delete'; application: Application } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string; error?: unknown } | null>(null);
  const refresh = () => invalidateLater(['applications'], REFETCH_AFTER_APPLICATION_MS);

  const onAction = (application: Application, action: TileAction) => {
    if (action === 'edit') setPanel({ application });
    else setConfirm({ action, application });
  };

  const runConfirmed = async () => {
    if (!confirm) return;
    const { action, application } = confirm;
    setBusy(application.id);
    try {
      if (action === 'archive') await archiveApplication(api, application);
      else await deleteApplication(api, application.id);
      setNotice({ tone: 'success', text: t(action === 'archive' ? 'applications.archived' : 'applications.deleted', { title: application.title }) });
      refresh();
    } catch (error) {
      setNotice({ tone: 'danger', text: t(action === 'archive' ? 'applications.archiveFailed' : 'applications.deleteFailed', { title: application.title }), error });
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };

  const items = list.data?.items ?? [];
  const total = list.data?.totalCount ?? 0;
  const filtered = !!search.trim() || states.length > 0 || ownerIds.length > 0;
  const ownerOptions = owners.data?.items.filter((o) => o.type === 'team') ?? [];
  const SELECT = cx('h-10 rounded-md border border-gray-300 bg-white pl-3 pr-8 text-sm text-gray-900', FOCUS_RING);

  return (
    <div data-screen="applications" className="mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t('applications.title')}</h1>
          <p className="m-0 mt-1 text-sm text-gray-600">{t('applications.subtitle')}</p>
        </div>
        <Button onClick={() => setPanel({ application: null })} data-create="">{t('applications.create')}</Button>
      </header>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchInput
          value={search} debounce label={t('applications.search.label')} placeholder={t('applications.search.placeholder')}
          onChange={(text) => text.trim() !== search.trim() && set({ search: text.trim() || null })}
          onSubmit={(text) => set({ search: text.trim() || null })}
          className="lg:flex-1"
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:flex lg:items-center">
          <label className="flex flex-col gap-1 text-xs font-medium text-gray-600">
            {t('applications.filter.state')}
            <select value={states[0] ?? ''} onChange={(e) => set({ state: e.target.value || null })} className={SELECT} data-filter="state">
              <option value="">{t('applications.filter.allStates')}</option>
              {STATES.map((s) => <option key={s} value={s}>{t(`applications.state.${s}`)}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-gray-600">
            {t('applications.filter.owner')}
            <select value={ownerIds[0] ?? ''} onChange={(e) => set({ owner: e.target.value || null })} className={SELECT} data-filter="owner">
              <option value="">{t('applications.filter.allOwners')}</option>
              {ownerOptions.map((o) => <option key={o.id} value={o.id}>{o.name ?? o.id}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-gray-600">
            {t('applications.sort.label')}
            <select value={sort} onChange={(e) => set({ sort: e.target.value })} className={SELECT} data-sort="">
              {APPLICATION_LIST_SORTS.map((s) => <option key={s} value={s}>{t(SORT_KEY[s])}</option>)}
            </select>
          </label>
        </div>
      </div>

      <p className="mb-3 mt-4 text-sm font-medium text-gray-700" aria-live="polite" data-total="">
        {list.data ? t('applications.count', { count: total }) : '\u00a0'}
      </p>

      {notice && (
        <Alert tone={notice.tone} dismissible onDismiss={() => setNotice(null)} className="mb-4">
          <span data-notice="">{notice.text}</span>
          {notice.error !== undefined && <ErrorPanel error={notice.error} className="mt-2" />}
        </Alert>
      )}

      <AsyncState
        loading={!list.data && list.isLoading}
        error={list.data ? undefined : list.error}
        empty={!!list.data && items.length === 0}
        emptyView={filtered
          ? <EmptyPlaceholder title={t('applications.empty.filtered')} action={<Button variant="secondary" onClick={() => set({ search: null, state: null, owner: null })}>{t('applications.empty.clear')}</Button>} />
          : <EmptyPlaceholder title={t('applications.empty.title')} message={t('applications.empty.message')} action={<Button onClick={() => setPanel({ application: null })}>{t('applications.create')}</Button>} />}
      >
        <ul className="m-0 grid list-none grid-cols-1 gap-4 p-0 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-label={t('applications.title')} aria-busy={list.isValidating}>
          {items.map((application) => (
            <ApplicationTile key={application.id} application={application} busy={busy === application.id} onAction={(action) => onAction(application, action)} />
          ))}
        </ul>
        <Pagination
          page={page} pageSize={size} totalCount={total} showGoTo
          onPageChange={(next) => set({ page: String(next) }, { keepPage: true })}
          onPageSizeChange={(next) => set({ size: String(next) })}
          className="mt-4"
        />
      </AsyncState>

      <ApplicationPanel
        open={panel !== null}
        application={panel?.application ?? null}
        onClose={() => setPanel(null)}
        onSaved={(id, created) => {
          const title = panel?.application?.title;
          setPanel(null);
          refresh();
          // Spec 2 §2: the notice names the new application after REFETCH_AFTER_APPLICATION_MS.
          setTimeout(() => setNotice({ tone: 'success', text: created ? t('applications.created', { id }) : t('applications.updated', { title: title ?? id }) }), created ? REFETCH_AFTER_APPLICATION_MS : 0);
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.action === 'delete' ? t('applications.confirm.deleteTitle') : t('applications.confirm.archiveTitle')}
        message={confirm ? t(confirm.action === 'delete' ? 'applications.confirm.delete' : 'applications.confirm.archive', { title: confirm.application.title }) : ''}
        confirmLabel={confirm?.action === 'delete' ? t('applications.action.delete') : t('applications.action.archive')}
        tone={confirm?.action === 'delete' ? 'danger' : 'primary'}
        busy={busy !== null}
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
