// The advanced search term list (spec 1 §3, §5) beyond adding a term (src/rules/search.ts):
// the `query` URL parameter both ways, editing and removing terms, what Enter and Shift+Enter
// do, and the words to highlight in results.
import { MAX_ADVANCED_TERMS } from './constants.ts';
import { escapeRegExp } from './regexp.ts';
import {
  addAdvancedTerm, advancedTermError, isAlphanumericTerm,
  type AdvancedComparison, type AdvancedOperator, type AdvancedTerm, type AdvancedTermError,
} from './search.ts';

export { addAdvancedTerm, advancedTermError, canAddMoreTerms, isAlphanumericTerm } from './search.ts';
export type { AdvancedComparison, AdvancedOperator, AdvancedTerm, AdvancedTermError } from './search.ts';

export const COMPARISONS: readonly AdvancedComparison[] = ['equals', 'notEquals'];
export const OPERATORS: readonly AdvancedOperator[] = ['and', 'or'];

/** The `query` parameter (server/src/schemas/catalogue.ts AdvancedTerm): a JSON array of terms. */
export function serializeAdvancedTerms(terms: readonly AdvancedTerm[]): string {
  return JSON.stringify(terms.map((t) => ({ value: t.value.trim(), comparison: t.comparison, operator: t.operator })));
}

export type ParsedAdvancedQuery = { ok: true; terms: AdvancedTerm[] } | { ok: false; error: string };

const TERM_KEYS = new Set(['value', 'comparison', 'operator']);

/**
 * Reads a `query` parameter with the rules a term must pass to be added, so a query that the
 * screen could not have built (and the server would refuse) is rejected as a whole.
 */
export function parseAdvancedQuery(raw: string): ParsedAdvancedQuery {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  if (!Array.isArray(value) || value.length === 0) return { ok: false, error: 'not a non-empty array of terms' };
  if (value.length > MAX_ADVANCED_TERMS) return { ok: false, error: `more than ${MAX_ADVANCED_TERMS} terms` };
  const terms: AdvancedTerm[] = [];
  for (const [i, item] of value.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return { ok: false, error: `term ${i + 1} is not an object` };
    const t = item as Record<string, unknown>;
    if (Object.keys(t).some((k) => !TERM_KEYS.has(k))) return { ok: false, error: `term ${i + 1} has unknown properties` };
    if (typeof t.value !== 'string') return { ok: false, error: `term ${i + 1} has no value` };
    const comparison = t.comparison ?? 'equals';
    const operator = t.operator ?? 'and';
    if (!COMPARISONS.includes(comparison as AdvancedComparison)) return { ok: false, error: `term ${i + 1} has an unknown comparison` };
    if (!OPERATORS.includes(operator as AdvancedOperator)) return { ok: false, error: `term ${i + 1} has an unknown operator` };
    const problem = advancedTermError(t.value, terms);
    if (problem) return { ok: false, error: `term ${i + 1}: ${problem}` };
    terms.push({ value: t.value.trim(), comparison: comparison as AdvancedComparison, operator: operator as AdvancedOperator });
  }
  return { ok: true, terms };
}

export function removeAdvancedTerm(terms: readonly AdvancedTerm[], index: number): AdvancedTerm[] {
  return terms.filter((_, i) => i !== index);
}

export function updateAdvancedTerm(
  terms: readonly AdvancedTerm[],
  index: number,
  patch: Partial<Pick<AdvancedTerm, 'comparison' | 'operator'>>,
): AdvancedTerm[] {
  return terms.map((t, i) => (i === index ? { ...t, ...patch } : t));
}

/** The hint under the term input: only a non-empty entry that breaks a rule gets one. */
export function termInputHint(value: string, terms: readonly AdvancedTerm[]): AdvancedTermError | null {
  const error = advancedTermError(value, terms);
  return error === 'empty' ? null : error;
}

export type TermKeyAction =
  /** Shift+Enter: add the typed term (when allowed) and stay. */
  | { kind: 'add'; terms: AdvancedTerm[] }
  /** Enter: run the search with the terms, including the typed one when it may be added. */
  | { kind: 'run'; terms: AdvancedTerm[] }
  | { kind: 'none' };

/** What a key in the term input does (spec 1 §5: Enter runs the search; Shift+Enter adds the term). */
export function termKeyAction(
  key: { key: string; shiftKey: boolean },
  input: string,
  terms: readonly AdvancedTerm[],
  comparison: AdvancedComparison,
  operator: AdvancedOperator,
): TermKeyAction {
  if (key.key !== 'Enter') return { kind: 'none' };
  const next = addAdvancedTerm(terms, input, comparison, operator);
  if (key.shiftKey) return { kind: 'add', terms: next };
  return next.length ? { kind: 'run', terms: next } : { kind: 'none' };
}

// ------------------------------------------------------------------------------- highlights

/** The words a result may be highlighted with: the basic text's words (websearch syntax: quotes,
 * "or" and -excluded words left out), or the advanced terms that must match. */
export function highlightWords(request: { search?: string; query?: string } | null): string[] {
  if (!request) return [];
  let words: string[] = [];
  if (request.search) {
    words = request.search
      .split(/\s+/)
      .filter((w) => w && !w.startsWith('-') && w.toLowerCase() !== 'or')
      .map((w) => w.replace(/^["']+|["']+$/g, ''))
      .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ''));
  } else if (request.query) {
    const parsed = parseAdvancedQuery(request.query);
    if (parsed.ok) words = parsed.terms.filter((t) => t.comparison === 'equals').map((t) => t.value);
  }
  return [...new Set(words.filter((w) => w.length > 1 && isAlphanumericTerm(w)).map((w) => w.toLowerCase()))];
}

export interface TextSegment { text: string; match: boolean }

/** Splits a text into plain and matching parts: a word matches when it starts with a search word
 * (full-text search stems words, so "pets" also finds "pet" and "petstore" finds "Petstore"). */
export function highlightSegments(text: string, words: readonly string[]): TextSegment[] {
  if (!text) return [];
  if (!words.length) return [{ text, match: false }];
  // A plural search word also marks the singular ("pets" -> "pet…").
  const stems = words.flatMap((w) => (w.length > 3 && /s$/i.test(w) ? [w, w.slice(0, -1)] : [w]));
  const escaped = [...new Set(stems)].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const out: TextSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const start = m.index ?? 0;
    if (start > last) out.push({ text: text.slice(last, start), match: false });
    out.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out;
}

// ------------------------------------------------------------------------------- switching modes

/** Basic -> advanced: the words of the basic text that can be terms (letters and digits, no
 * duplicates, at most 20); "-word" becomes a not-equals term and "or word" an or-term. */
export function termsFromText(text: string): AdvancedTerm[] {
  let terms: AdvancedTerm[] = [];
  let operator: AdvancedOperator = 'and';
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    if (raw.toLowerCase() === 'or') {
      operator = 'or';
      continue;
    }
    const negated = raw.startsWith('-');
    const word = raw.replace(/^-/, '').replace(/^["']+|["']+$/g, '');
    terms = addAdvancedTerm(terms, word, negated ? 'notEquals' : 'equals', operator);
    operator = 'and';
  }
  return terms;
}

/** Advanced -> basic: the terms as websearch text ("pets -cats or dogs"). */
export function textFromTerms(terms: readonly AdvancedTerm[]): string {
  return terms
    .map((t, i) => `${i > 0 && t.operator === 'or' ? 'or ' : ''}${t.comparison === 'notEquals' ? '-' : ''}${t.value}`)
    .join(' ');
}
