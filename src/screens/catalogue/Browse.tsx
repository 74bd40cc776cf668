// Browse products (/browseProducts and <agora-catalogue>, spec 1 §2): search box, filter panels
// (a side bar from 1024 px, a drawer below), the four sorts and the default one, and the product
// list in pages, load-more or infinite mode. Filters, search, sort and page live in the URL.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useFilterCategories, useStages } from '../../api/browse.ts';
import { hasFeature, useMarketplace } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import {
  activeFilterCount, BROWSE_PARAMS, BROWSE_SORTS, browseStateToQuery, clearFilters, parseBrowseState, productsQuery,
  toPagingMode, withFilters, withPageSize, withSort, type BrowseSort, type BrowseState,
} from '../../rules/catalogueUrl.ts';
import { FILTERS_BREAKPOINT, MAX_PAGE_LIMIT, PRODUCT_PAGE_SIZE } from '../../rules/constants.ts';
import {
  categoryEntries, flattenEntries, listEntries, ratingEntries, stateEntries, subscriptionEntries, visibleSections,
  type FilterId,
} from '../../rules/filters.ts';
import { href } from '../../rules/routes.ts';
import { useSignedIn } from '../../state/store.ts';
import { Button } from '../../ui/Button.tsx';
import { IconClose } from '../../ui/icons.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { FilterPanel, type SectionSource } from './FilterPanel.tsx';
import { IconSliders } from './browseIcons.tsx';
import { ProductResults } from './ProductResults.tsx';
import { useUrlQuery } from './useUrlQuery.ts';

export interface BrowseProps {
  /** 'pages' (default), 'load-more' or 'infinite' (src/rules/catalogueUrl.ts PagingMode). */
  paging?: string;
  /** Products per page, 1 to 100 (default 10); the URL's `size` wins. */
  pageSize?: number;
  /** Shows only this category and its subcategories. */
  categoryId?: string;
  /** Stand-alone: keep filters, search, sort and page in the page's query string. */
  urlState?: boolean;
}

const URL_NAMES = Object.values(BROWSE_PARAMS);

const SORT_KEY: Record<BrowseSort, 'browse.sort.default' | 'browse.sort.modified' | 'browse.sort.created' | 'browse.sort.name' | 'browse.sort.nameDesc'> = {
  default: 'browse.sort.default',
  modified: 'browse.sort.modified',
  created: 'browse.sort.created',
  name: 'browse.sort.name',
  '-name': 'browse.sort.nameDesc',
};

function clampSize(size: number | undefined | null): number | null {
  if (size === undefined || size === null || !Number.isInteger(size) || size < 1) return null;
  return Math.min(size, MAX_PAGE_LIMIT);
}

export default function Browse({ paging, pageSize, categoryId, urlState }: BrowseProps) {
  const { t } = useMessages('browse');
  const marketplace = useMarketplace();
  const settings = marketplace.data?.settings;
  const signedIn = useSignedIn();
  const url = useUrlQuery(URL_NAMES, urlState);
  const state = useMemo(() => parseBrowseState(url.query), [url.query]);
  const mode = toPagingMode(paging);
  const size = state.pageSize ?? clampSize(pageSize) ?? PRODUCT_PAGE_SIZE;
  const scope = categoryId?.trim() || null;

  const categoriesEnabled = !!settings?.categories.enabled;
  const ratingsEnabled = !!settings?.reviews.enabled;
  const ready = !!settings || !!marketplace.error;
  const sections = useMemo(() => {
    const all = visibleSections({ categoriesEnabled, ratingsEnabled, signedIn });
    return settings ? all : all.filter((id) => id !== 'category' && id !== 'rating');
  }, [categoriesEnabled, ratingsEnabled, signedIn, settings]);

  const categories = useFilterCategories(categoriesEnabled);
  const stages = useStages();
  const sources = useMemo<Record<FilterId, SectionSource>>(() => ({
    category: { entries: categoryEntries(categories.data ?? [], scope), loading: categories.isLoading, error: categories.error },
    stage: { entries: listEntries(stages.data ?? []), loading: stages.isLoading, error: stages.error },
    rating: { entries: ratingEntries() },
    state: { entries: stateEntries() },
    subscription: { entries: subscriptionEntries() },
  }), [categories.data, categories.isLoading, categories.error, stages.data, stages.isLoading, stages.error, scope]);
  // With a fixed category that has no subcategories there is nothing to choose.
  const shownSections = sections.filter((id) => id !== 'category' || !scope || sources.category.entries.length > 0);

  const filter = useMemo(
    () => (ready ? productsQuery(state, { categoriesEnabled, ratingsEnabled, signedIn, scopeCategory: scope }) : null),
    [ready, state, categoriesEnabled, ratingsEnabled, signedIn, scope],
  );

  const go = useCallback(
    (next: BrowseState, options?: { replace?: boolean }) => url.set(browseStateToQuery(next), options),
    [url],
  );
  const onPage = useCallback((page: number, options?: { replace?: boolean }) => go({ ...state, page }, options), [go, state]);
  const [total, setTotal] = useState<number | undefined>();
  const onTotal = useCallback((n: number | undefined) => setTotal(n), []);

  const [drawer, setDrawer] = useState(false);
  // The drawer is for narrow screens only: widening the window puts the filters back in the side bar.
  useEffect(() => {
    if (!drawer || typeof window === 'undefined' || !window.matchMedia) return;
    const wide = window.matchMedia(`(min-width: ${FILTERS_BREAKPOINT}px)`);
    const close = () => wide.matches && setDrawer(false);
    close();
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [drawer]);

  const count = activeFilterCount(state);
  const filtered = count > 0 || state.search.trim() !== '';
  const fullText = hasFeature(marketplace.data, 'fullTextSearch');

  const panel = (idBase: string) => (
    <FilterPanel sections={shownSections} sources={sources} state={state} onChange={(next) => go(next)} idBase={idBase} />
  );

  return (
    <div data-screen="browse" className="mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <header className="mb-6">
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t('browse.title')}</h1>
        <p className="m-0 mt-1 text-sm text-gray-600">{t('browse.subtitle')}</p>
      </header>

      <div className="lg:flex lg:items-start lg:gap-8">
        <aside aria-label={t('browse.filters.title')} className="hidden lg:block lg:w-64 lg:shrink-0" data-filters="sidebar">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="m-0 text-xs font-semibold uppercase tracking-wider text-gray-500">{t('browse.filters.title')}</h2>
            {count > 0 && (
              <button type="button" onClick={() => go(clearFilters(state))} className={cx('rounded px-1 text-xs font-medium text-primary hover:underline', FOCUS_RING)}>
                {t('browse.filters.clear')}
              </button>
            )}
          </div>
          {panel('sidebar')}
        </aside>

        <div className="min-w-0 flex-1">
          {/* The sort wraps under the search (kept right) before the field gets too narrow for its
              placeholder: German and French ones are long, and the portal's side navigation
              takes room at 1100 px. */}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
            <SearchInput
              value={state.search}
              onChange={(text) => text.trim() !== state.search && go(withFilters(state, { search: text }))}
              onSubmit={(text) => text.trim() !== state.search && go(withFilters(state, { search: text }))}
              debounce
              label={t('browse.search.label')}
              placeholder={t('browse.search.placeholder')}
              className="sm:flex-1 sm:basis-[26rem]"
            />
            <div className="flex min-w-0 items-center gap-2 sm:ml-auto">
              <Button
                variant="secondary"
                className="lg:hidden"
                icon={<IconSliders />}
                aria-haspopup="dialog"
                onClick={() => setDrawer(true)}
                data-open-filters=""
              >
                {t('browse.filters.button', { count })}
              </Button>
              <label className="flex min-w-0 flex-1 items-center gap-2 text-sm text-gray-600 sm:flex-none">
                <span className="sr-only whitespace-nowrap sm:not-sr-only">{t('browse.sort.label')}</span>
                <select
                  value={state.sort}
                  onChange={(event) => go(withSort(state, event.target.value as BrowseSort))}
                  data-sort=""
                  className={cx('h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white pl-3 pr-8 text-sm text-gray-900 sm:w-auto', FOCUS_RING)}
                >
                  {BROWSE_SORTS.map((s) => (
                    <option key={s} value={s}>{t(SORT_KEY[s])}</option>
                  ))}
                </select>
              </label>
            </div>
          </div>

          <div className="mb-4 mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="m-0 text-sm font-medium text-gray-700" aria-live="polite" data-total="">
              {total !== undefined ? t('browse.count', { count: total }) : '\u00a0'}
            </p>
            {fullText && state.search.trim() && (
              <Link
                to={href('search', { tab: 'all' }, { search: state.search.trim() })}
                className={cx('rounded text-sm font-medium text-primary no-underline hover:underline', FOCUS_RING)}
              >
                {t('browse.search.everywhere')} →
              </Link>
            )}
          </div>

          <ActiveFilters state={state} sources={sources} sections={shownSections} onChange={(next) => go(next)} />

          <ProductResults
            mode={mode}
            filter={filter}
            page={state.page}
            pageSize={size}
            ratingsEnabled={ratingsEnabled}
            filtered={filtered}
            onClearFilters={() => go({ ...clearFilters(state), search: '' })}
            onPage={onPage}
            onPageSize={(n) => go(withPageSize(state, n === PRODUCT_PAGE_SIZE && !pageSize ? null : n))}
            onTotal={onTotal}
          />
        </div>
      </div>

      <SidePanel
        open={drawer}
        title={t('browse.filters.title')}
        onClose={() => setDrawer(false)}
        size="md"
        footer={
          <>
            <Button variant="secondary" disabled={count === 0} onClick={() => go(clearFilters(state))}>{t('browse.filters.clear')}</Button>
            <Button onClick={() => setDrawer(false)} data-show-results="">{t('browse.filters.show', { count: total ?? 0 })}</Button>
          </>
        }
      >
        {panel('drawer')}
      </SidePanel>
    </div>
  );
}

/** The chosen filter values as removable chips above the list. */
function ActiveFilters({ state, sources, sections, onChange }: {
  state: BrowseState; sources: Record<FilterId, SectionSource>; sections: FilterId[]; onChange: (next: BrowseState) => void;
}) {
  const { t } = useMessages('browse');
  const titleOf = (id: FilterId, value: string) => flattenEntries(sources[id].entries).find((e) => e.value === value)?.title ?? value;
  const chips: Array<{ key: string; label: string; next: BrowseState }> = [];
  if (sections.includes('category')) {
    for (const v of state.categories) chips.push({ key: `c-${v}`, label: titleOf('category', v), next: withFilters(state, { categories: state.categories.filter((x) => x !== v) }) });
  }
  for (const v of state.stages) chips.push({ key: `s-${v}`, label: titleOf('stage', v), next: withFilters(state, { stages: state.stages.filter((x) => x !== v) }) });
  if (sections.includes('rating') && state.rating !== null) {
    const n = state.rating;
    chips.push({ key: 'r', label: n === 5 ? t('browse.rating.exactly', { count: 5 }) : t('browse.rating.andUp', { count: n }), next: withFilters(state, { rating: null }) });
  }
  for (const v of state.states) chips.push({ key: `st-${v}`, label: t(`browse.state.${v}`), next: withFilters(state, { states: state.states.filter((x) => x !== v) }) });
  if (sections.includes('subscription') && state.subscribed !== null) {
    chips.push({ key: 'sub', label: t(state.subscribed ? 'browse.subscription.with' : 'browse.subscription.without'), next: withFilters(state, { subscribed: null }) });
  }
  if (!chips.length) return null;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-2" data-active-filters="">
      <span className="sr-only">{t('browse.filters.active')}</span>
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          onClick={() => onChange(chip.next)}
          aria-label={t('browse.filters.remove', { name: chip.label })}
          className={cx('inline-flex items-center gap-1.5 rounded-full border border-primary/30 bg-primary/10 py-1 pl-3 pr-2 text-xs font-medium text-gray-800 hover:bg-primary/15', FOCUS_RING)}
        >
          {chip.label}
          <IconClose size={12} className="text-gray-500" />
        </button>
      ))}
      <button type="button" onClick={() => onChange(clearFilters(state))} className={cx('rounded px-1 text-xs font-medium text-primary hover:underline', FOCUS_RING)}>
        {t('browse.filters.clear')}
      </button>
    </div>
  );
}
