// The portal's address handling (history mode under a base path, hash mode) and the navigation
// entries of spec 1 §2 "Navigation".
import { afterEach, describe, expect, it } from 'vitest';
import { createPortalHistory, fromHash, joinBase, normalizeBase, stripBase } from '../../src/router/history.ts';
import { builtInOf, sectionOf, topNavigation, type NavItemSetting } from '../../src/rules/navigation.ts';
import { sideNavigation, sideNavOf } from '../../src/rules/sideNavigation.ts';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('history mode', () => {
  it('maps paths under the base path to routes and back', () => {
    expect(normalizeBase('/portal/')).toBe('/portal');
    expect(normalizeBase('/')).toBe('');
    expect(normalizeBase('portal')).toBe('/portal');
    expect(stripBase('/portal/categories', '/portal')).toBe('/categories');
    expect(stripBase('/portal', '/portal')).toBe('/');
    expect(stripBase('/portalx/a', '/portal')).toBe('/');
    expect(stripBase('/categories', '')).toBe('/categories');
    expect(joinBase('/portal', '/categories?x=1')).toBe('/portal/categories?x=1');
    expect(joinBase('/portal', '/')).toBe('/portal/');
    expect(joinBase('', '/categories')).toBe('/categories');
  });

  it('pushes and replaces real paths, keeping the section anchor', () => {
    const history = createPortalHistory('history', '/portal');
    history.push('/browseProducts?search=pets');
    expect(window.location.pathname).toBe('/portal/browseProducts');
    expect(history.read()).toBe('/browseProducts?search=pets');
    history.replace('/subscriptions/s-1#usage');
    expect(history.read()).toBe('/subscriptions/s-1#usage');
    expect(history.href('/categories')).toBe('/portal/categories');
  });

  it('hears back and forward', async () => {
    const history = createPortalHistory('history', '');
    const seen: string[] = [];
    const stop = history.listen(() => seen.push(history.read()));
    history.push('/a');
    history.push('/b');
    window.dispatchEvent(new PopStateEvent('popstate'));
    stop();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(seen).toEqual(['/b']);
  });
});

describe('hash mode', () => {
  it('keeps the route in the fragment and leaves the page path alone', () => {
    window.history.replaceState(null, '', '/cms/page.html');
    const history = createPortalHistory('hash', null);
    expect(history.read()).toBe('/');
    history.push('/productDetails/p-1/overview?x=1');
    expect(window.location.pathname).toBe('/cms/page.html');
    expect(window.location.hash).toBe('#/productDetails/p-1/overview?x=1');
    expect(history.read()).toBe('/productDetails/p-1/overview?x=1');
    expect(history.href('/categories')).toBe('#/categories');
    history.replace('/categories');
    expect(window.location.href.endsWith('/cms/page.html#/categories')).toBe(true);
  });

  it('reads routes from any hash form', () => {
    expect(fromHash('')).toBe('/');
    expect(fromHash('#')).toBe('/');
    expect(fromHash('#categories')).toBe('/categories');
    expect(fromHash('#/subscriptions/s-1#usage')).toBe('/subscriptions/s-1#usage');
  });
});

describe('top navigation', () => {
  const base = { landing: { enabled: true }, categories: { enabled: true }, nav_items: [] as NavItemSetting[] };
  const ids = (entries: ReturnType<typeof topNavigation>) => entries.map((e) => e.builtIn ?? e.text);

  it('shows Home only with the landing page, Categories only when shown, Applications only when signed in', () => {
    expect(ids(topNavigation(base, false))).toEqual(['home', 'products', 'categories']);
    expect(ids(topNavigation(base, true))).toEqual(['home', 'products', 'categories', 'applications']);
    expect(ids(topNavigation({ ...base, landing: { enabled: false } }, false))).toEqual(['products', 'categories']);
    expect(ids(topNavigation({ ...base, categories: { enabled: false } }, true))).toEqual(['home', 'products', 'applications']);
  });

  it('adds configured entries after the built-in ones', () => {
    const entries = topNavigation({ ...base, nav_items: [{ url: 'https://blog.example', text: 'Blog', new_tab: true, visibility: 'all', default: false }] }, false);
    expect(ids(entries)).toEqual(['home', 'products', 'categories', 'Blog']);
    expect(entries[3]).toMatchObject({ href: 'https://blog.example', external: true, newTab: true });
  });

  it('replaces the built-in entries when a configured one is marked default', () => {
    const nav_items: NavItemSetting[] = [
      { url: '/browseProducts', text: 'APIs', new_tab: false, visibility: 'all', default: true },
      { url: 'https://portal.example/applications', text: 'My apps', new_tab: true, visibility: 'all', default: false },
      { url: 'https://help.example', text: 'Help', new_tab: false, visibility: 'all', default: false },
    ];
    const entries = topNavigation({ ...base, nav_items }, true);
    expect(ids(entries)).toEqual(['APIs', 'My apps', 'Help']);
    // Configured urls ending in a built-in path map to that route (and never open a new tab).
    expect(entries[0]).toMatchObject({ href: '/browseProducts', external: false, section: 'products' });
    expect(entries[1]).toMatchObject({ href: '/applications', external: false, newTab: false, section: 'applications' });
    expect(entries[2]).toMatchObject({ href: 'https://help.example', external: true, newTab: false });
  });

  it('maps home, categories, applications and products paths', () => {
    expect(builtInOf('/')).toBe('home');
    expect(builtInOf('https://x.example/portal/home')).toBe('home');
    expect(builtInOf('/categories/')).toBe('categories');
    expect(builtInOf('https://x.example/applications?x=1')).toBe('applications');
    expect(builtInOf('/products')).toBe('products');
    expect(builtInOf('/browseProducts')).toBe('products');
    expect(builtInOf('https://x.example/')).toBeNull();
    expect(builtInOf('https://x.example/docs')).toBeNull();
  });

  it('honours the visibility of configured entries', () => {
    const nav_items: NavItemSetting[] = [
      { url: 'https://a.example', text: 'Members', new_tab: false, visibility: 'authenticated', default: false },
      { url: 'https://b.example', text: 'Join', new_tab: false, visibility: 'unauthenticated', default: false },
    ];
    expect(ids(topNavigation({ ...base, nav_items }, true))).toContain('Members');
    expect(ids(topNavigation({ ...base, nav_items }, true))).not.toContain('Join');
    expect(ids(topNavigation({ ...base, nav_items }, false))).toContain('Join');
    expect(ids(topNavigation({ ...base, nav_items }, false))).not.toContain('Members');
  });

  it('marks the family of the current route', () => {
    expect(sectionOf('product.resource')).toBe('products');
    expect(sectionOf('search')).toBe('products');
    expect(sectionOf('category')).toBe('categories');
    expect(sectionOf('application.credentials')).toBe('applications');
    expect(sectionOf('home')).toBe('home');
    expect(sectionOf('subscriptions')).toBeNull();
  });
});

describe('side navigation', () => {
  it('lists Home, Applications, Subscriptions, Credentials, Access Requests and Consumer Insights with its sub-pages', () => {
    const entries = sideNavigation({ consumerEnabled: true, isConsumer: true });
    expect(entries.map((e) => e.id)).toEqual(['home', 'applications', 'subscriptions', 'credentials', 'registrations', 'insights']);
    expect(entries.at(-1)!.children!.map((c) => c.href)).toEqual([
      '/consumer-insights/health', '/consumer-insights/app-usage', '/consumer-insights/traffic', '/consumer-insights/subscription-compliance',
    ]);
  });

  it('shows credentials and access requests only to consumers on a consumer-enabled portal', () => {
    expect(sideNavigation({ consumerEnabled: false, isConsumer: true }).map((e) => e.id)).not.toContain('credentials');
    expect(sideNavigation({ consumerEnabled: true, isConsumer: false }).map((e) => e.id)).not.toContain('registrations');
  });

  it('shows the approvals queue to provider Administrators only', () => {
    expect(sideNavigation({ consumerEnabled: true, isConsumer: true }).map((e) => e.id)).not.toContain('approvals');
    const ids = sideNavigation({ consumerEnabled: true, isConsumer: true, isProviderAdministrator: true }).map((e) => e.id);
    expect(ids.indexOf('approvals')).toBe(ids.indexOf('registrations') + 1);
    expect(sideNavOf('approvals')).toBe('approvals');
  });

  it('marks the entry of the current route', () => {
    expect(sideNavOf('application.profile')).toBe('applications');
    expect(sideNavOf('registrationCreate')).toBe('registrations');
    expect(sideNavOf('insights.transaction')).toBe('insights.traffic');
    expect(sideNavOf('insights.compliance')).toBe('insights.compliance');
    expect(sideNavOf('browseProducts')).toBeNull();
  });
});
