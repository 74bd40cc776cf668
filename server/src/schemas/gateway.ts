// The gateway route: ALL /gateway/{productId}/{versionId}/{resourceId}/{path under the API}.
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

export type GatewayParams = Static<typeof GatewayParams>;
export type GatewayHeaders = Static<typeof GatewayHeaders>;
