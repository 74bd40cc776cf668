// Search results (/advancedSearchResults/{all|products|resources|documents}, spec 1 §2, §4, §5):
// basic search (`search=`) or advanced terms (`query=`) kept in the URL, switching removes the
// other; tabs with counts; the all tab shows up to 25 per group with view-all links; the
// advanced-search-disabled page when the server lacks the fullTextSearch feature.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SearchType } from '../../api/catalogue.ts';
import { useSearch, type SearchResults as Results } from '../../api/browse.ts';
import { hasFeature, useMarketplace } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { highlightWords, termsFromText, textFromTerms, type AdvancedTerm } from '../../rules/advancedSearch.ts';
import {
  advancedSearchQuery, basicSearchQuery, parseSearchState, SEARCH_RESULT_PAGE_SIZE, SEARCH_RESULT_SORTS, SEARCH_SORT_OF,
  searchQueryWith, searchRequest, type SearchMode, type SearchResultSort, type SearchState,
} from '../../rules/catalogueUrl.ts';
import { ALL_RESULTS_PER_GROUP } from '../../rules/constants.ts';
import { href, SEARCH_TABS, type SearchTab } from '../../rules/routes.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { IconSearch } from '../../ui/icons.tsx';
import { LinkTabs, Tabs } from '../../ui/Tabs.tsx';
import { useUiTheme } from '../../ui/theme.ts';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { IconSearchOff } from '../catalogue/browseIcons.tsx';
import { useUrlQuery, type UrlQuery } from '../catalogue/useUrlQuery.ts';
import { AdvancedPanel } from './AdvancedPanel.tsx';
import { ResultItem } from './ResultItem.tsx';

export interface SearchResultsProps {
  /** all (default), products, resources or documents. */
  tab?: string;
  /** Stand-alone: keep the search (and the tab) in the page's query string. */
  urlState?: boolean;
}

const TYPE_OF: Record<Exclude<SearchTab, 'all'>, SearchType> = {
  products: 'product',
  resources: 'asset_resource',
  documents: 'document_resource',
};
const GROUPS = ['products', 'resources', 'documents'] as const;
const URL_NAMES = ['search', 'query', 'page', 'sort', 'tab'];

const SORT_KEY: Record<SearchResultSort, 'search.sort.rank' | 'search.sort.title' | 'search.sort.titleDesc'> = {
  rank: 'search.sort.rank',
  title: 'search.sort.title',
  '-title': 'search.sort.titleDesc',
};

function toTab(value: string | null | undefined): SearchTab {
  return (SEARCH_TABS as readonly string[]).includes(value ?? '') ? (value as SearchTab) : 'all';
}

/** Moves between tabs and searches: route paths in the portal, a `tab` parameter elsewhere. */
function useSearchLocation(url: UrlQuery, routeTab: SearchTab) {
  const inPortal = url.where === 'portal';
  const tab = inPortal ? routeTab : toTab(url.query.get('tab') ?? routeTab);
  const to = (nextTab: SearchTab, qs: string, replace?: boolean) => {
    const params = new URLSearchParams(qs.replace(/^\?/, ''));
    if (inPortal) {
      url.set(params, { path: href('search', { tab: nextTab }), replace });
    } else {
      params.set('tab', nextTab);
      url.set(params, { replace });
    }
  };
  const linkTo = (nextTab: SearchTab, qs: string) => href('search', { tab: nextTab }) + qs;
  return { tab, to, linkTo, inPortal };
}

export default function SearchResults({ tab: routeTab, urlState }: SearchResultsProps) {
  const { t } = useMessages('search');
  const marketplace = useMarketplace();
  const url = useUrlQuery(URL_NAMES, urlState);
  const state = useMemo(() => parseSearchState(url.query), [url.query]);
  const where = useSearchLocation(url, toTab(routeTab));

  // A query the screen could not have built is dropped, and only logged (spec 1 §4).
  useEffect(() => {
    if (state.invalidQuery) console.warn(`agora: the advanced search query in the URL is not valid (${state.invalidQuery}); its terms were emptied.`);
  }, [state.invalidQuery]);

  // The mode follows the URL; the toggle may open the other panel before anything is searched.
  const [localMode, setLocalMode] = useState<SearchMode | null>(null);
  useEffect(() => setLocalMode(null), [url.query]);
  const mode = localMode ?? state.mode;

  if (!marketplace.data && !marketplace.error) return <LoadingPlaceholder className="py-24" />;
  if (marketplace.data && !hasFeature(marketplace.data, 'fullTextSearch')) return <SearchDisabled />;

  const runBasic = (text: string) => where.to(where.tab, basicSearchQuery(text, state.sort));
  const runAdvanced = (terms: AdvancedTerm[]) => where.to(where.tab, advancedSearchQuery(terms, state.sort));
  const switchMode = (next: SearchMode) => {
    if (next === mode) return;
    // Switching carries the search over and removes the other parameter.
    if (next === 'advanced') {
      const terms = termsFromText(state.search ?? '');
      if (terms.length) return runAdvanced(terms);
    } else {
      const text = textFromTerms(state.terms);
      if (text) return runBasic(text);
      if (state.query !== null) where.to(where.tab, basicSearchQuery('', state.sort));
    }
    setLocalMode(next);
  };

  return (
    <div data-screen="search" className="mx-auto w-full max-w-[1200px] px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="mb-5">
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t('search.title')}</h1>
        <p className="m-0 mt-1 text-sm text-gray-600">{t('search.subtitle')}</p>
      </header>

      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <ModeSwitch mode={mode} onSwitch={switchMode} />
        <div className="mt-4">
          {mode === 'basic' ? (
            <SearchInput
              value={state.search ?? ''}
              onSubmit={runBasic}
              size="lg"
              label={t('search.basic.label')}
              placeholder={t('search.basic.placeholder')}
              autoFocus={!state.search && state.query === null}
            />
          ) : (
            <AdvancedPanel terms={state.terms} onRun={runAdvanced} />
          )}
        </div>
      </div>

      <Results state={state} where={where} />
    </div>
  );
}

function ModeSwitch({ mode, onSwitch }: { mode: SearchMode; onSwitch: (mode: SearchMode) => void }) {
  const { t } = useMessages('search');
  return (
    <div role="group" aria-label={t('search.mode.label')} className="inline-flex rounded-lg bg-gray-100 p-1" data-mode={mode}>
      {(['basic', 'advanced'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          onClick={() => onSwitch(m)}
          className={cx(
            'rounded-md px-3.5 py-1.5 text-sm font-medium transition-colors',
            mode === m ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
            FOCUS_RING,
          )}
        >
          {t(m === 'basic' ? 'search.mode.basic' : 'search.mode.advanced')}
        </button>
      ))}
    </div>
  );
}

type Where = ReturnType<typeof useSearchLocation>;

function Results({ state, where }: { state: SearchState; where: Where }) {
  const { t } = useMessages('search');
  const request = searchRequest(state);
  const sort = SEARCH_SORT_OF[state.sort];
  const counts = useSearch(request ? { ...request, page: 1, pageSize: 1, sort } : null);
  const words = useMemo(() => highlightWords(request), [request?.search, request?.query]);

  if (!request) {
    return <Notice className="mt-6" icon={<IconSearch size={24} />} title={t('search.prompt.title')} message={t('search.prompt.message')} />;
  }

  const count = (tab: SearchTab) => {
    const c = counts.data?.counts;
    if (!c) return undefined;
    return tab === 'all' ? c.product + c.asset_resource + c.document_resource : c[TYPE_OF[tab]];
  };
  const tabLabel = (tab: SearchTab) => t(`search.tab.${tab}`);
  const qsFirstPage = searchQueryWith(state, { page: 1 });

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        {where.inPortal ? (
          <LinkTabs
            label={t('search.tabs.label')}
            selected={where.tab}
            tabs={SEARCH_TABS.map((tab) => ({ id: tab, label: tabLabel(tab), count: count(tab), href: where.linkTo(tab, qsFirstPage) }))}
            className="w-full min-w-0 sm:w-auto sm:flex-1"
          />
        ) : (
          <Tabs
            label={t('search.tabs.label')}
            selected={where.tab}
            onSelect={(tab) => where.to(tab as SearchTab, qsFirstPage)}
            tabs={SEARCH_TABS.map((tab) => ({ id: tab, label: tabLabel(tab), count: count(tab) }))}
            className="w-full min-w-0 sm:w-auto sm:flex-1"
          />
        )}
        <label className="flex items-center gap-2 pb-1.5 text-sm text-gray-600">
          {t('search.sort.label')}
          <select
            value={state.sort}
            onChange={(e) => where.to(where.tab, searchQueryWith(state, { sort: e.target.value as SearchResultSort, page: 1 }))}
            data-search-sort=""
            className={cx('h-9 rounded-md border border-gray-300 bg-white pl-2.5 pr-8 text-sm text-gray-900', FOCUS_RING)}
          >
            {SEARCH_RESULT_SORTS.map((s) => <option key={s} value={s}>{t(SORT_KEY[s])}</option>)}
          </select>
        </label>
      </div>

      <p className="m-0 mt-4 text-sm text-gray-600" aria-live="polite" data-result-count="">
        {counts.data ? (
          <>
            <span className="font-medium text-gray-900">{t('search.count', { count: count(where.tab) ?? 0 })}</span>
            {state.search ? <> · {t('search.resultsFor', { text: state.search })}</> : null}
          </>
        ) : '\u00a0'}
      </p>

      <div className="mt-2">
        {counts.error && !counts.data ? (
          <ErrorView error={counts.error} onRetry={() => void counts.mutate()} />
        ) : !counts.data ? (
          <LoadingPlaceholder className="py-16" />
        ) : (count(where.tab) ?? 0) === 0 ? (
          <NotFound />
        ) : where.tab === 'all' ? (
          <AllGroups request={request} sort={sort} counts={counts.data.counts} words={words} where={where} qs={qsFirstPage} />
        ) : (
          <TabList
            request={request}
            sort={sort}
            type={TYPE_OF[where.tab]}
            total={count(where.tab) ?? 0}
            page={state.page}
            words={words}
            onPage={(page) => where.to(where.tab, searchQueryWith(state, { page }))}
          />
        )}
      </div>
    </div>
  );
}

type Request = NonNullable<ReturnType<typeof searchRequest>>;

/** The search screen's full-width messages (prompt, not found, disabled), with a search icon. */
function Notice({ icon, title, message, action, className, ...data }: {
  icon: ReactNode; title: ReactNode; message: ReactNode; action?: ReactNode; className?: string; [key: `data-${string}`]: string;
}) {
  return (
    <div role="status" className={cx('mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center', className)} {...data}>
      <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</div>
      <h2 className="m-0 text-lg font-semibold text-gray-900">{title}</h2>
      <p className="m-0 mt-1.5 text-sm text-gray-600">{message}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

function ErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useMessages('search');
  if (errorStatus(error) === 403) return <UnauthorizedPlaceholder />;
  return <ErrorPlaceholder error={error} title={t('search.error.title')} onRetry={onRetry} />;
}

function NotFound() {
  const { t } = useMessages('search');
  return <Notice data-not-found="" icon={<IconSearchOff size={24} />} title={t('search.notFound.title')} message={t('search.notFound.message')} />;
}

function ResultList({ results, words }: { results: Results; words: readonly string[] }) {
  return (
    <ul className="m-0 list-none divide-y divide-gray-100 p-0">
      {results.items.map((item) => (
        <li key={`${item.type}-${item.id}`}>
          <ResultItem item={item} words={words} />
        </li>
      ))}
    </ul>
  );
}

function AllGroups({ request, sort, counts, words, where, qs }: {
  request: Request; sort: '-rank' | '+title' | '-title'; counts: Results['counts']; words: readonly string[]; where: Where; qs: string;
}) {
  return (
    <div className="flex flex-col gap-6">
      {GROUPS.filter((g) => counts[TYPE_OF[g]] > 0).map((group) => (
        <Group key={group} group={group} request={request} sort={sort} total={counts[TYPE_OF[group]]} words={words} where={where} qs={qs} />
      ))}
    </div>
  );
}

function Group({ group, request, sort, total, words, where, qs }: {
  group: (typeof GROUPS)[number]; request: Request; sort: '-rank' | '+title' | '-title'; total: number; words: readonly string[]; where: Where; qs: string;
}) {
  const { t } = useMessages('search');
  const theme = useUiTheme();
  const results = useSearch({ ...request, type: [TYPE_OF[group]], page: 1, pageSize: ALL_RESULTS_PER_GROUP, sort });
  const viewAll: ReactNode = where.inPortal ? (
    <Link to={where.linkTo(group, qs)} data-view-all={group} className={cx(buttonClasses({ variant: 'link', size: 'sm', theme }), 'rounded font-semibold no-underline', FOCUS_RING)}>
      {t('search.group.viewAll', { count: total })} →
    </Link>
  ) : (
    <button type="button" data-view-all={group} onClick={() => where.to(group, qs)} className={cx(buttonClasses({ variant: 'link', size: 'sm', theme }), 'font-semibold')}>
      {t('search.group.viewAll', { count: total })} →
    </button>
  );
  return (
    <section aria-labelledby={`group-${group}`} data-group={group} className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <header className="flex items-center justify-between gap-3 border-b border-gray-100 px-5 py-3">
        <h2 id={`group-${group}`} className="m-0 flex items-center gap-2 text-base font-semibold text-gray-900">
          {t(`search.tab.${group}`)}
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-600">{total}</span>
        </h2>
        {viewAll}
      </header>
      <div className="px-4">
        {results.error && !results.data ? (
          <ErrorView error={results.error} onRetry={() => void results.mutate()} />
        ) : !results.data ? (
          <LoadingPlaceholder />
        ) : (
          <ResultList results={results.data} words={words} />
        )}
      </div>
      {total > ALL_RESULTS_PER_GROUP && <footer className="flex justify-center border-t border-gray-100 px-5 py-2.5">{viewAll}</footer>}
    </section>
  );
}

function TabList({ request, sort, type, total, page, words, onPage }: {
  request: Request; sort: '-rank' | '+title' | '-title'; type: SearchType; total: number; page: number; words: readonly string[];
  onPage: (page: number) => void;
}) {
  const results = useSearch({ ...request, type: [type], page, pageSize: SEARCH_RESULT_PAGE_SIZE, sort });
  if (results.error && !results.data) return <ErrorView error={results.error} onRetry={() => void results.mutate()} />;
  if (!results.data) return <LoadingPlaceholder className="py-16" />;
  if (results.data.items.length === 0 && page > 1) {
    return <NotFound />;
  }
  return (
    <div className={cx('rounded-xl border border-gray-200 bg-white px-4 shadow-sm transition-opacity', results.isValidating && 'opacity-60')} data-tab-results={type}>
      <ResultList results={results.data} words={words} />
      <Pagination
        page={page}
        pageSize={SEARCH_RESULT_PAGE_SIZE}
        totalCount={total}
        onPageChange={onPage}
        className="border-t border-gray-100"
      />
    </div>
  );
}

function SearchDisabled() {
  const { t } = useMessages('search');
  const theme = useUiTheme();
  return (
    <div data-screen="search" className="mx-auto w-full max-w-3xl px-4 py-16">
      <Notice
        data-search-disabled=""
        icon={<IconSearchOff size={24} />}
        title={t('search.disabled.title')}
        message={t('search.disabled.message')}
        action={
          <Link to={href('browseProducts')} className={cx(buttonClasses({ variant: 'primary', theme }), 'no-underline')}>
            {t('search.disabled.browse')}
          </Link>
        }
      />
    </div>
  );
}
