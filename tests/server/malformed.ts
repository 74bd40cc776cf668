// The malformed-input table pattern: each area lists, for every one of its routes, requests a
// client could get wrong and the parameter the 4xx answer must name. tests/server/malformed.test.ts
// runs every table. To cover a new area: export a `MalformedCase[]` here (or in your own file) and
// add it to TABLES in malformed.test.ts.
//
//   { route: 'GET /products', url: '/products?limit=-1', parameter: 'limit' }
//
// The runner checks: status 4xx (400 unless `status` says otherwise), a JSON body
// { errors: [{ status, title, detail, source: { parameter } }] } whose first error names the
// parameter (exactly, or as `parameter.<index>` for an item of a repeated parameter), and never 5xx.
import { expect } from 'vitest';
import type { TestApp } from './helper.ts';
import { API } from './helper.ts';

export interface MalformedCase {
  /** The route under test, as `METHOD /path/{param}` (for the coverage check and test names). */
  route: string;
  /** Path and query under /api/v1. */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (objects are sent as JSON), or a raw string with `headers` content type. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The parameter the answer must name; omit when the answer names none (e.g. a 404 route). */
  parameter?: string;
  /** Expected status; 400 by default. */
  status?: number;
  /** Send as this fixture user (by key of the `users` map given to the runner); a visitor by default. */
  as?: string;
}

const long = (n: number) => 'x'.repeat(n);
const q = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
const terms = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `term${i}` }));

const P = '/products/p-pets';
const V = `${P}/versions/v-pets-2`;
const PLAN = `${P}/plans/plan-free`;

/** The catalogue's routes (products, versions, documents, resources, categories, stages, search,
 * plans, quotas, units): every route, several mistakes each. */
export const CATALOGUE_CASES: MalformedCase[] = [
  // GET /products
  ...([
    ['limit=-1', 'limit'], ['limit=101', 'limit'], ['limit=ten', 'limit'], ['offset=-5', 'offset'], ['offset=1.5', 'offset'],
    ['sort=name', 'sort'], ['sort=-rank', 'sort'], ['status=pending', 'status'], ['status=success&status=nope', 'status'],
    ['rating=0', 'rating'], ['rating=6', 'rating'], ['rating=4.5', 'rating'], ['category.id=a%20b', 'category.id'],
    [`category.id=${long(201)}`, 'category.id'], ['include.child.categories=maybe', 'include.child.categories'],
    ['subscriptions.exist=yes', 'subscriptions.exist'], ['assetResource.state=gone', 'assetResource.state'],
    ['application.id=', 'application.id'], ['stage.id=%3Cscript%3E', 'stage.id'], [`search=${long(1001)}`, 'search'],
    [`title.search=${long(51)}`, 'title.search'], ['fields=title,secret', 'fields'], ['fields=title,,id', 'fields'],
    ['query=pets', 'query'], ['query=', 'query'], [`query=${q([])}`, 'query'], [`query=${q(terms(21))}`, 'query'],
    [`query=${q([{ value: 'pe ts' }])}`, 'query'], [`query=${q([{ value: 'pets;drop' }])}`, 'query'],
    [`query=${q([{ value: 'pets', comparison: 'like' }])}`, 'query'], [`query=${q([{ value: 'pets', operator: 'xor' }])}`, 'query'],
    [`query=${q([{ value: 'pets', extra: 1 }])}`, 'query'], [`query=${q({ value: 'pets' })}`, 'query'], [`query=${q([{ value: 42 }])}`, 'query'],
    ['colour=red', 'colour'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /products', url: `/products?${query}`, parameter })),
  // GET /products/{id}
  { route: 'GET /products/{id}', url: '/products/bad%20id', parameter: 'id' },
  { route: 'GET /products/{id}', url: `/products/${long(201)}`, parameter: 'id' },
  { route: 'GET /products/{id}', url: `${P}?fields=everything`, parameter: 'fields' },
  { route: 'GET /products/{id}', url: `${P}?limit=1`, parameter: 'limit' },
  { route: 'GET /products/{id}', url: '/products/nope', status: 404 },
  // versions
  { route: 'GET /products/{id}/versions', url: `${P}/versions?limit=0`, parameter: 'limit' },
  { route: 'GET /products/{id}/versions', url: `${P}/versions?limit=51`, parameter: 'limit' },
  { route: 'GET /products/{id}/versions', url: `${P}/versions?offset=-1`, parameter: 'offset' },
  { route: 'GET /products/{id}/versions', url: '/products/%24%24/versions', parameter: 'id' },
  { route: 'GET /products/{id}/versions/{versionId}', url: `${P}/versions/v%20x`, parameter: 'versionId' },
  { route: 'GET /products/{id}/versions/{versionId}', url: `${P}/versions/v-pets-2?fields=id`, parameter: 'fields' },
  { route: 'GET /products/{id}/versions/{versionId}', url: `${P}/versions/unknown`, status: 404 },
  { route: 'GET /products/{id}/versions/{versionId}/overview', url: `${P}/versions/${long(300)}/overview`, parameter: 'versionId' },
  { route: 'GET /products/{id}/versions/{versionId}/overview', url: `${P}/versions/v-pets-1x/overview`, status: 404 },
  // documents and articles
  { route: 'GET /products/{id}/versions/{versionId}/documents', url: `${V}/documents?limit=0`, parameter: 'limit' },
  { route: 'GET /products/{id}/versions/{versionId}/documents', url: `${V}/documents?limit=51`, parameter: 'limit' },
  { route: 'GET /products/{id}/versions/{versionId}/documents', url: `${V}/documents?offset=x`, parameter: 'offset' },
  { route: 'GET /products/{id}/versions/{versionId}/documents', url: `${V}/documents?sort=rank`, parameter: 'sort' },
  { route: 'GET /documents/{id}', url: '/documents/a%2Fb%20c', parameter: 'id' },
  { route: 'GET /documents/{id}', url: '/documents/nope', status: 404 },
  { route: 'GET /documents/{id}/data', url: '/documents/%27or%201%3D1/data', parameter: 'id' },
  { route: 'GET /documents/{id}/data', url: '/documents/doc-guide/data?format=pdf', parameter: 'format' },
  { route: 'GET /products/{id}/versions/{versionId}/articles/{articleId}', url: `${V}/articles/art-1?kind=pdf`, parameter: 'kind' },
  { route: 'GET /products/{id}/versions/{versionId}/articles/{articleId}', url: `${V}/articles/art%201`, parameter: 'articleId' },
  { route: 'GET /products/{id}/versions/{versionId}/articles/{articleId}', url: `${V}/articles/art-404`, status: 404 },
  // asset resources
  ...([
    ['limit=1000', 'limit'], ['offset=-1', 'offset'], ['sort=+rank', 'sort'], ['assetResource.with.access.request=sometimes', 'assetResource.with.access.request'],
    ['assetResource.with.credential.request.def=2', 'assetResource.with.credential.request.def'], ['assetResource.asset.id=%20', 'assetResource.asset.id'],
    ['assetResource.state=deleted', 'assetResource.state'], ['subscription.id=a%20b', 'subscription.id'],
    ['subscription.id=a&subscription.id=b', 'subscription.id'], ['source.assetResource.id=%25', 'source.assetResource.id'],
    [`search=${long(1001)}`, 'search'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /products/{id}/versions/{versionId}/assetresources', url: `${V}/assetresources?${query}`, parameter })),
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/assets', url: `${V}/assetresources/assets?limit=1`, parameter: 'limit' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/assets', url: `${P}/versions/v%21/assetresources/assets`, parameter: 'versionId' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}', url: `${V}/assetresources/r%20pets`, parameter: 'resourceId' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}', url: `${V}/assetresources/r-nope`, status: 404 },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/data', url: `${V}/assetresources/${long(201)}/data`, parameter: 'resourceId' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/data', url: `${V}/assetresources/r-pets/data?kind=Resource`, parameter: 'kind' },
  { route: 'GET /products/{id}/versions/{versionId}/resources/{resourceId}', url: `${V}/resources/r-pets?kind=Folder`, parameter: 'kind' },
  { route: 'GET /products/{id}/versions/{versionId}/resources/{resourceId}', url: `${V}/resources/r-pets?kind=resource`, parameter: 'kind' },
  { route: 'GET /products/{id}/versions/{versionId}/resources/{resourceId}/data', url: `${V}/resources/r-pets/data?kind=BINARY`, parameter: 'kind' },
  { route: 'GET /products/{id}/versions/{versionId}/resources/{resourceId}/data', url: `${V}/resources/doc-guide/data?kind=Resource`, status: 404 },
  // catalogue-wide resources
  { route: 'GET /resources', url: '/resources?type=oas%203', parameter: 'type' },
  { route: 'GET /resources', url: `/resources?type=${long(41)}`, parameter: 'type' },
  { route: 'GET /resources', url: '/resources?limit=-1', parameter: 'limit' },
  { route: 'GET /resources', url: '/resources?sort=title', parameter: 'sort' },
  { route: 'GET /resources', url: `/resources?query=${long(1001)}`, parameter: 'query' },
  // categories and stages
  ...([
    ['page=0', 'page'], ['page=-1', 'page'], ['size=101', 'size'], ['size=-1', 'size'], ['size=big', 'size'], ['sort=%2Btitle', 'sort'],
    ['featured=perhaps', 'featured'], ['parentId=a%20b', 'parentId'], ['includeChildCategories=1x', 'includeChildCategories'],
    ['titleMatchOnly=nope', 'titleMatchOnly'], [`searchText=${long(51)}`, 'searchText'], ['fields=title,price', 'fields'],
    ['limit=10', 'limit'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /categories', url: `/categories?${query}`, parameter })),
  { route: 'GET /categories/{id}', url: '/categories/%3Bdrop', parameter: 'id' },
  { route: 'GET /categories/{id}', url: '/categories/cat-maps?fields=bogus', parameter: 'fields' },
  { route: 'GET /categories/{id}', url: '/categories/cat-nope', status: 404 },
  { route: 'GET /stages', url: '/stages?limit=5', parameter: 'limit' },
  { route: 'GET /stages', url: '/stages', method: 'POST', body: { title: 'x' }, status: 404 },
  // search
  ...([
    ['page=0', 'page'], ['pageSize=0', 'pageSize'], ['pageSize=101', 'pageSize'], ['page=x', 'page'], ['sort=%2Brank', 'sort'],
    ['type=document', 'type'], ['type=product&type=api', 'type'], [`search=${long(1001)}`, 'search'], ['query=%5B', 'query'],
    [`query=${q(terms(21))}`, 'query'], [`query=${q([{ value: '' }])}`, 'query'], [`query=${q([{ value: '   ' }])}`, 'query'],
    [`query=${q([{ value: 'a&b' }])}`, 'query'], [`query=${q([{ value: '!pets' }])}`, 'query'], [`query=${q([{ value: long(101) }])}`, 'query'],
    ['q=pets', 'q'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /search', url: `/search?${query}`, parameter })),
  // plans, quotas, plan resources, subscription request definitions
  ...([
    ['limit=101', 'limit'], ['limit=-1', 'limit'], ['offset=-1', 'offset'], ['plan.state=deleted', 'plan.state'], ['plan.type=premium', 'plan.type'],
    ['includePlansWithSubscriptions=maybe', 'includePlansWithSubscriptions'], ['sort=price', 'sort'], ['page=0', 'page'], ['pageSize=1000', 'pageSize'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /products/{id}/plans', url: `${P}/plans?${query}`, parameter })),
  { route: 'GET /products/{id}/plans', url: '/products/p%20x/plans', parameter: 'id' },
  { route: 'GET /products/{id}/plans/{planId}', url: `${P}/plans/plan%2A`, parameter: 'planId' },
  { route: 'GET /products/{id}/plans/{planId}', url: `${P}/plans/plan-nope`, status: 404 },
  { route: 'GET /products/{id}/plans/{planId}', url: `${PLAN}?fields=id`, parameter: 'fields' },
  { route: 'GET /products/{id}/plans/{planId}/quotas', url: `${PLAN}/quotas?owner.id=a%20b`, parameter: 'owner.id' },
  { route: 'GET /products/{id}/plans/{planId}/quotas', url: `${PLAN}/quotas?sort=-price`, parameter: 'sort' },
  { route: 'GET /products/{id}/plans/{planId}/quotas', url: `${PLAN}/quotas?limit=101`, parameter: 'limit' },
  { route: 'GET /products/{id}/plans/{planId}/quotas', url: `${PLAN}/quotas?offset=-2`, parameter: 'offset' },
  { route: 'GET /products/{id}/plans/{planId}/quotas/{quotaId}', url: `${PLAN}/quotas/q%20free`, parameter: 'quotaId' },
  { route: 'GET /products/{id}/plans/{planId}/quotas/{quotaId}', url: `${PLAN}/quotas/q-gold`, status: 404 },
  { route: 'GET /products/{id}/plans/{planId}/resources', url: `${PLAN}/resources?limit=x`, parameter: 'limit' },
  { route: 'GET /products/{id}/plans/{planId}/resources', url: `${PLAN}/resources?owner=%20`, parameter: 'owner' },
  { route: 'GET /products/{id}/plans/{planId}/subscriptionRequestDefinitions/{definitionId}', url: `${PLAN}/subscriptionRequestDefinitions/d%20x`, parameter: 'definitionId' },
  { route: 'GET /products/{id}/plans/{planId}/subscriptionRequestDefinitions/{definitionId}', url: `${PLAN}/subscriptionRequestDefinitions/srd-nope`, status: 404 },
  // units
  { route: 'GET /productPlanUnits', url: `/productPlanUnits?search.unit.name=${long(51)}`, parameter: 'search.unit.name' },
  { route: 'GET /productPlanUnits', url: '/productPlanUnits?excluded.resource.name=', parameter: 'excluded.resource.name' },
  { route: 'GET /productPlanUnits', url: '/productPlanUnits?limit=-1', parameter: 'limit' },
  { route: 'GET /productPlanUnits', url: '/productPlanUnits?search=bytes', parameter: 'search' },
];

/** Runs one case and asserts the answer: 4xx JSON naming the parameter, never 5xx. */
export async function expectMalformed(t: TestApp, c: MalformedCase, users: Record<string, { id: string; orgId: string }> = {}) {
  const user = c.as ? users[c.as] ?? null : null;
  const isJson = c.body !== undefined && typeof c.body !== 'string';
  const res = await t.request(user, {
    method: c.method ?? 'GET',
    url: `${API}${c.url}`,
    ...(c.body !== undefined ? { payload: isJson ? JSON.stringify(c.body) : (c.body as string) } : {}),
    headers: { ...(isJson ? { 'content-type': 'application/json' } : {}), ...c.headers },
  });
  const where = `${c.method ?? 'GET'} ${c.url} -> ${res.status} ${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}`;
  expect(res.status, where).toBeLessThan(500);
  expect(res.status, where).toBe(c.status ?? 400);
  expect(String(res.headers['content-type']), where).toContain('application/json');
  const [error] = res.body.errors;
  expect(error, where).toMatchObject({ status: res.status, title: expect.any(String), detail: expect.any(String) });
  expect(error.detail.length, where).toBeGreaterThan(0);
  if (c.parameter) {
    const named: string = error.source?.parameter ?? '';
    expect(named === c.parameter || named.startsWith(`${c.parameter}.`), `${where}: expected parameter ${c.parameter}`).toBe(true);
  }
}
