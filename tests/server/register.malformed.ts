// Malformed input to self-service registration (run by malformed.test.ts, where signup is off:
// what the text must be is answered before whether registration is open).
import type { MalformedCase } from './malformed.ts';

const long = (n: number) => 'x'.repeat(n);
const R = { route: 'POST /auth/register', method: 'POST' as const, url: '/auth/register' };
const body = { email: 'nina@initech.test', password: 'tangerine-sofa-42', name: 'Nina', organisation: 'Initech' };

export const REGISTER_CASES: MalformedCase[] = [
  ...(['email', 'password', 'name', 'organisation'] as const).flatMap((field) => [
    { ...R, body: { ...body, [field]: undefined }, parameter: field },
    { ...R, body: { ...body, [field]: { text: 'x' } }, parameter: field },
    { ...R, body: { ...body, [field]: '' }, parameter: field },
    { ...R, body: { ...body, [field]: long(1025) }, parameter: field },
  ]),
  { ...R, body: { ...body, email: 'no-at-sign' }, parameter: 'email' },
  { ...R, body: { ...body, email: `${long(250)}@x.test` }, parameter: 'email' },
  { ...R, body: { ...body, password: 'short' }, parameter: 'password' },
  { ...R, body: { ...body, name: '   ' }, parameter: 'name' },
  { ...R, body: { ...body, organisation: long(101) }, parameter: 'organisation' },
  { ...R, body: { ...body, role: 'Administrator' }, parameter: 'role' },
  { ...R, body: { ...body, organisation: undefined, invitation: 'not a code!' }, parameter: 'invitation' },
  { ...R, body: { ...body, organisation: undefined, invitation: 'short' }, parameter: 'invitation' },
  { ...R, body: { ...body, invitation: 'a'.repeat(43) }, parameter: 'organisation' },
  // well-formed, but no such invitation (registration by invitation is open while signup is off)
  { ...R, body: { ...body, organisation: undefined, invitation: 'a'.repeat(43) }, parameter: 'invitation' },
  { ...R, url: '/auth/register?invite=1', body, parameter: 'invite' },
  { ...R, body: '{"email":', headers: { 'content-type': 'application/json' }, parameter: 'body' },
  { ...R, body: [body], parameter: 'body' },
  // well-formed, but this marketplace does not take registrations
  { ...R, body, status: 403 },
];
