// Malformed input to the invoices and checkout routes, for the shared runner
// (tests/server/malformed.test.ts), on the catalogue fixture (alice a consumer of org A; no invoices).
import type { MalformedCase } from './malformed.ts';

const long = (n: number) => 'x'.repeat(n);

export const INVOICE_CASES: MalformedCase[] = [
  ...([
    ['status=gone', 'status'], ['state=bad', 'state'], ['subscription.id=a%20b', 'subscription.id'], ['product.id=%25', 'product.id'],
    ['plan.id=', 'plan.id'], [`owner.id=${long(201)}`, 'owner.id'], ['dueDateStart=yesterday', 'dueDateStart'], ['dueDateEnd=2025-13-01', 'dueDateEnd'],
    ['invoiceDateStart=1', 'invoiceDateStart'], ['invoiceDateEnd=x', 'invoiceDateEnd'], ['limit=1000', 'limit'], ['offset=-1', 'offset'],
    ['sort=createdAt', 'sort'], ['subscriptionId=s1', 'subscriptionId'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /invoices', url: `/invoices?${query}`, parameter, as: 'alice' })),
  { route: 'GET /invoices', url: '/invoices', status: 401 },
  { route: 'GET /invoices/{id}', url: '/invoices/a%20b', parameter: 'id', as: 'alice' },
  { route: 'GET /invoices/{id}', url: '/invoices/inv-1?x=1', parameter: 'x', as: 'alice' },
  { route: 'GET /invoices/{id}', url: '/invoices/inv-nope', status: 404, as: 'alice' },
  { route: 'GET /invoices/{id}/pdf', url: '/invoices/a%20b/pdf', parameter: 'id', as: 'alice' },
  { route: 'GET /invoices/{id}/pdf', url: '/invoices/inv-1/pdf?locale=xx-YY-ZZ-1', parameter: 'locale', as: 'alice' },
  { route: 'GET /invoices/{id}/pdf', url: '/invoices/inv-1/pdf?x=1', parameter: 'x', as: 'alice' },
  { route: 'GET /invoices/{id}/pdf', url: '/invoices/inv-nope/pdf', status: 404, as: 'alice' },
  { route: 'GET /invoices/{id}/pdf', url: '/invoices/inv-nope/pdf', status: 401 },
  { route: 'POST /invoices/{id}/checkout', url: `/invoices/${long(201)}/checkout`, method: 'POST', parameter: 'id', as: 'alice' },
  { route: 'POST /invoices/{id}/checkout', url: '/invoices/inv-nope/checkout', method: 'POST', status: 404, as: 'alice' },
  { route: 'POST /invoices/{id}/checkout', url: '/invoices/inv-nope/checkout', method: 'POST', status: 401 },
  { route: 'GET /checkout/{id}', url: '/checkout/inv-1', parameter: 'token' },
  { route: 'GET /checkout/{id}', url: '/checkout/a%20b?token=t', parameter: 'id' },
  { route: 'GET /checkout/{id}', url: `/checkout/inv-1?token=${long(2001)}`, parameter: 'token' },
  { route: 'POST /checkout/{id}', url: '/checkout/inv-1', method: 'POST', body: {}, parameter: 'token' },
  { route: 'POST /checkout/{id}', url: '/checkout/inv-1', method: 'POST', body: { token: 't', amount: 1 }, parameter: 'amount' },
  { route: 'POST /checkout/{id}', url: '/checkout/inv-1', method: 'POST', body: 'token=', headers: { 'content-type': 'application/x-www-form-urlencoded' }, parameter: 'token' },
];
