// The optional external model (AI_BASE_URL, AI_API_KEY, AI_MODEL): any OpenAI-compatible
// chat-completions endpoint, given the retrieved passages as its only context and asked to cite
// them. Its streamed deltas are handed on as they come. The call goes through the server's one
// egress policy (gateway/egress.ts). A time-out or an error answer throws ExternalModelError, which
// the route turns into the §8 error event.
import { fetch } from 'undici';
import type { Egress } from '../gateway/egress.ts';

export interface AiModelOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Time allowed until the first byte of the answer, and between chunks (ms). */
  timeoutMs?: number;
}

export const AI_MODEL_TIMEOUT_MS = 20_000;

export class ExternalModelError extends Error {
  constructor(readonly title: string, detail: string) { super(detail); }
}

export interface ChatMessage { role: 'system' | 'user' | 'assistant'; content: string }

const SYSTEM = 'You answer questions about the APIs of one API marketplace. Use ONLY the numbered passages given; '
  + 'cite them as [n]. If they do not answer the question, say you found nothing in the catalogue and suggest a search.';

export function modelMessages(passages: string[], history: ChatMessage[], question: string): ChatMessage[] {
  const context = passages.length ? passages.map((p, i) => `[${i + 1}] ${p}`).join('\n') : '(no passages found)';
  return [{ role: 'system', content: `${SYSTEM}\n\nPassages:\n${context}` }, ...history, { role: 'user', content: question }];
}

/** Streams the model's answer text, chunk by chunk. */
export async function* streamCompletion(options: AiModelOptions, egress: Egress, messages: ChatMessage[], signal?: AbortSignal): AsyncGenerator<string> {
  const timeoutMs = options.timeoutMs ?? AI_MODEL_TIMEOUT_MS;
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  signal?.addEventListener('abort', onAbort);
  let timer = setTimeout(() => abort.abort(), timeoutMs);
  const rearm = () => { clearTimeout(timer); timer = setTimeout(() => abort.abort(), timeoutMs); };
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  try {
    let res;
    try {
      res = await fetch(url, {
        method: 'POST', dispatcher: egress.agent, signal: abort.signal,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({ model: options.model, stream: true, messages }),
      });
    } catch (error) {
      throw failure(error, abort.signal.aborted);
    }
    if (!res.ok || !res.body) {
      const text = await res.text().catch(() => '');
      throw new ExternalModelError('External model error', `The model answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}.`);
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        rearm();
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') return;
          const delta = deltaOf(data);
          if (delta) yield delta;
        }
      }
    } catch (error) {
      if (error instanceof ExternalModelError) throw error;
      throw failure(error, abort.signal.aborted);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function deltaOf(data: string): string {
  try {
    const json = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }>; error?: { message?: string } };
    if (json.error) throw new ExternalModelError('External model error', json.error.message ?? 'The model reported an error.');
    return json.choices?.[0]?.delta?.content ?? '';
  } catch (error) {
    if (error instanceof ExternalModelError) throw error;
    return '';
  }
}

function failure(error: unknown, timedOut: boolean): ExternalModelError {
  if (timedOut) return new ExternalModelError('External model timeout', 'The model did not answer in time.');
  // undici wraps the connector's error (the egress policy's refusal) one or more levels down.
  let cause: unknown = error;
  for (let i = 0; i < 5 && cause; i++) {
    if ((cause as { code?: string }).code === 'EGRESS_REFUSED') return new ExternalModelError('External model refused', 'The model address is not allowed by the egress policy.');
    cause = (cause as { cause?: unknown }).cause;
  }
  const inner = (error as { cause?: { message?: string } }).cause;
  return new ExternalModelError('External model unreachable', inner?.message ?? (error as Error).message ?? 'The model could not be reached.');
}
