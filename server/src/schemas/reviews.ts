// Ratings and reviews (spec 3 §2.4, §3, §5, §7.3): the contract. One review per user and product;
// others see approved reviews only, the author theirs in any state; moderation automatic or manual
// per the review settings. The product's ratingInfo (GET /products/{id}) counts approved reviews.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { APPROVAL_STATES } from './accessRequests.ts';
import { MAX_PAGE_LIMIT, RATING_MAX, RATING_MIN, REVIEWS_PAGE_SIZE } from '../../../src/rules/constants.ts';

export const REVIEW_SORTS = ['-metadata.modifiedAt', '+metadata.modifiedAt', '-rating', '+rating'] as const;

export const Review = Type.Object({
  id: Type.String(),
  productId: Type.String(),
  rating: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }),
  title: Type.String(),
  comment: Type.String(),
  approvalState: Literals(APPROVAL_STATES),
  /** The moderator's reason (a rejected review's), shown to its author. */
  reason: Nullable(Type.String()),
  reasonCode: Nullable(Type.String()),
  /** The caller wrote it: only they get the view and edit links. */
  own: Type.Boolean(),
  /** The author's organisation (the spec's consumerTenantId). */
  consumerTenantId: Type.String(),
  metadata: Type.Object({
    /** The author's id, given to the author only (null for others). */
    createUserId: Nullable(Type.String()),
    createdAt: DateTime,
    modifiedAt: DateTime,
  }),
});
export type Review = Static<typeof Review>;

export const ReviewsQuery = Type.Object({
  /** Approval states to include (others' reviews are approved ones whatever this says). */
  state: Repeated(Literals(APPROVAL_STATES)),
  /** Only this user's reviews (the screens pass the current user's id). */
  showOwnedBy: Type.Optional(Id),
  rating: Repeated(Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT })),
  /** Default newest change first. */
  sort: Type.Optional(Literals(REVIEW_SORTS)),
}, Strict);
export type ReviewsQuery = Static<typeof ReviewsQuery>;
export const DEFAULT_REVIEWS_LIMIT = REVIEWS_PAGE_SIZE;

/** Create and update: rating required (whole 1–5); title trimmed, max REVIEW_TITLE_MAX, empty ->
 * the rating's fallback words; comment trimmed, max the char_limit's grace (src/rules/reviews.ts).
 * Lengths are checked after trimming (400 naming title or comment), so the schema bounds are loose. */
export const ReviewInput = Type.Object({
  rating: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }),
  title: Type.Optional(Type.String({ maxLength: 1000 })),
  comment: Type.Optional(Type.String({ maxLength: 20_000 })),
}, Strict);
export type ReviewInput = Static<typeof ReviewInput>;

export const ProductReviewParams = Type.Object({ id: Id, reviewId: Id });
export const ReviewParams = Type.Object({ id: Id });
