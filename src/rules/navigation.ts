// Top and side navigation entries (spec 1 §2 "Navigation"), as pure functions of the site
// settings and the visitor. The shell renders what these return.
import { matchPath, type RouteName } from './routes.ts';

/** One configured top-bar entry (settings.nav_items). */
export interface NavItemSetting {
  url: string;
  text: string;
  new_tab?: boolean;
  /** Who sees the entry: everyone (default), only signed-in users, or only visitors. */
  visibility?: string | null;
  default?: boolean;
}

export interface NavSettings {
  landing?: { enabled?: boolean } | null;
  categories?: { enabled?: boolean } | null;
  nav_items?: NavItemSetting[] | null;
}

export type BuiltInNav = 'home' | 'products' | 'categories' | 'applications';

export interface NavEntry {
  /** Stable id, for keys and tests. */
  id: string;
  /** Set for the built-in entries: the label is the message `shell.nav.<builtIn>`. */
  builtIn?: BuiltInNav;
  /** The configured text of a configured entry. */
  text?: string;
  /** A portal path (route) or, when external, an absolute url. */
  href: string;
  external: boolean;
  newTab: boolean;
  /** The route family the entry stands for, to mark the current entry. */
  section: BuiltInNav | null;
}

const BUILT_IN_PATHS: Record<BuiltInNav, string> = {
  home: '/',
  products: '/browseProducts',
  categories: '/categories',
  applications: '/applications',
};

/** Configured urls that end in these paths stand for the built-in routes. */
const SUFFIXES: Array<[BuiltInNav, RegExp]> = [
  ['products', /\/(browseProducts|products)\/?$/i],
  ['categories', /\/categories\/?$/i],
  ['applications', /\/applications\/?$/i],
  ['home', /\/home\/?$/i],
];

export function builtInOf(url: string): BuiltInNav | null {
  const bare = url.split(/[?#]/)[0] ?? '';
  if (bare === '') return null;
  if (bare === '/') return 'home';
  for (const [id, re] of SUFFIXES) if (re.test(bare)) return id;
  return null;
}

const SIGNED_IN_VISIBILITY = ['authenticated', 'signedin', 'signed_in', 'loggedin', 'private'];
const SIGNED_OUT_VISIBILITY = ['anonymous', 'unauthenticated', 'signedout', 'signed_out', 'visitor', 'public_only'];

function visibleTo(item: NavItemSetting, signedIn: boolean): boolean {
  const v = (item.visibility ?? '').toLowerCase();
  if (SIGNED_IN_VISIBILITY.includes(v)) return signedIn;
  if (SIGNED_OUT_VISIBILITY.includes(v)) return !signedIn;
  return true;
}

function builtIn(id: BuiltInNav): NavEntry {
  return { id, builtIn: id, href: BUILT_IN_PATHS[id], external: false, newTab: false, section: id };
}

/** The entries of the top bar, in order. */
export function topNavigation(settings: NavSettings, signedIn: boolean): NavEntry[] {
  const configured = (settings.nav_items ?? []).filter((i) => i && typeof i.url === 'string' && visibleTo(i, signedIn));
  const replaceBuiltIns = configured.some((i) => i.default === true);
  const entries: NavEntry[] = [];
  if (!replaceBuiltIns) {
    if (settings.landing?.enabled) entries.push(builtIn('home'));
    entries.push(builtIn('products'));
    if (settings.categories?.enabled) entries.push(builtIn('categories'));
    if (signedIn) entries.push(builtIn('applications'));
  }
  configured.forEach((item, index) => {
    const mapped = builtInOf(item.url);
    entries.push(mapped
      ? { id: `nav-${index}`, text: item.text, href: BUILT_IN_PATHS[mapped], external: false, newTab: false, section: mapped }
      : { id: `nav-${index}`, text: item.text, href: item.url, external: true, newTab: Boolean(item.new_tab), section: null });
  });
  return entries;
}

/** Which top-bar family a route belongs to (for the current-entry mark and the disabled dropdown entry). */
export function sectionOf(route: RouteName | null): BuiltInNav | null {
  if (!route) return null;
  if (route === 'home') return 'home';
  if (route === 'categories' || route === 'category') return 'categories';
  if (route.startsWith('application')) return 'applications';
  if (route === 'browseProducts' || route === 'search' || route.startsWith('product.')) return 'products';
  return null;
}

export function sectionOfPath(path: string): BuiltInNav | null {
  return sectionOf(matchPath(path)?.name ?? null);
}

export type SideNavId =
  | 'home' | 'applications' | 'subscriptions' | 'credentials' | 'registrations' | 'approvals' | 'insights'
  | 'insights.health' | 'insights.appUsage' | 'insights.traffic' | 'insights.compliance';

export interface SideNavEntry {
  id: SideNavId;
  href: string;
  children?: SideNavEntry[];
}

export interface SideNavContext {
  /** settings.consumer: credentials and access requests exist only on a consumer-enabled portal. */
  consumerEnabled: boolean;
  /** The consumer role check of spec 3 §6 (administrator, Consumer, or consumer-like team roles). */
  isConsumer: boolean;
  /** A provider Administrator (roles.ts isProviderAdministrator): the approvals queue is theirs. */
  isProviderAdministrator?: boolean;
}

/** Side navigation: Home, Applications, Subscriptions, Credentials, Access Requests, Approvals (provider
 * Administrators), Consumer Insights. */
export function sideNavigation(ctx: SideNavContext): SideNavEntry[] {
  const consumerEntries = ctx.consumerEnabled && ctx.isConsumer;
  const entries: SideNavEntry[] = [
    { id: 'home', href: '/' },
    { id: 'applications', href: '/applications' },
    { id: 'subscriptions', href: '/subscriptions' },
  ];
  if (consumerEntries) {
    entries.push({ id: 'credentials', href: '/credentials' }, { id: 'registrations', href: '/registrations' });
  }
  if (ctx.isProviderAdministrator) entries.push({ id: 'approvals', href: '/approvals' });
  entries.push({
    id: 'insights',
    href: '/consumer-insights/health',
    children: [
      { id: 'insights.health', href: '/consumer-insights/health' },
      { id: 'insights.appUsage', href: '/consumer-insights/app-usage' },
      { id: 'insights.traffic', href: '/consumer-insights/traffic' },
      { id: 'insights.compliance', href: '/consumer-insights/subscription-compliance' },
    ],
  });
  return entries;
}

/** The side entry a route belongs to. */
export function sideNavOf(route: RouteName | null): SideNavId | null {
  if (!route) return null;
  if (route === 'home') return 'home';
  if (route === 'applications' || route.startsWith('application.')) return 'applications';
  if (route === 'subscriptions' || route === 'subscription') return 'subscriptions';
  if (route === 'credentials' || route === 'credential') return 'credentials';
  if (route === 'registrations' || route === 'registration' || route === 'registrationCreate') return 'registrations';
  if (route === 'approvals') return 'approvals';
  if (route === 'insights.transaction') return 'insights.traffic';
  if (route.startsWith('insights.')) return route as SideNavId;
  return null;
}
