// Malformed input to the explorer's and the gateway's routes, for the shared malformed-input
// runner (tests/server/malformed.test.ts), on the catalogue fixture (p-pets / v-pets-2 / r-pets).
import type { MalformedCase } from './malformed.ts';
import { GATEWAY_METHODS } from '../../server/src/routes/gateway.ts';

const R = '/products/p-pets/versions/v-pets-2/assetresources/r-pets';
const SPEC = '/products/{id}/versions/{versionId}/assetresources/{resourceId}/spec';

export const EXPLORER_CASES: MalformedCase[] = [
  { route: `GET ${SPEC}/index`, url: '/products/bad%20id/versions/v-pets-2/assetresources/r-pets/spec/index', parameter: 'id' },
  { route: `GET ${SPEC}/index`, url: `/products/p-pets/versions/${'v'.repeat(201)}/assetresources/r-pets/spec/index`, parameter: 'versionId' },
  { route: `GET ${SPEC}/index`, url: `${R}/spec/index?full=true`, parameter: 'full' },
  { route: `GET ${SPEC}/operations/{ordinal}`, url: `${R}/spec/operations/first`, parameter: 'ordinal' },
  { route: `GET ${SPEC}/operations/{ordinal}`, url: `${R}/spec/operations/-1`, parameter: 'ordinal' },
  { route: `GET ${SPEC}/operations/{ordinal}`, url: `${R}/spec/operations/1.5`, parameter: 'ordinal' },
  { route: `GET ${SPEC}/operations`, url: `${R}/spec/operations`, parameter: 'ordinal' },
  { route: `GET ${SPEC}/operations`, url: `${R}/spec/operations?ordinal=a`, parameter: 'ordinal' },
  { route: `GET ${SPEC}/operations`, url: `${R}/spec/operations?${Array.from({ length: 101 }, (_, i) => `ordinal=${i}`).join('&')}`, parameter: 'ordinal' },
  { route: `GET ${SPEC}/tags/{tag}`, url: `${R}/spec/tags/pets?limit=0.5`, parameter: 'limit' },
  { route: `GET ${SPEC}/tags/{tag}`, url: `${R}/spec/tags/pets?offset=-1`, parameter: 'offset' },
  { route: `GET ${SPEC}/tags/{tag}`, url: `${R}/spec/tags/${'t'.repeat(201)}`, parameter: 'tag' },
  { route: `GET ${SPEC}/tags/{tag}`, url: `${R}/spec/tags/pets?page=2`, parameter: 'page' },
  { route: `GET ${SPEC}/operations/{ordinal}`, url: `${R}/spec/operations/0?expand=all`, parameter: 'expand' },
];

const G = '/gateway/p-pets/v-pets-2/r-pets';
const byMethod = (route: string, url: string): MalformedCase[] => GATEWAY_METHODS.map((method) => ({
  route: `${method} ${route}`, url, method: method as MalformedCase['method'], as: 'alice',
  headers: { 'x-agora-application': 'not an id' }, parameter: 'x-agora-application',
}));

export const GATEWAY_CASES: MalformedCase[] = [
  ...byMethod('/gateway/{productId}/{versionId}/{resourceId}', G),
  ...byMethod('/gateway/{productId}/{versionId}/{resourceId}/*', `${G}/pets`),
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: '/gateway/p%20pets/v-pets-2/r-pets/pets', as: 'alice', parameter: 'productId' },
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, as: 'alice', headers: { 'x-agora-application': 'app-of-nobody' }, parameter: 'x-agora-application' },
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, as: 'alice', headers: { 'x-agora-credential': 'cred-nobody' }, parameter: 'x-agora-credential' },
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, as: 'alice', headers: { 'x-agora-endpoint': 'http://169.254.169.254/' }, parameter: 'x-agora-endpoint' },
  { route: 'POST /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, method: 'POST', as: 'alice', body: 'x'.repeat(6 * 1024 * 1024), headers: { 'content-type': 'text/plain' }, status: 413, parameter: 'body' },
];
