// Malformed input to the credential routes and the OAuth token endpoint (run by malformed.test.ts).
// The token endpoint's own mistakes answer RFC 6749's shape (gateway.runtime.test.ts); here only
// what fails before it: a body that is not JSON or a form.
import type { MalformedCase } from './malformed.ts';

const long = (n: number) => 'x'.repeat(n);
const C = '/credentials/cred-1';
const create = '/applications/app-1/credentials';
const crd = { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' };
const defs = '/products/p-pets/versions/v-pets-2/assetresources';

export const CREDENTIAL_CASES: MalformedCase[] = [
  // POST /applications/{id}/credentials
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: '/applications/a%20b/credentials', body: { title: 'k', credentialRequestDefinition: crd }, parameter: 'id' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { credentialRequestDefinition: crd }, parameter: 'title' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: { text: 'k' }, credentialRequestDefinition: crd }, parameter: 'title' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: long(451), credentialRequestDefinition: crd }, parameter: 'title' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k' }, parameter: 'credentialRequestDefinition' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k', credentialRequestDefinition: { ...crd, crdType: 'Kerberos' } }, parameter: 'credentialRequestDefinition.crdType' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k', credentialRequestDefinition: { crdId: { id: 'a b' }, crdType: 'APIKey' } }, parameter: 'credentialRequestDefinition.crdId.id' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k', credentialRequestDefinition: crd, data: 'text' }, parameter: 'data' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k', credentialRequestDefinition: crd, resources: [{ id: '%' }] }, parameter: 'resources' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k', credentialRequestDefinition: crd, owner: { type: 'org', id: 'x' } }, parameter: 'owner.type' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: { title: 'k', credentialRequestDefinition: crd, secret: 'mine' }, parameter: 'secret' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, body: '{"title":', headers: { 'content-type': 'application/json' }, parameter: 'body' },
  { route: 'POST /applications/{id}/credentials', method: 'POST', url: create, as: 'alice', body: { title: 'k', credentialRequestDefinition: crd }, status: 404 },
  // GET /credentials
  ...([
    ['limit=101', 'limit'], ['limit=-1', 'limit'], ['offset=-1', 'offset'], ['offset=x', 'offset'], ['sort=title', 'sort'], ['sort=%2Bexpiry', 'sort'],
    ['status=done', 'status'], ['status=success&status=nope', 'status'], ['state=deleting', 'state'], ['expiryStart=yesterday', 'expiryStart'],
    ['expiryEnd=2026-13-01', 'expiryEnd'], ['application=a%20b', 'application'], ['id=%3B', 'id'], ['resource=', 'resource'],
    ['product=a%2Fb', 'product'], ['version=%20', 'version'], [`search=${long(51)}`, 'search'], ['searchInAppName=perhaps', 'searchInAppName'],
    ['decrypt=true', 'decrypt'],
  ] as const).map(([query, parameter]) => ({ route: 'GET /credentials', url: `/credentials?${query}`, as: 'alice', parameter })),
  // one credential and its parts
  { route: 'GET /credentials/{id}', url: '/credentials/a%20b', parameter: 'id' },
  { route: 'GET /credentials/{id}', url: `/credentials/${long(201)}`, parameter: 'id' },
  { route: 'GET /credentials/{id}', url: `${C}?decrypt=maybe`, parameter: 'decrypt' },
  { route: 'GET /credentials/{id}', url: `${C}?fields=id`, parameter: 'fields' },
  { route: 'GET /credentials/{id}', url: C, as: 'alice', status: 404 },
  { route: 'GET /credentials/{id}/policies', url: '/credentials/%24/policies', parameter: 'id' },
  { route: 'GET /credentials/{id}/policies', url: `${C}/policies?limit=1`, parameter: 'limit' },
  { route: 'GET /credentials/{id}/policies', url: `${C}/policies`, as: 'alice', status: 404 },
  { route: 'GET /credentials/{id}/resources', url: `${C}/resources?page=0`, parameter: 'page' },
  { route: 'GET /credentials/{id}/resources', url: `${C}/resources?pageSize=101`, parameter: 'pageSize' },
  { route: 'GET /credentials/{id}/resources', url: `${C}/resources?sort=name`, parameter: 'sort' },
  { route: 'GET /credentials/{id}/resources', url: '/credentials/a%20b/resources', parameter: 'id' },
  { route: 'GET /credentials/{id}/resources', url: `${C}/resources`, as: 'alice', status: 404 },
  // actions
  ...(['renew', 'suspend', 'enable'] as const).flatMap((action) => [
    { route: `POST /credentials/{id}/${action}`, method: 'POST' as const, url: `/credentials/a%20b/${action}`, parameter: 'id' },
    { route: `POST /credentials/{id}/${action}`, method: 'POST' as const, url: `${C}/${action}`, as: 'alice', status: 404 },
    { route: `POST /credentials/{id}/${action}`, method: 'POST' as const, url: `${C}/${action}`, body: '{', headers: { 'content-type': 'application/json' }, parameter: 'body' },
  ]),
  { route: 'POST /credentials/{id}/rotate', method: 'POST', url: `${C}/rotate`, body: {}, parameter: 'title' },
  { route: 'POST /credentials/{id}/rotate', method: 'POST', url: `${C}/rotate`, body: { title: { text: 'x' } }, parameter: 'title' },
  { route: 'POST /credentials/{id}/rotate', method: 'POST', url: `${C}/rotate`, body: { title: long(451) }, parameter: 'title' },
  { route: 'POST /credentials/{id}/rotate', method: 'POST', url: `${C}/rotate`, body: { title: 'x', secret: 'mine' }, parameter: 'secret' },
  { route: 'POST /credentials/{id}/rotate', method: 'POST', url: '/credentials/%3C/rotate', body: { title: 'x' }, parameter: 'id' },
  { route: 'POST /credentials/{id}/rotate', method: 'POST', url: `${C}/rotate`, as: 'alice', body: { title: 'x' }, status: 404 },
  { route: 'DELETE /credentials/{id}', method: 'DELETE', url: '/credentials/a%20b', parameter: 'id' },
  { route: 'DELETE /credentials/{id}', method: 'DELETE', url: C, as: 'alice', status: 404 },
  // definitions
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/credentialRequestDefinitions', url: `${defs}/r%20x/credentialRequestDefinitions`, parameter: 'resourceId' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/credentialRequestDefinitions', url: `${defs}/r-pets/credentialRequestDefinitions?limit=1`, parameter: 'limit' },
  { route: 'GET /products/{id}/versions/{versionId}/assetresources/{resourceId}/credentialRequestDefinitions', url: `${defs}/r-nope/credentialRequestDefinitions`, as: 'alice', status: 404 },
  { route: 'GET /credentialRequestDefinitions/{id}', url: '/credentialRequestDefinitions/%25', parameter: 'id' },
  { route: 'GET /credentialRequestDefinitions/{id}', url: '/credentialRequestDefinitions/crd-1?x=1', parameter: 'x' },
  { route: 'GET /credentialRequestDefinitions/{id}', url: '/credentialRequestDefinitions/crd-nope', as: 'alice', status: 404 },
  // the token endpoint: bodies it cannot read
  { route: 'POST /oauth/token', method: 'POST', url: '/oauth/token', body: '{"grant_type":', headers: { 'content-type': 'application/json' }, parameter: 'body' },
  { route: 'POST /oauth/token', method: 'POST', url: '/oauth/token', body: 'grant_type=client_credentials', headers: { 'content-type': 'application/xml' }, status: 415, parameter: 'Content-Type' },
];
