// Malformed input to the e-mail routes (issue 33): the outbox, the account links (run by
// malformed.test.ts). Each names the parameter; never a 5xx.
import type { MalformedCase } from './malformed.ts';

const token = 'a'.repeat(43);
const reset = { route: 'POST /auth/passwordReset', method: 'POST' as const, url: '/auth/passwordReset' };
const again = { route: 'POST /auth/verificationEmail', method: 'POST' as const, url: '/auth/verificationEmail' };
const confirm = { route: 'POST /auth/resetPassword', method: 'POST' as const, url: '/auth/resetPassword' };
const verify = { route: 'POST /auth/verifyEmail', method: 'POST' as const, url: '/auth/verifyEmail' };

export const MAIL_CASES: MalformedCase[] = [
  { route: 'GET /outbox', url: '/outbox?limit=-1', parameter: 'limit', as: 'providerAdmin' },
  { route: 'GET /outbox', url: '/outbox?offset=x', parameter: 'offset', as: 'providerAdmin' },
  { route: 'GET /outbox', url: `/outbox?to=${'x'.repeat(400)}`, parameter: 'to', as: 'providerAdmin' },
  { route: 'GET /outbox', url: '/outbox?state=sent', parameter: 'state', as: 'providerAdmin' },
  { route: 'GET /outbox/{id}', url: '/outbox/a%20b', parameter: 'id', as: 'providerAdmin' },
  { route: 'GET /outbox/{id}', url: '/outbox/mail-none', status: 404, as: 'providerAdmin' },
  { route: 'GET /outbox/{id}', url: '/outbox/mail-none?x=1', parameter: 'x', as: 'providerAdmin' },
  ...[reset, again].flatMap((R) => [
    { ...R, body: {}, parameter: 'email' },
    { ...R, body: { email: 42 }, parameter: 'email' },
    { ...R, body: { email: '' }, parameter: 'email' },
    { ...R, body: { email: 'no-at-sign' }, parameter: 'email' },
    { ...R, body: { email: `${'x'.repeat(300)}@x.test` }, parameter: 'email' },
    { ...R, body: { email: 'a@b.test', extra: 1 }, parameter: 'extra' },
    { ...R, body: '{"email":', headers: { 'content-type': 'application/json' }, parameter: 'body' },
  ]),
  { ...confirm, body: { password: 'Correct-horse-42' }, parameter: 'token' },
  { ...confirm, body: { token: 'not a token!', password: 'Correct-horse-42' }, parameter: 'token' },
  { ...confirm, body: { token, password: '' }, parameter: 'password' },
  { ...confirm, body: { token, password: 'x'.repeat(2000) }, parameter: 'password' },
  // well-formed, but no such token: the same 404 as a used or expired one
  { ...confirm, body: { token, password: 'Correct-horse-42' }, parameter: 'token', status: 404 },
  { ...verify, body: {}, parameter: 'token' },
  { ...verify, body: { token: 'short' }, parameter: 'token' },
  { ...verify, body: { token }, parameter: 'token', status: 404 },
  { route: 'GET /auth/verification', url: '/auth/verification?x=1', parameter: 'x', as: 'providerAdmin' },
  // webhooks
  { route: 'GET /webhooks', url: '/webhooks?x=1', parameter: 'x', as: 'providerAdmin' },
  { route: 'POST /webhooks', method: 'POST', url: '/webhooks', body: { events: ['subscription.created'] }, parameter: 'url', as: 'providerAdmin' },
  { route: 'POST /webhooks', method: 'POST', url: '/webhooks', body: { url: 'ftp://example.com/x', events: ['subscription.created'] }, parameter: 'url', as: 'providerAdmin' },
  { route: 'POST /webhooks', method: 'POST', url: '/webhooks', body: { url: 'http://10.1.2.3/hook', events: ['subscription.created'] }, parameter: 'url', as: 'providerAdmin' },
  { route: 'POST /webhooks', method: 'POST', url: '/webhooks', body: { url: 'https://example.com/x', events: [] }, parameter: 'events', as: 'providerAdmin' },
  { route: 'POST /webhooks', method: 'POST', url: '/webhooks', body: { url: 'https://example.com/x', events: ['nope'] }, parameter: 'events.0', as: 'providerAdmin' },
  { route: 'POST /webhooks', method: 'POST', url: '/webhooks', body: { url: 'https://example.com/x', events: ['subscription.created'], secret: 'short' }, parameter: 'secret', as: 'providerAdmin' },
  { route: 'DELETE /webhooks/{id}', method: 'DELETE', url: '/webhooks/a%20b', parameter: 'id', as: 'providerAdmin' },
  { route: 'DELETE /webhooks/{id}', method: 'DELETE', url: '/webhooks/wh-none', status: 404, as: 'providerAdmin' },
  { route: 'POST /webhooks/{id}/enable', method: 'POST', url: '/webhooks/wh-none/enable', status: 404, as: 'providerAdmin' },
  { route: 'GET /webhooks/{id}/deliveries', url: '/webhooks/wh-none/deliveries?limit=x', parameter: 'limit', as: 'providerAdmin' },
  { route: 'POST /webhooks/{id}/deliveries/{deliveryId}/redeliver', method: 'POST', url: '/webhooks/wh-none/deliveries/a%20b/redeliver', parameter: 'deliveryId', as: 'providerAdmin' },
  // notification choices
  { route: 'GET /notificationSettings', url: '/notificationSettings?x=1', parameter: 'x', as: 'providerAdmin' },
  ...[
    [{}, 'email'], [{ email: { 'invoice.paid': 'no' } }, 'email.invoice.paid'], [{ email: { nope: true } }, 'email.nope'],
    [{ email: {}, extra: 1 }, 'extra'], [{ email: [] }, 'email'],
  ].map(([body, parameter]) => ({ route: 'PUT /notificationSettings', method: 'PUT' as const, url: '/notificationSettings', body, parameter: parameter as string, as: 'providerAdmin' as const })),
];
