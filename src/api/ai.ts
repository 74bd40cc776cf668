// POST /ai/conversations (spec 3 §7.7; contract in server/src/schemas/ai.ts): one JSON answer, or
// the answer as a server-sent event stream read from the fetch body (EventSource cannot POST).
// Both are abortable through the caller's signal; an abort rejects with an AbortError.
import type {
  AiAction, AiActionResult, AiConversationRequest, AiConversationResponse, AiPart, AiReference,
} from '../../server/src/schemas/ai.ts';
import type { Api } from './client.ts';

export type { AiAction, AiActionResult, AiConversationRequest, AiConversationResponse, AiPart, AiReference };

// The part mime types of the contract (server/src/schemas/ai.ts; the bundle takes types only from
// there, tests/unit/assistant.test.ts checks these stay equal).
export const AI_TEXT_MIME = 'text/plain';
export const AI_ACTION_MIME = 'application/vnd.agora.action+json';
export const AI_ACTION_CONFIRM_MIME = 'application/vnd.agora.action-confirm+json';
export const AI_ACTION_RESULT_MIME = 'application/vnd.agora.action-result+json';

const PATH = '/ai/conversations';

export const askAssistant = (api: Api, body: AiConversationRequest, signal?: AbortSignal) =>
  api.post<AiConversationResponse>(PATH, { ...body, stream: false }, signal ? { signal } : {});

/** One server-sent event: its name ('message' when none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Reads `text/event-stream` from a byte stream, event by event (comments and ids ignored). */
export async function* readEvents(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const abort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', abort, { once: true });
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      if (signal?.aborted) throw new DOMException('The request was cancelled', 'AbortError');
      const { value, done } = await reader.read();
      if (signal?.aborted) throw new DOMException('The request was cancelled', 'AbortError');
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // Lines end with \n, \r\n or \r; the last piece may be incomplete unless the stream is done.
      const lines = buffer.split(/\r\n|\r(?!$)|\n/);
      buffer = done ? '' : lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (data.length) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (done) {
        if (data.length) yield { event: event || 'message', data: data.join('\n') };
        return;
      }
    }
  } finally {
    signal?.removeEventListener('abort', abort);
    reader.releaseLock();
  }
}

/** The answer as events; an error before the stream starts (403, 404, 429…) throws an ApiError. */
export async function* streamAssistant(api: Api, body: AiConversationRequest, signal?: AbortSignal): AsyncGenerator<SseEvent> {
  const response = await api.response('POST', PATH, { ...body, stream: true }, {
    headers: { Accept: 'text/event-stream, application/json;q=0.9, text/plain;q=0.8' },
    ...(signal ? { signal } : {}),
  });
  if (!response.body) return;
  // A server that answered JSON after all (stream off on its side) gives one whole answer.
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    yield { event: 'json', data: await response.text() };
    return;
  }
  yield* readEvents(response.body, signal);
}
