// The gateway route: /gateway/{productId}/{versionId}/{resourceId}/{path under the API}.
// The answer is the upstream's own (any status, any body); the gateway's own failures use the
// common error shape: 400 bad headers or path, 401 sign in, 403 try-it not allowed, 404 not
// visible, 413 request too large, 502 upstream unreachable or answer too large, 504 time-out.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';

export const GatewayParams = Type.Object({
  productId: Id,
  versionId: Id,
  resourceId: Id,
  '*': Type.Optional(Type.String({ maxLength: 8192 })),
});

/** Headers the explorer may send besides the API's own (all optional). */
export const GatewayHeaders = Type.Object({
  /** Id of the caller's application making the call. */
  'x-agora-application': Type.Optional(Id),
  /** Id of the caller's credential used for the call (implies its application). */
  'x-agora-credential': Type.Optional(Id),
  /** One of the resource's endpoints (its URL) to call instead of the default upstream. */
  'x-agora-endpoint': Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
});

const Text = (maxLength: number) => Type.Optional(Type.String({ minLength: 1, maxLength }));

/** POST …/assetresources/{resourceId}/spec/token: the console's OAuth 2 token request, made by the
 * server (authorization servers rarely allow the browser's origin). The answer is the token
 * endpoint's own (status and JSON: access_token, token_type, expires_in…); 502/504 as the gateway. */
export const TokenRequest = Type.Object({
  /** A token URL the specification declares, or an override URL on the public internet. */
  tokenUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  grantType: Type.Union([
    Type.Literal('client_credentials'), Type.Literal('authorization_code'), Type.Literal('password'), Type.Literal('refresh_token'),
  ]),
  clientId: Text(1000),
  clientSecret: Text(4000),
  /** basic (default): HTTP Basic with the client id and secret; body: both as form fields. */
  clientAuthentication: Type.Optional(Type.Union([Type.Literal('basic'), Type.Literal('body')])),
  scope: Text(2000),
  code: Text(8000),
  redirectUri: Text(2048),
  codeVerifier: Text(200),
  username: Text(1000),
  password: Text(1000),
  refreshToken: Text(8000),
}, { additionalProperties: false });

/** GET …/spec/authorize (mock resources only): RFC 6749 tells an authorization server to ignore
 * parameters it does not know, so unknown ones are accepted here. */
export const AuthorizeQuery = Type.Object({
  response_type: Type.Union([Type.Literal('code'), Type.Literal('token')]),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  state: Type.Optional(Type.String({ maxLength: 2000 })),
  client_id: Type.Optional(Type.String({ maxLength: 1000 })),
  scope: Type.Optional(Type.String({ maxLength: 2000 })),
}, { additionalProperties: true });

export type GatewayParams = Static<typeof GatewayParams>;
export type TokenRequest = Static<typeof TokenRequest>;
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;
export type GatewayHeaders = Static<typeof GatewayHeaders>;
