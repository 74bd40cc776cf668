// Malformed input to the insights' analytics routes (issue 14), for the shared runner
// (tests/server/malformed.test.ts), on the catalogue fixture (alice: a consumer of org A).
import type { MalformedCase } from './malformed.ts';

const R = '?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';
const C = 'GET /analytics/chart';
const S = 'GET /analytics/summary';
const T = 'GET /analytics/transactions';
const D = 'GET /analytics/transactionDetails/{id}';
const U = 'GET /analytics/usage';
const A = 'GET /analytics/applications';

export const ANALYTICS_CASES: MalformedCase[] = [
  { route: C, url: '/analytics/chart?to=2026-01-02T00:00:00Z', parameter: 'from', as: 'alice' },
  { route: C, url: '/analytics/chart?from=yesterday&to=2026-01-02T00:00:00Z', parameter: 'from', as: 'alice' },
  { route: C, url: '/analytics/chart?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', parameter: 'to', as: 'alice' },
  { route: C, url: `/analytics/chart${R}&interval=2h`, parameter: 'interval', as: 'alice' },
  { route: C, url: '/analytics/chart?from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&interval=1h', parameter: 'interval', as: 'alice' },
  { route: C, url: `/analytics/chart${R}&query=${encodeURIComponent('owner==x')}`, parameter: 'query', as: 'alice' },
  { route: C, url: `/analytics/chart${R}&colour=red`, parameter: 'colour', as: 'alice' },
  { route: C, url: `/analytics/chart${R}`, status: 401 },
  { route: S, url: `/analytics/summary${R}&groupBy=owner`, parameter: 'groupBy', as: 'alice' },
  { route: S, url: `/analytics/summary${R}&filter=${encodeURIComponent('statusDetail==great')}`, parameter: 'filter', as: 'alice' },
  { route: S, url: `/analytics/summary${R}&durationDetails=maybe`, parameter: 'durationDetails', as: 'alice' },
  { route: S, url: '/analytics/summary?from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', parameter: 'to', as: 'alice' },
  { route: T, url: `/analytics/transactions${R}&pageSize=0`, parameter: 'pageSize', as: 'alice' },
  { route: T, url: `/analytics/transactions${R}&page=0`, parameter: 'page', as: 'alice' },
  { route: T, url: `/analytics/transactions${R}&query=${encodeURIComponent('status==99')}`, parameter: 'query', as: 'alice' },
  { route: T, url: `/analytics/transactions${R}&query=${encodeURIComponent('method=in=')}`, parameter: 'query', as: 'alice' },
  { route: D, url: '/analytics/transactionDetails/a%20b', parameter: 'id', as: 'alice' },
  { route: D, url: '/analytics/transactionDetails/tx-nope', status: 404, as: 'alice' },
  { route: U, url: '/analytics/usage?interval=1d', parameter: 'interval', as: 'alice' },
  { route: U, url: '/analytics/usage?period=13to15', parameter: 'period', as: 'alice' },
  { route: U, url: '/analytics/usage?groupBy=applicationId', parameter: 'groupBy', as: 'alice' },
  { route: A, url: '/analytics/applications?sort=name', parameter: 'sort', as: 'alice' },
  { route: A, url: `/analytics/applications?search=${'x'.repeat(201)}`, parameter: 'search', as: 'alice' },
];
