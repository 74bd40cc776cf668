// Ratings tab (shown only when ratings are on): the summary. Reading and writing reviews belongs
// to the reviews screens.
import { useMessages } from '../../i18n/intl.ts';
import { useProductPage } from './context.ts';
import { RatingsSummary } from './RatingsSummary.tsx';

export function RatingsTab() {
  const { t } = useMessages('product');
  const { product } = useProductPage();
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-7" aria-labelledby="agora-product-ratings" data-part="ratings">
      <h2 id="agora-product-ratings" className="m-0 mb-5 text-lg font-semibold text-gray-900">{t('product.ratings.title')}</h2>
      <RatingsSummary info={product.ratingInfo} large />
    </section>
  );
}
