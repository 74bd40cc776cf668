// Search input rules (spec 1 §5): the plain search box and the advanced-search term list.
import { FILTER_SEARCH_MAX_LENGTH, MAX_ADVANCED_TERMS, SEARCH_MAX_LENGTH } from './constants.ts';

export type SearchInputError = 'maxLength' | 'pattern';

export interface SearchInputRules {
  /** Default SEARCH_MAX_LENGTH (1000). */
  maxLength?: number;
  /** Extra constraint on the whole value, e.g. FILTER_SEARCH_PATTERN. */
  pattern?: RegExp;
}

/** The filter-panel search box accepts up to 50 characters of anything. */
export const FILTER_SEARCH_PATTERN = new RegExp(`^[\\s\\S]{0,${FILTER_SEARCH_MAX_LENGTH}}$`);

export function searchInputError(value: string, rules: SearchInputRules = {}): SearchInputError | null {
  const maxLength = rules.maxLength ?? SEARCH_MAX_LENGTH;
  if (value.length > maxLength) return 'maxLength';
  if (rules.pattern && !rules.pattern.test(value)) return 'pattern';
  return null;
}

/** Enter submits only a valid value; an empty value is valid (it clears the search). */
export function canSubmitSearch(value: string, rules: SearchInputRules = {}): boolean {
  return searchInputError(value, rules) === null;
}

export type AdvancedComparison = 'equals' | 'notEquals';
export type AdvancedOperator = 'and' | 'or';

export interface AdvancedTerm {
  value: string;
  comparison: AdvancedComparison;
  operator: AdvancedOperator;
}

export type AdvancedTermError = 'empty' | 'notAlphanumeric' | 'duplicate' | 'tooMany';

const ALPHANUMERIC = /^[\p{L}\p{N}]+$/u;

export function isAlphanumericTerm(value: string): boolean {
  return ALPHANUMERIC.test(value.trim());
}

/** Why a term cannot be added to the list, or null when it can. */
export function advancedTermError(value: string, terms: readonly AdvancedTerm[]): AdvancedTermError | null {
  const trimmed = value.trim();
  if (terms.length >= MAX_ADVANCED_TERMS) return 'tooMany';
  if (trimmed === '') return 'empty';
  if (!ALPHANUMERIC.test(trimmed)) return 'notAlphanumeric';
  if (terms.some((t) => t.value.trim() === trimmed)) return 'duplicate';
  return null;
}

/** Adds a term when allowed; otherwise returns the list unchanged. */
export function addAdvancedTerm(
  terms: readonly AdvancedTerm[],
  value: string,
  comparison: AdvancedComparison = 'equals',
  operator: AdvancedOperator = 'and',
): AdvancedTerm[] {
  if (advancedTermError(value, terms)) return [...terms];
  return [...terms, { value: value.trim(), comparison, operator }];
}

/** At the maximum the term input and its add button are disabled. */
export function canAddMoreTerms(terms: readonly AdvancedTerm[]): boolean {
  return terms.length < MAX_ADVANCED_TERMS;
}
