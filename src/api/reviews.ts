// Ratings and reviews of a product (spec 3 §2.4, §7.3): the list (a page of what the caller may
// see, newest change first), the caller's own review, and writing one. Shapes are the server's
// contract (server/src/schemas/reviews.ts).
import type { Review, ReviewInput, ReviewsQuery } from '../../server/src/schemas/reviews.ts';
import { REVIEWS_PAGE_SIZE } from '../rules/constants.ts';
import type { Api, Page, Query } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Review, ReviewInput, ReviewsQuery };

const base = (productId: string) => `/products/${encodeURIComponent(productId)}/reviews`;

export const fetchReviews = (api: Api, productId: string, query: ReviewsQuery) =>
  api.list<Review>(base(productId), { query: query as Record<string, unknown> as Query });

/** One page of the product's reviews (REVIEWS_PAGE_SIZE a page by default). */
export const useReviews = (productId: string | null, page: number, pageSize = REVIEWS_PAGE_SIZE) => {
  const query: ReviewsQuery = { page, pageSize, sort: '-metadata.modifiedAt' };
  return useApiQuery<Page<Review>>(productId ? keys.reviews(productId, query) : null,
    (api) => fetchReviews(api, productId!, query), { keepPreviousData: true });
};

/** The signed-in user's review of the product (one per user and product), null when none. */
export const useOwnReview = (productId: string | null, userId: string | null | undefined) =>
  useApiQuery<Review | null>(productId && userId ? keys.ownReview(productId, userId) : null,
    async (api) => (await fetchReviews(api, productId!, { showOwnedBy: userId!, pageSize: 1 })).items[0] ?? null);

export const createReview = (api: Api, productId: string, body: ReviewInput) => api.post<Review>(base(productId), body);

export const updateReview = (api: Api, productId: string, reviewId: string, body: ReviewInput) =>
  api.put<Review>(`${base(productId)}/${encodeURIComponent(reviewId)}`, body);
