// The AI assistant (spec 3 §2.6, §4, §5, §7.7, §8): the contract of POST /api/v1/ai/conversations.
//
// Who: signed-in users only, and only when AI is enabled (settings.ai.enabled and the 'ai' feature,
// as GET /config reports it); 403 otherwise. A per-user rate limit answers 429. A conversation
// belongs to its user: another user's conversationId is 404.
//
// Request: { stream?, context?: { conversationId }, content: { messages } }. The server keeps the
// conversation: it reads the NEW turn from the request (the user messages after the last assistant
// message in content.messages; assistant messages sent back are ignored) and the history (20
// messages, AI_HISTORY_MESSAGES) from its own store. A user text part holds at most 150 characters
// (AI_PART_CHARS, the screen splits the input); a longer one is 400 naming the part.
//
// Answer, JSON (no stream, or Accept without text/event-stream):
//   { context: { conversationId }, content: { messages: [{ role: 'assistant', parts, references }] } }
// Answer, stream (stream: true and Accept: text/event-stream), events in this order, each `data` JSON:
//   event: context                    data: { conversationId }
//   event: content.message.start      data: { role: 'assistant' }
//   event: content.message.part.start data: { index, type, mimeType }
//   event: content.message.part.data  data: { index, data }          (a chunk of the part's text; repeated)
//   event: content.message.part.end   data: { index }
//   event: content.message.end        data: { references }           (AiReference[])
//   event: content.end                data: {}
//   event: error                      data: { errorResponse: { errors: [{ status, title, detail }] } }
// An error before the stream starts (403, 404, 400, 429) is the ordinary JSON error response. A
// failure once streaming (external model time-out or error) is an `error` event, then the stream ends.
//
// ACTIONS (issue 15 item 4). The assistant may PROPOSE an action; it never acts before the user confirms.
// - Proposal: an assistant part { type: 'action', mimeType: AI_ACTION_MIME, data: JSON text of
//   AiAction } = { id, kind, label, params }. kind:
//     'findPlan'          params { productId, volume }          find the plans of a product that fit a volume of calls
//     'subscribe'         params { productId, planId }          start a subscription to that plan
//     'createApplication' params { title }                      create an application owned by the user
//     'requestAccess'     params { productId, resourceId? }     open the request-access wizard (at that resource)
//     'openInsights'      params { from, to, applicationId?, refused? }  open the insights' traffic over that range (of that
//                                                              application; refused calls)
//     'open'              params { href }                      open a portal page the answer's steps name (sign in,
//                                                              a subscription, the access requests, a credential to create)
//   The screen shows `label` on a confirm button.
// - Confirmation: the next request (same context.conversationId) carries a user message whose part is
//   { type: 'action', mimeType: AI_ACTION_CONFIRM_MIME, data: JSON text of { actionId } }. The server
//   looks the action up among the ones IT proposed in that conversation (the client cannot change params;
//   an unknown id is 404 naming the part) and acts with the user's own rights, through the same services
//   as the API (a 403/409 of theirs becomes the result's detail, status 'failed').
// - Result: the assistant answers with a text part and one part { type: 'action', mimeType:
//   AI_ACTION_RESULT_MIME, data: JSON text of AiActionResult } = { actionId, kind, status, href?, params?, detail? }:
//     findPlan          'done'  and the text names the fitting plans; further 'subscribe' proposals may follow
//     subscribe         'open'  href = product plans page; params { productId, planId }: the screen opens the
//                               subscription panel of that product pre-filled with planId (the panel does
//                               consent, payment and the POST /subscriptions itself)
//     createApplication 'done'  params { applicationId }; href = the application's page
//     requestAccess     'open'  href = /registrations/create/{productId}?subscriptionId=…&resourceId=… (the wizard)
//     openInsights      'open'  href = /consumer-insights/traffic?applicationId=…&application=title&from=…&to=…&refusal=any (an application the caller may see)
//     open              'open'  href = the page
//   An 'open' result of requestAccess, openInsights and open takes the reader there; the conversation is kept.
//   or 'failed' with detail.
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './common.ts';
import { Literals, Strict } from './catalogue.ts';
import { AI_HISTORY_MESSAGES } from '../../../src/rules/constants.ts';

export const AI_TEXT_MIME = 'text/plain';
export const AI_ACTION_MIME = 'application/vnd.agora.action+json';
export const AI_ACTION_CONFIRM_MIME = 'application/vnd.agora.action-confirm+json';
export const AI_ACTION_RESULT_MIME = 'application/vnd.agora.action-result+json';

export const AI_ROLES = ['user', 'assistant'] as const;
export const AI_PART_TYPES = ['text', 'action'] as const;
export const AI_ACTION_KINDS = ['findPlan', 'subscribe', 'createApplication', 'requestAccess', 'openInsights', 'open'] as const;
export type AiActionKind = (typeof AI_ACTION_KINDS)[number];
/** The five reference targets of spec 3 §2.6. */
export const AI_REFERENCE_KINDS = ['product', 'resource', 'article', 'documents', 'url'] as const;
export type AiReferenceKind = (typeof AI_REFERENCE_KINDS)[number];

/** Stream event names, exactly as spec 3 §7.7. */
export const AI_EVENTS = {
  context: 'context',
  messageStart: 'content.message.start',
  partStart: 'content.message.part.start',
  partData: 'content.message.part.data',
  partEnd: 'content.message.part.end',
  messageEnd: 'content.message.end',
  end: 'content.end',
  error: 'error',
} as const;

export const AiPart = Type.Object({
  type: Literals(AI_PART_TYPES),
  mimeType: Type.String({ maxLength: 100 }),
  /** Text, or JSON text for the action mime types. User text parts: at most AI_PART_CHARS (checked by the route). */
  data: Type.String({ maxLength: 20_000 }),
}, Strict);
export type AiPart = Static<typeof AiPart>;

export const AiMessageInput = Type.Object({
  role: Literals(AI_ROLES),
  parts: Type.Array(AiPart, { minItems: 1, maxItems: 200 }),
  /** An assistant message sent back as history may keep its references; the server ignores them. */
  references: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
}, Strict);

export const AiConversationRequest = Type.Object({
  stream: Type.Optional(Type.Boolean()),
  context: Type.Optional(Type.Object({ conversationId: Type.Optional(Id) }, Strict)),
  content: Type.Object({
    messages: Type.Array(AiMessageInput, { minItems: 1, maxItems: AI_HISTORY_MESSAGES }),
  }, Strict),
}, Strict);
export type AiConversationRequest = Static<typeof AiConversationRequest>;

export const AiReference = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** A portal route (spec 3 §2.6, src/rules/routes.ts referenceHref) or, for kind 'url', the plain url. */
  url: Type.String(),
  kind: Literals(AI_REFERENCE_KINDS),
});
export type AiReference = Static<typeof AiReference>;

export const AiMessage = Type.Object({
  role: Literals(AI_ROLES),
  parts: Type.Array(AiPart),
  references: Type.Array(AiReference),
});
export type AiMessage = Static<typeof AiMessage>;

export const AiConversationResponse = Type.Object({
  context: Type.Object({ conversationId: Type.String() }),
  content: Type.Object({ messages: Type.Array(AiMessage) }),
});
export type AiConversationResponse = Static<typeof AiConversationResponse>;

/** The JSON inside an AI_ACTION_MIME part. */
export interface AiAction {
  id: string;
  kind: AiActionKind;
  label: string;
  params: Record<string, string | number>;
}
/** The JSON inside an AI_ACTION_CONFIRM_MIME part. */
export interface AiActionConfirm { actionId: string }
/** The JSON inside an AI_ACTION_RESULT_MIME part. */
export interface AiActionResult {
  actionId: string;
  kind: AiActionKind;
  status: 'done' | 'open' | 'failed';
  href?: string;
  params?: Record<string, string | number>;
  detail?: string;
}
