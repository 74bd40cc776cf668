// The advanced search terms of spec 1 §5, from the `query` parameter to a PostgreSQL tsquery.
// Syntax and meaning are documented in schemas/catalogue.ts (AdvancedTerm).
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { AdvancedTerms, type AdvancedTerm } from '../schemas/catalogue.ts';
import { badRequest } from '../errors.ts';
import { MAX_ADVANCED_TERMS } from '../../../src/rules/constants.ts';
import { isAlphanumericTerm } from '../../../src/rules/search.ts';

const check = TypeCompiler.Compile(AdvancedTerms);

/** Parses `query` or throws a 400 naming `parameter`. */
export function parseAdvancedQuery(raw: string, parameter = 'query'): AdvancedTerm[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(parameter, `${parameter} must be a JSON array of terms like [{"value":"pets","comparison":"equals","operator":"and"}].`);
  }
  if (Array.isArray(value) && value.length > MAX_ADVANCED_TERMS) {
    throw badRequest(parameter, `${parameter} may hold at most ${MAX_ADVANCED_TERMS} terms.`);
  }
  if (Array.isArray(value)) {
    value = value.map((t) => (t && typeof t === 'object' && typeof (t as AdvancedTerm).value === 'string'
      ? { ...(t as AdvancedTerm), value: (t as AdvancedTerm).value.trim() } : t));
  }
  if (!check.Check(value)) {
    const first = check.Errors(value).First();
    const where = first?.path ? ` (at ${first.path})` : '';
    throw badRequest(parameter, `${parameter} is not a valid list of advanced search terms${where}: ${first?.message ?? 'invalid'}.`);
  }
  const terms = value as AdvancedTerm[];
  const bad = terms.findIndex((t) => !isAlphanumericTerm(t.value));
  if (bad >= 0) throw badRequest(parameter, `${parameter} term ${bad + 1} ("${terms[bad]!.value}") must be letters and digits only.`);
  return terms;
}

/** The to_tsquery text of the terms, combined left to right: ((a | !b) & c). Values are letters and
 * digits only (checked above), so they cannot carry tsquery operators. */
export function termsToTsquery(terms: readonly AdvancedTerm[]): string {
  let text = '';
  terms.forEach((term, i) => {
    const operand = (term.comparison === 'notEquals' ? '!' : '') + term.value.toLowerCase();
    text = i === 0 ? operand : `(${text}) ${term.operator === 'or' ? '|' : '&'} ${operand}`;
  });
  return text;
}
