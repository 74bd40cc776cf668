// Malformed input to the subscriptions, reviews and approvals routes (spec 3 §7.1, §7.3, the
// provider's approvals), for the shared runner (tests/server/malformed.test.ts), on the catalogue
// fixture (alice a consumer of team-a1 in org A; bob of org B; p-pets with plan-free, whose
// subscription request definition asks an optional string `reason`).
import type { MalformedCase } from './malformed.ts';

const long = (n: number) => 'x'.repeat(n);
const subscribe = { product: { id: 'p-pets' }, plan: { id: 'plan-free' }, owner: { type: 'team', id: 'team-a1' } };

export const SUBSCRIPTION_CASES: MalformedCase[] = [
  ...([
    ['plan=a%20b', 'plan'], ['productId=%25', 'productId'], ['owner=', 'owner'], [`searchText=${long(51)}`, 'searchText'],
    ['currentPage=0', 'currentPage'], ['currentPage=x', 'currentPage'], ['sort=%2Btitle', 'sort'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /subscriptions', url: `/subscriptions?${query}`, parameter, as: 'alice' })),
  { route: 'GET /subscriptions', url: '/subscriptions', status: 401 },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: {}, parameter: 'product', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, plan: {} }, parameter: 'plan.id', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, product: { id: 'a b' } }, parameter: 'product.id', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, owner: { type: 'org', id: 'x' } }, parameter: 'owner.type', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, title: long(451) }, parameter: 'title', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, title: long(351) }, parameter: 'title', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, data: [] }, parameter: 'data', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, data: { reason: 5 } }, parameter: 'data.reason', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, approval: 'approved' }, parameter: 'approval', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: { ...subscribe, plan: { id: 'plan-nope' } }, parameter: 'plan.id', status: 404, as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: '{"product":', headers: { 'content-type': 'application/json' }, parameter: 'body', as: 'alice' },
  { route: 'POST /subscriptions', url: '/subscriptions', method: 'POST', body: subscribe, status: 401 },
  { route: 'GET /subscriptionOptions', url: '/subscriptionOptions?product=p-pets', parameter: 'plan', as: 'alice' },
  { route: 'GET /subscriptionOptions', url: '/subscriptionOptions?product=p%20x&plan=plan-free', parameter: 'product', as: 'alice' },
  { route: 'GET /subscriptionOptions', url: '/subscriptionOptions?product=p-pets&plan=plan-free&owner=x', parameter: 'owner', as: 'alice' },
  { route: 'GET /subscriptionOptions', url: '/subscriptionOptions?product=p-cards&plan=plan-cards', parameter: 'product.id', status: 404, as: 'bob' },
  { route: 'DELETE /subscriptions/{id}', url: `/subscriptions/${long(201)}`, method: 'DELETE', parameter: 'id', as: 'alice' },
  { route: 'DELETE /subscriptions/{id}', url: '/subscriptions/sub-a1?force=true', method: 'DELETE', parameter: 'force', as: 'alice' },
  { route: 'DELETE /subscriptions/{id}', url: '/subscriptions/sub-b1', method: 'DELETE', status: 404, as: 'alice' },
  { route: 'POST /subscriptions/{id}/approval', url: '/subscriptions/sub-b1/approval', method: 'POST', body: { state: 'declined' }, parameter: 'state', as: 'providerAdmin' },
  { route: 'POST /subscriptions/{id}/approval', url: '/subscriptions/sub-b1/approval', method: 'POST', body: {}, parameter: 'state', as: 'providerAdmin' },
  { route: 'POST /subscriptions/{id}/approval', url: '/subscriptions/sub-b1/approval', method: 'POST', body: { state: 'rejected', reason: long(2001) }, parameter: 'reason', as: 'providerAdmin' },
  { route: 'POST /subscriptions/{id}/approval', url: '/subscriptions/sub-nope/approval', method: 'POST', body: { state: 'approved' }, status: 404, as: 'providerAdmin' },
  { route: 'GET /subscriptions/{id}/applications', url: '/subscriptions/sub-a1/applications?sort=title', parameter: 'sort', as: 'alice' },
  { route: 'GET /subscriptions/{id}/applications', url: '/subscriptions/sub-a1/applications?pageSize=101', parameter: 'pageSize', as: 'alice' },
  { route: 'GET /subscriptions/{id}/applications', url: `/subscriptions/sub-a1/applications?searchText=${long(51)}`, parameter: 'searchText', as: 'alice' },
  { route: 'GET /subscriptions/{id}/applications', url: '/subscriptions/sub-b1/applications', status: 404, as: 'alice' },
];

const R = '/products/p-pets/reviews';

export const REVIEW_CASES: MalformedCase[] = [
  ...([
    ['state=declined', 'state'], ['rating=0', 'rating'], ['rating=6', 'rating'], ['rating=4.5', 'rating'], ['showOwnedBy=a%20b', 'showOwnedBy'],
    ['limit=101', 'limit'], ['offset=-1', 'offset'], ['page=0', 'page'], ['pageSize=x', 'pageSize'], ['sort=rating', 'sort'], ['author=me', 'author'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /products/{id}/reviews', url: `${R}?${query}`, parameter })),
  { route: 'GET /products/{id}/reviews', url: '/products/p%20x/reviews', parameter: 'id' },
  { route: 'GET /products/{id}/reviews', url: '/products/p-cards/reviews', status: 404 },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: {}, parameter: 'rating', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: '5 stars' }, parameter: 'rating', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: 5, title: { text: 'x' } }, parameter: 'title', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: 5, comment: long(20_001) }, parameter: 'comment', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: 5, approvalState: 'approved' }, parameter: 'approvalState', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: 5, title: long(101) }, parameter: 'title', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: 5, comment: long(291) }, parameter: 'comment', as: 'alice' },
  { route: 'POST /products/{id}/reviews', url: R, method: 'POST', body: { rating: 5 }, status: 401 },
  { route: 'PUT /products/{id}/reviews/{reviewId}', url: `${R}/rev%201`, method: 'PUT', body: { rating: 5 }, parameter: 'reviewId', as: 'alice' },
  { route: 'PUT /products/{id}/reviews/{reviewId}', url: `${R}/rev-1`, method: 'PUT', body: { rating: 7 }, parameter: 'rating', as: 'alice' },
  { route: 'PUT /products/{id}/reviews/{reviewId}', url: `${R}/rev-1`, method: 'PUT', body: { title: 'no rating' }, parameter: 'rating', as: 'alice' },
  { route: 'PUT /products/{id}/reviews/{reviewId}', url: `${R}/rev-3`, method: 'PUT', body: { rating: 5 }, status: 404, as: 'alice' },
  { route: 'POST /reviews/{id}/approval', url: '/reviews/rev-3/approval', method: 'POST', body: { state: 'pending' }, parameter: 'state', as: 'providerAdmin' },
  { route: 'POST /reviews/{id}/approval', url: '/reviews/rev-3/approval', method: 'POST', body: { state: 'approved', reasonCode: 'x' }, parameter: 'reasonCode', as: 'providerAdmin' },
  { route: 'POST /reviews/{id}/approval', url: '/reviews/rev-nope/approval', method: 'POST', body: { state: 'approved' }, status: 404, as: 'providerAdmin' },
  ...([
    ['type=comment', 'type'], ['product=a%20b', 'product'], ['sort=oldest', 'sort'], ['limit=101', 'limit'], ['offset=x', 'offset'], ['page=1', 'page'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /approvals', url: `/approvals?${query}`, parameter, as: 'providerAdmin' })),
  { route: 'GET /approvals', url: '/approvals', status: 401 },
  { route: 'GET /approvals', url: '/approvals', status: 403, as: 'alice' },
];
