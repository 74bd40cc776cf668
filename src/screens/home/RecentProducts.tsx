// The home page's product grid: the 10 most recently published products (by last version creation
// date, then name), or the first 10 by name when the provider sorts featured content by name.
import { recentProductsFilter, useFeaturedProducts, type FeaturedSort } from '../../api/home.ts';
import { useMessages } from '../../i18n/intl.ts';
import { RECENT_PRODUCTS } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { ProductTile } from '../catalogue/ProductTile.tsx';
import { SectionHeader } from './FeaturedCategories.tsx';

export function RecentProducts({ sort, ratingsEnabled }: { sort: FeaturedSort; ratingsEnabled: boolean }) {
  const { t } = useMessages('home', 'tiles');
  const products = useFeaturedProducts(recentProductsFilter(sort), RECENT_PRODUCTS);
  let body;
  if (products.error) {
    body = errorStatus(products.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('home.recent.error')} error={products.error} onRetry={() => void products.mutate()} />;
  } else if (!products.data) body = <LoadingPlaceholder />;
  else if (products.data.items.length === 0) body = <EmptyPlaceholder title={t('home.recent.empty')} message={t('home.recent.emptyMessage')} />;
  else {
    body = (
      <ul className="m-0 grid list-none gap-5 p-0 [grid-template-columns:repeat(auto-fill,minmax(min(100%,272px),1fr))]" data-recent-grid="">
        {products.data.items.map((product) => (
          <li key={product.id} className="flex min-w-0" data-recent-product={product.id}>
            <ProductTile product={product} ratingsEnabled={ratingsEnabled} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="agora-home-recent" data-recent="">
      <SectionHeader
        id="agora-home-recent"
        title={t(sort === 'name' ? 'home.recent.titleByName' : 'home.recent.title')}
        link={{ to: href('browseProducts'), label: t('home.recent.all') }}
      />
      {body}
    </section>
  );
}
