// The AI assistant's route (spec 3 §2.6, §4, §5, §7.7, §8) on the demo seed: both answer modes with
// the exact event names, conversation reuse and privacy, catalogue visibility in answers and
// references, the 403 rules, the per-user rate limit, actions proposed then confirmed, and the
// optional external model (a local FAKE of the OpenAI-compatible protocol) streamed through, with
// its failures as error events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER } from '../../server/seed/accounts.ts';
import { accessRequests, aiMessages, applications, users } from '../../server/src/db/schema.ts';
import { recordTransaction } from '../../server/src/gateway/record.ts';
import { VISITOR } from '../../server/src/context.ts';
import { translator } from '../../server/src/messages.ts';
import { accessSteps } from '../../server/src/assistant/access.ts';
import { isTrafficQuestion, periodOf, trafficAnswer } from '../../server/src/assistant/traffic.ts';
import { AI_ACTION_CONFIRM_MIME, AI_ACTION_MIME, AI_ACTION_RESULT_MIME, AI_EVENTS, type AiAction, type AiActionResult } from '../../server/src/schemas/ai.ts';
import { AI_RATE_LIMIT } from '../../server/src/assistant/rateLimit.ts';
import { startFakeModel, type FakeModel } from './assistant.fakeModel.ts';

let t: TestApp;
let fake: FakeModel;
const who: Record<string, { id: string; orgId: string }> = {};
beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); }, allowHosts: ['127.0.0.1'] });
  for (const u of await t.db.select({ id: users.id, orgId: users.orgId }).from(users)) who[u.id] = u;
  fake = await startFakeModel();
}, 120_000);
afterAll(async () => { await fake?.close(); await t?.close(); });

const user = (key: string) => who[USER[key]!]!;
const textMessage = (data: string) => ({ role: 'user', parts: [{ type: 'text', mimeType: 'text/plain', data }] });
const confirmMessage = (actionId: string) => ({ role: 'user', parts: [{ type: 'action', mimeType: AI_ACTION_CONFIRM_MIME, data: JSON.stringify({ actionId }) }] });

function ask(as: { id: string; orgId: string } | null, messages: unknown[], opts: { conversationId?: string; stream?: boolean; language?: string } = {}) {
  return t.request(as, {
    method: 'POST', url: `${API}/ai/conversations`,
    headers: { ...(opts.stream ? { accept: 'text/event-stream' } : {}), ...(opts.language ? { 'accept-language': opts.language } : {}) },
    payload: { ...(opts.stream !== undefined ? { stream: opts.stream } : {}), ...(opts.conversationId ? { context: { conversationId: opts.conversationId } } : {}), content: { messages } },
  });
}

/** The event stream as [name, data] pairs. */
function events(body: string): Array<[string, any]> {
  return body.split('\n\n').filter(Boolean).map((block) => {
    const name = /^event: (.*)$/m.exec(block)![1]!;
    return [name, JSON.parse(/^data: (.*)$/m.exec(block)![1]!)];
  });
}

describe('answers', () => {
  it('answers as JSON with grounded text and references of the §2.6 kinds', async () => {
    const res = await ask(user('consumer'), [textMessage('How do I refund a payment?')]);
    expect(res.status).toBe(200);
    expect(res.body.context.conversationId).toMatch(/^conv-/);
    const [message] = res.body.content.messages;
    expect(message.role).toBe('assistant');
    expect(message.parts[0]).toMatchObject({ type: 'text', mimeType: 'text/plain' });
    expect(message.parts[0].data).toMatch(/POST \/refunds/);
    expect(message.parts[0].data).toMatch(/Payments API/);
    // A request example from the operation's schema (stored as a $ref: the indexer's generated sample).
    expect(message.parts[0].data).toMatch(/Example: POST \/refunds with the body \{/);
    const resource = message.references.find((r: { kind: string }) => r.kind === 'resource');
    expect(resource.url).toMatch(/^\/productDetails\/prod-payments\/version\/[^/]+\/resources\/res-payments[^/]*\/methods\?operation=\d+$/);
    expect(message.references.every((r: { id: string; title: string; url: string }) => r.id && r.title && r.url)).toBe(true);
  });

  it('streams with the exact event names of §7.7, in order', async () => {
    const res = await ask(user('consumer'), [textMessage('How do I freeze a card?')], { stream: true });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
    const list = events(res.body);
    const names = list.map(([n]) => n);
    expect(names[0]).toBe('context');
    expect(names[1]).toBe('content.message.start');
    expect(names[2]).toBe('content.message.part.start');
    expect(names.slice(-2)).toEqual(['content.message.end', 'content.end']);
    expect(new Set(names)).toEqual(new Set(Object.values(AI_EVENTS).filter((n) => n !== 'error')));
    expect(names.filter((n) => n === 'content.message.part.data').length).toBeGreaterThan(1);
    expect(list[0]![1].conversationId).toMatch(/^conv-/);
    const text = list.filter(([n, d]) => n === 'content.message.part.data' && d.index === 0).map(([, d]) => d.data).join('');
    expect(text).toMatch(/freeze/);
    expect(list.find(([n]) => n === 'content.message.end')![1].references.some((r: { id: string }) => r.id === 'res-card-issuing')).toBe(true);
  });

  it('answers JSON when stream is asked without an event-stream Accept, and when Accept allows it without stream', async () => {
    const a = await ask(user('consumer'), [textMessage('Track a parcel')], { stream: false });
    expect(a.body.content.messages[0].parts[0].data).toMatch(/track/i);
    const b = await t.request(user('consumer'), { method: 'POST', url: `${API}/ai/conversations`, payload: { stream: true, content: { messages: [textMessage('Track a parcel')] } } });
    expect(b.status).toBe(200);
    expect(b.body.context.conversationId).toBeTruthy();
  });

  it('says it found nothing, with a search link, when the catalogue does not cover the question', async () => {
    const res = await ask(user('consumer'), [textMessage('Cryptocurrency mining pool statistics')]);
    const [message] = res.body.content.messages;
    expect(message.parts[0].data).toMatch(/found nothing/);
    expect(message.references).toEqual([expect.objectContaining({ kind: 'url', url: expect.stringMatching(/^\/advancedSearchResults\/all\?search=/) })]);
  });

  it("answers in the reader's language (Accept-Language)", async () => {
    const res = await ask(user('consumer'), [textMessage('Cryptocurrency mining pool statistics')], { language: 'fr-CH, de;q=0.8' });
    const [message] = res.body.content.messages;
    expect(message.parts[0].data).toMatch(/^Je n’ai rien trouvé dans le catalogue/);
    expect(message.references[0].title).toBe('Rechercher dans le catalogue');
  });

  it('refuses a text part over 150 characters and a turn that does not end with the user', async () => {
    const long = await ask(user('consumer'), [textMessage('x'.repeat(151))]);
    expect(long.status).toBe(400);
    expect(long.body.errors[0].source.parameter).toBe('content.messages.0.parts.0.data');
    const last = await ask(user('consumer'), [textMessage('hi'), { role: 'assistant', parts: [{ type: 'text', mimeType: 'text/plain', data: 'hello' }] }]);
    expect(last.status).toBe(400);
    expect(last.body.errors[0].source.parameter).toBe('content.messages');
  });
});

describe('conversations', () => {
  it('reuses a conversation by id and keeps it private to its user', async () => {
    const first = await ask(user('subscriber'), [textMessage('Severe weather alerts')]);
    const id = first.body.context.conversationId;
    const second = await ask(user('subscriber'), [textMessage('Severe weather alerts'), first.body.content.messages[0], textMessage('and its plans?')], { conversationId: id });
    expect(second.status).toBe(200);
    expect(second.body.context.conversationId).toBe(id);
    // the follow-up is read with the previous question: still about the weather product
    expect(second.body.content.messages[0].references.some((r: { id: string }) => /weather/.test(r.id))).toBe(true);
    const stored = await t.db.select().from(aiMessages).where(eq(aiMessages.conversationId, id));
    expect(stored.map((m) => m.role).sort()).toEqual(['assistant', 'assistant', 'user', 'user']);
    for (const other of [user('consumer'), user('globex')]) {
      const res = await ask(other, [textMessage('Severe weather alerts')], { conversationId: id });
      expect(res.status).toBe(404);
    }
    expect(await ask(user('subscriber'), [textMessage('hi')], { conversationId: 'conv-nope' })).toMatchObject({ status: 404 });
  });
});

describe('visibility', () => {
  const question = 'Employee directory departments and reporting lines';
  it('never shows a restricted product to a user who cannot see it, in text or references', async () => {
    const res = await ask(user('globex'), [textMessage(question)]);
    expect(res.status).toBe(200);
    const body = JSON.stringify(res.body);
    expect(body).not.toMatch(/internal-hr|Employee Directory/);
    const streamed = await ask(user('globex'), [textMessage(question)], { stream: true });
    expect(streamed.body).not.toMatch(/internal-hr|Employee Directory/);
  });
  it('cites it for a user who can see it', async () => {
    const res = await ask(user('admin'), [textMessage(question)]);
    expect(JSON.stringify(res.body.content.messages[0].references)).toMatch(/internal-hr/);
  });
});

describe('who may ask', () => {
  it('visitors 401; signed-in users 403 when AI is off in the settings or the feature is off', async () => {
    expect((await ask(null, [textMessage('hi')])).status).toBe(401);
    await t.setSettings({ ai: { enabled: false, stream: true } });
    try {
      const res = await ask(user('consumer'), [textMessage('hi')]);
      expect(res.status).toBe(403);
      expect(res.body.errors[0].detail).toMatch(/not enabled/);
    } finally {
      await t.setSettings({ ai: { enabled: true, stream: true } });
    }
    await t.setSettings({}, ['-ai']);
    try {
      expect((await ask(user('consumer'), [textMessage('hi')])).status).toBe(403);
    } finally {
      await t.setSettings({}, []);
    }
    expect((await ask(user('consumer'), [textMessage('Track a parcel')])).status).toBe(200);
  });

  it(`limits each user to ${AI_RATE_LIMIT.requests} questions a minute`, async () => {
    const dev = user('developer');
    for (let i = 0; i < AI_RATE_LIMIT.requests; i++) expect((await ask(dev, [textMessage('zzqx')])).status).toBe(200);
    const limited = await ask(dev, [textMessage('zzqx')]);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0].detail).toMatch(/questions to the assistant/);
    expect((await ask(user('approver'), [textMessage('zzqx')])).status).toBe(200);
  });
});

describe('actions', () => {
  const actionsOf = (message: { parts: Array<{ mimeType: string; data: string }> }, mime = AI_ACTION_MIME) =>
    message.parts.filter((p) => p.mimeType === mime).map((p) => JSON.parse(p.data));

  it('proposes creating an application and creates it, owned by the user, only once confirmed', async () => {
    const me = user('consumer');
    const first = await ask(me, [textMessage('Create a new application called "Assistant Demo"')]);
    const [action] = actionsOf(first.body.content.messages[0]) as AiAction[];
    expect(action).toMatchObject({ kind: 'createApplication', params: { title: 'Assistant Demo' } });
    expect(await t.db.select().from(applications).where(eq(applications.title, 'Assistant Demo'))).toEqual([]);
    const id = first.body.context.conversationId;
    const done = await ask(me, [confirmMessage(action!.id)], { conversationId: id });
    expect(done.status).toBe(200);
    const [result] = actionsOf(done.body.content.messages[0], AI_ACTION_RESULT_MIME) as AiActionResult[];
    expect(result).toMatchObject({ actionId: action!.id, kind: 'createApplication', status: 'done' });
    const created = await t.request(me, { url: `${API}/applications/${result!.params!.applicationId}` });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'Assistant Demo', owner: { type: 'user', id: me.id } });
  });

  it('finds a plan for a stated volume, then opens the subscription panel pre-filled', async () => {
    const me = user('consumer');
    const first = await ask(me, [textMessage('Which Payments API plan fits 200,000 calls a month?')]);
    const [find] = actionsOf(first.body.content.messages[0]) as AiAction[];
    expect(find).toMatchObject({ kind: 'findPlan', params: { productId: 'prod-payments', volume: 200_000 } });
    const id = first.body.context.conversationId;
    const found = await ask(me, [confirmMessage(find!.id)], { conversationId: id, stream: true });
    const list = events(found.body);
    const parts = list.filter(([n]) => n === 'content.message.part.data').map(([, d]) => d);
    const proposal = parts.map((d) => { try { return JSON.parse(d.data); } catch { return null; } }).find((x) => x?.kind === 'subscribe') as AiAction;
    expect(proposal.params.productId).toBe('prod-payments');
    const open = await ask(me, [confirmMessage(proposal.id)], { conversationId: id });
    const [result] = actionsOf(open.body.content.messages[0], AI_ACTION_RESULT_MIME) as AiActionResult[];
    expect(result).toMatchObject({ kind: 'subscribe', status: 'open', params: { productId: 'prod-payments', planId: proposal.params.planId } });
  });

  it('confirms only actions the assistant proposed in that conversation', async () => {
    const me = user('consumer');
    const first = await ask(me, [textMessage('Track a parcel')]);
    const res = await ask(me, [confirmMessage('act-made-up')], { conversationId: first.body.context.conversationId });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].source.parameter).toBe('content.messages.0.parts.0.data');
    const bad = await ask(me, [{ role: 'user', parts: [{ type: 'action', mimeType: AI_ACTION_CONFIRM_MIME, data: 'not json' }] }], { conversationId: first.body.context.conversationId });
    expect(bad.status).toBe(400);
  });
});

describe('external model (a local fake of the OpenAI-compatible protocol)', () => {
  const withModel = async (timeoutMs: number, run: () => Promise<void>) => {
    t.app.aiModel = { baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-1', timeoutMs };
    try { await run(); } finally { t.app.aiModel = null; }
  };

  it('streams the model answer through, given the retrieved passages and the bearer key', async () => {
    fake.mode = 'answer';
    await withModel(5_000, async () => {
      const res = await ask(user('consumer'), [textMessage('How do I refund a payment?')], { stream: true });
      const list = events(res.body);
      const chunks = list.filter(([n, d]) => n === 'content.message.part.data' && d.index === 0).map(([, d]) => d.data);
      expect(chunks).toEqual(fake.chunks);
      expect(list.at(-1)![0]).toBe('content.end');
      expect(list.find(([n]) => n === 'content.message.end')![1].references.length).toBeGreaterThan(0);
      const sent = fake.requests.at(-1)!;
      expect(sent.authorization).toBe('Bearer sk-test');
      expect(sent.body).toMatchObject({ model: 'fake-1', stream: true });
      expect(sent.body.messages[0]!.content).toMatch(/Refund a payment/);
      expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I refund a payment?' });
    });
  });

  it('turns an error answer and a time-out into §8 error events', async () => {
    await withModel(300, async () => {
      fake.mode = 'error';
      const failed = events((await ask(user('consumer'), [textMessage('How do I refund a payment?')], { stream: true })).body);
      const [name, data] = failed.at(-1)!;
      expect(name).toBe('error');
      expect(data.errorResponse.errors[0]).toMatchObject({ title: 'External model error', detail: expect.stringMatching(/500/) });
      fake.mode = 'hang';
      const slow = events((await ask(user('consumer'), [textMessage('How do I refund a payment?')], { stream: true })).body);
      expect(slow.at(-1)![0]).toBe('error');
      expect(slow.at(-1)![1].errorResponse.errors[0].title).toBe('External model timeout');
    });
    fake.mode = 'answer';
  });

  it('refuses a model at a private address unless allowed (the egress policy)', async () => {
    t.app.aiModel = { baseUrl: 'http://10.0.0.1:8080/v1', model: 'fake-1', timeoutMs: 2_000 };
    try {
      const list = events((await ask(user('subscriber'), [textMessage('How do I refund a payment?')], { stream: true })).body);
      expect(list.at(-1)![1].errorResponse.errors[0].title).toBe('External model refused');
    } finally { t.app.aiModel = null; }
  });
});

// Issue 29 point 3: the steps to access for this caller, and their own traffic, each step or link
// an action confirmed as the others are.
describe('how to get access, and their own traffic', () => {
  const partsOf = (message: { parts: Array<{ mimeType: string; data: string }> }, mime: string) =>
    message.parts.filter((p) => p.mimeType === mime).map((p) => JSON.parse(p.data));
  const textOf = (res: { body: any }) => String(res.body.content.messages[0].parts[0].data);
  async function confirm(me: { id: string; orgId: string }, res: { body: any }, kind: string, language?: string) {
    const action = (partsOf(res.body.content.messages[0], AI_ACTION_MIME) as AiAction[]).find((a) => a.kind === kind)!;
    expect(action, `a ${kind} proposal`).toBeTruthy();
    const done = await ask(me, [confirmMessage(action.id)], { conversationId: res.body.context.conversationId, ...(language ? { language } : {}) });
    expect(done.status).toBe(200);
    return { action, done, result: (partsOf(done.body.content.messages[0], AI_ACTION_RESULT_MIME) as AiActionResult[])[0]! };
  }

  it('a new organisation: subscribe to a plan, create an application, then the access request; in German', async () => {
    const org = await t.createOrg({ name: 'Newcomer GmbH' });
    const me = await t.createUser({ orgId: org.id, orgRoles: ['Administrator'] });
    await t.createTeam({ orgId: org.id, name: 'Platform', type: 'consumer', members: [{ userId: me.id, roles: ['administrator'] }] });
    const res = await ask(me, [textMessage('Wie bekomme ich Zugang zur SMS API?')], { language: 'de' });
    expect(res.status).toBe(200);
    expect(textOf(res)).toMatch(/^So nutzen Sie SMS Messaging:\n1\. Abonnieren Sie einen Plan von SMS Messaging \(Free, Pay per message\)\.\n2\. Legen Sie eine Anwendung an/);
    expect(textOf(res)).toMatch(/3\. Beantragen Sie im Zugriffsassistenten Zugriff auf SMS Messaging/);
    const actions = partsOf(res.body.content.messages[0], AI_ACTION_MIME) as AiAction[];
    expect(actions.map((a) => [a.kind, a.label])).toEqual([['subscribe', 'Free abonnieren'], ['createApplication', 'Die Anwendung „Meine Anwendung“ anlegen']]);
    // A plan named, and its price asked: the plans' numbers first, then the steps offering that plan.
    const priced = await ask(me, [textMessage('How do I get access to the SMS API on the Pay per message plan, and what does it cost?')]);
    expect(textOf(priced)).toMatch(/Pay per message: [^\n]+\nTo use SMS Messaging:\n1\. Subscribe to a plan of SMS Messaging/);
    expect((partsOf(priced.body.content.messages[0], AI_ACTION_MIME) as AiAction[]).filter((a) => a.kind === 'subscribe').map((a) => a.params.planId)).toEqual(['plan-sms-payg']);
    const { result, done } = await confirm(me, res, 'createApplication', 'de');
    expect(result).toMatchObject({ kind: 'createApplication', status: 'done' });
    expect(textOf(done)).toBe('Die Anwendung „Meine Anwendung“ ist angelegt.');
  });

  it('subscribed: the wizard at that resource; then, the request approved, a credential to create; pending and rejected said', async () => {
    const me = user('globex-dev');
    const question = 'How can I use the Weather API?';
    const first = await ask(me, [textMessage(question)]);
    expect(textOf(first)).toMatch(/\n1\. Request access to Weather Forecast \(sandbox\) for your application in the access wizard\.$/);
    const { result } = await confirm(me, first, 'requestAccess');
    expect(result).toMatchObject({ kind: 'requestAccess', status: 'open', href: '/registrations/create/prod-weather?subscriptionId=sub-globex-weather-free&resourceId=res-weather-sandbox' });
    // The wizard's own request (this definition approves at once).
    const version = (await t.request(me, { url: `${API}/products/prod-weather` })).body.version?.id ?? 'ver-weather-3';
    const created = await t.request(me, { method: 'POST', url: `${API}/applications/app-globex-portal/accessRequests`, payload: {
      product: { id: 'prod-weather', version: { id: version } }, assetResource: { id: 'res-weather-sandbox' }, subscription: { id: 'sub-globex-weather-free' } } });
    expect(created.status).toBe(201);
    const approved = await ask(me, [textMessage(question)]);
    expect(textOf(approved)).toMatch(/1\. Access for Globex Customer Portal is approved: create a credential for Globex Customer Portal/);
    const { result: open } = await confirm(me, approved, 'open');
    expect(open).toMatchObject({ status: 'open', href: '/applications/app-globex-portal/credentials/create' });
    await t.db.update(accessRequests).set({ approvalState: 'pending' }).where(eq(accessRequests.id, created.body.id));
    expect(textOf(await ask(me, [textMessage(question)]))).toMatch(/1\. Your access request for Globex Customer Portal awaits approval\.$/);
    await t.db.update(accessRequests).set({ approvalState: 'rejected' }).where(eq(accessRequests.id, created.body.id));
    const rejected = await ask(me, [textMessage(question)]);
    expect(textOf(rejected)).toMatch(/was rejected; you may ask again/);
    expect((partsOf(rejected.body.content.messages[0], AI_ACTION_MIME) as AiAction[]).map((a) => a.kind)).toEqual(['requestAccess']);
  });

  it('with access and a credential: says so, naming the credential; a pending subscription is said with a link', async () => {
    expect(textOf(await ask(user('globex'), [textMessage('How do I get access to the Payments API?')])))
      .toBe('To use Payments API:\n1. You have access: call it with your credential “Portal key” (application Globex Customer Portal).');
    const pending = await ask(user('globex'), [textMessage('How can I use the Email API?')]);
    expect(textOf(pending)).toMatch(/1\. Your subscription “Transactional Email - Annual bulk” awaits the provider's approval\./);
    const { result } = await confirm(user('globex'), pending, 'open');
    expect(result.href).toBe('/subscriptions/sub-globex-email-annual');
  });

  it('reads the period (UTC days, weeks from Monday) and tells own-traffic questions from plan questions', () => {
    const at = (iso: string) => new Date(iso).toISOString();
    const range = (q: string, now: string) => { const p = periodOf(q, new Date(now)); return [p.period, at(p.from.toISOString()), at(p.to.toISOString())]; };
    // Wednesday 2026-01-07 10:00 UTC.
    expect(range('why were my calls refused yesterday', '2026-01-07T10:00:00Z')).toEqual(['yesterday', '2026-01-06T00:00:00.000Z', '2026-01-07T00:00:00.000Z']);
    expect(range('Combien d’appels la semaine dernière ?', '2026-01-07T10:00:00Z')).toEqual(['lastWeek', '2025-12-29T00:00:00.000Z', '2026-01-05T00:00:00.000Z']);
    expect(range('Quantas chamadas no mês passado?', '2026-01-07T10:00:00Z')).toEqual(['lastMonth', '2025-12-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
    expect(range('how many calls did my app make', '2026-01-07T10:00:00Z')).toEqual(['last7', '2025-12-31T10:00:00.000Z', '2026-01-07T10:00:00.000Z']);
    // At Monday 00:00 "this week" still ends after it starts.
    expect(range('my calls this week', '2026-01-05T00:00:00Z')).toEqual(['thisWeek', '2026-01-05T00:00:00.000Z', '2026-01-05T00:01:00.000Z']);
    expect(isTrafficQuestion('Wie viele Aufrufe hat meine App heute gemacht?')).toBe(true);
    expect(isTrafficQuestion("What happens if my team goes over the plan's included volume - are extra calls refused or billed?")).toBe(false);
    expect(isTrafficQuestion('Which service lets my site ask for the fields it needs without a dozen REST calls?')).toBe(false);
  });

  it('a visitor (the route asks sign-in first; the steps do not assume it): a sign-in step, not an error', async () => {
    const en = translator('en-US');
    const steps = await accessSteps(t.app, VISITOR, 'prod-sms', 'SMS Messaging', undefined, [], en);
    expect(steps).toEqual({ lines: ['To use SMS Messaging:', '1. Sign in (or register an account): subscriptions and credentials belong to signed-in users.'],
      actions: [{ kind: 'open', label: 'Sign in', params: { href: '/signin' } }] });
    expect(await trafficAnswer(t.app, VISITOR, 'How many calls did my app make today?', en, 'en-US'))
      .toEqual({ text: "Sign in to see your applications' calls.", actions: [{ kind: 'open', label: 'Sign in', params: { href: '/signin' } }] });
  });

  it('their own calls: the numbers and the refusal reasons from the insights, the insights of that application to open; another organisation sees none', async () => {
    const now = t.app.clock.now().getTime();
    const call = (i: number, status: number, refusal: string | null, applicationId = 'app-acme-checkout', orgId = who[USER.orgadmin!]!.orgId) => recordTransaction(t.db, {
      id: `tx-assist-${applicationId}-${i}`, orgId, at: new Date(now - 60_000 * (i + 1)), applicationId, subscriptionId: 'sub-acme-payments-starter',
      productId: 'prod-payments', assetResourceId: 'res-payments', protocol: 'http', method: 'GET', path: '/payments', upstreamUrl: 'test:',
      status, statusDetail: status < 400 ? 'success' : status < 500 ? 'failure' : 'exception', durationMs: 10, requestHeaders: {}, responseHeaders: {},
      requestBytes: 0, responseBytes: 0, legs: [], refusal: refusal as never,
    });
    for (let i = 0; i < 5; i++) await call(i, 200, null);
    await call(5, 429, 'quotaExceeded');
    await call(6, 429, 'quotaExceeded');
    await call(7, 403, 'noAccess');
    await call(8, 500, null);
    await call(9, 200, null, 'app-acme-mobile');
    const res = await ask(user('orgadmin'), [textMessage('How many calls did my checkout app make today?')]);
    expect(textOf(res)).toMatch(/^Checkout Service made 9 calls today \([^)]+\): 5 succeeded, 3 failed \(4xx\), 1 ended in a server error \(5xx\)\.\nRefused by the gateway, by reason: Quota exceeded: 2; No approved access: 1\.$/);
    const { result } = await confirm(user('orgadmin'), res, 'openInsights');
    // The answer's period (today, UTC) as the traffic's range.
    expect(result.href).toMatch(/^\/consumer-insights\/traffic\?applicationId=app-acme-checkout&application=Checkout\+Service&from=\d{4}-\d\d-\d\dT00%3A00%3A00\.000Z&to=[^&]+$/);
    const why = await ask(user('orgadmin'), [textMessage('Warum wurden meine Aufrufe heute abgelehnt?')], { language: 'de' });
    expect(textOf(why)).toMatch(/^Ihre Anwendungen haben heute \([^)]+\) 10 Aufrufe gemacht: 6 erfolgreich, 3 fehlgeschlagen \(4xx\), 1 mit Serverfehler \(5xx\)\.\nNach Anwendung: Checkout Service: 9; Acme Mobile App: 1\.\nVom Gateway abgelehnt, nach Grund: Kontingent überschritten: 2; Kein genehmigter Zugriff: 1\.$/);
    const { result: insights } = await confirm(user('orgadmin'), why, 'openInsights');
    expect(insights.href).toMatch(/^\/consumer-insights\/traffic\?from=[^&]+&to=[^&]+&refusal=any$/);
    // Globex sees its own traffic only (none), and may not open Acme's application.
    expect(textOf(await ask(user('globex'), [textMessage('How many calls did my checkout app make today?')]))).toMatch(/^Your applications made no calls today/);
  });
});
