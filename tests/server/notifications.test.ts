// Notifications (issue 33) on the demo seed against a real SMTP server in process and a local
// webhook receiver: each kind reaches the right people (the product's provider Administrators,
// the requester, the payer, the credential's owners) in each one's language, with the reason of a
// refusal; the same event reaches the provider's webhooks; a kind a user turned off sends them
// nothing; and a restart between an event and its sending loses nothing and sends once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { startSmtp, type Smtp } from './mail.fixtures.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { buildApp } from '../../server/src/app.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { credentials, invoices, users } from '../../server/src/db/schema.ts';
import { markPaid } from '../../server/src/billing/invoices.ts';
import { recordNotification, scheduleExpiryNotices } from '../../server/src/notifications/notify.ts';
import { en } from '../../src/i18n/messages/en.ts';
import { fr } from '../../src/i18n/messages/fr.ts';
import { pt } from '../../src/i18n/messages/pt.ts';
import { de } from '../../src/i18n/messages/de.ts';
import { INVOICE_DUE_DAYS, LOCALES, NOTIFICATION_KINDS } from '../../src/rules/constants.ts';
import { renderMail, TEMPLATES, type MailKind } from '../../server/src/mail/render.ts';

const DAY = 86_400_000;
const SITE = 'Agora Notices';
const clock = new ManualClock(Date.parse('2026-04-01T09:00:00Z'));
let smtp: Smtp;
let t: TestApp;
let receiver: Server;
const events: Array<{ type: string; data: Record<string, any> }> = [];
const admin = { id: USER.admin!, orgId: ORG.provider };
let admin2: { id: string; orgId: string; email: string };
/** The Enterprise subscription's first invoice (issued when it is approved). */
let invoiceId: string;
let number: string;

beforeAll(async () => {
  smtp = await startSmtp();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { events.push(JSON.parse(body)); res.end('ok'); });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({
    clock, seed: async (db) => { await seedDemo(db); }, allowHosts: ['127.0.0.1'],
    mail: { smtpUrl: smtp.url, from: 'Agora <no-reply@agora.test>' }, publicOrigins: ['https://market.agora.test'],
  });
  await t.setSettings({ sitename: SITE });
  // A second provider Administrator, writing Portuguese; the first writes French.
  admin2 = await t.createUser({ orgId: ORG.provider, orgRoles: ['Administrator'], providerGuid: 'provider-guid', email: 'ana@agora.test', name: 'Ana' }) as typeof admin2;
  await setLocale(admin2.id, 'pt-BR');
  await setLocale(USER.admin!, 'fr-FR');
  await setLocale(USER.teamadmin!, 'de-DE');
  const port = (receiver.address() as AddressInfo).port;
  const hook = await t.request(admin, { method: 'POST', url: `${API}/webhooks`, payload: { url: `http://127.0.0.1:${port}/hook`, events: [...NOTIFICATION_KINDS] } });
  expect(hook.status).toBe(201);
}, 300_000);
afterAll(async () => { await t?.close(); await smtp?.close(); await new Promise((r) => receiver?.close(r)); });

const CATALOGUES = { 'en-US': en, 'fr-FR': fr, 'pt-BR': pt, 'de-DE': de } as Record<string, Record<string, string>>;
async function setLocale(id: string, locale: string) { await t.db.update(users).set({ locale }).where(eq(users.id, id)); }
const emailOf = async (id: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_all, k: string) => String(params[k] ?? `{${k}}`));
/** The subject the catalogue of `locale` gives the e-mail `mail` with these parameters. */
const subject = (locale: string, mail: string, params: Record<string, string | number>) => fill(CATALOGUES[locale]![`mail.${mail}.subject`]!, { site: SITE, ...params });
const inbox = async (userId: string) => { const address = await emailOf(userId); return smtp.messages.filter((m) => m.to.includes(address)); };
const settle = async () => { await t.app.jobs.drain(); await t.app.jobs.drain(); };
/** Waits until `userId` received an e-mail with this subject, and returns it. */
async function received(userId: string, wanted: string) {
  await expect.poll(async () => (await inbox(userId)).map((m) => m.subject), { timeout: 10_000 }).toContain(wanted);
  return (await inbox(userId)).find((m) => m.subject === wanted)!;
}
const decide = (kind: string, id: string, state: string, reason?: string) =>
  t.request(admin, { method: 'POST', url: `${API}/${kind}/${id}/approval`, payload: reason ? { state, reason } : { state } });

describe('notifications by e-mail and webhook', () => {
  it('writes every notification e-mail in the four languages with each placeholder filled', () => {
    const params = { name: 'Ana', product: 'P', plan: 'Q', organisation: 'O', resource: 'R', application: 'A', reason: 'why', author: 'W',
      rating: 4, title: 'T', number: 'INV-1', amount: '10.00 EUR', due: '2026-05-01', credential: 'C', expires: '2026-05-02', link: 'https://x.test/y' };
    const kinds = Object.keys(TEMPLATES).filter((k) => /Pending|Approved|Rejected|Published|invoice|credential/.test(k)) as MailKind[];
    expect(kinds).toHaveLength(13);
    for (const locale of LOCALES) {
      for (const kind of kinds) {
        const mail = renderMail(kind, params, locale, { name: SITE, primary: '#123456', background: '#ffffff' });
        expect(`${mail.subject}\n${mail.text}`, `${kind} ${locale}`).not.toMatch(/\{\w+\}/);
        expect(mail.html).toContain('https://x.test/y');
      }
    }
  });

  it('tells every provider Administrator, in their language, of a subscription, an access request and a review that wait', async () => {
    // A review edited by its author waits for moderation again (the demo moderates by hand).
    const edited = await t.request({ id: USER.developer!, orgId: ORG.acme }, { method: 'PUT', url: `${API}/products/prod-payments/reviews/rev-payments-developer`, payload: { rating: 4, title: 'Better now' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    // The seed's pending subscription and access request, as their creation records them.
    await recordNotification(t.db, 'subscription.pending', 'sub-acme-payments-enterprise', clock.now());
    await recordNotification(t.db, 'accessRequest.pending', 'acc-mobile-payments', clock.now());
    await settle();
    const fromFr = await received(USER.admin!, 'Un avis sur Payments API attend la modération');
    expect(fromFr.text).toContain('Devi Desai a noté Payments API 4 sur 5 : « Better now »');
    expect(fromFr.text).toContain('https://market.agora.test/approvals');
    await received(admin2.id, 'Uma avaliação de Payments API aguarda moderação');
    await received(USER.admin!, subject('fr-FR', 'subscriptionPending', { product: 'Payments API' }));
    await received(admin2.id, subject('pt-BR', 'subscriptionPending', { product: 'Payments API' }));
    await received(USER.admin!, subject('fr-FR', 'accessRequestPending', { resource: 'Payments API' }));
    const access = await received(admin2.id, subject('pt-BR', 'accessRequestPending', { resource: 'Payments API' }));
    expect(access.text).toContain('Acme Corporation');
    // Consumers hear nothing of the provider's queue.
    expect(await inbox(USER.teamadmin!)).toHaveLength(0);
  });

  it('tells the requester of each decision, a refusal with its reason, and the provider of a published review', async () => {
    expect((await decide('subscriptions', 'sub-acme-payments-enterprise', 'approved')).status).toBe(200);
    expect((await decide('subscriptions', 'sub-globex-email-annual', 'rejected', 'Annual plans need a signed contract.')).status).toBe(200);
    expect((await decide('accessRequests', 'acc-mobile-payments', 'rejected', 'Use the sandbox first.')).status).toBe(200);
    expect((await decide('reviews', 'rev-payments-developer', 'approved')).status).toBe(200);
    await settle();
    const approved = await received(USER.teamadmin!, 'Ihr Abonnement für Payments API ist genehmigt');
    expect(approved.text).toContain('https://market.agora.test/subscriptions/sub-acme-payments-enterprise');
    const refused = await received(USER.globex!, subject('en-US', 'subscriptionRejected', { product: await productOf('sub-globex-email-annual') }));
    expect(refused.text).toContain('Reason given: Annual plans need a signed contract.');
    const access = await received(USER.teamadmin!, 'Der Zugriff auf Payments API wurde abgelehnt');
    expect(access.text).toContain('Angegebener Grund: Use the sandbox first.');
    await received(USER.admin!, 'Payments API a un nouvel avis');
    await received(admin2.id, 'Payments API tem uma nova avaliação');
  });

  it('tells the payer of an invoice issued, past due and paid', async () => {
    // Approving the Enterprise subscription (a paid plan) issued its first invoice.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.subscriptionId, 'sub-acme-payments-enterprise'));
    invoiceId = invoice!.id;
    number = (invoice!.billing as { number: string }).number;
    const issued = await received(USER.teamadmin!, `Rechnung ${number} für Payments API`);
    expect(issued.text).toMatch(/über \d+\.\d\d [A-Z]{3} für Payments API wurde ausgestellt/);
    clock.advance((INVOICE_DUE_DAYS + 1) * DAY);
    await settle();
    await received(USER.teamadmin!, `Rechnung ${number} ist überfällig`);
    expect(await markPaid(t.db, invoiceId, clock.now())).toBe(true);
    await settle();
    await received(USER.teamadmin!, `Rechnung ${number} ist bezahlt`);
  });

  it('tells a credential\'s owners 7 days and 1 day before it expires, and when it is suspended', async () => {
    // The warehouse credential belongs to the team Partners; Tariq created it.
    const suspended = await t.request({ id: USER.orgadmin!, orgId: ORG.acme }, { method: 'POST', url: `${API}/credentials/cred-warehouse-basic/suspend` });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    await settle();
    const notice = await received(USER.teamadmin!, 'Die Zugangsdaten Kafka consumer wurden gesperrt');
    expect(notice.text).toContain('https://market.agora.test/applications/app-acme-warehouse/credentials/cred-warehouse-basic');
    // It now expires in 8 days.
    const expiresAt = new Date(clock.now().getTime() + 8 * DAY);
    await t.db.update(credentials).set({ expiresAt }).where(eq(credentials.id, 'cred-warehouse-basic'));
    await scheduleExpiryNotices(t.db, 'cred-warehouse-basic', expiresAt, clock.now());
    clock.advance(DAY + 60_000);
    await settle();
    const week = `Die Zugangsdaten Kafka consumer laufen am ${expiresAt.toISOString().slice(0, 10)} ab`;
    expect((await inbox(USER.teamadmin!)).filter((m) => m.subject === week)).toHaveLength(1);
    clock.advance(6 * DAY);
    await settle();
    await expect.poll(async () => (await inbox(USER.teamadmin!)).filter((m) => m.subject === week).length, { timeout: 10_000 }).toBe(2);
  });

  it('writes each consumer kind in a second language too', async () => {
    await setLocale(USER.teamadmin!, 'fr-FR');
    clock.advance(60_000);
    const now = clock.now();
    await recordNotification(t.db, 'subscription.decided', 'sub-acme-payments-enterprise', now);
    await recordNotification(t.db, 'accessRequest.decided', 'acc-mobile-payments', now);
    for (const kind of ['invoice.issued', 'invoice.pastDue', 'invoice.paid'] as const) await recordNotification(t.db, kind, invoiceId, now);
    await recordNotification(t.db, 'credential.suspended', 'cred-warehouse-basic', now);
    const expiresAt = new Date(now.getTime() + 3 * DAY);
    await t.db.update(credentials).set({ expiresAt }).where(eq(credentials.id, 'cred-warehouse-basic'));
    await scheduleExpiryNotices(t.db, 'cred-warehouse-basic', expiresAt, now);
    clock.advance(2 * DAY + 60_000);
    await settle();
    await received(USER.teamadmin!, 'Votre abonnement à Payments API est approuvé');
    const access = await received(USER.teamadmin!, 'L’accès à Payments API a été refusé');
    expect(access.text).toContain('Motif indiqué : Use the sandbox first.');
    await received(USER.teamadmin!, `Facture ${number} pour Payments API`);
    await received(USER.teamadmin!, `La facture ${number} est en retard de paiement`);
    await received(USER.teamadmin!, `La facture ${number} est payée`);
    await received(USER.teamadmin!, `L’identifiant Kafka consumer expire le ${expiresAt.toISOString().slice(0, 10)}`);
    await received(USER.teamadmin!, 'L’identifiant Kafka consumer a été suspendu');
  });

  it('sent every kind to the provider\'s webhooks as well', async () => {
    await expect.poll(() => new Set(events.map((e) => e.type)).size, { timeout: 10_000 }).toBe(NOTIFICATION_KINDS.length);
    const refusal = events.find((e) => e.type === 'accessRequest.decided')!;
    expect(refusal.data.accessRequest).toMatchObject({ id: 'acc-mobile-payments', approval: { state: 'rejected', reason: 'Use the sandbox first.' } });
  });

  it('lets each user turn a kind off: they get no e-mail of it, the others still do', async () => {
    const teamadmin = { id: USER.teamadmin!, orgId: ORG.acme };
    expect((await t.request(teamadmin, { url: `${API}/notificationSettings` })).body.email['invoice.paid']).toBe(true);
    const set = await t.request(teamadmin, { method: 'PUT', url: `${API}/notificationSettings`, payload: { email: { 'invoice.paid': false } } });
    expect(set.status).toBe(200);
    expect(set.body.email).toMatchObject({ 'invoice.paid': false, 'invoice.issued': true });
    // Someone else's choices are their own.
    expect((await t.request(admin, { url: `${API}/notificationSettings` })).body.email['invoice.paid']).toBe(true);
    const before = (await inbox(USER.teamadmin!)).length;
    await recordNotification(t.db, 'invoice.paid', invoiceId, clock.now());
    await recordNotification(t.db, 'subscription.decided', 'sub-acme-payments-enterprise', clock.now());
    await settle();
    await expect.poll(async () => (await inbox(USER.teamadmin!)).length, { timeout: 10_000 }).toBe(before + 1);
    expect((await inbox(USER.teamadmin!)).at(-1)!.subject).toBe('Votre abonnement à Payments API est approuvé');
  });

  it('loses nothing and sends once across a restart between the event and the sending', async () => {
    const before = (await inbox(USER.globex!)).length;
    // The refusal's event commits with it; the process stops before its job runner took it.
    await recordNotification(t.db, 'subscription.decided', 'sub-globex-email-annual', clock.now());
    await t.app.close();
    const again = await buildApp({ store: t.store, auth: { secret: 'test-secret-of-at-least-32-characters!' }, runJobs: true, clock, mail: { smtpUrl: smtp.url } });
    try {
      await again.ready();
      await expect.poll(async () => (await inbox(USER.globex!)).length, { timeout: 10_000 }).toBe(before + 1);
      await again.jobs.drain();
      expect(await inbox(USER.globex!)).toHaveLength(before + 1);
      expect((await inbox(USER.globex!)).at(-1)!.text).toContain('Annual plans need a signed contract.');
    } finally {
      await again.close();
    }
  });
});

async function productOf(subscriptionId: string): Promise<string> {
  const r = await t.db.execute(sql`select p.title from subscriptions s join products p on p.id = s.product_id where s.id = ${subscriptionId}`) as unknown as { rows: Array<{ title: string }> };
  return r.rows[0]!.title;
}
