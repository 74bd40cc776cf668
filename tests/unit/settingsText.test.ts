// Provider-written settings texts in the reader's language, with the written text as fallback.
import { describe, expect, it } from 'vitest';
import { localizeSettings, textsFor } from '../../src/rules/settingsText.ts';
import { completeSettings } from '../../server/src/db/siteConfig.ts';

const settings = completeSettings({
  homepage: { hero: { title: 'Welcome', message: 'Find APIs.' } },
  nav_items: [{ url: 'https://status.example', text: 'Status', new_tab: true, visibility: 'all', default: false }],
  translations: {
    fr: { 'homepage.hero.title': 'Bienvenue', 'nav_items.0.text': 'État' },
    'fr-CA': { 'homepage.hero.title': 'Bienvenue au Canada' },
    'de-DE': { 'homepage.hero.title': 'Willkommen', 'homepage.hero.message': '   ', 'nav_items.5.text': 'Nichts' },
  },
});

describe('localizeSettings', () => {
  it('takes the exact locale first, then the language, and keeps the rest as written', () => {
    const fr = localizeSettings(settings, 'fr-FR');
    expect(fr.homepage.hero.title).toBe('Bienvenue');
    expect(fr.homepage.hero.message).toBe('Find APIs.');
    expect(fr.nav_items[0]!.text).toBe('État');
    expect(localizeSettings(settings, 'fr-CA').homepage.hero.title).toBe('Bienvenue au Canada');
    expect(localizeSettings(settings, 'fr-CA').nav_items[0]!.text).toBe('État');
  });

  it('falls back to the written text for a locale without translations, a blank one or a missing item', () => {
    expect(localizeSettings(settings, 'pt-BR')).toBe(settings);
    const de = localizeSettings(settings, 'de-DE');
    expect(de.homepage.hero.title).toBe('Willkommen');
    expect(de.homepage.hero.message).toBe('Find APIs.');
    expect(de.nav_items).toHaveLength(1);
    expect(settings.homepage.hero.title).toBe('Welcome'); // the stored settings are not changed
  });

  it('prefers a sibling region of the language over nothing', () => {
    expect(textsFor({ 'pt-PT': { sitename: 'Mercado' } }, 'pt-BR')).toEqual({ sitename: 'Mercado' });
  });
});

describe('stored translations', () => {
  it('are dropped as a whole when they name a setting that is not a text, so the portal still loads', () => {
    expect(completeSettings({ translations: { fr: { public: 'non' } } }).translations).toEqual({});
    expect(completeSettings({ translations: { french: {} } }).translations).toEqual({});
    expect(completeSettings({}).translations).toEqual({});
  });
});
