// Advanced search terms (spec 1 §5): alphanumeric only, trimmed, no empties or duplicates, at
// most 20, Enter runs and Shift+Enter adds; the URL form; highlighted words.
import { describe, expect, it } from 'vitest';
import {
  addAdvancedTerm, canAddMoreTerms, highlightSegments, highlightWords, parseAdvancedQuery, removeAdvancedTerm,
  serializeAdvancedTerms, termInputHint, termKeyAction, termsFromText, textFromTerms, updateAdvancedTerm, type AdvancedTerm,
} from '../../src/rules/advancedSearch.ts';
import { MAX_ADVANCED_TERMS } from '../../src/rules/constants.ts';

const term = (value: string, comparison: AdvancedTerm['comparison'] = 'equals', operator: AdvancedTerm['operator'] = 'and'): AdvancedTerm =>
  ({ value, comparison, operator });

describe('adding terms', () => {
  it('trims, refuses empties, non-alphanumerics and duplicates after trimming', () => {
    let terms = addAdvancedTerm([], '  pets ');
    expect(terms).toEqual([term('pets')]);
    expect(addAdvancedTerm(terms, '   ')).toEqual(terms);
    expect(addAdvancedTerm(terms, 'pet-store')).toEqual(terms);
    expect(addAdvancedTerm(terms, 'pets  ')).toEqual(terms);
    terms = addAdvancedTerm(terms, 'Zoo42', 'notEquals', 'or');
    expect(terms).toEqual([term('pets'), term('Zoo42', 'notEquals', 'or')]);
  });

  it('accepts letters of any script and digits', () => {
    expect(addAdvancedTerm([], 'Café')).toEqual([term('Café')]);
    expect(addAdvancedTerm([], '2024')).toEqual([term('2024')]);
  });

  it('stops at 20 terms', () => {
    let terms: AdvancedTerm[] = [];
    for (let i = 0; i < MAX_ADVANCED_TERMS + 3; i++) terms = addAdvancedTerm(terms, `t${i}`);
    expect(terms).toHaveLength(MAX_ADVANCED_TERMS);
    expect(canAddMoreTerms(terms)).toBe(false);
    expect(canAddMoreTerms(terms.slice(1))).toBe(true);
  });

  it('hints only at a typed value that breaks a rule', () => {
    expect(termInputHint('', [])).toBeNull();
    expect(termInputHint('ok', [])).toBeNull();
    expect(termInputHint('no way', [])).toBe('notAlphanumeric');
    expect(termInputHint('ok', [term('ok')])).toBe('duplicate');
  });

  it('edits and removes terms', () => {
    const terms = [term('a'), term('b')];
    expect(updateAdvancedTerm(terms, 1, { comparison: 'notEquals', operator: 'or' })).toEqual([term('a'), term('b', 'notEquals', 'or')]);
    expect(removeAdvancedTerm(terms, 0)).toEqual([term('b')]);
  });
});

describe('Enter and Shift+Enter', () => {
  it('Shift+Enter adds the typed term; Enter runs with it', () => {
    expect(termKeyAction({ key: 'Enter', shiftKey: true }, 'pets', [], 'equals', 'and')).toEqual({ kind: 'add', terms: [term('pets')] });
    expect(termKeyAction({ key: 'Enter', shiftKey: false }, 'dogs', [term('pets')], 'notEquals', 'or'))
      .toEqual({ kind: 'run', terms: [term('pets'), term('dogs', 'notEquals', 'or')] });
  });

  it('Enter with an invalid entry runs the terms already there; with nothing at all it does nothing', () => {
    expect(termKeyAction({ key: 'Enter', shiftKey: false }, 'a b', [term('pets')], 'equals', 'and')).toEqual({ kind: 'run', terms: [term('pets')] });
    expect(termKeyAction({ key: 'Enter', shiftKey: false }, '', [], 'equals', 'and')).toEqual({ kind: 'none' });
    expect(termKeyAction({ key: 'a', shiftKey: false }, 'x', [], 'equals', 'and')).toEqual({ kind: 'none' });
  });
});

describe('the query parameter', () => {
  it('round-trips', () => {
    const terms = [term('pets'), term('store', 'notEquals', 'or')];
    expect(parseAdvancedQuery(serializeAdvancedTerms(terms))).toEqual({ ok: true, terms });
  });

  it('fills in a missing comparison and operator', () => {
    expect(parseAdvancedQuery('[{"value":"pets"}]')).toEqual({ ok: true, terms: [term('pets')] });
  });

  it('refuses what the screen could not have built', () => {
    const bad = [
      '', '{', '{}', '[]', '"pets"', '[1]', '[{"value":""}]', '[{"value":"a!"}]', '[{"value":"a","comparison":"like"}]',
      '[{"value":"a","operator":"xor"}]', '[{"value":"a"},{"value":"a"}]', '[{"value":"a","x":1}]',
      JSON.stringify(Array.from({ length: MAX_ADVANCED_TERMS + 1 }, (_, i) => ({ value: `t${i}` }))),
    ];
    for (const raw of bad) expect(parseAdvancedQuery(raw).ok, raw).toBe(false);
  });
});

describe('highlights', () => {
  it('takes the words of a basic search, without operators, quotes and excluded words', () => {
    expect(highlightWords({ search: '"pet store" or -cats Orders' })).toEqual(['pet', 'store', 'orders']);
  });

  it('takes the equals terms of an advanced search', () => {
    expect(highlightWords({ query: serializeAdvancedTerms([term('pets'), term('cats', 'notEquals')]) })).toEqual(['pets']);
    expect(highlightWords(null)).toEqual([]);
  });

  it('marks words that start with a search word, case-insensitively, singular included', () => {
    expect(highlightSegments('The Petstore sells a pet.', ['pets'])).toEqual([
      { text: 'The ', match: false },
      { text: 'Petstore', match: true },
      { text: ' sells a ', match: false },
      { text: 'pet', match: true },
      { text: '.', match: false },
    ]);
    expect(highlightSegments('carpet', ['pet'])).toEqual([{ text: 'carpet', match: false }]);
    expect(highlightSegments('', ['x'])).toEqual([]);
  });
});

describe('switching between basic and advanced', () => {
  it('turns the basic words into terms and back', () => {
    const terms = termsFromText('pets -cats or dogs');
    expect(terms).toEqual([term('pets'), term('cats', 'notEquals'), term('dogs', 'equals', 'or')]);
    expect(textFromTerms(terms)).toBe('pets -cats or dogs');
  });

  it('keeps only words that can be terms, once, at most 20', () => {
    expect(termsFromText('"pet store" pet a-b  ')).toEqual([term('pet'), term('store')]);
    const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    expect(termsFromText(many)).toHaveLength(MAX_ADVANCED_TERMS);
    expect(termsFromText('  ')).toEqual([]);
  });
});
