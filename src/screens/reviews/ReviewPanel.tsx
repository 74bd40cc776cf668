// The review side panel (spec 3 §2.4, §4, §5): star rating 1–5 (required), title (max length with
// a message naming the field and the maximum), comment with a counter against the settings'
// char_limit (the text area takes the limit's small grace), the review guidelines and the
// provider's instructions. Submit is disabled without a rating and, on an existing review, while
// nothing changed. After saving it says 'published' (automatic moderation) or 'under review'
// (manual). Read-only it only shows the caller's review. The checks are src/rules/reviews.ts's,
// the very functions the server applies.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../api/context.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { SiteLink } from '../subscribe/SiteLink.tsx';
import { createReview, updateReview, type Review } from '../../api/reviews.ts';
import { useInvalidate } from '../../api/swr.ts';
import { useMessages } from '../../i18n/intl.ts';
import { REVIEW_TITLE_MAX } from '../../rules/constants.ts';
import { cleanReview, commentLimit, commentMax, reviewChanged } from '../../rules/reviews.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useConfirmLeave } from '../../ui/ConfirmLeave.tsx';
import { ErrorPanel, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { StarRatingInput } from '../../ui/StarRatingInput.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { ReviewState } from './ReviewItem.tsx';

export interface ReviewPanelProps {
  productId: string;
  /** The caller's review (null: none yet). */
  review: Review | null;
  readOnly: boolean;
  /** The caller's review is still being looked up. */
  loading: boolean;
  /** The caller may write (signed in, subscribed): otherwise the form is read-only. */
  canWrite: boolean;
  onClose: () => void;
}

export function ReviewPanel(props: ReviewPanelProps) {
  const { t } = useMessages('reviews');
  const { review, readOnly, loading, onClose } = props;
  const title = readOnly ? t('reviews.panel.view') : review ? t('reviews.panel.edit') : t('reviews.panel.create');
  if (loading) {
    return <SidePanel open title={title} onClose={onClose}><LoadingPlaceholder /></SidePanel>;
  }
  // The form starts from the saved review once it is known, and keeps its state (the message after
  // saving) while the lists refetch; switching between view and edit starts afresh.
  return <ReviewForm key={readOnly ? 'view' : 'edit'} {...props} panelTitle={title} />;
}

function ReviewForm({ productId, review, readOnly, canWrite, onClose, panelTitle }: ReviewPanelProps & { panelTitle: string }) {
  const { t, fmt } = useMessages('reviews');
  const api = useApi();
  const invalidate = useInvalidate();
  const marketplace = useMarketplace().data?.settings;
  const settings = marketplace?.reviews;
  const guidelinesUrl = marketplace?.links?.review_guidelines_url ?? null;
  const ids = { form: useId(), title: useId(), comment: useId(), counter: useId(), titleError: useId() };
  const [draft, setDraft] = useState<{ rating: number | null; title: string; comment: string }>({
    rating: review?.rating ?? null, title: review?.title ?? '', comment: review?.comment ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<Review | null>(null);
  // Saving replaces the form's buttons: keep the focus in the panel, on its Close button.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (saved) closeRef.current?.focus();
  }, [saved]);

  const charLimit = settings?.char_limit;
  const limit = commentLimit(charLimit);
  const max = commentMax(charLimit);
  const inert = readOnly || !canWrite || !!saved;
  const checked = cleanReview(draft, charLimit);
  const problem = 'problem' in checked ? checked.problem : null;
  const changed = !review || reviewChanged({ rating: review.rating, title: review.title, comment: review.comment }, draft);
  const dirty = !inert && changed && (draft.rating !== null || !!draft.title.trim() || !!draft.comment.trim());
  const leave = useConfirmLeave(dirty && !busy);
  const titleTooLong = draft.title.trim().length > REVIEW_TITLE_MAX;
  const serverField = (error as { parameter?: string } | null)?.parameter;
  const canSubmit = !inert && !busy && !problem && changed;

  const close = () => leave.guard(onClose);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit || !('review' in checked)) return;
    setBusy(true);
    setError(null);
    const body = { rating: checked.review.rating, title: draft.title.trim(), comment: checked.review.comment };
    const saving = review ? updateReview(api, productId, review.id, body) : createReview(api, productId, body);
    saving.then(
      (answer) => {
        setSaved(answer);
        setBusy(false);
        // The list, the caller's review and the product's ratingInfo (an approved review moves it).
        void invalidate(['products', productId]);
      },
      (e: unknown) => { setError(e); setBusy(false); },
    );
  };

  const footer = inert ? (
    <Button ref={closeRef} variant="secondary" onClick={onClose} data-action="close-review">{t('reviews.close')}</Button>
  ) : (
    <>
      {review && !changed && <span className="w-full self-center text-sm text-gray-500 sm:mr-auto sm:w-auto" data-part="unchanged">{t('reviews.unchanged')}</span>}
      <Button variant="secondary" onClick={close}>{t('reviews.cancel')}</Button>
      <Button variant="primary" format="solid" type="submit" form={ids.form} disabled={!canSubmit} busy={busy} data-action="submit-review">
        {review ? t('reviews.save') : t('reviews.submit')}
      </Button>
    </>
  );

  const fieldClass = cx('block w-full rounded-md border px-3 py-2 text-sm text-gray-900', inert ? 'bg-gray-50' : 'bg-white', FOCUS_RING);
  return (
    <SidePanel open title={panelTitle} subtitle={review && !saved ? <ReviewState state={review.approvalState} /> : undefined} onClose={close} footer={footer}>
      {leave.dialog}
      {saved ? (
        <Alert tone={saved.approvalState === 'approved' ? 'success' : 'info'} title={t('reviews.saved.title')}>
          <span data-part="review-saved" data-state={saved.approvalState}>
            {saved.approvalState === 'approved' ? t('reviews.saved.approved') : t('reviews.saved.pending')}
          </span>
        </Alert>
      ) : (
        <form id={ids.form} onSubmit={submit} noValidate className="flex flex-col gap-5" data-part="review-form" data-readonly={inert ? 'true' : undefined}>
          {readOnly && !review && <p className="m-0 text-gray-600">{t('reviews.none')}</p>}
          {!readOnly && !canWrite && <Alert tone="info">{t('reviews.mustSubscribe')}</Alert>}
          {review?.approvalState === 'pending' && <Alert tone="warning"><span data-part="under-review">{t('reviews.underReview')}</span></Alert>}
          {review?.approvalState === 'rejected' && (
            <Alert tone="danger">{review.reason ? t('reviews.declined', { reason: review.reason }) : t('reviews.declinedNoReason')}</Alert>
          )}
          {settings?.instructions && (
            <p className="m-0 rounded-md bg-gray-50 px-3 py-2 text-gray-700" data-part="instructions">{settings.instructions}</p>
          )}

          <div>
            <p className="m-0 mb-1 font-medium text-gray-800">{t('reviews.field.rating')} <span aria-hidden="true" className="text-danger">*</span></p>
            <StarRatingInput
              value={draft.rating}
              onChange={(rating) => setDraft((d) => ({ ...d, rating }))}
              label={t('reviews.field.rating')}
              readOnly={inert}
              required
            />
            {!inert && draft.rating === null && <p className="m-0 mt-1 text-xs text-gray-500" data-part="rating-required">{t('reviews.field.ratingRequired')}</p>}
            {serverField === 'rating' && <p className="m-0 mt-1 text-xs text-danger" role="alert">{(error as Error).message}</p>}
          </div>

          <div>
            <label htmlFor={ids.title} className="mb-1 block font-medium text-gray-800">{t('reviews.field.title')}</label>
            <input
              id={ids.title}
              value={draft.title}
              onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
              readOnly={inert}
              aria-invalid={titleTooLong || serverField === 'title' || undefined}
              aria-describedby={titleTooLong ? ids.titleError : undefined}
              className={cx(fieldClass, titleTooLong ? 'border-danger' : 'border-gray-300')}
              data-part="review-title-input"
            />
            {titleTooLong ? (
              <p id={ids.titleError} className="m-0 mt-1 text-xs text-danger" role="alert" data-part="title-error">
                {t('reviews.maxLength', { field: t('reviews.field.title'), max: REVIEW_TITLE_MAX })}
              </p>
            ) : !inert && <p className="m-0 mt-1 text-xs text-gray-500">{t('reviews.field.titleHint')}</p>}
            {serverField === 'title' && !titleTooLong && <p className="m-0 mt-1 text-xs text-danger" role="alert">{(error as Error).message}</p>}
          </div>

          <div>
            <label htmlFor={ids.comment} className="mb-1 block font-medium text-gray-800">{t('reviews.field.comment')}</label>
            <textarea
              id={ids.comment}
              value={draft.comment}
              onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
              readOnly={inert}
              maxLength={max}
              rows={6}
              aria-describedby={ids.counter}
              className={cx(fieldClass, 'border-gray-300')}
              data-part="review-comment-input"
            />
            <p id={ids.counter} className={cx('m-0 mt-1 text-right text-xs tabular-nums', draft.comment.length > limit ? 'text-danger' : 'text-gray-500')} data-part="comment-counter" aria-live="polite">
              {t('reviews.counter', { count: fmt.count(draft.comment.length), limit: fmt.count(limit) })}
              {draft.comment.length > limit && <span> · {t('reviews.counter.over', { limit: fmt.count(limit), max: fmt.count(max) })}</span>}
            </p>
            {serverField === 'comment' && <p className="m-0 mt-1 text-xs text-danger" role="alert">{(error as Error).message}</p>}
          </div>

          {/* Spec 3 §2.4: a guidelines link, to the provider's page when the settings name one
              (settings.links.review_guidelines_url); without it, the built-in guidelines unfold here. */}
          {guidelinesUrl ? (
            <p className="m-0 text-sm" data-part="guidelines">
              <SiteLink url={guidelinesUrl} part="guidelines-link">{t('reviews.guidelines')}</SiteLink>
            </p>
          ) : (
            <details className="rounded-md border border-gray-200 px-3 py-2" data-part="guidelines">
              <summary className={cx('cursor-pointer rounded text-sm font-medium text-primary', FOCUS_RING)}>{t('reviews.guidelines')}</summary>
              <p className="m-0 mt-2 text-gray-700">{t('reviews.guidelines.text')}</p>
            </details>
          )}
          {!inert && <p className="m-0 -mt-3 text-xs text-gray-500">{t('reviews.guidelines.hint')}</p>}

          {!!error && !serverField && (
            <div role="alert" className="text-sm text-danger">{t('reviews.createError')}<ErrorPanel error={error} /></div>
          )}
        </form>
      )}
    </SidePanel>
  );
}
