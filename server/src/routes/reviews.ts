// Ratings and reviews (spec 3 §7.3) and their moderation. Schemas in schemas/reviews.ts;
// behaviour in server/src/reviews/service.ts. Behind the catalogue gate, as the product pages are.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Conflict, ErrorResponses, IdParams, List } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { ApprovalDecision } from '../schemas/accessRequests.ts';
import { ProductReviewParams, Review, ReviewInput, ReviewParams, ReviewsQuery } from '../schemas/reviews.ts';
import { catalogueGate } from '../catalogue/visibility.ts';
import { createReview, decideReview, listReviews, updateReview } from '../reviews/service.ts';

export default async function reviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  catalogueGate(app);

  app.get('/products/:id/reviews', {
    schema: { params: IdParams, querystring: ReviewsQuery, response: { 200: List(Review), ...ErrorResponses } },
  }, async (request) => listReviews(app.db, request.caller, request.params.id, request.query));

  app.post('/products/:id/reviews', {
    schema: { params: IdParams, querystring: NoQuery, body: ReviewInput, response: { 201: Review, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => reply.status(201).send(await createReview(app.db, request.caller, request.params.id, request.body, app.clock.now())));

  app.put('/products/:id/reviews/:reviewId', {
    schema: { params: ProductReviewParams, querystring: NoQuery, body: ReviewInput, response: { 200: Review, ...ErrorResponses } },
  }, async (request) => updateReview(app.db, request.caller, request.params.id, request.params.reviewId, request.body, app.clock.now()));

  app.post('/reviews/:id/approval', {
    schema: { params: ReviewParams, querystring: NoQuery, body: ApprovalDecision, response: { 200: Review, ...ErrorResponses, ...Conflict } },
  }, async (request) => decideReview(app.db, request.caller, request.params.id, request.body, app.clock.now()));
}
