// Site configuration contract (COMMON.md "Site configuration"): GET /marketplace and GET /features.
// `SiteSettings` is the whole settings document; the stored jsonb may hold only part of it and is
// merged over DEFAULT_SITE_SETTINGS, so every answer is complete.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DEFAULT_REVIEW_CHAR_LIMIT, DEFAULT_SITE_NAME, REVIEW_CHAR_LIMITS } from '../../../src/rules/constants.ts';
import { TRANSLATABLE_TEXT_PATH, TRANSLATION_LOCALE } from '../../../src/rules/settingsText.ts';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Color = Type.String({ maxLength: 64, description: 'CSS colour' });
const ButtonFormat = Type.Union([Type.Literal('solid'), Type.Literal('outline')]);
const ButtonRadius = Type.Union([Type.Literal('pill'), Type.Literal('rounded'), Type.Literal('square')]);
const Position = Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]);

export const ThemeColors = Type.Object({
  primary: Color, secondary: Color, tertiary: Color, info: Color, success: Color, warning: Color,
  danger: Color, button: Color, bg: Color, container_bg: Color, heading_bg: Color,
});

export const NavItem = Type.Object({
  url: Type.String(),
  text: Type.String(),
  new_tab: Type.Boolean(),
  /** who sees the entry */
  visibility: Type.Union([Type.Literal('all'), Type.Literal('authenticated'), Type.Literal('unauthenticated')]),
  /** when any item is default, the configured items replace the built-in entries */
  default: Type.Boolean(),
});
export type NavItem = Static<typeof NavItem>;

/** A link the portal shows: an http(s) URL, or a path of the portal ('/documents/doc-terms'). No
 * other scheme (javascript:, data:) and no spaces; a stored value that is not one falls back to null. */
export const SiteLink = Nullable(Type.String({ maxLength: 2000, pattern: '^(https?://[^\\s]+|/(?!/)[^\\s]*)$' }));

export const SiteSettings = Type.Object({
  sitename: Type.String(),
  /** visitors may browse without signing in */
  public: Type.Boolean(),
  signup: Type.Boolean(),
  /** new self-registered accounts confirm their e-mail address before subscribing or creating
   * credentials (browsing works at once); false: usable at once (issue 33) */
  email_verification: Type.Boolean(),
  /** consumer features (applications, credentials, access requests, insights) are on */
  consumer: Type.Boolean(),
  appearance: Type.Object({
    colors: ThemeColors,
    button_format: ButtonFormat,
    button_radius: ButtonRadius,
  }),
  homepage: Type.Object({
    hero: Type.Object({
      title: Type.String(), message: Type.String(), position: Position,
      format: Type.Union([Type.Literal('search'), Type.Literal('plain')]),
    }),
    cta: Type.Object({
      enabled: Type.Boolean(), title: Type.String(), message: Type.String(), label: Type.String(),
      /** a url, or the value 'signin' */
      url: Type.String(),
      target: Type.Union([Type.Literal('_self'), Type.Literal('_blank')]),
      position: Position, button_format: ButtonFormat, button_radius: ButtonRadius,
      background: Color, button_bg: Color,
    }),
    featured: Type.Object({
      content: Type.Union([Type.Literal('categories'), Type.Literal('none')]),
      sort: Type.Union([Type.Literal('recent'), Type.Literal('name')]),
      title: Type.String(),
    }),
  }),
  landing: Type.Object({
    enabled: Type.Boolean(),
    default_page: Nullable(Type.Object({ url: Type.String() })),
  }),
  nav_items: Type.Array(NavItem),
  categories: Type.Object({ enabled: Type.Boolean() }),
  reviews: Type.Object({
    enabled: Type.Boolean(),
    char_limit: Type.Union(REVIEW_CHAR_LIMITS.map((n) => Type.Literal(n))),
    moderation_process: Type.Union([Type.Literal('automatic'), Type.Literal('manual')]),
    instructions: Type.String(),
  }),
  billing: Type.Object({ enabled: Type.Boolean() }),
  /** Where the terms of use (linked from the subscribe form's consent checkbox) and the review
   * guidelines (the review panel, spec 3 §2.4) are; each link shows only when set. */
  links: Type.Object({ terms_url: SiteLink, review_guidelines_url: SiteLink }),
  versions: Type.Object({ display: Type.Union([Type.Literal('latest'), Type.Literal('all')]) }),
  consume_teams: Type.Object({
    type: Type.Union([Type.Literal('all'), Type.Literal('included'), Type.Literal('excluded'), Type.Literal('tag')]),
    /** team ids (included/excluded) or team tags (tag) */
    values: Type.Array(Type.String()),
  }),
  ai: Type.Object({ enabled: Type.Boolean(), stream: Type.Boolean() }),
  custom_versions: Type.Boolean(),
  idp_hint: Nullable(Type.String()),
  provider_guid: Nullable(Type.String()),
  logout_url: Nullable(Type.String()),
  /** The provider's texts per locale, by their path in these settings (src/rules/settingsText.ts):
   * { "fr-FR": { "homepage.hero.title": "Bienvenue" } }. A text without one shows as written. */
  translations: Type.Record(
    Type.String({ pattern: TRANSLATION_LOCALE.source }),
    Type.Record(Type.String({ pattern: TRANSLATABLE_TEXT_PATH.source }), Type.String({ maxLength: 4000 }), { additionalProperties: false }),
    { additionalProperties: false },
  ),
});
export type SiteSettings = Static<typeof SiteSettings>;

/** Server features; fullTextSearch and ai are always offered by this server. */
export const FEATURES = { fullTextSearch: 'fullTextSearch', ai: 'ai' } as const;

export const Marketplace = Type.Object({
  id: Type.String(),
  settings: SiteSettings,
  features: Type.Array(Type.String()),
  /** the assistant is on when the setting and the server feature both are */
  ai: Type.Object({ enabled: Type.Boolean(), stream: Type.Boolean() }),
});
export type Marketplace = Static<typeof Marketplace>;

export const FeatureList = Type.Object({ items: Type.Array(Type.String()) });
export type FeatureList = Static<typeof FeatureList>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  sitename: DEFAULT_SITE_NAME,
  public: true,
  signup: false,
  email_verification: true,
  consumer: true,
  appearance: {
    colors: {
      primary: '#0a5bd3', secondary: '#5b6470', tertiary: '#6f42c1', info: '#0b7285', success: '#2b8a3e',
      warning: '#e67700', danger: '#c92a2a', button: '#0a5bd3', bg: '#ffffff', container_bg: '#f5f7fa',
      heading_bg: '#0b1f3a',
    },
    button_format: 'solid',
    button_radius: 'rounded',
  },
  homepage: {
    hero: { title: 'Welcome to the Marketplace', message: 'Find the APIs you need.', position: 'left', format: 'search' },
    cta: {
      enabled: false, title: '', message: '', label: '', url: 'signin', target: '_self', position: 'left',
      button_format: 'solid', button_radius: 'rounded', background: '#0b1f3a', button_bg: '#0a5bd3',
    },
    featured: { content: 'categories', sort: 'recent', title: '' },
  },
  landing: { enabled: true, default_page: null },
  nav_items: [],
  categories: { enabled: true },
  reviews: { enabled: true, char_limit: DEFAULT_REVIEW_CHAR_LIMIT as 280, moderation_process: 'automatic', instructions: '' },
  billing: { enabled: true },
  links: { terms_url: null, review_guidelines_url: null },
  versions: { display: 'all' },
  consume_teams: { type: 'all', values: [] },
  ai: { enabled: true, stream: true },
  custom_versions: false,
  idp_hint: null,
  provider_guid: null,
  logout_url: null,
  translations: {},
};
