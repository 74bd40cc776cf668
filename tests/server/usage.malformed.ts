// Malformed input to the quota usage route (GET /subscriptions/{id}/usage), for the shared runner
// (tests/server/malformed.test.ts), on the catalogue fixture (sub-a1 of org A, owned by team-a1
// where alice is a consumer; sub-b1 of org B).
import type { MalformedCase } from './malformed.ts';

const R = 'GET /subscriptions/{id}/usage';

export const USAGE_CASES: MalformedCase[] = [
  { route: R, url: '/subscriptions/a%20b/usage', parameter: 'id', as: 'alice' },
  { route: R, url: `/subscriptions/${'x'.repeat(201)}/usage`, parameter: 'id', as: 'alice' },
  { route: R, url: '/subscriptions/sub-a1/usage?window=current', parameter: 'window', as: 'alice' },
  { route: R, url: '/subscriptions/sub-a1/usage', status: 401 },
  { route: R, url: '/subscriptions/sub-b1/usage', status: 404, as: 'alice' },
  { route: R, url: '/subscriptions/sub-nope/usage', status: 404, as: 'alice' },
];
