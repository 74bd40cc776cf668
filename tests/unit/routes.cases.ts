// Every route shape of the three spec documents with the parameters it carries, shared by the
// unit tests of the route rules and the browser test that visits each one.
import type { RouteName } from '../../src/rules/routes.ts';

export interface RouteCase {
  path: string;
  name: RouteName;
  params: Record<string, string>;
  /** Needs a signed-in user even on a public marketplace. */
  signIn?: boolean;
}

const P = { productId: 'p-1' };
const PV = { productId: 'p-1', versionId: 'v-2' };

/** Product sub-routes exist with and without the version segment. */
function productCases(tail: string, name: RouteName, extra: Record<string, string> = {}): RouteCase[] {
  return [
    { path: `/productDetails/p-1${tail}`, name, params: { ...P, ...extra } },
    { path: `/productDetails/p-1/version/v-2${tail}`, name, params: { ...PV, ...extra } },
  ];
}

export const ROUTE_CASES: RouteCase[] = [
  // spec 1 §2
  { path: '/', name: 'home', params: {} },
  { path: '/browseProducts', name: 'browseProducts', params: {} },
  { path: '/advancedSearchResults/all', name: 'search', params: { tab: 'all' } },
  { path: '/advancedSearchResults/products', name: 'search', params: { tab: 'products' } },
  { path: '/advancedSearchResults/resources', name: 'search', params: { tab: 'resources' } },
  { path: '/advancedSearchResults/documents', name: 'search', params: { tab: 'documents' } },
  ...productCases('/overview', 'product.overview'),
  ...productCases('/docs', 'product.docs'),
  ...productCases('/docs/d-3/sections', 'product.docSections', { documentId: 'd-3' }),
  ...productCases('/docs/viewer', 'product.docViewer'),
  ...productCases('/docs/viewer/d-3', 'product.docViewer', { documentId: 'd-3' }),
  ...productCases('/docs/viewer/d-3/0', 'product.docViewer', { documentId: 'd-3', sectionIdx: '0' }),
  ...productCases('/docs/viewer/d-3/1/a-4', 'product.docViewer', { documentId: 'd-3', sectionIdx: '1', articleId: 'a-4' }),
  ...productCases('/plans', 'product.plans'),
  ...productCases('/plans/pl-5', 'product.plan', { planId: 'pl-5' }),
  ...productCases('/ratings', 'product.ratings'),
  // spec 3 §2.1: the create-or-edit review panel
  ...productCases('/ratings/review', 'product.review'),
  ...productCases('/resources', 'product.resources'),
  ...productCases('/resources/r-6/methods', 'product.resource', { resourceId: 'r-6', tab: 'methods' }),
  ...productCases('/resources/r-6/credentials', 'product.resource', { resourceId: 'r-6', tab: 'credentials' }),
  ...productCases('/resources/r-6/accessRequests', 'product.resource', { resourceId: 'r-6', tab: 'accessRequests' }),
  { path: '/documents/d-3', name: 'document', params: { docId: 'd-3' } },
  { path: '/categories', name: 'categories', params: {} },
  { path: '/categories/c-7', name: 'category', params: { categoryId: 'c-7' } },
  { path: '/signin', name: 'signin', params: {} },
  { path: '/register', name: 'register', params: {} },
  // spec 2 §2
  { path: '/applications', name: 'applications', params: {}, signIn: true },
  { path: '/applications/a-1/credentials', name: 'application.credentials', params: { applicationId: 'a-1' }, signIn: true },
  { path: '/applications/a-1/credentials/create', name: 'application.credentialCreate', params: { applicationId: 'a-1' }, signIn: true },
  { path: '/applications/a-1/credentials/cr-2', name: 'application.credential', params: { applicationId: 'a-1', credentialId: 'cr-2' }, signIn: true },
  { path: '/applications/a-1/profiles', name: 'application.profiles', params: { applicationId: 'a-1' }, signIn: true },
  { path: '/applications/a-1/profiles/pr-3', name: 'application.profile', params: { applicationId: 'a-1', profileId: 'pr-3' }, signIn: true },
  { path: '/applications/a-1/resources', name: 'application.resources', params: { applicationId: 'a-1' }, signIn: true },
  { path: '/credentials', name: 'credentials', params: {}, signIn: true },
  { path: '/credentials/cr-2', name: 'credential', params: { credentialId: 'cr-2' }, signIn: true },
  { path: '/registrations', name: 'registrations', params: {}, signIn: true },
  { path: '/registrations/rg-4', name: 'registration', params: { registrationId: 'rg-4' }, signIn: true },
  { path: '/registrations/create/p-1', name: 'registrationCreate', params: { productId: 'p-1' }, signIn: true },
  // spec 3 §2.3, §2.5
  { path: '/subscriptions', name: 'subscriptions', params: {}, signIn: true },
  { path: '/subscriptions/s-5', name: 'subscription', params: { subscriptionId: 's-5' }, signIn: true },
  { path: '/approvals', name: 'approvals', params: {}, signIn: true },
  { path: '/invitations', name: 'invitations', params: {}, signIn: true },
  { path: '/verify-email', name: 'verifyEmail', params: {}, signIn: false },
  { path: '/forgot-password', name: 'forgotPassword', params: {}, signIn: false },
  { path: '/reset-password', name: 'resetPassword', params: {}, signIn: false },
  { path: '/outbox', name: 'outbox', params: {}, signIn: true },
  { path: '/webhooks', name: 'webhooks', params: {}, signIn: true },
  { path: '/notifications', name: 'notifications', params: {}, signIn: true },
  { path: '/consumer-insights/health', name: 'insights.health', params: {}, signIn: true },
  { path: '/consumer-insights/app-usage', name: 'insights.appUsage', params: {}, signIn: true },
  { path: '/consumer-insights/traffic', name: 'insights.traffic', params: {}, signIn: true },
  { path: '/consumer-insights/traffic/t-8', name: 'insights.transaction', params: { transactionId: 't-8' }, signIn: true },
  { path: '/consumer-insights/subscription-compliance', name: 'insights.compliance', params: {}, signIn: true },
];

/** Redirects that need no data, with the address they end on (public marketplace, landing on). */
export interface RedirectCase {
  from: string;
  to: string;
  signedIn?: boolean;
}

export const REDIRECT_CASES: RedirectCase[] = [
  { from: '/advancedSearchResults', to: '/advancedSearchResults/all' },
  { from: '/advancedSearchResults?query=pets&search=null', to: '/advancedSearchResults/all?query=pets&search=null' },
  { from: '/productDetails/p-1', to: '/productDetails/p-1/overview' },
  { from: '/productDetails/p-1/version/v-2', to: '/productDetails/p-1/version/v-2/overview' },
  { from: '/productDetails/p-1/version/v-2/resources/r-6', to: '/productDetails/p-1/version/v-2/resources/r-6/methods' },
  { from: '/applications/a-1', to: '/applications/a-1/credentials', signedIn: true },
  { from: '/consumer-insights', to: '/consumer-insights/health', signedIn: true },
  { from: '/no/such/page', to: '/' },
  { from: '/productDetails/p-1/unknownTab', to: '/' },
  { from: '/advancedSearchResults/everything', to: '/' },
  { from: '/browseProducts/', to: '/browseProducts' },
];
