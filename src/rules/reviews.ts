// Ratings and reviews (spec 3 §2.4, §4, §5, §9): what a review may hold, how it is cleaned before
// saving, who sees which review, and the rating summary. Pure; the server applies the same
// functions when a review is written, so the form's limits are the server's.
import {
  DEFAULT_REVIEW_CHAR_LIMIT, RATING_MAX, RATING_MIN, REVIEW_CHAR_LIMITS, REVIEW_TEXTAREA_MAX, REVIEW_TITLE_MAX,
} from './constants.ts';

export type ReviewState = 'pending' | 'approved' | 'rejected';

/** Spec 3 §5: the title an empty one falls back to, by rating. */
export const REVIEW_FALLBACK_TITLES: Record<number, string> = {
  1: 'Not satisfied',
  2: 'Somewhat satisfied',
  3: 'Satisfied',
  4: 'Very satisfied',
  5: 'Extremely satisfied',
};

/** The comment limit of the review settings (280, 1000 or 4000; 280 for anything else). */
export function commentLimit(charLimit: number | null | undefined): number {
  return (REVIEW_CHAR_LIMITS as readonly number[]).includes(charLimit ?? -1) ? charLimit! : DEFAULT_REVIEW_CHAR_LIMIT;
}

/** The most the comment may hold: the limit plus its grace (290, 1050, 4100). */
export function commentMax(charLimit: number | null | undefined): number {
  const limit = commentLimit(charLimit);
  return REVIEW_TEXTAREA_MAX[limit] ?? limit;
}

export interface ReviewDraft {
  rating?: number | null | undefined;
  title?: string | null | undefined;
  comment?: string | null | undefined;
}

export interface CleanReview {
  rating: number;
  title: string;
  comment: string;
}

export type ReviewProblem =
  | { field: 'rating'; code: 'required' | 'range' }
  | { field: 'title' | 'comment'; code: 'maxLength'; max: number };

/** Trims, applies the fallback title, and checks: rating a whole number 1–5 (required), title at
 * most REVIEW_TITLE_MAX, comment at most the limit's grace maximum. */
export function cleanReview(draft: ReviewDraft, charLimit: number | null | undefined): { review: CleanReview } | { problem: ReviewProblem } {
  const rating = draft.rating;
  if (rating === null || rating === undefined) return { problem: { field: 'rating', code: 'required' } };
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) return { problem: { field: 'rating', code: 'range' } };
  const title = (draft.title ?? '').trim();
  if (title.length > REVIEW_TITLE_MAX) return { problem: { field: 'title', code: 'maxLength', max: REVIEW_TITLE_MAX } };
  const comment = (draft.comment ?? '').trim();
  const max = commentMax(charLimit);
  if (comment.length > max) return { problem: { field: 'comment', code: 'maxLength', max } };
  return { review: { rating, title: title || REVIEW_FALLBACK_TITLES[rating]!, comment } };
}

/** Spec 3 §5: submit is disabled when nothing changed on an existing review. */
export function reviewChanged(saved: CleanReview, draft: ReviewDraft): boolean {
  return saved.rating !== draft.rating || saved.title !== (draft.title ?? '').trim() || saved.comment !== (draft.comment ?? '').trim();
}

/** The state a saved (new or edited) review takes: approved at once under automatic moderation,
 * pending under manual. */
export const moderatedState = (moderation: string): ReviewState => (moderation === 'automatic' ? 'approved' : 'pending');

/** Spec 3 §2.4: others see approved reviews only; the author sees theirs in any state. */
export function reviewVisible(review: { approvalState: string; own: boolean }): boolean {
  return review.own || review.approvalState === 'approved';
}

export interface RatingSummary {
  average: number;
  total: number;
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** The summary of the approved ratings: average, count and how many of each star. */
export function ratingSummary(ratings: readonly number[]): RatingSummary {
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  for (const r of ratings) {
    const star = Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(r))) as 1 | 2 | 3 | 4 | 5;
    distribution[star] += 1;
    sum += r;
  }
  return { average: ratings.length ? sum / ratings.length : 0, total: ratings.length, distribution };
}
