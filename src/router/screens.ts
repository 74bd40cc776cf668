// THE table from routes to screens: the one place that maps a route to a lazily imported screen.
// A later issue replaces a `notBuilt(...)` entry with `screen(() => import('…'), (m) => props)`;
// TypeScript checks the props against the screen's own prop type.
import type { ComponentType } from 'react';
import type { MessageKey } from '../i18n/messages/en.ts';
import type { RouteMatch, RouteName } from '../rules/routes.ts';
import { loadOnce } from '../elements/chunks.ts';
import { loadTexts } from '../i18n/intl.ts';
import type { Locale } from '../rules/constants.ts';
import type { ProductDocsScreenProps } from '../screens/docs/ProductDocsScreen.tsx';
import type { DocumentPageProps } from '../screens/document/DocumentPage.tsx';
import type { CategoriesProps } from '../screens/categories/Categories.tsx';
import type { BrowseProps } from '../screens/catalogue/Browse.tsx';
import type { SearchResultsProps } from '../screens/search/SearchResults.tsx';
import type { ProductProps } from '../screens/product/Product.tsx';
import type { ResourceProps } from '../screens/explorer/Resource.tsx';
import type { CredentialsScreenProps } from '../screens/credentials/CredentialsScreen.tsx';
import type { RegistrationsScreenProps } from '../screens/registrations/RegistrationsScreen.tsx';
import type { ApplicationsProps } from '../screens/applications/Applications.tsx';
import type { ApplicationDetailsProps } from '../screens/applications/ApplicationDetails.tsx';
import type { AccessWizardProps } from '../screens/wizard/AccessWizard.tsx';
import type { ApprovalsProps } from '../screens/approvals/Approvals.tsx';
import type { SubscriptionsProps } from '../screens/subscriptions/Subscriptions.tsx';
import type { InsightsProps } from '../screens/insights/Insights.tsx';
import type { AccountLinksProps } from '../screens/account/AccountLinks.tsx';

export type Layout =
  /** top bar + side navigation (when signed in) */
  | 'portal'
  /** top bar only, content centred (sign-in) */
  | 'focus';

export interface ScreenEntry {
  /** The module; routes that share one keep the screen mounted when moving between them. */
  load: () => Promise<{ default: ComponentType<never> }>;
  props: (match: RouteMatch) => object;
  layout: Layout;
  /** Message sections the screen uses (e.g. 'catalogue'), loaded before it renders. */
  sections: string[];
  /** A catalogue screen: behind the catalogue gate of spec 1 §6 (src/elements/CatalogueGate.tsx). */
  catalogue: boolean;
}

export interface ScreenOptions {
  layout?: Layout;
  sections?: string[];
  catalogue?: boolean;
}

/**
 * A screen for a route:
 *   screen(() => import('../screens/catalogue/Category.tsx'),
 *     (m) => ({ categoryId: m.params.categoryId! }), { sections: ['catalogue'] })
 */
export function screen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  props: (match: RouteMatch) => P,
  options: ScreenOptions = {},
): ScreenEntry {
  return {
    load: load as ScreenEntry['load'], props, layout: options.layout ?? 'portal', sections: options.sections ?? [], catalogue: options.catalogue ?? false,
  };
}

export interface NotBuiltProps {
  /** Names the screen (a shell.screen.* message). */
  title: MessageKey;
  route: RouteName;
  params: Record<string, string>;
}

const loadNotBuilt = () => import('../screens/placeholder/NotBuilt.tsx');

/** A route whose screen a later issue builds: a plain, translated "not built yet" page naming it. */
function notBuilt(title: MessageKey): ScreenEntry {
  return screen(loadNotBuilt, (m): NotBuiltProps => ({ title, route: m.name, params: m.params }));
}

const query = (m: RouteMatch) => new URLSearchParams(m.search);

// Product details: one module for every tab and the plan page, so moving between them keeps the
// page (header, right pane) mounted.
const loadProduct = () => import('../screens/product/Product.tsx');
const productTab = (tab: string) =>
  screen(loadProduct, (m): ProductProps => ({
    productId: m.params.productId!, versionId: m.params.versionId, tab, planId: m.params.planId,
  }), { sections: ['product', 'reviews'], catalogue: true });

const loadCategories = () => import('../screens/categories/Categories.tsx');

// The documentation viewer inside the product page's frame (src/screens/docs/ProductDocsScreen.tsx).
const productDocs = screen(
  () => import('../screens/docs/ProductDocsScreen.tsx'),
  (m): ProductDocsScreenProps => ({
    productId: m.params.productId!, versionId: m.params.versionId,
    documentId: m.params.documentId, sectionIdx: m.params.sectionIdx, articleId: m.params.articleId,
  }),
  { sections: ['product', 'docs'], catalogue: true },
);

// Application details: one module for every tab and panel, so moving between them keeps the header.
const loadApplication = () => import('../screens/applications/ApplicationDetails.tsx');
const applicationTab = (tab: ApplicationDetailsProps['tab'], create = false) =>
  screen(loadApplication, (m): ApplicationDetailsProps => ({
    applicationId: m.params.applicationId!, tab, credentialId: m.params.credentialId, profileId: m.params.profileId, create,
  }), { sections: ['applications', 'credentials'] });

// The global credentials and access requests lists: one module each, so opening a detail panel
// (a route of its own) keeps the list mounted.
const credentialsScreen = screen(
  () => import('../screens/credentials/CredentialsScreen.tsx'),
  (m): CredentialsScreenProps => ({ credentialId: m.params.credentialId }),
  // applications: the schema form's texts
  { sections: ['credentials', 'applications'] },
);
const registrationsScreen = screen(
  () => import('../screens/registrations/RegistrationsScreen.tsx'),
  (m): RegistrationsScreenProps => ({ registrationId: m.params.registrationId }),
  { sections: ['registrations', 'applications'] },
);

// The subscriptions list and details: one module, so going back to the list keeps its filters' chunk.
const subscriptionsScreen = screen(
  () => import('../screens/subscriptions/Subscriptions.tsx'),
  (m): SubscriptionsProps => ({ subscriptionId: m.params.subscriptionId, product: query(m).get('product') ?? undefined }),
  // applications: the schema form's texts (additional information)
  { sections: ['subscriptions', 'applications'] },
);

// Consumer insights: one module for every view, so moving between them (and opening a
// transaction's panel over the traffic list) keeps the filters' chunk and the chart's.
const loadInsights = () => import('../screens/insights/Insights.tsx');
const insightsView = (view: (m: RouteMatch) => string) =>
  screen(loadInsights, (m): InsightsProps => ({
    view: view(m), transactionId: m.params.transactionId,
    applicationId: query(m).get('applicationId') ?? undefined, application: query(m).get('application') ?? undefined, refusal: query(m).get('refusal') ?? undefined,
    from: query(m).get('from') ?? undefined, to: query(m).get('to') ?? undefined,
  }), { sections: ['insights'] });

export interface SignInProps {
  returnTo?: string;
  /** Why the visitor is here: 'expired' after a failed token refresh. */
  reason?: string;
}

export interface RegisterProps {
  returnTo?: string;
  /** The code of an invitation into an organisation (the link an administrator shares). */
  invitation?: string;
}

const loadAccountLinks = () => import('../screens/account/AccountLinks.tsx');
const accountLinks = (view: AccountLinksProps['view']) =>
  screen(loadAccountLinks, (m): AccountLinksProps => ({ view, token: query(m).get('token') ?? undefined }), { layout: 'focus', sections: ['account'] });

export const SCREENS: Record<RouteName, ScreenEntry> = {
  // Catalogue (spec 1 §2)
  home: screen(() => import('../screens/home/Home.tsx'), () => ({}), { sections: ['home', 'tiles'], catalogue: true }),
  browseProducts: screen(() => import('../screens/catalogue/Browse.tsx'), (): BrowseProps => ({}), { sections: ['browse', 'tiles'], catalogue: true }),
  search: screen(
    () => import('../screens/search/SearchResults.tsx'),
    (m): SearchResultsProps => ({ tab: m.params.tab }),
    { sections: ['search'], catalogue: true },
  ),
  document: screen(
    () => import('../screens/document/DocumentPage.tsx'),
    (m): DocumentPageProps => ({ docId: m.params.docId }),
    { sections: ['docs'], catalogue: true },
  ),
  // One module for the list and a category: moving between them keeps the screen mounted.
  categories: screen(loadCategories, (): CategoriesProps => ({}), { sections: ['categories', 'tiles'], catalogue: true }),
  category: screen(loadCategories, (m): CategoriesProps => ({ categoryId: m.params.categoryId }), { sections: ['categories', 'tiles'], catalogue: true }),
  'product.overview': productTab('overview'),
  'product.docs': productTab('docs'),
  'product.docSections': productDocs,
  'product.docViewer': productDocs,
  'product.plans': productTab('plans'),
  'product.plan': productTab('plans'),
  'product.ratings': productTab('ratings'),
  // The review side panel over the ratings tab (the same module: the page stays mounted).
  'product.review': productTab('ratings'),
  'product.resources': productTab('resources'),
  'product.resource': screen(
    () => import('../screens/explorer/Resource.tsx'),
    (m): ResourceProps => ({
      productId: m.params.productId!, versionId: m.params.versionId, resourceId: m.params.resourceId!, tab: m.params.tab,
    }),
    { sections: ['explorer'], catalogue: true },
  ),
  signin: screen(
    () => import('../screens/signin/SignIn.tsx'),
    (m): SignInProps => ({ returnTo: query(m).get('returnTo') ?? undefined, reason: query(m).get('reason') ?? undefined }),
    { layout: 'focus', sections: ['register'] },
  ),
  register: screen(
    () => import('../screens/register/Register.tsx'),
    (m): RegisterProps => ({ returnTo: query(m).get('returnTo') ?? undefined, invitation: query(m).get('invitation') ?? undefined }),
    { layout: 'focus', sections: ['register'] },
  ),
  // Applications, credentials, access requests (spec 2 §2)
  applications: screen(() => import('../screens/applications/Applications.tsx'), (): ApplicationsProps => ({}), { sections: ['applications'] }),
  'application.credentials': applicationTab('credentials'),
  'application.credential': applicationTab('credentials'),
  'application.credentialCreate': applicationTab('credentials', true),
  'application.profiles': applicationTab('profiles'),
  'application.profile': applicationTab('profiles'),
  'application.resources': applicationTab('resources'),
  credentials: credentialsScreen,
  credential: credentialsScreen,
  registrations: registrationsScreen,
  registration: registrationsScreen,
  registrationCreate: screen(
    () => import('../screens/wizard/AccessWizard.tsx'),
    (m): AccessWizardProps => ({
      productId: m.params.productId!, applicationId: query(m).get('applicationId') ?? undefined, subscriptionId: query(m).get('subscriptionId') ?? undefined,
      resourceId: query(m).get('resourceId') ?? undefined,
    }),
    { sections: ['wizard', 'applications'] },
  ),
  // Subscriptions and consumer insights (spec 3 §2.3, §2.5)
  subscriptions: subscriptionsScreen,
  subscription: subscriptionsScreen,
  // The provider Administrators' approvals queue (issue 11); applications: the schema form's texts
  invitations: screen(() => import('../screens/invitations/Invitations.tsx'), () => ({}), { sections: ['invitations'] }),
  approvals: screen(
    () => import('../screens/approvals/Approvals.tsx'),
    (m): ApprovalsProps => ({ type: query(m).get('type') ?? undefined, productId: query(m).get('product') ?? undefined }),
    { sections: ['approvals', 'applications'] },
  ),
  'insights.health': insightsView(() => 'health'),
  // ?by=subscription: usage by subscription (the page's second tab)
  'insights.appUsage': insightsView((m) => (query(m).get('by') === 'subscription' ? 'subscription' : 'application')),
  'insights.traffic': insightsView(() => 'traffic'),
  'insights.transaction': insightsView(() => 'traffic'),
  'insights.compliance': insightsView(() => 'compliance'),
  // The pages the account e-mails link to, and the provider's outbox (issue 33)
  verifyEmail: accountLinks('verify'),
  forgotPassword: accountLinks('forgot'),
  resetPassword: accountLinks('reset'),
  outbox: screen(() => import('../screens/outbox/Outbox.tsx'), () => ({}), { sections: ['outbox'] }),
  webhooks: screen(() => import('../screens/webhooks/Webhooks.tsx'), () => ({}), { sections: ['webhooks'] }),
  notifications: screen(() => import('../screens/notifications/Notifications.tsx'), () => ({}), { sections: ['notifications'] }),
};

const ids = new Map<ScreenEntry['load'], number>();

/** A stable key per screen module: the same key keeps a screen mounted across its routes. */
export function screenKey(entry: ScreenEntry): number {
  let id = ids.get(entry.load);
  if (id === undefined) {
    id = ids.size + 1;
    ids.set(entry.load, id);
  }
  return id;
}

const loaders = new Map<ScreenEntry['load'], () => Promise<{ default: ComponentType<object> }>>();

/** A screen's module, loaded once (a failed load is forgotten, so the next render tries again);
 * read with use(), which does not suspend once it is there. */
export function loadScreen(entry: ScreenEntry): Promise<{ default: ComponentType<object> }> {
  let load = loaders.get(entry.load);
  if (!load) {
    load = loadOnce(entry.load as unknown as () => Promise<{ default: ComponentType<object> }>);
    loaders.set(entry.load, load);
  }
  return load();
}

/** Starts loading a screen and its texts before anything renders it (the portal's first route,
 * alongside the marketplace settings that decide it). */
export function preloadScreen(entry: ScreenEntry, locale: Locale): Promise<void> {
  return Promise.all([loadScreen(entry), loadTexts(locale, entry.sections)])
    .then(() => undefined, () => undefined); // a failed load shows when the screen renders
}
