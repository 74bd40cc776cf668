// Provider-written texts of the site settings in the reader's language. The settings hold each
// text once (the fallback, in whatever language the provider wrote it) and, in `translations`,
// the same texts per locale, addressed by their path in the settings:
//   translations: { 'fr-FR': { 'homepage.hero.title': 'Bienvenue', 'nav_items.1.text': 'État des API' } }
// A locale key may be a language alone ('fr'), which every locale of that language takes.
// Pure: the server checks the paths with it, the screens show localizeSettings()'s answer.

/** The settings texts a provider may translate (nav items by their index in nav_items). */
export const TRANSLATABLE_TEXT_PATH = /^(?:sitename|homepage\.hero\.(?:title|message)|homepage\.cta\.(?:title|message|label)|homepage\.featured\.title|reviews\.instructions|nav_items\.\d{1,3}\.text)$/;
/** A locale key of `translations`: a language (fr) or a language and region (fr-FR). */
export const TRANSLATION_LOCALE = /^[a-z]{2}(?:-[A-Z]{2})?$/;

export type SettingsTranslations = Record<string, Record<string, string>>;

/** The reader's texts: the exact locale's, else the language's (fr, then any fr-XX), else none. */
export function textsFor(translations: SettingsTranslations | undefined, locale: string | null | undefined): Record<string, string> {
  if (!translations || !locale) return {};
  const language = locale.slice(0, 2).toLowerCase();
  const sameLanguage = Object.keys(translations).filter((key) => key !== locale && key !== language && key.slice(0, 2) === language).sort();
  // Later spreads win: a sibling region, then the bare language, then the exact locale.
  return Object.assign({}, ...sameLanguage.map((key) => translations[key]), translations[language], translations[locale]);
}

/** The settings with every translated text replaced by the reader's; the others unchanged.
 * Blank translations and paths that hold no text in these settings are ignored. */
export function localizeSettings<S extends { translations?: SettingsTranslations }>(settings: S, locale: string | null | undefined): S {
  const texts = textsFor(settings.translations, locale);
  const paths = Object.keys(texts).filter((path) => TRANSLATABLE_TEXT_PATH.test(path) && texts[path]!.trim() !== '');
  if (paths.length === 0) return settings;
  const out = structuredClone(settings) as S & Record<string, unknown>;
  for (const path of paths) {
    const keys = path.split('.');
    let node: unknown = out;
    for (const key of keys.slice(0, -1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const last = keys[keys.length - 1]!;
    if (node && typeof node === 'object' && typeof (node as Record<string, unknown>)[last] === 'string') {
      (node as Record<string, unknown>)[last] = texts[path];
    }
  }
  return out;
}
