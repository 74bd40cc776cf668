// Outbound e-mail and account e-mails (issue 33) against a real SMTP server in process: the
// verification e-mail in the registering browser's language, the link confirming the address
// (subscribing waits for it), password reset (single use, 30 minutes, the same answer and timing
// whether an account holds the address), invitations, the outbox without SMTP_URL, and a
// restart between the event and the sending that loses nothing and sends once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper.ts';
import { startSmtp, type Smtp } from './mail.fixtures.ts';
import { buildApp } from '../../server/src/app.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { mailMessages } from '../../server/src/db/schema.ts';
import { queueMail } from '../../server/src/mail/mailer.ts';
import { NOT_VERIFIED, TOKEN_INVALID } from '../../server/src/auth/accountMail.ts';

const FROM = 'Acme APIs <apis@acme.test>';
const SITE = 'Acme API Market';
const PRIMARY = '#c2185b';
const PASSWORD = 'Correct-horse-42';

let smtp: Smtp;
let t: TestApp;
const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ clock, mail: { smtpUrl: smtp.url, from: FROM }, publicOrigins: ['https://market.acme.test'] });
  await t.setSettings({ signup: true, sitename: SITE, appearance: { colors: { primary: PRIMARY } } });
});
afterAll(async () => { await t?.close(); await smtp?.close(); });

const register = (email: string, language: string, ip = '10.0.0.1') => t.app.inject({
  method: 'POST', url: '/api/v1/auth/register', remoteAddress: ip, headers: { 'accept-language': language },
  payload: { email, password: PASSWORD, name: email.split('@')[0], organisation: `${email} Ltd` },
});
const post = (url: string, payload: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress: ip });
const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
const tokenOf = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('e-mail over SMTP', () => {
  it('sends the verification e-mail in each recipient\'s language, text and HTML, with the site\'s name and colour', async () => {
    expect((await register('ana@fr.test', 'fr-FR,fr;q=0.9')).statusCode).toBe(201);
    expect((await register('bob@en.test', 'en-US')).statusCode).toBe(201);
    // Never on the request path: nothing went out before the job runner ran.
    expect(smtp.messages).toHaveLength(0);
    await t.app.jobs.drain();
    await smtp.waitFor(2);
    const [fr] = to('ana@fr.test');
    const [en] = to('bob@en.test');
    expect(fr!.subject).toBe(`Confirmez votre adresse e-mail pour ${SITE}`);
    expect(fr!.text).toContain('Bonjour ana,');
    expect(fr!.html).toContain('Confirmer mon adresse');
    expect(en!.subject).toBe(`Confirm your e-mail address for ${SITE}`);
    expect(en!.text).toContain('https://market.acme.test/verify-email?token=');
    expect(en!.html).toContain(PRIMARY);
    expect(en!.html).toContain(SITE);
    expect(en!.headers.from).toBe(FROM);
    expect(tokenOf(en!.html.replace(/&#61;/g, '='))).toBe(tokenOf(en!.text));
  });

  it('lets an unverified account browse but not subscribe until the link is opened, once', async () => {
    const signIn = await post('/auth/signin', { username: 'bob@en.test', password: PASSWORD });
    const headers = { authorization: `Bearer ${signIn.json().accessToken}` };
    const state = () => t.app.inject({ url: '/api/v1/auth/verification', headers }).then((r) => r.json());
    expect(await state()).toEqual({ verified: false, required: true });
    const subscribe = () => t.app.inject({ method: 'POST', url: '/api/v1/subscriptions', headers, payload: { product: { id: 'prod-none' }, plan: { id: 'plan-none' } } });
    const refused = await subscribe();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].detail).toBe(NOT_VERIFIED);
    expect((await t.app.inject({ url: '/api/v1/products', headers })).statusCode).toBe(200);

    const token = tokenOf(to('bob@en.test')[0]!.text);
    expect((await post('/auth/verifyEmail', { token })).statusCode).toBe(204);
    expect(await state()).toEqual({ verified: true, required: true });
    // Past the gate: the unknown product answers now, not the verification.
    expect((await subscribe()).json().errors[0].detail).not.toBe(NOT_VERIFIED);
    const again = await post('/auth/verifyEmail', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0]).toMatchObject({ detail: TOKEN_INVALID, source: { parameter: 'token' } });
  });

  it('resets a password with a single-use link that expires after 30 minutes, and says so by e-mail', async () => {
    const before = smtp.messages.length;
    const known = await post('/auth/passwordReset', { email: 'ANA@fr.test' });
    const unknown = await post('/auth/passwordReset', { email: 'nobody@fr.test' });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    await t.app.jobs.drain();
    await smtp.waitFor(before + 1);
    const reset = to('ana@fr.test').at(-1)!;
    expect(reset.subject).toBe(`Réinitialisez votre mot de passe pour ${SITE}`);
    expect(to('nobody@fr.test')).toHaveLength(0);

    const token = tokenOf(reset.text);
    const weak = await post('/auth/resetPassword', { token, password: 'short' });
    expect(weak.json().errors[0].source.parameter).toBe('password');
    expect((await post('/auth/resetPassword', { token, password: 'Another-horse-43' })).statusCode).toBe(204);
    expect((await post('/auth/signin', { username: 'ana@fr.test', password: 'Another-horse-43' })).statusCode).toBe(200);
    expect((await post('/auth/signin', { username: 'ana@fr.test', password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/auth/resetPassword', { token, password: 'Third-horse-44' })).json().errors[0].detail).toBe(TOKEN_INVALID);
    await t.app.jobs.drain();
    await smtp.waitFor(before + 2);
    expect(to('ana@fr.test').at(-1)!.subject).toBe(`Votre mot de passe pour ${SITE} a été modifié`);

    await post('/auth/passwordReset', { email: 'ana@fr.test' });
    await t.app.jobs.drain();
    await smtp.waitFor(before + 3);
    const late = tokenOf(to('ana@fr.test').at(-1)!.text);
    clock.advance(31 * 60_000);
    expect((await post('/auth/resetPassword', { token: late, password: 'Fourth-horse-45' })).json().errors[0].detail).toBe(TOKEN_INVALID);
  });

  // The lookup runs in a job after the answer: interleaved series, so the machine's load drifts over
  // both alike. The known address of the verification series is registered and not yet confirmed.
  it.each([
    ['a reset request', '/auth/passwordReset', 'reset', 'bob@en.test'],
    ['a new verification e-mail', '/auth/verificationEmail', 'verify', 'vera@en.test'],
  ] as const)('answers %s for a known and an unknown address in the same time (p50 within 20 ms over 50 tries)', async (_, url, kind, address) => {
    if (kind === 'verify') expect((await register(address, 'en', '10.2.0.1')).statusCode).toBe(201);
    await t.app.jobs.drain();
    const sentBefore = (await t.db.select().from(mailMessages).where(eq(mailMessages.kind, kind))).filter((m) => m.toAddress === address).length;
    const times: Record<string, number[]> = { known: [], unknown: [] };
    for (let i = 0; i < 50; i++) {
      for (const [which, email] of [['known', address], ['unknown', 'nobody@en.test']] as const) {
        const started = performance.now();
        const r = await post(url, { email }, `10.1.${which.length + kind.length}.${i}`);
        times[which]!.push(performance.now() - started);
        expect(r.statusCode).toBe(202);
      }
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[25]!;
    expect(Math.abs(median(times.known!) - median(times.unknown!))).toBeLessThan(20);
    // The 50 requests for the known address each make one e-mail (their jobs, drained here).
    await t.app.jobs.drain();
    expect((await t.db.select().from(mailMessages).where(eq(mailMessages.kind, kind))).filter((m) => m.toAddress === address)).toHaveLength(sentBefore + 50);
  });

  it('throttles link requests as sign-in is throttled, alike for a known and an unknown address', async () => {
    const statuses = async (email: string, ip: string) => {
      const out: number[] = [];
      for (let i = 0; i < 7; i++) out.push((await post('/auth/passwordReset', { email }, ip)).statusCode);
      return out;
    };
    const known = await statuses('bob@en.test', '10.3.0.1');
    // Five free, a sixth that starts the back-off, then refused (SIGNIN_LIMITS, as sign-in).
    expect(known).toEqual([202, 202, 202, 202, 202, 202, 429]);
    expect(await statuses('nobody@en.test', '10.3.0.2')).toEqual(known);
    const refused = await post('/auth/passwordReset', { email: 'bob@en.test' }, '10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ errors: [{ status: 429, source: { parameter: 'email' } }] });
  });

  it('e-mails an invitation to its address', async () => {
    const org = await t.createOrg();
    const admin = await t.createUser({ orgId: org.id, orgRoles: ['Administrator'], name: 'Olga' });
    const created = await t.request(admin, { method: 'POST', url: '/api/v1/invitations', payload: { email: 'new@pt.test' }, headers: { 'accept-language': 'pt-BR' } });
    expect(created.status).toBe(201);
    const before = smtp.messages.length;
    await t.app.jobs.drain();
    const [mail] = (await smtp.waitFor(before + 1)).filter((m) => m.to.includes('new@pt.test'));
    expect(mail!.subject).toBe(`Olga convida você para ${org.name} em ${SITE}`);
    expect(mail!.text).toContain(`/register?invitation=${created.body.code}`);
  });

  it('loses nothing and sends once across a restart between the event and the sending', async () => {
    expect((await register('cleo@restart.test', 'de-DE', '10.0.0.9')).statusCode).toBe(201);
    // The same event reported again makes no second message.
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'cleo@restart.test'));
    expect(await queueMail(t.db, t.app.jobs, { key: row!.idempotencyKey, kind: 'verify', userId: row!.userId! })).toBe(false);
    await t.app.close(); // the process stops before its job runner took the message
    const again = await buildApp({ store: t.store, auth: { secret: 'test-secret-of-at-least-32-characters!' }, runJobs: true, clock, mail: { smtpUrl: smtp.url, from: FROM } });
    try {
      await again.ready();
      await expect.poll(() => to('cleo@restart.test').length, { timeout: 10_000 }).toBe(1);
      await again.jobs.drain();
      expect(to('cleo@restart.test')).toHaveLength(1);
      expect(to('cleo@restart.test')[0]!.subject).toBe(`Bestätigen Sie Ihre E-Mail-Adresse für ${SITE}`);
    } finally {
      await again.close();
    }
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('keeps every message for the provider Administrators to read', async () => {
    const o = await buildTestApp();
    try {
      await o.setSettings({ signup: true });
      await o.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: { 'accept-language': 'pt-BR' }, payload: { email: 'rui@outbox.test', password: PASSWORD, name: 'Rui', organisation: 'Rui Lda' } });
      await o.app.jobs.drain();
      const provider = await o.createOrg({ kind: 'provider' });
      const admin = await o.createUser({ orgId: provider.id, orgRoles: ['Administrator'], providerGuid: provider.id });
      const consumer = await o.createUser({ orgId: (await o.createOrg()).id, orgRoles: ['Administrator'] });
      const list = await o.request(admin, { url: '/api/v1/outbox?to=RUI@outbox.test' });
      expect(list.body).toMatchObject({ mode: 'outbox', totalCount: 1, items: [{ to: 'rui@outbox.test', state: 'outbox', kind: 'verify', locale: 'pt-BR' }] });
      const one = await o.request(admin, { url: `/api/v1/outbox/${list.body.items[0].id}` });
      expect(one.body.subject).toMatch(/^Confirme seu endereço de e-mail em /);
      expect(one.body.text).toContain('/verify-email?token=');
      expect((await o.request(consumer, { url: '/api/v1/outbox' })).status).toBe(403);
    } finally {
      await o.close();
    }
  });
});
