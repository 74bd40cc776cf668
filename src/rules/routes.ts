// Every route shape of the three spec documents and every redirect rule, as pure functions.
// The portal's router resolves a location through resolveRoute(); links are built with href().
// No React, no DOM: both halves (and the assistant's reference links) may use it.

/** Route names. A screen registers against one or more of them in src/router/screens.ts. */
export type RouteName =
  | 'home' | 'browseProducts' | 'search' | 'document' | 'categories' | 'category' | 'signin' | 'register'
  | 'product.overview' | 'product.docs' | 'product.docSections' | 'product.docViewer'
  | 'product.plans' | 'product.plan' | 'product.ratings' | 'product.review'
  | 'product.resources' | 'product.resource'
  | 'applications' | 'application.credentials' | 'application.credential' | 'application.credentialCreate'
  | 'application.profiles' | 'application.profile' | 'application.resources'
  | 'credentials' | 'credential'
  | 'registrations' | 'registration' | 'registrationCreate'
  | 'subscriptions' | 'subscription'
  | 'approvals' | 'invitations'
  | 'verifyEmail' | 'forgotPassword' | 'resetPassword' | 'outbox' | 'webhooks' | 'notifications'
  | 'insights.health' | 'insights.appUsage' | 'insights.traffic' | 'insights.transaction' | 'insights.compliance';

export const SEARCH_TABS = ['all', 'products', 'resources', 'documents'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const RESOURCE_TABS = ['methods', 'credentials', 'accessRequests'] as const;
export type ResourceTab = (typeof RESOURCE_TABS)[number];
/** The query parameter of a resource's methods tab naming the operation to open: its ordinal in
 * the explorer's index (a search hit on an operation links there). */
export const OPERATION_PARAM = 'operation';

export type RouteParams = Record<string, string>;

export interface RouteMatch {
  name: RouteName;
  params: RouteParams;
  /** The query string without '?', kept as given. */
  search: string;
  /** The canonical path of this match (what the address bar shows). */
  path: string;
}

interface RouteDef {
  name: RouteName;
  /** Segments; ':x' captures a parameter, ':x(a|b)' only these values. */
  pattern: string;
}

const PRODUCT = '/productDetails/:productId';
const PRODUCT_VERSION = '/productDetails/:productId/version/:versionId';

/** Product sub-routes exist with and without the version segment. */
const productTabs: Array<[RouteName, string]> = [
  ['product.overview', '/overview'],
  ['product.docs', '/docs'],
  ['product.docSections', '/docs/:documentId/sections'],
  ['product.docViewer', '/docs/viewer'],
  ['product.docViewer', '/docs/viewer/:documentId'],
  ['product.docViewer', '/docs/viewer/:documentId/:sectionIdx'],
  ['product.docViewer', '/docs/viewer/:documentId/:sectionIdx/:articleId'],
  ['product.plans', '/plans'],
  ['product.plan', '/plans/:planId'],
  ['product.ratings', '/ratings'],
  // The review side panel (create, or edit the user's own review; ?readOnly=true to only view it).
  ['product.review', '/ratings/review'],
  ['product.resources', '/resources'],
  ['product.resource', '/resources/:resourceId/:tab(methods|credentials|accessRequests)'],
];

export const ROUTES: readonly RouteDef[] = [
  { name: 'home', pattern: '/' },
  { name: 'signin', pattern: '/signin' },
  // Self-service registration (settings.signup); the screen says so when it is off.
  { name: 'register', pattern: '/register' },
  { name: 'browseProducts', pattern: '/browseProducts' },
  { name: 'search', pattern: '/advancedSearchResults/:tab(all|products|resources|documents)' },
  { name: 'document', pattern: '/documents/:docId' },
  { name: 'categories', pattern: '/categories' },
  { name: 'category', pattern: '/categories/:categoryId' },
  ...productTabs.flatMap(([name, tail]) => [
    { name, pattern: PRODUCT + tail },
    { name, pattern: PRODUCT_VERSION + tail },
  ]),
  { name: 'applications', pattern: '/applications' },
  { name: 'application.credentials', pattern: '/applications/:applicationId/credentials' },
  // Declared before the id route: 'create' opens the credential panel in create mode.
  { name: 'application.credentialCreate', pattern: '/applications/:applicationId/credentials/create' },
  { name: 'application.credential', pattern: '/applications/:applicationId/credentials/:credentialId' },
  { name: 'application.profiles', pattern: '/applications/:applicationId/profiles' },
  { name: 'application.profile', pattern: '/applications/:applicationId/profiles/:profileId' },
  { name: 'application.resources', pattern: '/applications/:applicationId/resources' },
  { name: 'credentials', pattern: '/credentials' },
  { name: 'credential', pattern: '/credentials/:credentialId' },
  { name: 'registrations', pattern: '/registrations' },
  { name: 'registrationCreate', pattern: '/registrations/create/:productId' },
  { name: 'registration', pattern: '/registrations/:registrationId' },
  { name: 'subscriptions', pattern: '/subscriptions' },
  { name: 'subscription', pattern: '/subscriptions/:subscriptionId' },
  // The provider Administrators' queue of pending subscriptions, access requests and reviews.
  { name: 'approvals', pattern: '/approvals' },
  { name: 'invitations', pattern: '/invitations' },
  { name: 'insights.health', pattern: '/consumer-insights/health' },
  { name: 'insights.appUsage', pattern: '/consumer-insights/app-usage' },
  { name: 'insights.traffic', pattern: '/consumer-insights/traffic' },
  { name: 'insights.transaction', pattern: '/consumer-insights/traffic/:transactionId' },
  { name: 'insights.compliance', pattern: '/consumer-insights/subscription-compliance' },
  // Account e-mails' links (issue 33) and the provider's outbox of e-mails.
  { name: 'verifyEmail', pattern: '/verify-email' },
  { name: 'forgotPassword', pattern: '/forgot-password' },
  { name: 'resetPassword', pattern: '/reset-password' },
  { name: 'outbox', pattern: '/outbox' },
  { name: 'webhooks', pattern: '/webhooks' },
  { name: 'notifications', pattern: '/notifications' },
];

/** Areas that always need a signed-in user, even on a public marketplace (spec 2 §1, spec 3 defaults).
 * Consumer insights show the caller's own traffic, so they are treated the same way. */
const SIGN_IN_PREFIXES = ['/applications', '/subscriptions', '/credentials', '/registrations', '/consumer-insights', '/approvals', '/invitations', '/outbox', '/webhooks', '/notifications'];

export function requiresSignIn(path: string): boolean {
  return SIGN_IN_PREFIXES.some((p) => path === p || path.startsWith(p + '/'));
}

interface Segment { literal?: string; param?: string; allowed?: readonly string[] }

function compile(pattern: string): Segment[] {
  return split(pattern).map((s) => {
    if (!s.startsWith(':')) return { literal: s };
    const m = /^:(\w+)(?:\(([^)]*)\))?$/.exec(s);
    if (!m) throw new Error(`bad route pattern ${pattern}`);
    return m[2] ? { param: m[1]!, allowed: m[2].split('|') } : { param: m[1]! };
  });
}

const COMPILED = ROUTES.map((r) => ({ ...r, segments: compile(r.pattern) }));

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The route a path names, or null for an unknown path. Parameters are decoded. */
export function matchPath(path: string, search = ''): RouteMatch | null {
  const parts = split(path);
  for (const route of COMPILED) {
    if (route.segments.length !== parts.length) continue;
    const params: RouteParams = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const seg = route.segments[i]!;
      const raw = parts[i]!;
      if (seg.literal !== undefined) {
        ok = seg.literal === raw;
      } else {
        const value = decode(raw);
        ok = value !== null && value !== '' && (!seg.allowed || seg.allowed.includes(value));
        if (ok) params[seg.param!] = value!;
      }
    }
    if (ok) return { name: route.name, params, search: stripQ(search), path: normalizePath(path) };
  }
  return null;
}

function stripQ(search: string): string {
  return search.startsWith('?') ? search.slice(1) : search;
}

/** One leading slash, no trailing slash, no empty segments. */
export function normalizePath(path: string): string {
  const parts = split(path);
  return '/' + parts.join('/');
}

function withSearch(path: string, search: string): string {
  const q = stripQ(search);
  return q ? `${path}?${q}` : path;
}

/** Builds the path of a route from its parameters (the inverse of matchPath). */
export function href(name: RouteName, params: RouteParams = {}, query?: Record<string, string | string[] | undefined | null>): string {
  const candidates = COMPILED.filter((r) => r.name === name);
  // Pick the most specific shape whose parameters are all given (e.g. with the version segment).
  const usable = candidates
    .filter((r) => r.segments.every((s) => s.literal !== undefined || (params[s.param!] ?? '') !== ''))
    .sort((a, b) => b.segments.length - a.segments.length);
  const route = usable[0];
  if (!route) throw new Error(`href(${name}): missing parameters`);
  const path = '/' + route.segments
    .map((s) => (s.literal !== undefined ? s.literal : encodeURIComponent(params[s.param!]!)))
    .join('/');
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, item);
  }
  return withSearch(path === '/' ? '/' : path, q.toString());
}

/** What the redirect rules need to know about the marketplace and the visitor. */
export interface RouteContext {
  signedIn: boolean;
  /** Public marketplaces may be browsed signed out (settings.public). */
  isPublic: boolean;
  landing: LandingSettings;
  /** settings.reviews.enabled: the ratings routes exist only when it is on. */
  ratingsEnabled: boolean;
}

export interface LandingSettings {
  enabled: boolean;
  default_page?: { url?: string | null; docId?: string | null; id?: string | null } | null;
}

export type Resolution =
  | { kind: 'route'; match: RouteMatch }
  /** Replace the address with `to` (path + query), then resolve again. */
  | { kind: 'redirect'; to: string; reason: RedirectReason };

export type RedirectReason =
  | 'landing' | 'searchTab' | 'productOverview' | 'resourceMethods' | 'applicationCredentials'
  | 'insightsHealth' | 'ratingsDisabled' | 'signIn' | 'signedIn' | 'unknown' | 'trailingSlash';

/**
 * The landing rules of spec 1 §2 "/" (null means: show the home page).
 * - default page /categories -> /categories;
 * - landing disabled and a default page naming a document (an external-URL document) -> /documents/{docId};
 * - landing disabled and a default page that is another portal path -> that path;
 * - landing disabled otherwise (no default page) -> /browseProducts.
 */
export function landingRedirect(landing: LandingSettings): string | null {
  const page = landing.default_page ?? null;
  const url = page?.url?.trim() || '';
  const bare = url.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  if (url && normalizePath(bare) === '/categories') return '/categories';
  if (landing.enabled) return null;
  const docId = page?.docId || page?.id || documentIdOf(url);
  if (docId) return href('document', { docId });
  const [path] = splitLocation(url);
  if (url.startsWith('/') && !url.startsWith('//') && normalizePath(path) !== '/' && matchPath(path)) return url;
  return '/browseProducts';
}

function documentIdOf(url: string): string | null {
  const m = /\/documents\/([^/?#]+)/.exec(url);
  return m ? decode(m[1]!) : null;
}

/**
 * A returnTo value is only followed when it is a path of this portal, or, given the page's
 * origin, a page of that same origin (the host page of a stand-alone element, e.g. a CMS page
 * with <agora-subscribe-button>): never another site (no open redirect).
 */
export function safeReturnTo(value: string | null | undefined, origin?: string): string {
  if (value && origin && /^https?:\/\//i.test(value)) return sameOriginPage(value, origin) ?? '/';
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/^\/(?:signin|register)(?:[/?#]|$)/.test(value)) return '/';
  return value;
}

function sameOriginPage(value: string, origin: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === origin && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** A return target outside the portal's routes: an absolute URL of a host page. */
export const isPageUrl = (target: string): boolean => /^https?:\/\//i.test(target);

export function signInPath(returnTo: string, origin?: string): string {
  const target = safeReturnTo(returnTo, origin);
  return target === '/' ? '/signin' : href('signin', {}, { returnTo: target });
}

export function registerPath(returnTo: string, origin?: string): string {
  const target = safeReturnTo(returnTo, origin);
  return target === '/' ? '/register' : href('register', {}, { returnTo: target });
}

/** One step of resolution: either the route to show, or where to go instead. */
export function resolveStep(path: string, search: string, ctx: RouteContext): Resolution {
  const normal = normalizePath(path);
  if (normal !== path) return { kind: 'redirect', to: withSearch(normal, search), reason: 'trailingSlash' };
  const here = withSearch(path, search);
  const parts = split(path);

  // Sign-in and registration are open to visitors of a private marketplace too.
  if (path === '/signin' || path === '/register') {
    if (ctx.signedIn) {
      const returnTo = new URLSearchParams(stripQ(search)).get('returnTo');
      return { kind: 'redirect', to: safeReturnTo(returnTo), reason: 'signedIn' };
    }
    return { kind: 'route', match: matchPath(path, search)! };
  }
  // A signed-out visitor of a private marketplace sees nothing but the sign-in page.
  if (!ctx.signedIn && !ctx.isPublic) return { kind: 'redirect', to: signInPath(here), reason: 'signIn' };

  if (path === '/') {
    const to = landingRedirect(ctx.landing);
    if (to) return { kind: 'redirect', to, reason: 'landing' };
  }
  // Bare search path -> the all tab, keeping the query string.
  if (path === '/advancedSearchResults') {
    return { kind: 'redirect', to: withSearch('/advancedSearchResults/all', search), reason: 'searchTab' };
  }
  if (parts[0] === 'productDetails') {
    // Bare product path (with or without version) -> overview.
    if (parts.length === 2 || (parts.length === 4 && parts[2] === 'version')) {
      return { kind: 'redirect', to: withSearch(`${path}/overview`, search), reason: 'productOverview' };
    }
    const base = parts[2] === 'version' ? 4 : 2;
    // A resource without its tab -> methods, the default tab.
    if (parts[base] === 'resources' && parts.length === base + 2) {
      return { kind: 'redirect', to: withSearch(`${path}/methods`, search), reason: 'resourceMethods' };
    }
    if (!ctx.ratingsEnabled && parts[base] === 'ratings') {
      const overview = '/' + parts.slice(0, base).join('/') + '/overview';
      return { kind: 'redirect', to: overview, reason: 'ratingsDisabled' };
    }
  }
  // Application index -> its credentials.
  if (parts[0] === 'applications' && parts.length === 2) {
    return { kind: 'redirect', to: withSearch(`${path}/credentials`, search), reason: 'applicationCredentials' };
  }
  if (path === '/consumer-insights') {
    return { kind: 'redirect', to: '/consumer-insights/health', reason: 'insightsHealth' };
  }

  const match = matchPath(path, search);
  if (!match) return { kind: 'redirect', to: '/', reason: 'unknown' };
  if (!ctx.signedIn && requiresSignIn(path)) return { kind: 'redirect', to: signInPath(here), reason: 'signIn' };
  return { kind: 'route', match };
}

export interface Resolved {
  match: RouteMatch;
  /** Set when the address must be replaced by match's location. */
  redirected: boolean;
  /** Path + query to show in the address bar. */
  location: string;
}

/** Follows redirects to the route to show. Redirect chains are short; the cap guards a bad config. */
export function resolveRoute(location: string, ctx: RouteContext): Resolved {
  let [path, search] = splitLocation(location);
  let redirected = false;
  for (let i = 0; i < 8; i++) {
    const step = resolveStep(path, search, ctx);
    if (step.kind === 'route') return { match: step.match, redirected, location: withSearch(path, search) };
    redirected = true;
    [path, search] = splitLocation(step.to);
  }
  // A configuration that loops (never expected) falls back to the product list.
  const fallback = matchPath('/browseProducts')!;
  return { match: fallback, redirected: true, location: '/browseProducts' };
}

/** '/a/b?x=1#h' -> ['/a/b', 'x=1'] (the fragment is dropped; hash mode carries the route in it). */
export function splitLocation(location: string): [string, string] {
  const noHash = location.split('#')[0] ?? '';
  const i = noHash.indexOf('?');
  const path = i < 0 ? noHash : noHash.slice(0, i);
  const search = i < 0 ? '' : noHash.slice(i + 1);
  return [path || '/', search];
}

/** Spec 2: the profiles tab exists only when the application has a profile; otherwise credentials. */
export function profilesRedirect(applicationId: string, profileCount: number): string | null {
  return profileCount > 0 ? null : href('application.credentials', { applicationId });
}

/** Reference targets of the AI assistant (spec 3 §2.6), built from the same shapes. */
export const referenceHref = {
  product: (productId: string) => href('product.overview', { productId }),
  /** With an operation's ordinal, the explorer opens at that operation. */
  resource: (productId: string, versionId: string, resourceId: string, operation?: number) =>
    href('product.resource', { productId, versionId, resourceId, tab: 'methods' }, operation === undefined ? undefined : { [OPERATION_PARAM]: String(operation) }),
  /** The document at its section (default the first) and article, when given. */
  article: (productId: string, versionId: string, documentId: string, sectionIdx = 0, articleId?: string) =>
    href('product.docViewer', { productId, versionId, documentId, sectionIdx: String(sectionIdx), ...(articleId ? { articleId } : {}) }),
  documents: (productId: string, versionId: string) => href('product.docs', { productId, versionId }),
};
