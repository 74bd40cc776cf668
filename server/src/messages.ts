// The portal's message catalogues (src/i18n/messages) for texts the server writes itself (the
// invoice PDF, the assistant's answers), in the caller's locale: the one a request asks for
// (a query parameter, else Accept-Language), English otherwise.
import { LOCALES, DEFAULT_LOCALE, type Locale } from '../../src/rules/constants.ts';
import { en, type MessageKey } from '../../src/i18n/messages/en.ts';
import { fr } from '../../src/i18n/messages/fr.ts';
import { pt } from '../../src/i18n/messages/pt.ts';
import { de } from '../../src/i18n/messages/de.ts';

const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'en-US': en, 'fr-FR': fr, 'pt-BR': pt, 'de-DE': de };

/** The first of the wanted language tags (Accept-Language form) that is one of LOCALES, by exact
 * tag or by language; English otherwise. */
export function requestLocale(wanted: string | undefined): Locale {
  const tags = (wanted ?? '').split(',').map((t) => t.split(';')[0]!.trim().toLowerCase()).filter(Boolean);
  for (const tag of tags) {
    const found = LOCALES.find((l) => l.toLowerCase() === tag) ?? LOCALES.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

export type Translate = (key: MessageKey, values?: Record<string, string>) => string;

/** The locale's messages with their {name} placeholders filled (plain arguments only). */
export function translator(locale: Locale): Translate {
  const m = MESSAGES[locale];
  return (key, values = {}) => m[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
