// Chosen values shown by their titles in read-only summaries (src/rules/schemaChoices.ts).
import { describe, expect, it } from 'vitest';
import { choiceTitle, givenInformation } from '../../src/rules/schemaChoices.ts';

const purpose = { type: 'string', title: 'Purpose', oneOf: [{ const: 'ecommerce', title: 'Online shop checkout' }, { const: 'other', title: 'Other' }] };

describe('choiceTitle', () => {
  it('gives the title of the chosen value', () => {
    expect(choiceTitle(purpose, 'ecommerce')).toBe('Online shop checkout');
    expect(choiceTitle({ anyOf: [{ const: 2, title: 'Two' }] }, 2)).toBe('Two');
  });

  it('falls back to the value itself when no choice names it', () => {
    expect(choiceTitle(purpose, 'gambling')).toBe('gambling');
    expect(choiceTitle({ enum: ['a', 'b'] }, 'a')).toBe('a');
    expect(choiceTitle({ oneOf: [{ const: 'x', title: '  ' }] }, 'x')).toBe('x');
    expect(choiceTitle(undefined, 42)).toBe('42');
    expect(choiceTitle(null, { a: 1 })).toBe('{"a":1}');
  });

  it('titles each item of a multiple choice', () => {
    const grants = { type: 'array', items: { oneOf: [{ const: 'client_credentials', title: 'Client credentials' }, { const: 'refresh_token', title: 'Refresh token' }] } };
    expect(choiceTitle(grants, ['client_credentials', 'refresh_token', 'implicit'])).toBe('Client credentials, Refresh token, implicit');
  });
});

describe('givenInformation', () => {
  const schema = {
    type: 'object',
    properties: {
      environment: { type: 'string', title: 'Environment', oneOf: [{ const: 'sandbox', title: 'Sandbox (test data)' }], 'x-agora-order': 2 },
      purpose: { ...purpose, 'x-agora-order': 1 },
      volume: { type: 'integer' },
      acceptsTerms: { type: 'boolean', title: 'I accept the terms', const: true },
      referral: { type: 'string', 'x-agora-hidden': true },
      note: { type: 'string', title: 'Note' },
    },
  };

  it('lists the answers in the form\'s order, by title, leaving out hidden and empty ones', () => {
    const data = { note: '', legacy: 'kept', referral: 'marketplace', acceptsTerms: true, volume: 500, environment: 'sandbox', purpose: 'ecommerce' };
    expect(givenInformation(schema, data)).toEqual([
      { name: 'purpose', label: 'Purpose', value: 'Online shop checkout' },
      { name: 'environment', label: 'Environment', value: 'Sandbox (test data)' },
      { name: 'volume', label: 'volume', value: '500' },
      { name: 'acceptsTerms', label: 'I accept the terms', value: true },
      { name: 'legacy', label: 'legacy', value: 'kept' },
    ]);
  });

  it('copes with no schema and no data', () => {
    expect(givenInformation(undefined, { a: 'b' })).toEqual([{ name: 'a', label: 'a', value: 'b' }]);
    expect(givenInformation(schema, null)).toEqual([]);
    expect(givenInformation(schema, ['x'])).toEqual([]);
  });
});
