// Top navigation entries (spec 1 §2 "Navigation"), as pure functions of the site settings and the
// visitor. The shell renders what these return; the side navigation's are in sideNavigation.ts.
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
