// One review of the list (spec 3 §2.4): the author sees their own title, comment and state in any
// state (an 'under review' notice while pending, the reason once declined) with view and edit
// links; anyone else's review that is not approved shows a generic title and placeholder text.
import type { Review } from '../../api/reviews.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Button } from '../../ui/Button.tsx';
import { StarRating } from '../../ui/StarRating.tsx';
import { Status } from '../../ui/Status.tsx';
import type { Tone } from '../../ui/tone.ts';
import type { ReviewPanelMode } from './Reviews.tsx';

const TONE: Record<string, Tone> = { pending: 'warning', approved: 'success', rejected: 'danger' };

/** Whether the review's own words may be shown to the caller (the author, or an approved review). */
export const showsContent = (review: Pick<Review, 'own' | 'approvalState'>): boolean => review.own || review.approvalState === 'approved';

export function ReviewState({ state }: { state: Review['approvalState'] }) {
  const { t } = useMessages('reviews');
  return <Status tone={TONE[state] ?? 'neutral'}><span data-review-state={state}>{t(`reviews.state.${state}`)}</span></Status>;
}

export function ReviewItem({ review, onOpen }: { review: Review; onOpen: (mode: ReviewPanelMode) => void }) {
  const { t, fmt } = useMessages('reviews');
  const visible = showsContent(review);
  const title = visible ? review.title : t('reviews.generic.title');
  const comment = visible ? review.comment : t(review.approvalState === 'rejected' ? 'reviews.generic.rejected' : 'reviews.generic.pending');
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-review={review.id} data-own={review.own ? 'true' : undefined} data-state={review.approvalState}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} size={16} />
        <h3 className="m-0 min-w-0 break-words text-base font-semibold text-gray-900" data-part="review-title">{title}</h3>
        {review.own && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t('reviews.own')}</span>}
        {review.own && review.approvalState !== 'approved' && <ReviewState state={review.approvalState} />}
      </div>
      <p className="m-0 mt-1 text-xs text-gray-500">{t('reviews.date', { date: fmt.date(review.metadata.modifiedAt) })}</p>
      {comment && (
        <p className={visible ? 'm-0 mt-2 whitespace-pre-line break-words text-gray-700' : 'm-0 mt-2 italic text-gray-500'} data-part="review-comment">{comment}</p>
      )}
      {review.own && review.approvalState === 'pending' && (
        <p className="m-0 mt-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-gray-800" data-part="under-review">{t('reviews.underReview')}</p>
      )}
      {review.own && review.approvalState === 'rejected' && (
        <p className="m-0 mt-2 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-gray-800" data-part="declined">
          {review.reason ? t('reviews.declined', { reason: review.reason }) : t('reviews.declinedNoReason')}
        </p>
      )}
      {review.own && (
        <div className="mt-2 flex gap-2">
          <Button variant="link" size="sm" onClick={() => onOpen('view')} data-action="view-review" aria-label={t('reviews.viewLabel')}>{t('reviews.view')}</Button>
          <Button variant="link" size="sm" onClick={() => onOpen('edit')} data-action="edit-review" aria-label={t('reviews.editLabel')}>{t('reviews.edit')}</Button>
        </div>
      )}
    </li>
  );
}
