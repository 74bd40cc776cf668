// What a question asks, told by its words in en, fr, pt and de (the answer's kind: access steps,
// own traffic), before and beside the retrieval. Matched on whole words, accents kept, so "refusé"
// and "Aufrufe" match where \b (ASCII word characters) would not.
import { escapeRegExp } from '../../../src/rules/regexp.ts';

/** A pattern matching any of the phrases as whole words, case-insensitive. */
export function words(...phrases: string[]): RegExp {
  const escaped = phrases.map((p) => escapeRegExp(p).replace(/\s+/g, '\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** The question's words, lower case without accents (for matching names such as an application's title). */
export const plainWords = (text: string): string[] =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
