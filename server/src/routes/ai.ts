// The AI assistant (spec 3 §7.7): POST /ai/conversations, as JSON or as the event stream. The
// contract (event names, actions) is written at the top of schemas/ai.ts; the engine lives in
// server/src/assistant/.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Conflict, ErrorResponses } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { FEATURES } from '../schemas/config.ts';
import { AI_ACTION_CONFIRM_MIME, AI_EVENTS, AiConversationRequest, AiConversationResponse, type AiMessage, type AiPart } from '../schemas/ai.ts';
import { assertSignedIn } from '../context.ts';
import { badRequest, forbidden } from '../errors.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { history, newTurn, openConversation, proposedAction, saveMessages, textOf } from '../assistant/conversations.ts';
import { answerQuestion, doAction, type Reply } from '../assistant/engine.ts';
import { AssistantRateLimit } from '../assistant/rateLimit.ts';
import { ExternalModelError } from '../assistant/external.ts';
import { requestLocale } from '../messages.ts';

export default async function aiRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const limit = new AssistantRateLimit();

  app.post('/ai/conversations', {
    schema: { querystring: NoQuery, body: AiConversationRequest, response: { 200: AiConversationResponse, ...ErrorResponses, ...Conflict } },
  }, async (request, reply) => {
    const caller = request.caller;
    assertSignedIn(caller);
    const { settings, features } = await readSiteConfig(app.db);
    if (!settings.ai.enabled || !features.includes(FEATURES.ai)) throw forbidden('The assistant is not enabled on this marketplace.');
    limit.take(caller.userId, app.clock.now().getTime());
    const body = request.body;
    const turn = newTurn(body);
    const now = app.clock.now();
    const conversationId = await openConversation(app.db, caller, body.context?.conversationId, now);
    const past = await history(app.db, conversationId);

    const abort = new AbortController();
    request.raw.on('close', () => abort.abort());
    const confirm = confirmationOf(turn.messages.flatMap((m, i) => m.parts.map((part, j) => ({ part, at: `content.messages.${turn.indexes[i]}.parts.${j}.data` }))));
    let result: Reply;
    if (confirm) {
      const action = await proposedAction(app.db, conversationId, confirm.actionId, confirm.at);
      result = await doAction(app, caller, action, requestLocale(request.headers['accept-language']));
    } else {
      const question = textOf(turn.messages);
      if (!question) throw badRequest('content.messages', 'The question is empty.');
      result = await answerQuestion({ app, caller, question, history: past, model: app.aiModel, signal: abort.signal, locale: requestLocale(request.headers['accept-language']) });
    }

    const streaming = body.stream === true && (request.headers.accept ?? '').includes('text/event-stream');
    if (!streaming) {
      const parts: AiPart[] = [];
      for (const p of result.parts) parts.push({ type: p.type, mimeType: p.mimeType, data: await collect(p.chunks) });
      const message: AiMessage = { role: 'assistant', parts, references: result.references };
      await saveMessages(app.db, conversationId, [...turn.messages, message], now);
      return { context: { conversationId }, content: { messages: [message] } };
    }
    return stream(reply, conversationId, result, async (message) => saveMessages(app.db, conversationId, [...turn.messages, message], now));
  });
}

/** The confirmation part of the turn, if the user confirmed a proposed action. */
function confirmationOf(parts: Array<{ part: AiPart; at: string }>): { actionId: string; at: string } | null {
  const found = parts.find((p) => p.part.mimeType === AI_ACTION_CONFIRM_MIME);
  if (!found) return null;
  let actionId: unknown;
  try { actionId = (JSON.parse(found.part.data) as { actionId?: unknown }).actionId; } catch { /* named below */ }
  if (typeof actionId !== 'string' || !actionId) throw badRequest(found.at, 'A confirmation holds {"actionId": "…"} of a proposed action.');
  return { actionId, at: found.at };
}

async function collect(chunks: AsyncIterable<string> | Iterable<string>): Promise<string> {
  let text = '';
  for await (const c of chunks) text += c;
  return text;
}

/** The §7.7 event stream. A failure once streaming (the external model) is an `error` event. */
async function stream(reply: FastifyReply, conversationId: string, result: Reply, save: (m: AiMessage) => Promise<void>): Promise<FastifyReply> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-store', 'x-content-type-options': 'nosniff', 'x-accel-buffering': 'no' });
  const send = (event: string, data: unknown) => { if (!raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`); };
  send(AI_EVENTS.context, { conversationId });
  send(AI_EVENTS.messageStart, { role: 'assistant' });
  const parts: AiPart[] = [];
  try {
    for (const [index, p] of result.parts.entries()) {
      send(AI_EVENTS.partStart, { index, type: p.type, mimeType: p.mimeType });
      let data = '';
      for await (const chunk of p.chunks) {
        data += chunk;
        send(AI_EVENTS.partData, { index, data: chunk });
      }
      send(AI_EVENTS.partEnd, { index });
      parts.push({ type: p.type, mimeType: p.mimeType, data });
    }
    send(AI_EVENTS.messageEnd, { references: result.references });
    send(AI_EVENTS.end, {});
    await save({ role: 'assistant', parts, references: result.references });
  } catch (error) {
    const e = error instanceof ExternalModelError ? { status: 502, title: error.title, detail: error.message }
      : { status: 500, title: 'Internal Server Error', detail: 'The assistant failed to answer.' };
    if (!(error instanceof ExternalModelError)) reply.log.error(error);
    send(AI_EVENTS.error, { errorResponse: { errors: [e] } });
  }
  raw.end();
  return reply;
}
