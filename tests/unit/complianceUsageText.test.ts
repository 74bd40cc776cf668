// The compliance line "12 of 50 k Transactions this month" in every language (issue 28): the period
// by an ICU select, so French and Portuguese say "ce mois-ci" / "cette semaine", never "ce(tte)".
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/messages/en.ts';
import { fr } from '../../src/i18n/messages/fr.ts';
import { pt } from '../../src/i18n/messages/pt.ts';
import { de } from '../../src/i18n/messages/de.ts';

const KEY = 'insights.compliance.usage';
const text = (locale: string, messages: Record<string, string>, period: string) =>
  createIntl({ locale, messages: { [KEY]: messages[KEY]! } }).formatMessage({ id: KEY }, { used: '12', limit: '50 k', unit: 'Transactions', interval: 'x', period });

describe('compliance usage line', () => {
  it('names the period in each language, with its gender in French', () => {
    expect(text('fr-FR', fr, 'monthly')).toBe('12 sur 50 k Transactions ce mois-ci');
    expect(text('fr-FR', fr, 'weekly')).toBe('12 sur 50 k Transactions cette semaine');
    expect(text('fr-FR', fr, 'daily')).toBe('12 sur 50 k Transactions aujourd’hui');
    expect(text('pt-PT', pt, 'weekly')).toBe('12 de 50 k Transactions nesta semana');
    expect(text('de-DE', de, 'monthly')).toBe('12 von 50 k Transactions diesen Monat');
    expect(text('en-US', en, 'monthly')).toBe('12 of 50 k Transactions this month');
    for (const [locale, module] of [['fr-FR', fr], ['pt-PT', pt]] as const) {
      for (const period of ['minute', 'hourly', 'daily', 'weekly', 'monthly', 'annually']) expect(text(locale, module, period)).not.toMatch(/\(/);
    }
  });
});
