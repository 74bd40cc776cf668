// The categories list: top-level categories 20 per page, or, with a search text, matching
// categories of every level (each with its way up). Search text and page are in the URL
// (?search=…&page=…); a new search starts at page 1.
import { useCategories } from '../../api/categories.ts';
import { useMessages } from '../../i18n/intl.ts';
import { CATEGORY_PAGE_SIZE, FILTER_SEARCH_MAX_LENGTH } from '../../rules/constants.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx } from '../../ui/tone.ts';
import { CategoryTile } from './CategoryTile.tsx';
import { pageParam, useQueryState } from './useQueryState.ts';

export const PAGE = 'agora-categories mx-auto w-full max-w-[1360px] px-4 py-6 sm:px-6 lg:py-8';
export const TILE_GRID = 'm-0 grid list-none gap-5 p-0 [grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr))]';

export function CategoryList() {
  const { t } = useMessages('categories');
  const { query, set } = useQueryState();
  const search = query.get('search')?.trim() ?? '';
  const page = pageParam(query.get('page'));
  const list = useCategories({ page, ...(search ? { search } : {}) });
  const searching = search !== '';

  // Typing replaces the address (no history entry per pause); Enter adds one.
  const submit = (text: string, replace = false) => {
    if (text.trim() === search) return;
    set({ search: text.trim() || null, page: null }, { replace });
  };

  let body;
  if (list.error) {
    body = errorStatus(list.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('categories.error.list')} error={list.error} onRetry={() => void list.mutate()} />;
  } else if (!list.data) body = <LoadingPlaceholder className="py-16" />;
  else if (list.data.items.length === 0) {
    body = searching
      ? <EmptyPlaceholder title={t('categories.empty.search')} message={t('categories.empty.searchMessage', { text: search })} />
      : <EmptyPlaceholder title={t('categories.empty.title')} message={t('categories.empty.message')} />;
  } else {
    body = (
      <>
        <ul className={cx(TILE_GRID, list.isValidating && 'opacity-70 transition-opacity')} aria-busy={list.isValidating || undefined} data-category-list="">
          {list.data.items.map((category) => (
            <li key={category.id} className="min-w-0">
              <CategoryTile category={category} showPath={searching} />
            </li>
          ))}
        </ul>
        {list.data.totalCount > CATEGORY_PAGE_SIZE && (
          <Pagination
            page={page}
            pageSize={CATEGORY_PAGE_SIZE}
            totalCount={list.data.totalCount}
            onPageChange={(next) => set({ page: next > 1 ? next : null })}
            className="mt-8"
          />
        )}
      </>
    );
  }

  return (
    <div className={PAGE} data-screen="categories">
      <header className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{t('categories.title')}</h1>
          <p className="m-0 mt-1 text-sm text-gray-600">{t('categories.subtitle')}</p>
        </div>
        <SearchInput
          value={search}
          onChange={(text) => submit(text, true)}
          onSubmit={(text) => submit(text)}
          debounce
          maxLength={FILTER_SEARCH_MAX_LENGTH}
          label={t('categories.search.label')}
          placeholder={t('categories.search.placeholder')}
          className="md:w-80"
        />
      </header>
      {list.data && (
        <p className="m-0 mb-4 text-sm font-medium text-gray-700" aria-live="polite" data-total={list.data.totalCount}>
          {searching ? t('categories.count.search', { count: list.data.totalCount, text: search }) : t('categories.count', { count: list.data.totalCount })}
        </p>
      )}
      {body}
    </div>
  );
}
