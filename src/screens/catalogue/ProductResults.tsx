// The product list of the browse screen in its three paging modes (src/rules/catalogueUrl.ts
// PagingMode): pages with the pagination footer, load-more (a button every 4th page, scrolling
// loads the pages between) and infinite scroll (within 30 px of the bottom).
import { useEffect, useRef, type ReactNode } from 'react';
import type { Page } from '../../api/client.ts';
import { useProductsPage, type Product, type ProductsFilter } from '../../api/catalogue.ts';
import { useProductsPages } from '../../api/productPages.ts';
import { useMessages } from '../../i18n/intl.ts';
import { scrollLoads, showsLoadMore, type PagingMode } from '../../rules/catalogueUrl.ts';
import { INFINITE_SCROLL_THRESHOLD_PX } from '../../rules/constants.ts';
import { totalPages } from '../../rules/paging.ts';
import { Button } from '../../ui/Button.tsx';
import { IconSpinner } from '../../ui/icons.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { cx } from '../../ui/tone.ts';
import { ProductTile } from './ProductTile.tsx';

export interface ProductResultsProps {
  mode: PagingMode;
  /** null until the site settings are known (they decide which filters apply). */
  filter: ProductsFilter | null;
  page: number;
  pageSize: number;
  ratingsEnabled: boolean;
  /** A filter or search is active: the empty state offers to clear them. */
  filtered: boolean;
  onClearFilters: () => void;
  /** pages: go to a page; load-more/infinite: the number of pages now shown (kept in the URL). */
  onPage: (page: number, options?: { replace?: boolean }) => void;
  onPageSize: (size: number) => void;
  /** The total, once known (for the header and the drawer's button). */
  onTotal?: (total: number | undefined) => void;
}

export function ProductResults(props: ProductResultsProps) {
  return props.mode === 'pages' ? <PagedResults {...props} /> : <AppendedResults {...props} />;
}

function Grid({ products, ratingsEnabled, busy }: { products: Product[]; ratingsEnabled: boolean; busy?: boolean }) {
  const { t } = useMessages('browse');
  return (
    <ul
      aria-label={t('browse.results.label')}
      aria-busy={busy || undefined}
      data-results=""
      className={cx(
        'm-0 grid list-none gap-5 p-0 transition-opacity [grid-template-columns:repeat(auto-fill,minmax(min(100%,272px),1fr))]',
        busy && 'opacity-60',
      )}
    >
      {products.map((product) => (
        <li key={product.id} className="flex min-w-0">
          <ProductTile product={product} ratingsEnabled={ratingsEnabled} />
        </li>
      ))}
    </ul>
  );
}

/** The placeholder every mode shares (403, fetch error, first load, empty), or null for the list. */
function usePlaceholder({ error, loading, empty, filtered, onClearFilters, onRetry }: {
  error: unknown; loading: boolean; empty: boolean; filtered: boolean; onClearFilters: () => void; onRetry: () => void;
}): ReactNode {
  const { t } = useMessages('browse');
  if (error) {
    if (errorStatus(error) === 403) return <UnauthorizedPlaceholder />;
    return <ErrorPlaceholder error={error} title={t('browse.error.title')} onRetry={onRetry} />;
  }
  if (loading) return <LoadingPlaceholder className="py-24" />;
  if (empty) {
    return filtered ? (
      <EmptyPlaceholder
        title={t('browse.empty.title')}
        message={t('browse.empty.message')}
        action={<Button variant="secondary" onClick={onClearFilters}>{t('browse.filters.clear')}</Button>}
      />
    ) : (
      <EmptyPlaceholder title={t('browse.empty.title')} message={t('browse.empty.catalogue')} />
    );
  }
  return null;
}

function PagedResults({ filter, page, pageSize, ratingsEnabled, filtered, onClearFilters, onPage, onPageSize, onTotal }: ProductResultsProps) {
  const { data, error, isLoading, isValidating, mutate } = useProductsPage(filter, page, pageSize);
  const top = useRef<HTMLDivElement>(null);
  const total = data?.totalCount;
  useEffect(() => onTotal?.(total), [total, onTotal]);

  // A page beyond the end (a stale link, or products removed meanwhile) shows the last page.
  useEffect(() => {
    if (!data || isValidating) return;
    const last = totalPages(data.totalCount, pageSize);
    if (page > last) onPage(last, { replace: true });
  }, [data, isValidating, page, pageSize, onPage]);

  const go = (next: number) => {
    onPage(next);
    if (top.current && top.current.getBoundingClientRect().top < 0) top.current.scrollIntoView({ block: 'start' });
  };

  const placeholder = usePlaceholder({
    error: data ? undefined : error,
    loading: !data && (isLoading || !filter),
    empty: !!data && data.totalCount === 0,
    filtered,
    onClearFilters,
    onRetry: () => void mutate(),
  });
  return (
    <div ref={top} className="scroll-mt-4">
      {placeholder ?? (
        <>
          <Grid products={data!.items} ratingsEnabled={ratingsEnabled} busy={isValidating && !isLoading} />
          <Pagination
            page={page}
            pageSize={pageSize}
            totalCount={data!.totalCount}
            onPageChange={go}
            onPageSizeChange={onPageSize}
            className="mt-6 border-t border-gray-200"
          />
        </>
      )}
    </div>
  );
}

function AppendedResults({ mode, filter, page, pageSize, ratingsEnabled, filtered, onClearFilters, onPage, onTotal }: ProductResultsProps) {
  const { t } = useMessages('browse');
  // A reload shows as many pages as the URL says were shown.
  const pages = useProductsPages(filter, pageSize, page);
  const data: Page<Product>[] | undefined = pages.data;
  const items = data?.flatMap((p) => p.items) ?? [];
  const total = data?.[0]?.totalCount;
  const hasMore = total !== undefined && items.length < total && (data?.at(-1)?.items.length ?? 0) > 0;
  const loadingMore = pages.isValidating && pages.size > (data?.length ?? 0);
  const canScrollLoad = scrollLoads(mode, pages.size, hasMore);
  const buttonDue = showsLoadMore(mode, pages.size, hasMore);
  useEffect(() => onTotal?.(total), [total, onTotal]);

  // The URL keeps the number of pages shown (replace: scrolling does not fill the history).
  const shownSize = useRef(pages.size);
  useEffect(() => {
    if (shownSize.current === pages.size) return;
    shownSize.current = pages.size;
    if (pages.size !== page) onPage(pages.size, { replace: true });
  }, [pages.size, page, onPage]);

  const loadNext = () => {
    if (!loadingMore) void pages.setSize(pages.size + 1);
  };

  // The end of the list coming within 30 px of the bottom of the viewport loads the next page.
  const sentinel = useRef<HTMLDivElement>(null);
  const visible = useRef(false);
  const next = useRef(loadNext);
  next.current = loadNext;
  const allowed = useRef(canScrollLoad);
  allowed.current = canScrollLoad && !loadingMore && !pages.error;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        visible.current = !!entry?.isIntersecting;
        if (visible.current && allowed.current) next.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [items.length > 0]);
  // A page that did not fill the screen leaves the end in view: keep loading while it is. The
  // observer's last report may predate the new rows, so the position is measured again here.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !visible.current || !canScrollLoad || loadingMore || pages.error) return;
    const top = el.getBoundingClientRect().top;
    if (top <= window.innerHeight + INFINITE_SCROLL_THRESHOLD_PX) loadNext();
    else visible.current = false;
  });

  const placeholder = usePlaceholder({
    error: data?.length ? undefined : pages.error,
    loading: !data && (pages.isLoading || !filter),
    empty: total === 0,
    filtered,
    onClearFilters,
    onRetry: () => void pages.mutate(),
  });
  if (placeholder) return placeholder;
  return (
    <div data-paging={mode}>
      <Grid products={items} ratingsEnabled={ratingsEnabled} />
      <div ref={sentinel} aria-hidden="true" className="h-px" data-sentinel="" />
      <div className="mt-6 flex flex-col items-center gap-3 border-t border-gray-200 pt-5 text-sm text-gray-600">
        <p className="m-0" aria-live="polite" data-showing="">
          {t('browse.results.showing', { shown: items.length, total: total ?? 0 })}
        </p>
        {loadingMore && (
          <p role="status" className="m-0 flex items-center gap-2 text-gray-500">
            <IconSpinner size={16} className="text-primary" />
            {t('browse.results.loadingMore')}
          </p>
        )}
        {pages.error && data?.length ? (
          <div role="alert" className="flex items-center gap-3 text-danger">
            {t('browse.results.moreError')}
            <Button variant="secondary" size="sm" onClick={() => void pages.mutate()}>{t('ui.placeholder.retry')}</Button>
          </div>
        ) : null}
        {buttonDue && !loadingMore && (
          <Button variant="secondary" onClick={loadNext} data-load-more="">
            {t('browse.results.loadMore')}
          </Button>
        )}
        {!hasMore && total !== undefined && total > 0 && items.length > pageSize && (
          <p className="m-0 text-xs text-gray-500">{t('browse.results.end', { total })}</p>
        )}
      </div>
    </div>
  );
}
