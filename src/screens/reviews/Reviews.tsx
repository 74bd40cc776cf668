// <agora-reviews> and the product page's Ratings tab (spec 3 §2.1, §2.4): the ratings summary, the
// write-review button (disabled with the reason when the caller holds no subscription or is signed
// out), a page of reviews under the visibility rules of §2.4, and the review side panel (create,
// edit, or read-only). In the portal the panel is a route (…/ratings/review[?readOnly=true]) and
// the product page drives it through `review` and `onReviewChange`; alone the element keeps it.
import { useState } from 'react';
import { useSession } from '../../api/auth.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { useProduct } from '../../api/products.ts';
import { useOwnReview, useReviews, type Review } from '../../api/reviews.ts';
import { useMessages } from '../../i18n/intl.ts';
import { REVIEWS_PAGE_SIZE } from '../../rules/constants.ts';
import { useSignedIn } from '../../state/store.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { RatingsSummary } from '../product/RatingsSummary.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';

/** Which panel is open: writing or editing the caller's review, or only reading it. */
export type ReviewPanelMode = 'edit' | 'view';

/** The element's attributes. */
export interface ReviewsProps {
  productId?: string;
  /** Opens the panel: 'edit' (create or edit the caller's review) or 'view' (read-only). */
  review?: string;
}

export interface ProductReviewsProps extends ReviewsProps {
  /** Makes the panel controlled (the portal's route); without it the screen keeps its own state. */
  onReviewChange?: (mode: ReviewPanelMode | null) => void;
  /** The ratings summary above the list (default shown); the product page shows it in its right pane. */
  summary?: boolean;
}

const toMode = (value: string | null | undefined): ReviewPanelMode | null => (value === 'edit' || value === 'view' ? value : null);

export default function Reviews({ productId, review }: ReviewsProps) {
  return <ProductReviews productId={productId} review={review} />;
}

export function ProductReviews({ productId, review, onReviewChange, summary = true }: ProductReviewsProps) {
  const { t } = useMessages('reviews', 'product');
  const id = productId?.trim() || null;
  const marketplace = useMarketplace();
  const settings = marketplace.data?.settings.reviews;
  const [localMode, setLocalMode] = useState<ReviewPanelMode | null>(() => toMode(review));
  const mode = onReviewChange ? toMode(review) : localMode;
  const setMode = onReviewChange ?? setLocalMode;

  if (!id) return <EmptyPlaceholder title={t('reviews.noProduct')} message={t('reviews.noProductMessage')} />;
  if (marketplace.error && !settings) return <ErrorPlaceholder error={marketplace.error} onRetry={() => void marketplace.mutate()} />;
  if (!settings) return <LoadingPlaceholder />;
  if (!settings.enabled) return <EmptyPlaceholder title={t('reviews.off.title')} message={t('reviews.off.message')} />;
  return <RatingsAndReviews productId={id} mode={mode} setMode={setMode} summary={summary} />;
}

interface RatingsAndReviewsProps {
  productId: string;
  mode: ReviewPanelMode | null;
  setMode: (mode: ReviewPanelMode | null) => void;
  summary: boolean;
}

function RatingsAndReviews({ productId, mode, setMode, summary }: RatingsAndReviewsProps) {
  const { t } = useMessages('reviews', 'product');
  const signedIn = useSignedIn();
  const session = useSession();
  const product = useProduct(productId);
  const [page, setPage] = useState(1);
  const reviews = useReviews(productId, page);
  const own = useOwnReview(productId, session.data?.user.id);

  const canReview = signedIn && !!product.data?.canReview;
  // The write button's reason for being disabled (spec 3 §2.1, §8).
  const blocked = !signedIn ? t('reviews.signIn') : product.data && !product.data.canReview ? t('reviews.noSubscription') : null;
  const ownReview = own.data ?? null;
  const writeLabel = ownReview ? t('reviews.editOwn') : t('reviews.write');

  let list;
  if (reviews.error) {
    list = errorStatus(reviews.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('reviews.error')} error={reviews.error} onRetry={() => void reviews.mutate()} />;
  } else if (!reviews.data) list = <LoadingPlaceholder />;
  else if (reviews.data.totalCount === 0) list = <EmptyPlaceholder title={t('reviews.empty.title')} message={t('reviews.empty.message')} />;
  else {
    list = (
      <>
        <ul className="m-0 flex list-none flex-col divide-y divide-gray-200 p-0" aria-label={t('reviews.list.label')} data-part="reviews-list">
          {reviews.data.items.map((r: Review) => (
            <ReviewItem key={r.id} review={r} onOpen={setMode} />
          ))}
        </ul>
        {reviews.data.totalCount > REVIEWS_PAGE_SIZE && (
          <Pagination page={page} pageSize={REVIEWS_PAGE_SIZE} totalCount={reviews.data.totalCount} onPageChange={setPage} className="mt-4" />
        )}
      </>
    );
  }

  const write = (
    <Button
      variant="primary"
      format="solid"
      disabled={!canReview || own.isLoading}
      onClick={() => setMode('edit')}
      data-action="write-review"
    >
      {writeLabel}
    </Button>
  );

  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-7" aria-labelledby="agora-reviews-title" data-part="reviews">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id="agora-reviews-title" className="m-0 text-lg font-semibold text-gray-900">{t('reviews.title')}</h2>
        {blocked ? <Tooltip content={blocked} focusableWrapper>{write}</Tooltip> : write}
      </div>
      {blocked && <p className="m-0 -mt-3 mb-4 text-right text-sm text-gray-500" data-part="write-blocked">{blocked}</p>}
      {summary && product.data && <div className="mb-6 border-b border-gray-200 pb-6"><RatingsSummary info={product.data.ratingInfo} large /></div>}
      {list}
      {mode && (
        <ReviewPanel
          productId={productId}
          review={ownReview}
          readOnly={mode === 'view'}
          loading={own.isLoading}
          canWrite={canReview}
          onClose={() => setMode(null)}
        />
      )}
    </section>
  );
}
