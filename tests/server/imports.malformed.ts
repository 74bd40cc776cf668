// Malformed input to publishing through the running server (POST /products/import,
// GET /imports/{id}), for the shared runner (tests/server/malformed.test.ts).
import type { MalformedCase } from './malformed.ts';

const P = 'POST /products/import';
const G = 'GET /imports/{id}';
const ok = { content: 'type Query { a: Int }', fileName: 'a.graphql' };

export const IMPORT_CASES: MalformedCase[] = [
  { route: P, url: '/products/import', method: 'POST', body: ok, status: 401 },
  { route: P, url: '/products/import', method: 'POST', body: ok, status: 403, as: 'alice' },
  { route: P, url: '/products/import', method: 'POST', body: {}, parameter: 'content', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, url: 'https://example.com/a.json' }, parameter: 'url', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { content: '' }, parameter: 'content', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { content: { a: 1 } }, parameter: 'content', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { url: 'ftp://example.com/a.json' }, parameter: 'url', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, visibility: 'everyone' }, parameter: 'visibility', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, productId: 'a b' }, parameter: 'productId', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, categoryIds: ['a b'] }, parameter: 'categoryIds', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, title: 'x'.repeat(201) }, parameter: 'title', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, plan: 'yes' }, parameter: 'plan', as: 'providerAdmin' },
  { route: P, url: '/products/import', method: 'POST', body: { ...ok, extra: 1 }, parameter: 'extra', as: 'providerAdmin' },
  { route: G, url: '/imports/a%20b', parameter: 'id', as: 'providerAdmin' },
  { route: G, url: '/imports/imp-none', status: 401 },
  { route: G, url: '/imports/imp-none', status: 403, as: 'alice' },
  { route: G, url: '/imports/imp-none', status: 404, as: 'providerAdmin' },
];
