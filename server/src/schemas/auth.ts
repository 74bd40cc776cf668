// Sign-in contract (COMMON.md): signin, refresh, signout, findSession.
import { Type, type Static } from '@sinclair/typebox';

export const SignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320, description: 'e-mail address' }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}, { additionalProperties: false });
export type SignInBody = Static<typeof SignInBody>;

/** Refresh and sign-out: the refresh token in the body, or none with `X-Agora-Session: cookie`
 * (the token is then read from the HttpOnly cookie, server/src/auth/cookie.ts). */
export const RefreshBody = Type.Object({
  refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
}, { additionalProperties: false });
export type RefreshBody = Static<typeof RefreshBody>;

export const TokenPair = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.Optional(Type.String({ description: 'absent when the client asked for the cookie (X-Agora-Session: cookie)' })),
  expiresIn: Type.Integer({ description: 'seconds until the access token expires' }),
});
export type TokenPair = Static<typeof TokenPair>;

export const SessionTeam = Type.Object({
  guid: Type.String(),
  name: Type.String(),
  tags: Type.Array(Type.String()),
  roles: Type.Array(Type.String()),
});
export type SessionTeam = Static<typeof SessionTeam>;

export const Session = Type.Object({
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }),
  /** organisation roles */
  roles: Type.Array(Type.String()),
  teams: Type.Array(SessionTeam),
  org_id: Type.String(),
  provider_guid: Type.Union([Type.String(), Type.Null()]),
  /** entitlements of the organisation, e.g. public_provider */
  entitlements: Type.Array(Type.String()),
});
export type Session = Static<typeof Session>;
