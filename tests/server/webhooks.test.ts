// Webhooks for providers (issue 33) against a local receiver: the Agora-Signature verified by an
// implementation of our own written from the documented scheme (node:crypto HMAC), a replay refused
// by its timestamp, retries after a 500, redelivery, auto-disable after 24 hours of failures with
// the owner told (ManualClock), and URLs at private addresses refused by the egress policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { mailMessages } from '../../server/src/db/schema.ts';
import { emitWebhookEvent } from '../../server/src/webhooks/service.ts';

const SECRET = 'whsec_test-secret-0123456789';
const TOLERANCE_S = 300;

/** The receiver's check, from the README: `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
function verify(header: string, body: string, secret: string, nowMs: number): boolean {
  const fields = new Map(header.split(',').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const));
  const t = Number(fields.get('t'));
  const v1 = fields.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}

interface Hit { headers: Record<string, string | string[] | undefined>; body: string }
const hits: Hit[] = [];
let answer = 200;
let receiver: Server;
let url: string;
let t: TestApp;
let admin: TestUser;
const clock = new ManualClock(Date.parse('2026-04-01T08:00:00Z'));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'thanks' : 'broken');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await buildTestApp({ clock, allowHosts: ['127.0.0.1'] });
  const provider = await t.createOrg({ kind: 'provider' });
  admin = await t.createUser({ orgId: provider.id, orgRoles: ['Administrator'], providerGuid: provider.id });
});
afterAll(async () => { await t?.close(); await new Promise((resolve) => receiver?.close(resolve)); });

const emit = (eventId: string) => emitWebhookEvent(t.db, t.app.jobs, 'subscription.created', eventId, { subscription: { id: eventId } }, clock.now());
const deliveries = async (id: string) => (await t.request(admin, { url: `/api/v1/webhooks/${id}/deliveries?limit=50` })).body.items as Array<Record<string, any>>;

describe('webhooks', () => {
  it('refuses URLs at private addresses (the egress policy)', async () => {
    for (const target of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest', 'http://[::1]:8080/x', 'http://localhost:9/x']) {
      const r = await t.request(admin, { method: 'POST', url: '/api/v1/webhooks', payload: { url: target, events: ['subscription.created'] } });
      expect(r.status, target).toBe(400);
      expect(r.body.errors[0].source.parameter).toBe('url');
    }
  });

  let id: string;
  it('delivers a signed event once; the signature verifies, a replay later does not', async () => {
    const created = await t.request(admin, { method: 'POST', url: '/api/v1/webhooks', payload: { url, events: ['subscription.created'], secret: SECRET } });
    expect(created.status).toBe(201);
    expect(created.body.secret).toBe(SECRET);
    id = created.body.id;
    expect((await t.request(admin, { url: '/api/v1/webhooks' })).body.items[0]).not.toHaveProperty('secret');
    await emit('evt-1');
    await emit('evt-1'); // reported twice: one delivery
    await emitWebhookEvent(t.db, t.app.jobs, 'credential.created', 'evt-other', {}, clock.now()); // a type it did not ask for
    await t.app.jobs.drain();
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(JSON.parse(hit!.body)).toMatchObject({ id: 'evt-1', type: 'subscription.created', data: { subscription: { id: 'evt-1' } } });
    expect(hit!.headers['agora-event']).toBe('subscription.created');
    const header = String(hit!.headers['agora-signature']);
    expect(verify(header, hit!.body, SECRET, clock.now().getTime())).toBe(true);
    expect(verify(header, hit!.body, 'another-secret-0123456789', clock.now().getTime())).toBe(false);
    expect(verify(header, hit!.body.replace('evt-1', 'evt-2'), SECRET, clock.now().getTime())).toBe(false);
    // The same request replayed six minutes later: its timestamp is too old.
    expect(verify(header, hit!.body, SECRET, clock.now().getTime() + 6 * 60_000)).toBe(false);
    expect((await deliveries(id)).find((d) => d.eventId === 'evt-1')).toMatchObject({ state: 'delivered', responseStatus: 200, responseBody: 'thanks', attempts: 1 });
  });

  it('retries after a 500 with back-off, and redelivers on request', async () => {
    answer = 500;
    await emit('evt-2');
    await t.app.jobs.drain();
    expect(hits).toHaveLength(2);
    const ofEvent = async (eventId: string) => (await deliveries(id)).find((d) => d.eventId === eventId && !d.redeliveryOf);
    expect(await ofEvent('evt-2')).toMatchObject({ state: 'pending', responseStatus: 500, attempts: 1 });
    answer = 200;
    await t.app.jobs.drain(); // not due yet
    expect(hits).toHaveLength(2);
    clock.advance(30_000);
    await t.app.jobs.drain();
    expect(hits).toHaveLength(3);
    const second = await ofEvent('evt-2');
    expect(second).toMatchObject({ state: 'delivered', attempts: 2 });

    const again = await t.request(admin, { method: 'POST', url: `/api/v1/webhooks/${id}/deliveries/${second!.id}/redeliver` });
    expect(again.status).toBe(202);
    await t.app.jobs.drain();
    expect(hits).toHaveLength(4);
    expect(JSON.parse(hits[3]!.body).id).toBe('evt-2');
    expect(hits[3]!.headers['agora-delivery']).toBe(again.body.id);
    expect(verify(String(hits[3]!.headers['agora-signature']), hits[3]!.body, SECRET, clock.now().getTime())).toBe(true);
  });

  it('disables an endpoint failing for 24 hours and tells its owner', async () => {
    answer = 500;
    await emit('evt-3');
    await t.app.jobs.drain();
    for (let hour = 0; hour < 25; hour++) {
      clock.advance(3_600_000);
      await t.app.jobs.drain();
    }
    const [webhook] = (await t.request(admin, { url: '/api/v1/webhooks' })).body.items;
    expect(webhook).toMatchObject({ id, state: 'disabled' });
    expect((await deliveries(id)).find((d) => d.eventId === 'evt-3')).toMatchObject({ state: 'failed', responseStatus: 500 });
    await t.app.jobs.drain();
    const [told] = await t.db.select().from(mailMessages).where(eq(mailMessages.kind, 'webhookDisabled'));
    expect(told).toMatchObject({ toAddress: admin.email, state: 'outbox' });
    expect(told!.textBody).toContain(url);
    // Disabled: new events are not delivered, until it is turned on again.
    const before = hits.length;
    await emit('evt-4');
    await t.app.jobs.drain();
    expect(hits).toHaveLength(before);
    answer = 200;
    expect((await t.request(admin, { method: 'POST', url: `/api/v1/webhooks/${id}/enable` })).body.state).toBe('enabled');
    await emit('evt-5');
    await t.app.jobs.drain();
    expect(JSON.parse(hits.at(-1)!.body).id).toBe('evt-5');
  });
});
