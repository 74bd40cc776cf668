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
  { route: `GET ${SPEC}/schemas/{schemaId}`, url: `${R}/spec/schemas/Pet`, parameter: 'schemaId' },
  { route: `GET ${SPEC}/schemas/{schemaId}`, url: `${R}/spec/schemas/-2`, parameter: 'schemaId' },
  { route: `GET ${SPEC}/schemas/{schemaId}`, url: `${R}/spec/schemas/0?depth=2`, parameter: 'depth' },
];

const G = '/gateway/p-pets/v-pets-2/r-pets';
const byMethod = (route: string, url: string): MalformedCase[] => GATEWAY_METHODS.map((method) => ({
  route: `${method} ${route}`, url, method: method as MalformedCase['method'], as: 'alice',
  headers: { 'x-agora-application': 'not an id' }, parameter: 'x-agora-application',
}));

const TOKEN = { tokenUrl: 'https://auth.example.com/token', grantType: 'client_credentials', clientId: 'a' };

export const GATEWAY_CASES: MalformedCase[] = [
  { route: `POST ${SPEC}/token`, url: `${R}/spec/token`, method: 'POST', as: 'alice', body: { ...TOKEN, grantType: 'implicit' }, parameter: 'grantType' },
  { route: `POST ${SPEC}/token`, url: `${R}/spec/token`, method: 'POST', as: 'alice', body: { grantType: 'client_credentials' }, parameter: 'tokenUrl' },
  { route: `POST ${SPEC}/token`, url: `${R}/spec/token`, method: 'POST', as: 'alice', body: { ...TOKEN, audience: 'x' }, parameter: 'audience' },
  { route: `POST ${SPEC}/token`, url: `${R}/spec/token`, method: 'POST', as: 'alice', body: { ...TOKEN, tokenUrl: 'not a url' }, parameter: 'tokenUrl' },
  { route: `POST ${SPEC}/token`, url: `${R}/spec/token`, method: 'POST', as: 'alice', body: { ...TOKEN, tokenUrl: 'file:///etc/passwd' }, parameter: 'tokenUrl' },
  { route: `POST ${SPEC}/token`, url: `${R}/spec/token`, method: 'POST', as: 'alice', body: { ...TOKEN, tokenUrl: 'http://169.254.169.254/latest' }, parameter: 'tokenUrl' },
  { route: `GET ${SPEC}/authorize`, url: `${R}/spec/authorize?response_type=code`, parameter: 'redirect_uri' },
  { route: `GET ${SPEC}/authorize`, url: `${R}/spec/authorize?response_type=id_token&redirect_uri=x`, parameter: 'response_type' },
  { route: `GET ${SPEC}/authorize`, url: `${R}/spec/authorize?response_type=code&redirect_uri=not-a-url`, parameter: 'redirect_uri' },
  ...byMethod('/gateway/{productId}/{versionId}/{resourceId}', G),
  ...byMethod('/gateway/{productId}/{versionId}/{resourceId}/*', `${G}/pets`),
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: '/gateway/p%20pets/v-pets-2/r-pets/pets', as: 'alice', parameter: 'productId' },
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, as: 'alice', headers: { 'x-agora-application': 'app-of-nobody' }, parameter: 'x-agora-application' },
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, as: 'alice', headers: { 'x-agora-credential': 'cred-nobody' }, parameter: 'x-agora-credential' },
  { route: 'GET /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, as: 'alice', headers: { 'x-agora-endpoint': 'http://169.254.169.254/' }, parameter: 'x-agora-endpoint' },
  { route: 'POST /gateway/{productId}/{versionId}/{resourceId}/*', url: `${G}/pets`, method: 'POST', as: 'alice', body: 'x'.repeat(6 * 1024 * 1024), headers: { 'content-type': 'text/plain' }, status: 413, parameter: 'body' },
];
