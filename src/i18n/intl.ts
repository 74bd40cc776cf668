// Messages and formats for the current locale.
// Loading: English ships with the bundle, other locales load on demand (one chunk each). In the
// bundle, only the texts the landing route shows are in those modules; every section's other texts
// (catalogue., applications.…, the rest of shell. and ui.) are a chunk per section that loads with
// the first screen using it (see precompiledMessages in rollup.config.mjs). Texts with arguments arrive precompiled, so
// the ICU parser is not shipped. Tests and tsx run the sources: everything is there at once.
// Formatting: plain texts and texts with plain {arguments} are put together here; texts with
// plural, select, number or date arguments go through @formatjs/intl, loaded (once, in parallel
// with the messages) only when a loaded set of messages has such a text.
import type { IntlShape } from '@formatjs/intl';
import { createContext, use, useContext, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALES, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale } from '../rules/constants.ts';
import { formatCount, formatDate, formatDateTime, formatPrice, formatRating, formatRelative } from '../rules/format.ts';
import * as enModule from './messages/en.ts';
import type { MessageKey, Messages } from './messages/en.ts';
import { formatIcu, formatPlainText, isNative, isPlainText, type IcuElement } from './icu.ts';
import { track } from '../elements/chunks.ts';

export type { MessageKey, Messages };
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A message: its text, or (in the bundle) its precompiled ICU syntax tree. */
type Compiled = Record<string, unknown>;
type SectionLoader = () => Promise<{ default: Compiled }>;
type MessageModule = Record<string, unknown> & { __agoraSections?: Record<string, SectionLoader> };

interface LocaleMessages {
  /** Grows as sections arrive; intl instances read it at call time. */
  messages: Compiled;
  sections: Record<string, SectionLoader>;
  /** The parser (sources only) or the full formatter that some text here needs. */
  needs: { parser: boolean; formatjs: boolean };
  /** Texts of the sources were parsed once to see whether they need the full formatter. */
  checked?: boolean;
}

const moduleLoaders: Record<Locale, () => Promise<MessageModule>> = {
  'en-US': async () => enModule as unknown as MessageModule,
  'fr-FR': () => import('./messages/fr.ts') as Promise<unknown> as Promise<MessageModule>,
  'pt-BR': () => import('./messages/pt.ts') as Promise<unknown> as Promise<MessageModule>,
  'de-DE': () => import('./messages/de.ts') as Promise<unknown> as Promise<MessageModule>,
};
const exportName: Record<Locale, string> = { 'en-US': 'en', 'fr-FR': 'fr', 'pt-BR': 'pt', 'de-DE': 'de' };

function fromModule(mod: MessageModule, name: string): LocaleMessages {
  const messages = { ...(mod[name] as Compiled) };
  return { messages, sections: mod.__agoraSections ?? {}, needs: needsOf(messages) };
}

/** A promise React's use() reads at once, without suspending, once it has settled. */
// (React reads the status and value fields it would otherwise set on its first look.)
type Tracked<T> = Promise<T>;

function settled<T>(value: T): Tracked<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

const english = fromModule(enModule as unknown as MessageModule, 'en');
const locales = new Map<Locale, LocaleMessages>([['en-US', english]]);
// One promise per locale and section for the whole page: use() must see the same one each render.
const localePromises = new Map<Locale, Tracked<LocaleMessages>>([['en-US', settled(english)]]);
const sectionPromises = new WeakMap<LocaleMessages, Map<string, Tracked<void>>>();
const READY = settled(undefined);

// Arriving sections re-render every component that shows texts.
let version = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;
function bump(): void {
  version++;
  listeners.forEach((l) => l());
}

/** Fetches what a set of texts needs before it is shown, alongside the texts themselves. */
async function prepare(needs: { parser: boolean; formatjs: boolean }, messages: Compiled): Promise<void> {
  await Promise.all([needs.parser ? loadParser() : null, needs.formatjs ? loadFormatJs() : null]);
  if (needs.parser && !needs.formatjs && parsedNeedFormatJs(messages)) {
    needs.formatjs = true;
    await loadFormatJs();
  }
}

/** Loads (once) the core messages of a locale; settled at once for English. */
export function loadMessages(locale: Locale): Tracked<LocaleMessages> {
  let promise = localePromises.get(locale);
  if (!promise) {
    promise = track(moduleLoaders[locale]().then(async (mod) => {
      const state = fromModule(mod, exportName[locale]);
      await prepare(state.needs, state.messages);
      state.checked = true;
      locales.set(locale, state);
      return state;
    }));
    // A failed chunk may be retried on the next render.
    promise.catch(() => localePromises.delete(locale));
    localePromises.set(locale, promise);
  }
  return promise;
}

/** Sections whose texts any screen shows (buttons, the shell, shared UI). In the bundle the module
 * keeps only the texts the landing route shows; the rest of these sections comes along with any
 * other section, so a screen that names its sections never waits for a shared text after them. */
const SHARED_SECTIONS = ['common', 'shell', 'ui'];

/** Loads (once) one section of a locale's messages; settled at once when it is part of the module. */
export function loadSection(state: LocaleMessages, section: string): Tracked<void> {
  let perState = sectionPromises.get(state);
  if (!perState) sectionPromises.set(state, (perState = new Map()));
  let promise = perState.get(section);
  if (!promise) {
    const loader = state.sections[section];
    if (!loader) return READY;
    const shared = SHARED_SECTIONS.includes(section) ? [] : SHARED_SECTIONS.map((name) => loadSection(state, name));
    promise = track(Promise.all([loader(), ...shared]).then(async ([mod]) => {
      const needs = needsOf(mod.default);
      await prepare(needs, mod.default);
      Object.assign(state.messages, mod.default);
      state.needs = { parser: state.needs.parser || needs.parser, formatjs: state.needs.formatjs || needs.formatjs };
      delete state.sections[section];
      bump();
    }));
    promise.catch(() => perState.delete(section));
    perState.set(section, promise);
  }
  return promise;
}

/** Loads (once) a locale's core messages and the named sections, side by side with whatever else
 * the caller waits for (a screen's chunk). */
export function loadTexts(locale: Locale, sections: readonly string[]): Promise<unknown> {
  return loadMessages(locale).then((state) => Promise.all(sections.map((section) => loadSection(state, section))));
}

const sectionOf = (key: string) => key.slice(0, Math.max(0, key.indexOf('.')));

/** The message of a key, or undefined while its section is still on its way (starts loading it). */
function lookup(state: LocaleMessages, key: string): unknown {
  const message = state.messages[key];
  if (message !== undefined) return message;
  const section = sectionOf(key);
  if (state.sections[section]) void loadSection(state, section).catch(() => undefined);
  return undefined;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Accepts 'fr', 'fr-fr', 'fr_FR'… and returns a supported locale, or null. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const v = value.trim().replace('_', '-').toLowerCase();
  if (!v) return null;
  return LOCALES.find((l) => l.toLowerCase() === v) ?? LOCALES.find((l) => l.slice(0, 2).toLowerCase() === v.slice(0, 2)) ?? null;
}

/** The locale kept in the cookie (spec 1 §1), if any. */
export function readLocaleCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): Locale | null {
  const m = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie);
  if (!m) return null;
  try {
    return toLocale(decodeURIComponent(m[1]!));
  } catch {
    return null;
  }
}

/** The cookie that keeps the choice: 365 days, SameSite=Lax, whole site. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
}

/** Keeps the choice and reloads, as the spec asks: every element restarts in the new locale. */
export function changeLocale(locale: Locale): void {
  document.cookie = localeCookie(locale);
  location.reload();
}

// ---------------------------------------------------------------------------------------------
// Formatting: a text is a plain string, a string with plain {arguments}, or an ICU syntax tree
// (precompiled in the bundle; parsed here on first use when running the sources). Trees are
// formatted with the browser's Intl (src/i18n/icu.ts); @formatjs/intl is fetched only for the
// few that need more (number skeletons, dates, tags).

type Parser = typeof import('@formatjs/icu-messageformat-parser');
type FormatJs = typeof import('@formatjs/intl');
let parser: Parser | null = null;
let parserPromise: Tracked<Parser> | null = null;
let formatjs: FormatJs | null = null;
let formatjsPromise: Tracked<FormatJs> | null = null;
const parsed = new Map<string, IcuElement[]>();

/** Only the sources need it: the bundle's texts arrive precompiled (and it ships no parser). */
function loadParser(): Tracked<Parser> {
  parserPromise ??= track(import('@formatjs/icu-messageformat-parser').then((mod) => {
    parser = mod;
    bump();
    return mod;
  }));
  return parserPromise;
}

function loadFormatJs(): Tracked<FormatJs> {
  formatjsPromise ??= track(import('@formatjs/intl').then((mod) => {
    formatjs = mod;
    bump();
    return mod;
  }));
  return formatjsPromise;
}

/** The syntax tree of a text, or null while the parser is on its way. */
function treeOf(message: unknown): IcuElement[] | null {
  if (Array.isArray(message)) return message as IcuElement[];
  const text = String(message);
  let tree = parsed.get(text);
  if (!tree) {
    if (!parser) {
      void loadParser().catch(() => undefined);
      return null;
    }
    tree = parser.parse(text) as unknown as IcuElement[];
    parsed.set(text, tree);
  }
  return tree;
}

/** What a set of texts needs before all of them can be shown. */
function needsOf(messages: Compiled): { parser: boolean; formatjs: boolean } {
  let needsParser = false;
  let needsFormatJs = false;
  for (const message of Object.values(messages)) {
    if (typeof message === 'string') needsParser ||= !isPlainText(message);
    else if (Array.isArray(message)) needsFormatJs ||= !isNative(message as IcuElement[]);
  }
  return { parser: needsParser, formatjs: needsFormatJs };
}

/** Texts of the sources, once parsed: do any need the full formatter? */
function parsedNeedFormatJs(messages: Compiled): boolean {
  if (!parser) return false;
  return Object.values(messages).some((m) => typeof m === 'string' && !isPlainText(m) && !isNative(treeOf(m) ?? []));
}

const intls = new Map<Locale, IntlShape<string>>();

function fullIntl(locale: Locale, state: LocaleMessages): IntlShape<string> | null {
  if (!formatjs) return null;
  let intl = intls.get(locale);
  if (!intl) {
    intl = formatjs.createIntl<string>({
      locale,
      defaultLocale: DEFAULT_LOCALE,
      messages: state.messages as Record<string, string>,
      onError: (err) => {
        // A key missing in a translation falls back to English without noise in the console.
        if (err.code !== 'MISSING_TRANSLATION') console.error(err);
      },
    });
    intls.set(locale, intl);
  }
  return intl;
}

/** Number, date and list formats of the locale (native Intl, no library). */
export interface LocaleFormats {
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatTime(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatList(items: string[], options?: Intl.ListFormatOptions): string;
  formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit, options?: Intl.RelativeTimeFormatOptions): string;
}

function localeFormats(locale: Locale): LocaleFormats {
  return {
    formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    formatDate: (value, options) => new Intl.DateTimeFormat(locale, options).format(new Date(value)),
    formatTime: (value, options) =>
      new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: 'numeric', ...options }).format(new Date(value)),
    formatList: (items, options) => new Intl.ListFormat(locale, options).format(items),
    formatRelativeTime: (value, unit, options) => new Intl.RelativeTimeFormat(locale, options).format(value, unit),
  };
}

export interface I18n {
  locale: Locale;
  t: Translate;
  /** Number, date, time, list and relative-time formats of the locale. */
  intl: LocaleFormats;
  /** spec §9 formats in this locale */
  fmt: {
    count: (n: number) => string;
    date: (d: Date | string | number | null | undefined) => string;
    dateTime: (d: Date | string | number | null | undefined) => string;
    relative: (d: Date | string | number) => string;
    price: (amount: number, currency?: string | null) => string;
    rating: (average: number | null | undefined) => string;
  };
}

function format(locale: Locale, state: LocaleMessages, key: string, message: unknown, values: MessageValues | undefined): string {
  if (typeof message === 'string' && isPlainText(message)) {
    return message.includes('{') ? formatPlainText(message, values, locale) : message;
  }
  const tree = treeOf(message);
  if (!tree) return ''; // shown once the parser has arrived (sources only)
  if (isNative(tree)) return formatIcu(tree, values, locale);
  const intl = fullIntl(locale, state);
  if (!intl) {
    void loadFormatJs().catch(() => undefined);
    return ''; // shown once the formatter has arrived (it re-renders every text)
  }
  return intl.formatMessage({ id: key }, values as Record<string, string | number | Date>) as string;
}

export function makeI18n(locale: Locale, state: LocaleMessages): I18n {
  return {
    locale,
    intl: localeFormats(locale),
    t: (key, values) => {
      const message = lookup(state, key);
      if (message !== undefined) return format(locale, state, key, message, values);
      // Not there (yet): English if it is, else nothing until the section arrives.
      const fallback = locale === 'en-US' ? undefined : lookup(english, key);
      return fallback !== undefined ? format('en-US', english, key, fallback, values) : '';
    },
    fmt: {
      count: (n) => formatCount(n, locale),
      date: formatDate,
      dateTime: formatDateTime,
      relative: (d) => formatRelative(d, locale),
      price: (amount, currency) => formatPrice(amount, currency, locale),
      rating: (avg) => formatRating(avg, locale),
    },
  };
}

/** The locale an element renders in; set by the element helper from attribute, page config or cookie. */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/**
 * Texts and formats of the current locale: `const { t, fmt } = useMessages('catalogue')`.
 * Suspends until the locale and the named sections are loaded (name the sections a screen uses
 * so it renders complete at once; a section not named loads on first use and re-renders).
 */
export function useMessages(...sections: string[]): I18n {
  const locale = useContext(LocaleContext);
  const v = useSyncExternalStore(subscribe, getVersion, getVersion);
  // Always through use(), with one promise per locale and section: settled ones never suspend.
  const state = use(loadMessages(locale));
  // Every section starts loading before the first wait, so they come side by side.
  for (const pending of sections.map((section) => loadSection(state, section))) use(pending);
  // (In the sources every section is there from the start, as text to parse.)
  if (state.needs.parser) {
    use(loadParser());
    if (!state.checked) {
      state.needs.formatjs ||= parsedNeedFormatJs(state.messages);
      state.checked = true;
    }
  }
  if (state.needs.formatjs) use(loadFormatJs());
  return useMemo(() => makeI18n(locale, state), [locale, state, v]);
}

/** Shorthand when only texts are needed. */
export function useT(...sections: string[]): Translate {
  return useMessages(...sections).t;
}

/** Loads a locale's texts and both formatters up front, for renders outside a Suspense boundary
 * (unit tests render components directly, where a suspended first render would show nothing). */
export async function preloadMessages(locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await loadMessages(locale);
  await Promise.all([loadParser(), loadFormatJs()]);
}
