// The home page's featured categories (5): a grid of 2 columns for an even count, otherwise the
// count, at most 5, with fewer columns in narrower windows (src/rules/featuredGrid.ts, breakpoints
// 592, 948 and 1280 px); the featured category error and none-found placeholders.
import { useFeaturedCategories } from '../../api/home.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { featuredGridColumns } from '../../rules/featuredGrid.ts';
import { href } from '../../rules/routes.ts';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { useWindowWidth } from '../carousel/useWindowWidth.ts';
import { CategoryTile } from '../categories/CategoryTile.tsx';

export function SectionHeader({ id, title, link }: { id: string; title: string; link?: { to: string; label: string } }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
      <h2 id={id} className="m-0 text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">{title}</h2>
      {link && (
        <Link to={link.to} className={cx('rounded text-sm font-semibold text-primary no-underline hover:underline', FOCUS_RING)}>
          {link.label} <span aria-hidden="true">→</span>
        </Link>
      )}
    </div>
  );
}

export function FeaturedCategories({ title }: { title: string }) {
  const { t } = useMessages('home', 'tiles');
  const featured = useFeaturedCategories(true);
  const width = useWindowWidth();
  const items = featured.data?.items ?? [];
  const columns = featuredGridColumns(items.length, width);

  let body;
  if (featured.error) {
    body = errorStatus(featured.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('home.featured.error')} error={featured.error} onRetry={() => void featured.mutate()} />;
  } else if (!featured.data) body = <LoadingPlaceholder />;
  else if (items.length === 0) body = <EmptyPlaceholder title={t('home.featured.none')} message={t('home.featured.noneMessage')} />;
  else {
    body = (
      <ul
        className="m-0 grid list-none gap-5 p-0"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        data-columns={columns}
        data-featured-grid=""
      >
        {items.map((category) => (
          <li key={category.id} className="min-w-0">
            <CategoryTile category={category} size="lg" />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="agora-home-featured" data-featured="">
      <SectionHeader
        id="agora-home-featured"
        title={title.trim() || t('home.featured.title')}
        link={{ to: href('categories'), label: t('home.featured.all') }}
      />
      {body}
    </section>
  );
}
