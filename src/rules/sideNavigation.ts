// Side navigation entries of signed-in users (spec 1 §2 "Navigation"), as pure functions of the
// site settings and the user's roles. Apart from the top navigation (navigation.ts) because only
// the side navigation's and the small-screen menu's lazy chunks need them.
import type { RouteName } from './routes.ts';

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
