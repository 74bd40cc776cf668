// The assistant's pure rules (spec 3 §5, §9) and the event-stream reader of src/api/ai.ts.
import { describe, expect, it } from 'vitest';
import * as client from '../../src/api/ai.ts';
import * as contract from '../../server/src/schemas/ai.ts';
import { answerMarkdown, firstWords, recentHistory, restoreConversation, revealRate, saveConversation, splitParts, wordCount } from '../../src/rules/assistant.ts';
import { streamErrorText } from '../../src/screens/assistant/useConversation.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>, signal?: AbortSignal) {
  const events: client.SseEvent[] = [];
  for await (const event of client.readEvents(stream, signal)) events.push(event);
  return events;
}

describe('assistant rules', () => {
  it('splits the question in parts of 150 characters, never inside a character', () => {
    const text = 'a'.repeat(149) + '😀' + 'b'.repeat(151);
    const parts = splitParts(text);
    expect(parts.map((p) => Array.from(p.data).length)).toEqual([150, 150, 1]);
    expect(parts.map((p) => p.data).join('')).toBe(text);
    expect(parts[0]).toMatchObject({ type: 'text', mimeType: 'text/plain' });
    expect(splitParts('')).toEqual([]);
  });

  it('sends the 20 most recent messages', () => {
    const list = Array.from({ length: 25 }, (_, i) => i);
    expect(recentHistory(list)).toEqual(list.slice(5));
    expect(recentHistory([1, 2])).toEqual([1, 2]);
  });

  it('reveals 200 words a second for a JSON answer and 14 for a stream', () => {
    expect(revealRate(false)).toBe(200);
    expect(revealRate(true)).toBe(14);
  });

  it('cuts a text after its n-th word', () => {
    expect(wordCount('  one two\nthree ')).toBe(3);
    expect(firstWords('one two\nthree', 2)).toBe('one two');
    expect(firstWords('one two', 0)).toBe('');
    expect(firstWords('one two', 9)).toBe('one two');
  });
});

describe('answer markdown', () => {
  it('shows each line of an answer on its own line, code blocks untouched', () => {
    expect(answerMarkdown('One.\nTwo.\n\nThree.')).toBe('One.  \nTwo.\n\nThree.');
    expect(answerMarkdown('```\na\nb\n```\nAfter')).toBe('```\na\nb\n```  \nAfter');
  });
});

describe('event stream reader', () => {
  it('reads named events with JSON data split anywhere across chunks', async () => {
    const events = await collect(streamOf([
      'event: context\ndata: {"conversationId":"c1"}\n\n: a comment\n\nevent: content.message.part.da',
      'ta\r\ndata: {"index":0,\r\ndata: "data":"Hi"}\r\n\r\nevent: content.end\ndata: {}',
    ]));
    expect(events).toEqual([
      { event: 'context', data: '{"conversationId":"c1"}' },
      { event: 'content.message.part.data', data: '{"index":0,\n"data":"Hi"}' },
      { event: 'content.end', data: '{}' },
    ]);
  });

  it('stops with an AbortError when cancelled', async () => {
    const ac = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: context\ndata: {}\n\n'));
      },
    });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of client.readEvents(stream, ac.signal)) {
        seen.push(event.event);
        ac.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['context']);
  });

  it('shows an error event as title: detail lines, or raw when it is not that JSON', () => {
    const data = JSON.stringify({ errorResponse: { errors: [{ status: 504, title: 'Time-out', detail: 'The model did not answer' }] } });
    expect(streamErrorText(data)).toBe('Time-out: The model did not answer');
    expect(streamErrorText('{"oops":1}')).toBe('{"oops":1}');
    expect(streamErrorText('plain')).toBe('plain');
  });

  it('uses the part mime types of the server contract', () => {
    expect(client.AI_TEXT_MIME).toBe(contract.AI_TEXT_MIME);
    expect(client.AI_ACTION_MIME).toBe(contract.AI_ACTION_MIME);
    expect(client.AI_ACTION_CONFIRM_MIME).toBe(contract.AI_ACTION_CONFIRM_MIME);
    expect(client.AI_ACTION_RESULT_MIME).toBe(contract.AI_ACTION_RESULT_MIME);
  });
});

describe('the conversation kept for the tab', () => {
  it('is restored as saved, forgotten on reset, and ignored when unreadable', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    expect(restoreConversation(storage)).toBeNull();
    saveConversation(storage, { conversationId: 'conv-1', messages: [{ id: 1, text: 'Hallo' }] });
    expect(restoreConversation(storage)).toEqual({ conversationId: 'conv-1', messages: [{ id: 1, text: 'Hallo' }] });
    saveConversation(storage, null);
    expect(restoreConversation(storage)).toBeNull();
    data.set('agora.assistant.conversation', '{not json');
    expect(restoreConversation(storage)).toBeNull();
    // A storage that refuses (quota, privacy mode) is not an error.
    expect(() => saveConversation({ ...storage, setItem: () => { throw new Error('quota'); } }, { conversationId: 'c', messages: [] })).not.toThrow();
  });
});
