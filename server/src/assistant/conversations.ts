// Conversations of the assistant: stored per user (ai_conversations, ai_messages), reused by id,
// private to their user (another user's id is a 404, as any object one may not see), with the last
// AI_HISTORY_MESSAGES messages as history. Also the actions the assistant proposed: looked up here
// when the user confirms one, so the client can only confirm what the server offered.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { aiConversations, aiMessages } from '../db/schema.ts';
import { ApiError, badRequest } from '../errors.ts';
import type { Caller } from '../context.ts';
import { AI_ACTION_MIME, AI_TEXT_MIME, type AiAction, type AiPart, type AiReference } from '../schemas/ai.ts';
import { AI_HISTORY_MESSAGES, AI_PART_CHARS } from '../../../src/rules/constants.ts';
import type { AiConversationRequest } from '../schemas/ai.ts';

export interface StoredMessage { role: 'user' | 'assistant'; parts: AiPart[]; references: AiReference[] }

/** The caller's conversation (404 for another user's or an unknown id), or a new one. */
export async function openConversation(db: Db, caller: Caller, id: string | undefined, now: Date): Promise<string> {
  if (id) {
    const [row] = await db.select({ id: aiConversations.id }).from(aiConversations)
      .where(and(eq(aiConversations.id, id), eq(aiConversations.userId, caller.userId!)));
    if (!row) throw new ApiError(404, 'Not Found', 'The conversation was not found.', 'context.conversationId');
    return row.id;
  }
  const created = `conv-${randomUUID()}`;
  await db.insert(aiConversations).values({ id: created, orgId: caller.orgId!, userId: caller.userId!, createdAt: now });
  return created;
}

/** The last AI_HISTORY_MESSAGES messages, oldest first. */
export async function history(db: Db, conversationId: string): Promise<StoredMessage[]> {
  const found = await db.select({ role: aiMessages.role, parts: aiMessages.parts, references: aiMessages.references }).from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId)).orderBy(desc(aiMessages.createdAt), desc(aiMessages.id)).limit(AI_HISTORY_MESSAGES);
  return found.reverse() as StoredMessage[];
}

/** Stored in order: the created_at of a turn's messages differ by a millisecond each. */
export async function saveMessages(db: Db, conversationId: string, messages: StoredMessage[], now: Date): Promise<void> {
  if (!messages.length) return;
  await db.insert(aiMessages).values(messages.map((m, i) => ({
    id: `msg-${randomUUID()}`, conversationId, role: m.role, parts: m.parts, references: m.references, createdAt: new Date(now.getTime() + i),
  })));
}

/** The action the assistant proposed in this conversation under `actionId`, or a 404 naming the part. */
export async function proposedAction(db: Db, conversationId: string, actionId: string, parameter: string): Promise<AiAction> {
  const found = await db.select({ parts: aiMessages.parts }).from(aiMessages)
    .where(and(eq(aiMessages.conversationId, conversationId), eq(aiMessages.role, 'assistant'))).orderBy(asc(aiMessages.createdAt));
  for (const { parts } of found) {
    for (const part of parts as AiPart[]) {
      if (part.mimeType !== AI_ACTION_MIME) continue;
      const action = JSON.parse(part.data) as AiAction;
      if (action.id === actionId) return action;
    }
  }
  throw new ApiError(404, 'Not Found', 'The assistant proposed no such action in this conversation.', parameter);
}

/** The new turn: the user messages after the last assistant message of the request. Text parts are
 * checked against AI_PART_CHARS (the screen splits longer input). */
export function newTurn(body: AiConversationRequest): { messages: StoredMessage[]; indexes: number[] } {
  const all = body.content.messages;
  let start = all.length;
  while (start > 0 && all[start - 1]!.role === 'user') start--;
  if (start === all.length) throw badRequest('content.messages', 'The last message must be the user\'s.');
  const messages: StoredMessage[] = [];
  const indexes: number[] = [];
  for (let i = start; i < all.length; i++) {
    all[i]!.parts.forEach((p, j) => {
      if (p.type === 'text' && p.data.length > AI_PART_CHARS) {
        throw badRequest(`content.messages.${i}.parts.${j}.data`, `A text part holds at most ${AI_PART_CHARS} characters.`);
      }
      if (p.type === 'text' && p.mimeType !== AI_TEXT_MIME) throw badRequest(`content.messages.${i}.parts.${j}.mimeType`, `A text part's mimeType is ${AI_TEXT_MIME}.`);
    });
    messages.push({ role: 'user', parts: all[i]!.parts, references: [] });
    indexes.push(i);
  }
  return { messages, indexes };
}

/** The user's text of a turn (its parts joined as the screen split them). */
export const textOf = (messages: StoredMessage[]): string =>
  messages.map((m) => m.parts.filter((p) => p.type === 'text').map((p) => p.data).join('')).join(' ').trim();
