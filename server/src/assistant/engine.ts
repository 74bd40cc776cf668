// One turn of the assistant: retrieval over what the caller may see, then either the offline
// composer or the external model (when configured) writes the answer; or, when the user confirms
// a proposed action, the action done with the user's own rights. The reply is a list of parts
// whose text arrives as chunks, so the route can send it whole (JSON) or as it comes (stream).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../context.ts';
import { ApiError } from '../errors.ts';
import { one } from '../catalogue/sql.ts';
import { liveSubscription } from '../catalogue/visibility.ts';
import { listPlans, getPlan } from '../catalogue/plans.ts';
import { createApplication, findApplication } from '../applications/applications.ts';
import { offeredOwners } from '../applications/owners.ts';
import type { Plan } from '../schemas/plans.ts';
import { AI_ACTION_MIME, AI_ACTION_RESULT_MIME, AI_TEXT_MIME, type AiAction, type AiActionResult, type AiPart, type AiReference } from '../schemas/ai.ts';
import { href } from '../../../src/rules/routes.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../src/rules/constants.ts';
import { translator } from '../messages.ts';
import { retrieve } from './retrieve.ts';
import { englishQuery, questionLang } from './lexicon.ts';
import { candidates, compose, namedPlan, referenceOf } from './compose.ts';
import { CODE_WORDS, type CallContext } from './callSample.ts';
import { listCredentials } from '../credentials/service.ts';
import { ACCESS_INTENT, accessSteps } from './access.ts';
import { isTrafficQuestion, trafficAnswer } from './traffic.ts';
import type { Translate } from '../messages.ts';
import { API_BASE } from '../apiBase.ts';
import { modelMessages, streamCompletion, type AiModelOptions, type ChatMessage } from './external.ts';
import type { StoredMessage } from './conversations.ts';

export interface ReplyPart { type: AiPart['type']; mimeType: string; chunks: AsyncIterable<string> | Iterable<string> }
export interface Reply { parts: ReplyPart[]; references: AiReference[] }

/** Text handed on in chunks of a few words, as a model would stream it. */
export function* wordChunks(text: string, words = 6): Iterable<string> {
  const tokens = text.split(/(?<=\s)/);
  for (let i = 0; i < tokens.length; i += words) yield tokens.slice(i, i + words).join('');
}

const textPart = (text: string): ReplyPart => ({ type: 'text', mimeType: AI_TEXT_MIME, chunks: wordChunks(text) });
const jsonPart = (mimeType: string, value: unknown): ReplyPart => ({ type: 'action', mimeType, chunks: [JSON.stringify(value)] });

export interface TurnInput {
  app: FastifyInstance;
  caller: Caller;
  question: string;
  history: StoredMessage[];
  model: AiModelOptions | null;
  signal?: AbortSignal;
  /** The reader's locale (Accept-Language): the answer's own words come from its messages. */
  locale?: Locale;
}

export async function answerQuestion({ app, caller, question, history, model, signal, locale = DEFAULT_LOCALE }: TurnInput): Promise<Reply> {
  const t = translator(locale);
  // About the caller's own calls: the insights' numbers, no catalogue retrieval.
  if (isTrafficQuestion(question)) {
    const traffic = await trafficAnswer(app, caller, question, t, locale);
    return { parts: [textPart(traffic.text), ...proposals(traffic.actions)], references: [] };
  }
  // A short follow-up ("and its plans?") is read with the previous question's words.
  const previous = [...history].reverse().find((m) => m.role === 'user');
  const prevText = previous ? previous.parts.filter((p) => p.type === 'text').map((p) => p.data).join('') : '';
  // A question in fr, pt or de is looked up in English words (the model and the index are English).
  const lang = questionLang(question, locale);
  const query = englishQuery(question, lang);
  let retrieved = await retrieve(app.db, caller, query, app.assistantVectors);
  if (prevText && !candidates(retrieved).length) {
    const withContext = await retrieve(app.db, caller, `${query} ${englishQuery(prevText, questionLang(prevText, locale))}`, app.assistantVectors);
    if (candidates(withContext).length) retrieved = withContext;
  }
  const plansOf = async (productId: string | null): Promise<Plan[]> => {
    if (!productId) return [];
    const { items } = await listPlans(app.db, caller, productId, { 'plan.state': ['active'] });
    return items;
  };
  const draft = compose(question, retrieved, [], t);
  const plans = draft.productId && /\b(plans?|pric|costs?|subscri|quotas?|free|paid|tiers?|volume)/i.test(question) ? await plansOf(draft.productId) : [];
  const call = draft.resourceId && CODE_WORDS.test(question) ? await callContext(app, caller, draft.resourceId) : undefined;
  const composed = plans.length || call ? compose(question, retrieved, plans, t, call) : draft;
  const answer = composed.productId && ACCESS_INTENT.test(question) ? await withAccessSteps(app, caller, question, composed, plans, t) : composed;
  const actionParts = proposals(answer.actions);
  if (!model) return { parts: [textPart(answer.text), ...actionParts], references: answer.references };

  const passages = candidates(retrieved).slice(0, 8).map((c) => {
    const ref = referenceOf(c);
    return 'op' in c ? `${ref.title} — ${c.op.summary} (${c.op.productTitle})` : `${ref.title} — ${c.entry.description}`;
  });
  const chat: ChatMessage[] = history.map((m) => ({ role: m.role, content: m.parts.filter((p) => p.type === 'text').map((p) => p.data).join('') }));
  return {
    parts: [{ type: 'text', mimeType: AI_TEXT_MIME, chunks: streamCompletion(model, app.egress, modelMessages(passages, chat, question), signal) }, ...actionParts],
    references: answer.found ? answer.references : [],
  };
}

/** Proposals as action parts, each with its id (the confirmation names it). */
const proposals = (actions: Array<Omit<AiAction, 'id'>>): ReplyPart[] =>
  actions.map((a) => jsonPart(AI_ACTION_MIME, { id: `act-${randomUUID()}`, ...a } satisfies AiAction));

/** "How do I get access": the caller's steps and their actions (instead of the generic
 * request-access proposal), after the plans' numbers when the question asked them too; the plan
 * the question names is the one offered. */
async function withAccessSteps(app: FastifyInstance, caller: Caller, question: string, answer: ReturnType<typeof compose>, asked: Plan[], t: Translate): Promise<ReturnType<typeof compose>> {
  const productId = answer.productId!;
  const product = answer.references.find((r) => r.kind === 'product' && r.id === productId)?.title
    ?? (await one<{ title: string }>(app.db, sql`select title from products where id = ${productId}`))?.title ?? '';
  const plans = asked.length ? asked : await activePlans(app, caller, productId);
  const steps = await accessSteps(app, caller, productId, product, answer.resourceId, plans, t, namedPlan(plans, question)?.id);
  if (!steps) return answer;
  const kept = answer.actions.filter((a) => a.kind !== 'requestAccess' && !steps.actions.some((s) => s.kind === a.kind));
  const text = asked.length ? `${answer.text}\n${steps.lines.join('\n')}` : steps.lines.join('\n');
  return { ...answer, text, actions: [...steps.actions, ...kept] };
}

async function activePlans(app: FastifyInstance, caller: Caller, productId: string): Promise<Plan[]> {
  return (await listPlans(app.db, caller, productId, { 'plan.state': ['active'] })).items;
}

/** The gateway's address as the caller reaches it, and the caller's active credential listing
 * the resource (by name only), for the samples of a "how do I call it" answer. Without the
 * credential roles (a Subscriber, a visitor) the samples name no credential. */
async function callContext(app: FastifyInstance, caller: Caller, resourceId: string): Promise<CallContext> {
  const origin = [...app.publicOrigins][0] ?? 'http://localhost';
  let credential: CallContext['credential'] = null;
  if (caller.userId) {
    const found = await listCredentials(app.db, caller, { resource: resourceId, state: ['active'], limit: 1 }, new Date()).catch(() => null);
    const c = found?.items[0];
    if (c) credential = { title: c.title, application: c.application.title, crdType: c.crdType };
  }
  return { origin, apiBase: API_BASE, credential };
}

/** The confirmed action, done with the caller's own rights; refusals become a 'failed' result.
 * Its words in the reader's locale. */
export async function doAction(app: FastifyInstance, caller: Caller, action: AiAction, locale: Locale = DEFAULT_LOCALE): Promise<Reply> {
  const t = translator(locale);
  let result: AiActionResult;
  let text: string;
  const extra: ReplyPart[] = [];
  try {
    ({ result, text } = await run(app, caller, action, extra, t));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    result = { actionId: action.id, kind: action.kind, status: 'failed', detail: error.message };
    text = t('assistant.done.failed', { detail: error.message });
  }
  return { parts: [textPart(text), jsonPart(AI_ACTION_RESULT_MIME, result), ...extra], references: [] };
}

async function run(app: FastifyInstance, caller: Caller, action: AiAction, extra: ReplyPart[], t: Translate): Promise<{ result: AiActionResult; text: string }> {
  const base = { actionId: action.id, kind: action.kind };
  const productId = String(action.params.productId ?? '');
  switch (action.kind) {
    case 'findPlan': {
      const volume = Number(action.params.volume);
      const calls = volume.toLocaleString('en');
      const { items } = await listPlans(app.db, caller, productId, { 'plan.state': ['active'] });
      const fitting = items.filter((p) => p.canSubscribe && fits(p, volume));
      if (!fitting.length) return { result: { ...base, status: 'done', params: { productId } }, text: t('assistant.done.findPlanNone', { volume: calls }) };
      const best = fitting[0]!;
      const proposal: AiAction = { id: `act-${randomUUID()}`, kind: 'subscribe', label: t('assistant.action.subscribe', { plan: best.title }), params: { productId, planId: best.id } };
      extra.push(jsonPart(AI_ACTION_MIME, proposal));
      return {
        result: { ...base, status: 'done', params: { productId, planId: best.id }, href: href('product.plan', { productId, planId: best.id }) },
        text: t('assistant.done.findPlan', { volume: calls, list: fitting.map((p) => `${p.title}${p.description ? ` (${p.description.replace(/[.\s]+$/, '')})` : ''}`).join('; ') }),
      };
    }
    case 'subscribe': {
      const planId = String(action.params.planId ?? '');
      const plan = await getPlan(app.db, caller, productId, planId);
      return {
        result: { ...base, status: 'open', params: { productId, planId: plan.id }, href: href('product.plans', { productId }) },
        text: t('assistant.done.subscribe', { plan: plan.title }),
      };
    }
    case 'createApplication': {
      const title = String(action.params.title ?? 'My application');
      // Owned by the caller's private context when they have one, else the first team they may choose
      // (the application form's default); none offered: the service's 400 says why.
      const [first] = await offeredOwners(app.db, caller);
      const owner = first && { type: first.type, id: first.type === 'user' ? caller.userId! : first.id };
      const { id } = await createApplication(app.db, caller, { title, ...(owner ? { owner } : {}) }, app.clock.now());
      return {
        result: { ...base, status: 'done', params: { applicationId: id }, href: href('application.credentials', { applicationId: id }) },
        text: t('assistant.done.createApp', { title }),
      };
    }
    case 'requestAccess': {
      const sub = await one<{ id: string }>(app.db, sql`select s.id from subscriptions s where s.product_id = ${productId} and s.org_id = ${caller.orgId}
        and s.approval_state = 'approved' and ${liveSubscription('s')} order by s.created_at desc limit 1`);
      if (!sub) throw new ApiError(409, 'Conflict', t('assistant.done.subscribeFirst'));
      const resourceId = action.params.resourceId ? String(action.params.resourceId) : undefined;
      return {
        result: { ...base, status: 'open', params: { productId, subscriptionId: sub.id }, href: href('registrationCreate', { productId }, { subscriptionId: sub.id, resourceId }) },
        text: t('assistant.done.requestAccess'),
      };
    }
    case 'openInsights': {
      // The application is one the caller may see (404 otherwise, as its page would be).
      const application = action.params.applicationId ? await findApplication(app.db, caller, String(action.params.applicationId)) : undefined;
      const applicationId = application?.id;
      return {
        result: { ...base, status: 'open', ...(applicationId ? { params: { applicationId } } : {}),
          // The answer's period as the traffic's custom range.
          href: href('insights.traffic', {}, { applicationId, application: application?.title, from: isoOrUndefined(action.params.from), to: isoOrUndefined(action.params.to), refusal: action.params.refused ? 'any' : undefined }) },
        text: t('assistant.done.openInsights'),
      };
    }
    case 'open': {
      // The assistant's own proposal (the client cannot change params): a portal path it wrote.
      return { result: { ...base, status: 'open', href: String(action.params.href) }, text: t('assistant.done.open') };
    }
  }
}

const isoOrUndefined = (value: unknown) => (typeof value === 'string' && Number.isFinite(Date.parse(value)) ? value : undefined);

/** A plan fits a monthly volume of calls when none of its transaction quotas stops short of it. */
function fits(plan: Plan, volume: number): boolean {
  return plan.quotas.filter((q) => q.unit.name === 'transactions').every((q) => {
    const pricing = q.pricing as { type?: string; limit?: { value?: number; type?: string } };
    if (pricing.type !== 'fixed') return true;
    return (pricing.limit?.value ?? 0) >= volume || pricing.limit?.type !== 'strict';
  });
}

