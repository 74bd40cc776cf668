// Malformed input to the applications, profiles, access requests and subscriptions routes, for
// the shared runner (tests/server/malformed.test.ts), on the catalogue fixture (app-a of org A,
// alice a consumer of team-a1; p-pets / v-pets-2 / r-pets).
import type { MalformedCase } from './malformed.ts';

const long = (n: number) => 'x'.repeat(n);
const A = '/applications/app-a';
const PROFILE = `${A}/profiles/prof-1`;
const R = '/products/p-pets/versions/v-pets-2/assetresources/r-pets';
const owner = { type: 'team', id: 'team-a1' };

export const APPLICATION_CASES: MalformedCase[] = [
  ...([
    ['states=gone', 'states'], ['ownerIds=a%20b', 'ownerIds'], [`searchText=${long(1001)}`, 'searchText'], ['sort=title', 'sort'],
    ['page=0', 'page'], ['pageSize=-1', 'pageSize'], ['pageSize=1000', 'pageSize'], ['fields=id,,title', 'fields'], ['color=red', 'color'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /applications', url: `/applications?${query}`, parameter, as: 'alice' })),
  { route: 'GET /applications', url: '/applications', status: 401 },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: {}, parameter: 'title', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: { text: 'x' }, owner }, parameter: 'title', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: '   ', owner }, parameter: 'title', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: long(350), owner }, parameter: 'title', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: 'ok', description: long(350), owner }, parameter: 'description', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: 'ok', owner: { type: 'robot', id: 'x' } }, parameter: 'owner.type', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: 'ok', owner: { type: 'team', id: 'a b' } }, parameter: 'owner.id', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: 'ok', owner, icon: 5 }, parameter: 'icon', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: { title: 'ok', owner, state: 'active' }, parameter: 'state', as: 'alice' },
  { route: 'POST /applications', url: '/applications', method: 'POST', body: '{"title":', headers: { 'content-type': 'application/json' }, parameter: 'body', as: 'alice' },
  { route: 'GET /applicationOwners', url: '/applicationOwners?all=true', parameter: 'all', as: 'alice' },
  { route: 'GET /applicationOwners', url: '/applicationOwners', status: 401 },
  { route: 'GET /applications/{id}', url: '/applications/a%20b', parameter: 'id', as: 'alice' },
  { route: 'GET /applications/{id}', url: `${A}?fields=id`, parameter: 'fields', as: 'alice' },
  { route: 'GET /applications/{id}', url: '/applications/app-b', status: 404, as: 'alice' },
  { route: 'PUT /applications/{id}', url: A, method: 'PUT', body: { description: 'x' }, parameter: 'title', as: 'alice' },
  { route: 'PUT /applications/{id}', url: A, method: 'PUT', body: { title: 'x', state: 'deleting' }, parameter: 'state', as: 'alice' },
  { route: 'PUT /applications/{id}', url: A, method: 'PUT', body: { title: 'x', owner }, parameter: 'owner', as: 'alice' },
  { route: 'PUT /applications/{id}', url: '/applications/app-b', method: 'PUT', body: { title: 'x' }, status: 404, as: 'alice' },
  { route: 'DELETE /applications/{id}', url: `/applications/${long(201)}`, method: 'DELETE', parameter: 'id', as: 'alice' },
  { route: 'DELETE /applications/{id}', url: '/applications/app-b', method: 'DELETE', status: 404, as: 'alice' },
  { route: 'GET /applications/{id}/resources', url: `${A}/resources?sort=name`, parameter: 'sort', as: 'alice' },
  { route: 'GET /applications/{id}/resources', url: `${A}/resources?productId=%25`, parameter: 'productId', as: 'alice' },
  { route: 'GET /applications/{id}/resources', url: `${A}/resources?assetResourceNameSearch=${long(1001)}`, parameter: 'assetResourceNameSearch', as: 'alice' },
  { route: 'GET /applications/{id}/profiles', url: `${A}/profiles?sort=rank`, parameter: 'sort', as: 'alice' },
  { route: 'GET /applications/{id}/profiles', url: `${A}/profiles?pageSize=x`, parameter: 'pageSize', as: 'alice' },
  { route: 'GET /applications/{id}/profiles', url: `${A}/profiles?definitionId=a%20b`, parameter: 'definitionId', as: 'alice' },
  { route: 'POST /applications/{id}/profiles', url: `${A}/profiles`, method: 'POST', body: { data: {} }, parameter: 'definitionId', as: 'alice' },
  { route: 'POST /applications/{id}/profiles', url: `${A}/profiles`, method: 'POST', body: { definitionId: 'apd', data: [] }, parameter: 'data', as: 'alice' },
  { route: 'POST /applications/{id}/profiles', url: `${A}/profiles`, method: 'POST', body: { definitionId: 'apd', data: {}, title: long(200) }, parameter: 'title', as: 'alice' },
  { route: 'GET /applications/{id}/profiles/{profileId}', url: `${A}/profiles/p%20x`, parameter: 'profileId', as: 'alice' },
  { route: 'GET /applications/{id}/profiles/{profileId}', url: PROFILE, status: 404, as: 'alice' },
  { route: 'PUT /applications/{id}/profiles/{profileId}', url: PROFILE, method: 'PUT', body: { title: 'x' }, parameter: 'data', as: 'alice' },
  { route: 'PUT /applications/{id}/profiles/{profileId}', url: PROFILE, method: 'PUT', body: { data: {}, definitionId: 'x' }, parameter: 'definitionId', as: 'alice' },
  { route: 'DELETE /applications/{id}/profiles/{profileId}', url: `${A}/profiles/${long(201)}`, method: 'DELETE', parameter: 'profileId', as: 'alice' },
  { route: 'DELETE /applications/{id}/profiles/{profileId}', url: '/applications/app-b/profiles/prof-1', method: 'DELETE', status: 404, as: 'alice' },
  { route: 'GET /applicationProfileDefinitions/{id}', url: '/applicationProfileDefinitions/a%20b', parameter: 'id', as: 'alice' },
  { route: 'GET /applicationProfileDefinitions/{id}', url: '/applicationProfileDefinitions/apd-nope', status: 404, as: 'alice' },
];

const request = { product: { id: 'p-pets', version: { id: 'v-pets-2' } }, assetResource: { id: 'r-pets' }, subscription: { id: 'sub-x' } };

export const ACCESS_CASES: MalformedCase[] = [
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: {}, parameter: 'product', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: { ...request, product: { id: 'p-pets' } }, parameter: 'product.version', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: { ...request, assetResource: { id: 'r x' } }, parameter: 'assetResource.id', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: { ...request, subscription: {} }, parameter: 'subscription.id', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: { ...request, data: 'x' }, parameter: 'data', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: { ...request, title: long(500) }, parameter: 'title', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: `${A}/accessRequests`, method: 'POST', body: { ...request, approval: 'approved' }, parameter: 'approval', as: 'alice' },
  { route: 'POST /applications/{id}/accessRequests', url: '/applications/app-b/accessRequests', method: 'POST', body: request, status: 404, as: 'alice' },
  ...([
    ['approvalStates=declined', 'approvalStates'], ['productIds=a%20b', 'productIds'], ['subscriptionIds=%25', 'subscriptionIds'],
    ['applicationIds=', 'applicationIds'], ['resourceId=a%20b', 'resourceId'], [`search=${long(1001)}`, 'search'], ['offset=-1', 'offset'],
    ['limit=101', 'limit'], ['limit=x', 'limit'], ['sort=title', 'sort'], ['page=1', 'page'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /accessRequests', url: `/accessRequests?${query}`, parameter, as: 'alice' })),
  { route: 'GET /accessRequests', url: '/accessRequests', status: 401 },
  { route: 'GET /accessRequests/{id}', url: '/accessRequests/a%20b', parameter: 'id', as: 'alice' },
  { route: 'GET /accessRequests/{id}', url: '/accessRequests/acc-1?decrypt=maybe', parameter: 'decrypt', as: 'alice' },
  { route: 'GET /accessRequests/{id}', url: '/accessRequests/acc-nope', status: 404, as: 'alice' },
  { route: 'DELETE /accessRequests/{id}', url: `/accessRequests/${long(201)}`, method: 'DELETE', parameter: 'id', as: 'alice' },
  { route: 'DELETE /accessRequests/{id}', url: '/accessRequests/acc-nope', method: 'DELETE', status: 404, as: 'alice' },
  { route: 'POST /accessRequests/{id}/approval', url: '/accessRequests/acc-1/approval', method: 'POST', body: { state: 'declined' }, parameter: 'state', as: 'providerAdmin' },
  { route: 'POST /accessRequests/{id}/approval', url: '/accessRequests/acc-1/approval', method: 'POST', body: {}, parameter: 'state', as: 'providerAdmin' },
  { route: 'POST /accessRequests/{id}/approval', url: '/accessRequests/acc-1/approval', method: 'POST', body: { state: 'approved', reason: long(2001) }, parameter: 'reason', as: 'providerAdmin' },
  { route: 'POST /accessRequests/{id}/approval', url: '/accessRequests/acc-nope/approval', method: 'POST', body: { state: 'approved' }, status: 404, as: 'providerAdmin' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequests', url: `${R}/accessRequests?resourceId=r-pets`, parameter: 'resourceId', as: 'alice' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequests', url: `${R}/accessRequests?approvalStates=x`, parameter: 'approvalStates', as: 'alice' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequests', url: '/products/p-pets/versions/v-pets-2/assetresources/r-nope/accessRequests', status: 404, as: 'alice' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequestDefinitions/{definitionId}', url: `${R}/accessRequestDefinitions/d%20x`, parameter: 'definitionId', as: 'alice' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/accessRequestDefinitions/{definitionId}', url: `${R}/accessRequestDefinitions/ard-nope`, status: 404, as: 'alice' },
  { route: 'GET /accessRequestDefinitions/{id}', url: '/accessRequestDefinitions/%24', parameter: 'id', as: 'alice' },
  { route: 'GET /accessRequestDefinitions/{id}', url: '/accessRequestDefinitions/ard-nope', status: 404, as: 'alice' },
  // subscriptions (read side)
  ...([
    ['states=gone', 'states'], ['approvalStates=declined', 'approvalStates'], ['product=a%20b', 'product'], ['resource=%25', 'resource'],
    ['ownerId=', 'ownerId'], [`search=${long(1001)}`, 'search'], ['sort=-title', 'sort'], ['page=0', 'page'], ['pageSize=101', 'pageSize'], ['limit=5', 'limit'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /subscriptions', url: `/subscriptions?${query}`, parameter, as: 'alice' })),
  { route: 'GET /subscriptions/{id}', url: '/subscriptions/a%20b', parameter: 'id', as: 'alice' },
  { route: 'GET /subscriptions/{id}', url: '/subscriptions/sub-nope', status: 404, as: 'alice' },
  { route: 'GET /subscriptions/{id}/resources', url: '/subscriptions/sub-1/resources?applicationId=a%20b', parameter: 'applicationId', as: 'alice' },
  { route: 'GET /subscriptions/{id}/resources', url: `/subscriptions/sub-1/resources?searchTerm=${long(1001)}`, parameter: 'searchTerm', as: 'alice' },
  { route: 'GET /subscriptions/{id}/resources', url: '/subscriptions/sub-1/resources?sort=name', parameter: 'sort', as: 'alice' },
  { route: 'GET /subscriptions/{id}/resources', url: '/subscriptions/sub-nope/resources', status: 404, as: 'alice' },
];
