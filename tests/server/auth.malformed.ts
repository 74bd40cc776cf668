// Malformed input to sign-in, refresh, sign-out and findSession (run by malformed.test.ts). Refresh
// and sign-out take the refresh token from the body, or from the cookie only with the header
// X-Agora-Session: cookie (server/src/auth/cookie.ts): neither is a 400 naming refreshToken.
import type { MalformedCase } from './malformed.ts';

const long = (n: number) => 'x'.repeat(n);
const SIGNIN = { route: 'POST /auth/signin', method: 'POST' as const, url: '/auth/signin' };
const credentials = { username: 'ann@agora.test', password: 'not-tried' };

export const AUTH_CASES: MalformedCase[] = [
  ...(['username', 'password'] as const).flatMap((field) => [
    { ...SIGNIN, body: { ...credentials, [field]: undefined }, parameter: field },
    { ...SIGNIN, body: { ...credentials, [field]: { text: 'x' } }, parameter: field },
    { ...SIGNIN, body: { ...credentials, [field]: '' }, parameter: field },
  ]),
  { ...SIGNIN, body: { ...credentials, username: `${long(320)}@x.test` }, parameter: 'username' },
  { ...SIGNIN, body: { ...credentials, password: long(1025) }, parameter: 'password' },
  { ...SIGNIN, body: { ...credentials, remember: true }, parameter: 'remember' },
  { ...SIGNIN, body: '{"username":', headers: { 'content-type': 'application/json' }, parameter: 'body' },
  ...(['refresh', 'signout'] as const).flatMap((name): MalformedCase[] => {
    const R = { route: `POST /auth/${name}`, method: 'POST' as const, url: `/auth/${name}` };
    return [
      // (numbers are coerced to text app-wide, so a wrong type is an object)
      // no token and no cookie mode: the cookie, even if sent, is never read (CSRF)
      { ...R, body: {}, parameter: 'refreshToken' },
      { ...R, body: {}, headers: { cookie: 'agora_refresh=abc' }, parameter: 'refreshToken' },
      { ...R, body: { refreshToken: { text: 'x' } }, parameter: 'refreshToken' },
      { ...R, body: { refreshToken: '' }, parameter: 'refreshToken' },
      { ...R, body: { refreshToken: long(201) }, parameter: 'refreshToken' },
      { ...R, body: { refreshToken: 'abc', scope: 'all' }, parameter: 'scope' },
      { ...R, body: [{ refreshToken: 'abc' }], parameter: 'body' },
      { ...R, body: '{"refreshToken":', headers: { 'content-type': 'application/json' }, parameter: 'body' },
    ];
  }),
  // well-formed but unknown: a refresh is 401, a sign-out of nothing is done
  { route: 'POST /auth/refresh', method: 'POST', url: '/auth/refresh', body: { refreshToken: 'unknown' }, status: 401 },
  { route: 'GET /auth/findSession', url: '/auth/findSession', headers: { authorization: 'Bearer not-a-token' }, status: 401 },
];
