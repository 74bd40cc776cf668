// The assistant's conversation rules (spec 3 §4 "AI assistant", §5, §9): the user's text goes in
// parts of AI_PART_CHARS characters, at most AI_HISTORY_MESSAGES messages are sent, and answers
// are revealed word by word at a fixed pace (faster for a whole JSON answer than for a stream).
import { AI_HISTORY_MESSAGES, AI_PART_CHARS, AI_REVEAL_WORDS_PER_SECOND, AI_STREAM_REVEAL_WORDS_PER_SECOND } from './constants.ts';

/** The longest question: the parts of one message the contract takes (200) of AI_PART_CHARS each. */
export const AI_INPUT_MAX_CHARS = 200 * AI_PART_CHARS;

export interface TextPart {
  type: 'text';
  mimeType: 'text/plain';
  data: string;
}

/** Parts of at most `size` characters (code points: a character outside the BMP is never cut). */
export function splitParts(text: string, size = AI_PART_CHARS): TextPart[] {
  const chars = Array.from(text);
  const parts: TextPart[] = [];
  for (let i = 0; i < chars.length; i += size) {
    parts.push({ type: 'text', mimeType: 'text/plain', data: chars.slice(i, i + size).join('') });
  }
  return parts;
}

/** The most recent messages the request may carry, oldest first. */
export function recentHistory<T>(messages: readonly T[], limit = AI_HISTORY_MESSAGES): T[] {
  return messages.slice(Math.max(0, messages.length - limit));
}

export function revealRate(streamed: boolean): number {
  return streamed ? AI_STREAM_REVEAL_WORDS_PER_SECOND : AI_REVEAL_WORDS_PER_SECOND;
}

/** How many words of `text` there are (a word: a run of non-space characters). */
export function wordCount(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** The text up to and including its `words`-th word (whitespace before the next word left out). */
export function firstWords(text: string, words: number): string {
  if (words <= 0) return '';
  const re = /\S+/g;
  let seen = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text))) {
    seen += 1;
    if (seen === words) return text.slice(0, match.index + match[0].length);
  }
  return text;
}

/** The answer as markdown in which every line break shows (the offline engine writes one statement
 * a line; a model's markdown keeps its meaning): a single newline outside code fences becomes a
 * hard break. */
export function answerMarkdown(text: string): string {
  let fenced = false;
  const lines = text.split('\n');
  return lines.map((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const next = lines[i + 1];
    const breaks = !fenced && next !== undefined && line.trim() !== '' && next.trim() !== '' && !/^\s*(```|~~~)/.test(next);
    return breaks ? `${line.trimEnd()}  ` : line;
  }).join('\n');
}

/** Where the portal keeps the open conversation for this tab (issue 29): following a reference
 * (another screen) or reloading the page must not lose it; the server keeps the turns by id. */
export const CONVERSATION_STORAGE_KEY = 'agora.assistant.conversation';

export interface SavedConversation<M> { conversationId: string; messages: M[] }

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's storage, or none where the browser refuses it (privacy modes, sandboxed frames). */
export function tabStorage(): KeyValue | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function restoreConversation<M>(storage: KeyValue | null): SavedConversation<M> | null {
  try {
    const saved = JSON.parse(storage?.getItem(CONVERSATION_STORAGE_KEY) ?? 'null') as SavedConversation<M> | null;
    return saved && typeof saved.conversationId === 'string' && Array.isArray(saved.messages) ? saved : null;
  } catch {
    return null;
  }
}

/** Saves the conversation (`null`: forgets it); a full or refusing storage is not an error. */
export function saveConversation<M>(storage: KeyValue | null, saved: SavedConversation<M> | null): void {
  try {
    if (!saved) storage?.removeItem(CONVERSATION_STORAGE_KEY);
    else storage?.setItem(CONVERSATION_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // quota or privacy mode: the conversation lives in memory only
  }
}
