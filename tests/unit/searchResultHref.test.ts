// A search result's link (issue 13): an asset resource hit on one of its operations opens the
// resource's methods tab with that operation named (?operation=<ordinal>, OPERATION_PARAM).
import { describe, expect, it } from 'vitest';
import { resultHref } from '../../src/screens/search/ResultItem.tsx';
import { matchPath, OPERATION_PARAM } from '../../src/rules/routes.ts';
import type { SearchResultItem } from '../../src/api/catalogue.ts';

const hit = (operation?: { ordinal: number; method: string; path: string; summary: string }): SearchResultItem => ({
  type: 'asset_resource', id: 'res-stripe-1', title: 'Stripe API', description: '', rank: 0.5,
  product: { id: 'prod-stripe', versionId: 'prod-stripe-v1', title: 'Stripe', contactEmail: null },
  resource: { id: 'res-stripe-1', label: 'Stripe API', description: '', type: 'openapi', version: '1', stage: null, ...(operation ? { operation } : {}) },
});

describe('resultHref', () => {
  it('links an operation hit to the resource with the operation to open', () => {
    const href = resultHref(hit({ ordinal: 42, method: 'get', path: '/v1/invoices', summary: 'List all invoices' }));
    const [path, search] = href.split('?');
    expect(matchPath(path!)).toMatchObject({ name: 'product.resource', params: { productId: 'prod-stripe', resourceId: 'res-stripe-1', tab: 'methods' } });
    expect(new URLSearchParams(search).get(OPERATION_PARAM)).toBe('42');
  });

  it('links a resource hit without a matching operation to the resource alone', () => {
    expect(resultHref(hit())).not.toContain('?');
  });
});
