// The demo marketplace's configuration: every switch on, so every screen has something to show.
import type { SiteSettings } from '../src/schemas/config.ts';
import { PROVIDER_GUID } from './accounts.ts';

export const FEATURES = ['fullTextSearch', 'ai'];

export const SETTINGS: SiteSettings = {
  sitename: 'Agora Marketplace',
  public: true,
  signup: true,
  consumer: true,
  appearance: {
    colors: {
      primary: '#3b3fd8', secondary: '#5b6470', tertiary: '#8b5cf6', info: '#0b7285', success: '#2b8a3e',
      warning: '#e67700', danger: '#c92a2a', button: '#3b3fd8', bg: '#ffffff', container_bg: '#f6f7fb',
      heading_bg: '#14163a',
    },
    button_format: 'solid',
    button_radius: 'rounded',
  },
  homepage: {
    hero: {
      title: 'Build with the APIs that run Agora',
      message: 'Payments, logistics, messaging, IoT and data: browse the catalogue, try any call in the explorer and subscribe in minutes.',
      position: 'center',
      format: 'search',
    },
    cta: {
      enabled: true,
      title: 'New here?',
      message: 'Create a free account to get sandbox credentials for every API.',
      label: 'Sign in or register',
      url: 'signin',
      target: '_self',
      position: 'left',
      button_format: 'outline',
      button_radius: 'pill',
      background: '#eef0ff',
      button_bg: '#3b3fd8',
    },
    featured: { content: 'categories', sort: 'recent', title: 'Featured categories' },
  },
  landing: { enabled: true, default_page: null },
  nav_items: [
    { url: '/docs-hub', text: 'Developer handbook', new_tab: false, visibility: 'all', default: false },
    { url: 'https://status.agora.test', text: 'API status', new_tab: true, visibility: 'all', default: false },
    { url: 'https://community.agora.test', text: 'Community', new_tab: true, visibility: 'authenticated', default: false },
  ],
  categories: { enabled: true },
  reviews: {
    enabled: true,
    char_limit: 280,
    moderation_process: 'manual',
    instructions: 'Tell other developers what you built and how the API helped. Be specific and respectful; reviews are checked before they appear.',
  },
  billing: { enabled: true },
  versions: { display: 'all' },
  consume_teams: { type: 'all', values: [] },
  ai: { enabled: true, stream: true },
  custom_versions: false,
  idp_hint: null,
  provider_guid: PROVIDER_GUID,
  logout_url: null,
};
