// The assistant's conversation (spec 3 §4 "AI assistant", §5, §8): idle, or responding from the
// moment a question is sent until its answer has been typed out; one request at a time; the
// conversation id of the first answer is sent with every follow-up; cancel aborts silently and keeps
// what was already shown; reset forgets everything. Answers are revealed word by word, at 200 words
// a second for a whole JSON answer and 14 for a stream.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AI_ACTION_CONFIRM_MIME, AI_ACTION_MIME, AI_ACTION_RESULT_MIME, AI_TEXT_MIME, askAssistant, streamAssistant,
  type AiAction, type AiActionResult, type AiConversationRequest, type AiConversationResponse, type AiPart, type AiReference, type SseEvent,
} from '../../api/ai.ts';
import { useApi } from '../../api/context.ts';
import { ApiError, isAbort } from '../../api/errors.ts';
import { firstWords, recentHistory, restoreConversation, revealRate, saveConversation, splitParts, tabStorage, wordCount } from '../../rules/assistant.ts';

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant';
  /** The text received so far (the user's question, or the answer). */
  text: string;
  /** Words of `text` on screen (assistant messages are typed out). */
  shown: number;
  /** The answer has fully arrived. */
  received: boolean;
  references: AiReference[];
  actions: AiAction[];
  results: AiActionResult[];
  /** A user message confirming this proposal instead of a question. */
  confirms?: AiAction;
  /** A failure shown as the assistant's message (§8), or a question whose answer never came. */
  failed?: boolean;
}

const TICK_MS = 50;

/** The error as the assistant's message: 'title: detail' lines of a stream error, else the message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const lines = error.errors.map((e) => (e.title && e.detail ? `${e.title}: ${e.detail}` : e.detail || e.title));
    return lines.length ? lines.join('\n') : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** An `error` event's data: 'title: detail' per error, or the raw data when it is not that JSON. */
export function streamErrorText(data: string): string {
  try {
    const errors = (JSON.parse(data) as { errorResponse?: { errors?: { title?: string; detail?: string }[] } }).errorResponse?.errors;
    if (Array.isArray(errors) && errors.length) return errors.map((e) => `${e.title ?? ''}: ${e.detail ?? ''}`).join('\n');
  } catch {
    // not JSON: shown raw
  }
  return data;
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The request's messages: the recent conversation, each as the parts the contract wants. */
function requestMessages(messages: ChatMessage[]): AiConversationRequest['content']['messages'] {
  const out: AiConversationRequest['content']['messages'] = [];
  for (const m of messages) {
    if (m.failed) continue;
    if (m.confirms) {
      out.push({ role: 'user', parts: [{ type: 'action', mimeType: AI_ACTION_CONFIRM_MIME, data: JSON.stringify({ actionId: m.confirms.id }) }] });
    } else if (m.role === 'user') {
      out.push({ role: 'user', parts: splitParts(m.text) });
    } else {
      // What the user saw of the answer, and its proposals (the server keeps its own copy).
      const text = firstWords(m.text, m.shown).slice(0, 20_000);
      const parts: AiPart[] = [
        ...(text ? [{ type: 'text' as const, mimeType: AI_TEXT_MIME, data: text }] : []),
        ...m.actions.map((a) => ({ type: 'action' as const, mimeType: AI_ACTION_MIME, data: JSON.stringify(a) })),
      ];
      // An empty answer still marks the end of its turn, so its question is not asked again.
      out.push({ role: 'assistant', parts: parts.length ? parts : [{ type: 'text', mimeType: AI_TEXT_MIME, data: ' ' }] });
    }
  }
  return recentHistory(out);
}

/** What an assistant message's parts say: its text, its proposals, its action results. */
function readParts(parts: AiPart[]): Pick<ChatMessage, 'text' | 'actions' | 'results'> {
  let text = '';
  const actions: AiAction[] = [];
  const results: AiActionResult[] = [];
  for (const part of parts) {
    if (part.mimeType === AI_ACTION_MIME) {
      const action = parseJson<AiAction>(part.data);
      if (action?.id) actions.push(action);
    } else if (part.mimeType === AI_ACTION_RESULT_MIME) {
      const result = parseJson<AiActionResult>(part.data);
      if (result?.actionId) results.push(result);
    } else if (part.type === 'text') {
      text += part.data;
    }
  }
  return { text, actions, results };
}

export interface Conversation {
  messages: ChatMessage[];
  responding: boolean;
  /** Sends a question (ignored while responding or when blank). */
  ask(text: string): void;
  /** Confirms a proposed action. */
  confirm(action: AiAction): void;
  /** Stops the answer in progress, silently. */
  cancel(): void;
  /** Cancels and forgets the whole conversation. */
  reset(): void;
}

export function useConversation({ stream, onResults }: { stream: boolean; onResults?: (results: AiActionResult[]) => void }): Conversation {
  const api = useApi();
  // The tab's conversation, restored when the dialog opens again (after following a reference or a reload).
  const [saved] = useState(() => restoreConversation<ChatMessage>(tabStorage()));
  const [messages, setMessages] = useState<ChatMessage[]>(() => saved?.messages ?? []);
  const [responding, setResponding] = useState(false);
  const conversationId = useRef<string | null>(saved?.conversationId ?? null);
  const controller = useRef<AbortController | null>(null);
  const nextId = useRef(Math.max(0, ...(saved?.messages ?? []).map((m) => m.id)) + 1);
  /** The answer being received and typed out, and how many words of it are on screen (fractional). */
  const answer = useRef<{ id: number; shown: number; rate: number } | null>(null);
  const latest = useRef(messages);
  latest.current = messages;
  const onResultsRef = useRef(onResults);
  onResultsRef.current = onResults;

  const update = useCallback((id: number, change: (m: ChatMessage) => Partial<ChatMessage>) => {
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change(m) } : m)));
  }, []);

  // Types the answer out; the conversation stays 'responding' until the whole answer is on screen.
  useEffect(() => {
    if (!responding) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const current = answer.current;
      if (!current) return;
      const message = latest.current.find((m) => m.id === current.id);
      if (!message) return;
      const total = wordCount(message.text);
      current.shown = Math.min(total, current.shown + ((now - last) / 1000) * current.rate);
      last = now;
      const shown = Math.floor(current.shown);
      if (shown !== message.shown) update(current.id, () => ({ shown }));
      if (message.received && shown >= total) {
        answer.current = null;
        controller.current = null;
        setResponding(false);
        if (message.results.length) onResultsRef.current?.(message.results);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [responding, update]);

  const send = useCallback((question: ChatMessage) => {
    if (controller.current) return;
    const ac = new AbortController();
    controller.current = ac;
    const reply: ChatMessage = {
      id: nextId.current++, role: 'assistant', text: '', shown: 0, received: false, references: [], actions: [], results: [],
    };
    const body: AiConversationRequest = {
      ...(conversationId.current ? { context: { conversationId: conversationId.current } } : {}),
      content: { messages: requestMessages([...latest.current, question]) },
    };
    answer.current = { id: reply.id, shown: 0, rate: revealRate(stream) };
    setMessages((list) => [...list, question, reply]);
    setResponding(true);

    const finish = (change: Partial<ChatMessage>) => update(reply.id, () => ({ ...change, received: true }));
    const fail = (text: string) => {
      // An error is shown at once, not typed out.
      if (answer.current?.id === reply.id) answer.current.shown = Number.MAX_SAFE_INTEGER;
      update(question.id, () => ({ failed: true }));
      finish({ text, failed: true, shown: wordCount(text) });
    };
    const whole = (response: AiConversationResponse) => {
      conversationId.current = response.context.conversationId;
      const messages = response.content.messages.filter((m) => m.role === 'assistant');
      const read = readParts(messages.flatMap((m) => m.parts));
      finish({ ...read, references: messages.flatMap((m) => m.references) });
    };

    void (async () => {
      try {
        if (!stream) {
          whole(await askAssistant(api, body, ac.signal));
          return;
        }
        const parts = new Map<number, AiPart>();
        const received: AiPart[] = [];
        const textSoFar = () => readParts(received.concat([...parts.values()])).text;
        /** Applies one event; false once the answer is over. */
        const onEvent = ({ event, data }: SseEvent): boolean => {
          const json = parseJson<Record<string, unknown>>(data) ?? {};
          const index = Number(json.index);
          switch (event) {
            case 'json': {
              const response = parseJson<AiConversationResponse>(data);
              if (response?.context) whole(response);
              else fail(data);
              return false;
            }
            case 'context':
              if (typeof json.conversationId === 'string') conversationId.current = json.conversationId;
              return true;
            case 'content.message.part.start':
              parts.set(index, { type: json.type === 'action' ? 'action' : 'text', mimeType: String(json.mimeType ?? AI_TEXT_MIME), data: '' });
              return true;
            case 'content.message.part.data': {
              const part = parts.get(index);
              if (part && typeof json.data === 'string') {
                part.data += json.data;
                if (part.type === 'text') update(reply.id, () => ({ text: textSoFar() }));
              }
              return true;
            }
            case 'content.message.part.end': {
              const part = parts.get(index);
              if (part) received.push(part);
              parts.delete(index);
              return true;
            }
            case 'content.message.end': {
              const references = Array.isArray(json.references) ? (json.references as AiReference[]) : [];
              const read = readParts(received);
              update(reply.id, (m) => ({ ...read, references: [...m.references, ...references] }));
              return true;
            }
            case 'error':
              fail(streamErrorText(data));
              return false;
            case 'content.end':
              return false;
            default:
              return true;
          }
        };
        for await (const event of streamAssistant(api, body, ac.signal)) {
          if (!onEvent(event)) break;
        }
        if (!ac.signal.aborted) finish({});
      } catch (error) {
        // A cancellation is silent (spec 3 §8).
        if (ac.signal.aborted || isAbort(error)) return;
        fail(errorText(error));
      }
    })();
  }, [api, stream, update]);

  const ask = useCallback((text: string) => {
    if (controller.current || !text.trim()) return;
    send({ id: nextId.current++, role: 'user', text: text.trim(), shown: 0, received: true, references: [], actions: [], results: [] });
  }, [send]);

  const confirm = useCallback((action: AiAction) => {
    if (controller.current) return;
    send({ id: nextId.current++, role: 'user', text: action.label, shown: 0, received: true, references: [], actions: [], results: [], confirms: action });
  }, [send]);

  const cancel = useCallback(() => {
    const ac = controller.current;
    const current = answer.current;
    controller.current = null;
    answer.current = null;
    ac?.abort();
    setResponding(false);
    if (!current) return;
    // The question is not sent again as part of a new turn.
    setMessages((list) => list.map((m) => (m.id === current.id - 1 && m.role === 'user' ? { ...m, failed: true } : m)));
    // What was typed out stays; the rest of the answer, its references and proposals are dropped.
    setMessages((list) => list.flatMap((m) => {
      if (m.id !== current.id) return [m];
      if (m.shown === 0) return [];
      return [{ ...m, text: firstWords(m.text, m.shown), received: true, references: [], actions: [], results: [] }];
    }));
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    answer.current = null;
    conversationId.current = null;
    saveConversation(tabStorage(), null);
    setResponding(false);
    setMessages([]);
  }, []);

  // Kept once each answer is on screen: whole messages, typed out (a restored answer is not typed again).
  useEffect(() => {
    if (responding || !conversationId.current) return;
    const kept = messages.filter((m) => m.received).map((m) => ({ ...m, shown: wordCount(m.text) }));
    saveConversation(tabStorage(), kept.length ? { conversationId: conversationId.current, messages: kept } : null);
  }, [messages, responding]);

  // Closing (unmounting) cancels what is pending.
  useEffect(() => () => controller.current?.abort(), []);

  return { messages, responding, ask, confirm, cancel, reset };
}
