// Ratings summary (spec 3 §2.4): the average with one decimal, the number of ratings, and the
// distribution over 1 to 5 stars as bars.
import type { Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { RATING_MAX } from '../../rules/constants.ts';
import { StarRating } from '../../ui/StarRating.tsx';
import { cx } from '../../ui/tone.ts';

type RatingInfo = NonNullable<Product['ratingInfo']>;

const STARS = Array.from({ length: RATING_MAX }, (_, i) => (RATING_MAX - i) as 1 | 2 | 3 | 4 | 5);

export function RatingsSummary({ info, large }: { info: RatingInfo | undefined; large?: boolean }) {
  const { t, fmt } = useMessages('product');
  const total = info?.total ?? 0;
  if (!info || total === 0) {
    return <p className="m-0 text-sm text-gray-500" data-part="ratings-none">{t('product.ratings.none')}</p>;
  }
  return (
    <div data-part="ratings-summary" className={cx('flex gap-5', large ? 'flex-col sm:flex-row sm:items-center' : 'flex-col')}>
      <div className={cx('flex items-center gap-3', large && 'sm:w-48 sm:flex-col sm:items-start')}>
        <span className={cx('font-semibold leading-none text-gray-900', large ? 'text-5xl' : 'text-4xl')} data-rating-average="">
          {fmt.rating(info.average)}
        </span>
        <div className="flex flex-col gap-1">
          <StarRating value={info.average} size={large ? 20 : 16} />
          <span className="text-sm text-gray-500" data-rating-total="">{t('product.ratings.total', { count: total })}</span>
        </div>
      </div>
      <ul className="m-0 flex min-w-0 flex-1 list-none flex-col gap-1.5 p-0" aria-label={t('product.ratings.distribution')}>
        {STARS.map((stars) => {
          const count = info.distribution[stars] ?? 0;
          const share = total > 0 ? Math.round((count / total) * 100) : 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm" data-stars={stars}>
              <span className="w-[4.75rem] shrink-0 whitespace-nowrap text-gray-600">{t('product.ratings.stars', { count: stars })}</span>
              <span
                className="relative h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-gray-100"
                role="meter"
                aria-valuemin={0}
                aria-valuemax={total}
                aria-valuenow={count}
                aria-label={t('product.ratings.bar', { stars, count })}
              >
                <span className="absolute inset-y-0 left-0 rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums text-gray-600" data-count="">{fmt.count(count)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
