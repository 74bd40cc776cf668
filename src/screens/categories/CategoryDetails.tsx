// A category's page (/categories/{id}): the way up (breadcrumb of its ancestors), its image, title
// and description, its sub-categories (to drill down), and the products in it and its
// sub-categories, 10 per page, searched with the text kept in the URL (?search=…&page=…).
import { useCategory, useCategoryProducts, useChildCategories, type Category } from '../../api/categories.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { PRODUCT_PAGE_SIZE, SEARCH_MAX_LENGTH } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { Breadcrumb, type BreadcrumbItem } from '../../ui/Breadcrumb.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx } from '../../ui/tone.ts';
import { ProductTile } from '../catalogue/ProductTile.tsx';
import { CategoryImage, CategoryTile } from './CategoryTile.tsx';
import { PAGE, TILE_GRID } from './CategoryList.tsx';
import { pageParam, useQueryState } from './useQueryState.ts';

export function CategoryDetails({ categoryId }: { categoryId: string }) {
  const { t } = useMessages('categories');
  const category = useCategory(categoryId);
  if (category.error) {
    const status = errorStatus(category.error);
    return (
      <div className={PAGE} data-screen="category" data-category-error={status ?? 0}>
        <Breadcrumb items={[{ label: t('categories.title'), href: href('categories') }, { label: categoryId }]} className="mb-4" />
        {status === 403 ? <UnauthorizedPlaceholder /> : status === 404
          ? <EmptyPlaceholder title={t('categories.error.notFound')} message={t('categories.error.notFoundMessage')} />
          : <ErrorPlaceholder title={t('categories.error.category')} error={category.error} onRetry={() => void category.mutate()} />}
      </div>
    );
  }
  if (!category.data) return <div className={PAGE}><LoadingPlaceholder className="py-24" /></div>;
  return <Details category={category.data} />;
}

function Details({ category }: { category: Category }) {
  const { t } = useMessages('categories', 'tiles');
  const title = category.title || category.id;
  const crumbs: BreadcrumbItem[] = [
    { label: t('categories.title'), href: href('categories') },
    ...(category.ancestors ?? []).map((a) => ({ label: a.title, href: href('category', { categoryId: a.id }) })),
    { label: title },
  ];
  const children = category.childrenCount ?? 0;
  return (
    <div className={PAGE} data-screen="category" data-category={category.id}>
      <Breadcrumb items={crumbs} className="mb-4" />
      <header className="mb-8 flex flex-col gap-5 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm sm:flex-row">
        <CategoryImage category={category} className="aspect-[2/1] sm:aspect-auto sm:h-auto sm:w-72 sm:shrink-0" />
        <div className="min-w-0 p-5 sm:py-6 sm:pl-0 sm:pr-6">
          <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
          {category.description && <p className="m-0 mt-2 max-w-3xl text-gray-600">{category.description}</p>}
          {children > 0 && <p className="m-0 mt-3 text-sm font-medium text-primary">{t('tiles.category.children', { count: children })}</p>}
        </div>
      </header>
      {children > 0 && <SubCategories category={category} />}
      <Products category={category} />
    </div>
  );
}

function SubCategories({ category }: { category: Category }) {
  const { t } = useMessages('categories');
  const list = useChildCategories(category.id, true);
  let body;
  if (list.error) body = <ErrorPlaceholder title={t('categories.error.list')} error={list.error} onRetry={() => void list.mutate()} />;
  else if (!list.data) body = <LoadingPlaceholder />;
  else {
    body = (
      <ul className={TILE_GRID} data-subcategories="">
        {list.data.items.map((child) => (
          <li key={child.id} className="min-w-0"><CategoryTile category={child} /></li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="agora-category-children" className="mb-10">
      <h2 id="agora-category-children" className="m-0 mb-4 text-lg font-semibold text-gray-900">{t('categories.children.title')}</h2>
      {body}
    </section>
  );
}

function Products({ category }: { category: Category }) {
  const { t } = useMessages('categories', 'tiles');
  const marketplace = useMarketplace();
  const ratingsEnabled = !!marketplace.data?.settings.reviews.enabled;
  const { query, set } = useQueryState();
  const search = query.get('search')?.trim() ?? '';
  const page = pageParam(query.get('page'));
  const products = useCategoryProducts(category.id, search, page);
  // Typing replaces the address (no history entry per pause); Enter adds one.
  const submit = (text: string, replace = false) => {
    if (text.trim() === search) return;
    set({ search: text.trim() || null, page: null }, { replace });
  };

  let body;
  if (products.error) {
    body = errorStatus(products.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('categories.error.products')} error={products.error} onRetry={() => void products.mutate()} />;
  } else if (!products.data) body = <LoadingPlaceholder />;
  else if (products.data.items.length === 0) {
    body = search
      ? <EmptyPlaceholder title={t('categories.products.noMatch')} message={t('categories.products.noMatchMessage', { text: search })} />
      : <EmptyPlaceholder title={t('categories.products.empty')} message={t('categories.products.emptyMessage')} />;
  } else {
    body = (
      <>
        <ul
          className={cx('m-0 grid list-none gap-5 p-0 [grid-template-columns:repeat(auto-fill,minmax(min(100%,272px),1fr))]', products.isValidating && 'opacity-70')}
          aria-busy={products.isValidating || undefined}
          data-category-products=""
        >
          {products.data.items.map((product) => (
            <li key={product.id} className="flex min-w-0"><ProductTile product={product} ratingsEnabled={ratingsEnabled} /></li>
          ))}
        </ul>
        {products.data.totalCount > PRODUCT_PAGE_SIZE && (
          <Pagination
            page={page}
            pageSize={PRODUCT_PAGE_SIZE}
            totalCount={products.data.totalCount}
            onPageChange={(next) => set({ page: next > 1 ? next : null })}
            className="mt-8"
          />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="agora-category-products">
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id="agora-category-products" className="m-0 text-lg font-semibold text-gray-900">{t('categories.products.title')}</h2>
          {products.data && (
            <p className="m-0 mt-1 text-sm text-gray-600" aria-live="polite" data-total={products.data.totalCount}>
              {t('categories.products.count', { count: products.data.totalCount })}
            </p>
          )}
        </div>
        <SearchInput
          value={search}
          onChange={(text) => submit(text, true)}
          onSubmit={(text) => submit(text)}
          debounce
          maxLength={SEARCH_MAX_LENGTH}
          label={t('categories.products.searchLabel', { category: category.title ?? category.id })}
          placeholder={t('categories.products.searchPlaceholder')}
          className="md:w-80"
        />
      </div>
      {body}
    </section>
  );
}
