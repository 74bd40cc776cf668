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
  links: { terms_url: '/documents/doc-terms', review_guidelines_url: 'https://community.agora.test/review-guidelines' },
  versions: { display: 'all' },
  consume_teams: { type: 'all', values: [] },
  ai: { enabled: true, stream: true },
  custom_versions: false,
  idp_hint: null,
  provider_guid: PROVIDER_GUID,
  logout_url: null,
  // The provider's texts in the portal's other locales (the ones above are the English fallback).
  translations: {
    fr: {
      'homepage.hero.title': 'Construisez avec les API qui font tourner Agora',
      'homepage.hero.message': 'Paiements, logistique, messagerie, IoT et données : parcourez le catalogue, essayez chaque appel dans l’explorateur et abonnez-vous en quelques minutes.',
      'homepage.cta.title': 'Nouveau ici ?',
      'homepage.cta.message': 'Créez un compte gratuit pour obtenir des identifiants de test pour chaque API.',
      'homepage.cta.label': 'Se connecter ou s’inscrire',
      'homepage.featured.title': 'Catégories à la une',
      'nav_items.0.text': 'Guide du développeur',
      'nav_items.1.text': 'État des API',
      'nav_items.2.text': 'Communauté',
      'reviews.instructions': 'Dites aux autres développeurs ce que vous avez construit et comment l’API vous a aidé. Soyez précis et respectueux ; les avis sont vérifiés avant publication.',
    },
    pt: {
      'homepage.hero.title': 'Construa com as APIs que movem a Agora',
      'homepage.hero.message': 'Pagamentos, logística, mensagens, IoT e dados: navegue pelo catálogo, experimente qualquer chamada no explorador e assine em minutos.',
      'homepage.cta.title': 'Novo por aqui?',
      'homepage.cta.message': 'Crie uma conta gratuita para obter credenciais de sandbox para todas as APIs.',
      'homepage.cta.label': 'Entrar ou registrar-se',
      'homepage.featured.title': 'Categorias em destaque',
      'nav_items.0.text': 'Guia do desenvolvedor',
      'nav_items.1.text': 'Status das APIs',
      'nav_items.2.text': 'Comunidade',
      'reviews.instructions': 'Conte a outros desenvolvedores o que você construiu e como a API ajudou. Seja específico e respeitoso; as avaliações são verificadas antes de aparecer.',
    },
    de: {
      'homepage.hero.title': 'Entwickeln Sie mit den APIs, die Agora antreiben',
      'homepage.hero.message': 'Zahlungen, Logistik, Messaging, IoT und Daten: Durchsuchen Sie den Katalog, testen Sie jeden Aufruf im Explorer und abonnieren Sie in wenigen Minuten.',
      'homepage.cta.title': 'Neu hier?',
      'homepage.cta.message': 'Erstellen Sie ein kostenloses Konto, um Sandbox-Zugangsdaten für jede API zu erhalten.',
      'homepage.cta.label': 'Anmelden oder registrieren',
      'homepage.featured.title': 'Ausgewählte Kategorien',
      'nav_items.0.text': 'Entwicklerhandbuch',
      'nav_items.1.text': 'API-Status',
      'nav_items.2.text': 'Community',
      'reviews.instructions': 'Erzählen Sie anderen Entwicklern, was Sie gebaut haben und wie die API geholfen hat. Seien Sie konkret und respektvoll; Bewertungen werden vor der Veröffentlichung geprüft.',
    },
  },
};
