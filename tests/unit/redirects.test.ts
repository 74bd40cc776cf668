// The route table and every redirect rule of the three spec documents, as pure functions.
import { describe, expect, it } from 'vitest';
import {
  href, landingRedirect, matchPath, profilesRedirect, referenceHref, requiresSignIn, resolveRoute, ROUTES,
  registerPath, safeReturnTo, signInPath, type RouteContext,
} from '../../src/rules/routes.ts';
import { REDIRECT_CASES, ROUTE_CASES } from './routes.cases.ts';

/** Pages a visitor uses to get in: open on a private marketplace, left once signed in. */
const ACCOUNT_PAGES = ['/signin', '/register'];

const publicSite = (over: Partial<RouteContext> = {}): RouteContext => ({
  signedIn: false,
  isPublic: true,
  landing: { enabled: true, default_page: null },
  ratingsEnabled: true,
  ...over,
});

describe('route shapes', () => {
  it.each(ROUTE_CASES)('$path is $name', ({ path, name, params }) => {
    const match = matchPath(path);
    expect(match?.name).toBe(name);
    expect(match?.params).toEqual(params);
  });

  it('covers every route name of the table', () => {
    const named = new Set(ROUTE_CASES.map((c) => c.name));
    expect([...new Set(ROUTES.map((r) => r.name))].filter((n) => !named.has(n))).toEqual([]);
  });

  it.each(ROUTE_CASES)('href builds $path back from its parameters', ({ path, name, params }) => {
    expect(href(name, params)).toBe(path);
  });

  it('decodes and encodes parameters', () => {
    expect(matchPath('/categories/a%20b%2Fc')?.params).toEqual({ categoryId: 'a b/c' });
    expect(href('category', { categoryId: 'a b/c' })).toBe('/categories/a%20b%2Fc');
    expect(matchPath('/categories/%E0%A4%A')).toBeNull();
  });

  it('adds repeated query keys', () => {
    expect(href('subscriptions', {}, { product: 'p-1', state: ['active', 'archived'], x: undefined }))
      .toBe('/subscriptions?product=p-1&state=active&state=archived');
  });

  it('builds the assistant reference targets of spec 3 §2.6', () => {
    expect(referenceHref.product('p')).toBe('/productDetails/p/overview');
    expect(referenceHref.resource('p', 'v', 'r')).toBe('/productDetails/p/version/v/resources/r/methods');
    expect(referenceHref.article('p', 'v', 'd')).toBe('/productDetails/p/version/v/docs/viewer/d/0');
    expect(referenceHref.article('p', 'v', 'd', 2, 'a7')).toBe('/productDetails/p/version/v/docs/viewer/d/2/a7');
    expect(referenceHref.resource('p', 'v', 'r', 4)).toBe('/productDetails/p/version/v/resources/r/methods?operation=4');
    expect(referenceHref.documents('p', 'v')).toBe('/productDetails/p/version/v/docs');
  });
});

describe('redirects', () => {
  it.each(REDIRECT_CASES)('$from -> $to', ({ from, to, signedIn }) => {
    const resolved = resolveRoute(from, publicSite({ signedIn: !!signedIn }));
    expect(resolved.redirected).toBe(true);
    expect(resolved.location).toBe(to);
  });

  it.each(ROUTE_CASES.filter((c) => !ACCOUNT_PAGES.includes(c.path)))('$path shows without a redirect when signed in', ({ path, name }) => {
    const resolved = resolveRoute(path, publicSite({ signedIn: true }));
    expect(resolved.redirected).toBe(false);
    expect(resolved.match.name).toBe(name);
  });

  it('keeps the query string and drops nothing on a plain route', () => {
    const resolved = resolveRoute('/browseProducts?search=pets&page=2', publicSite());
    expect(resolved.redirected).toBe(false);
    expect(resolved.match.search).toBe('search=pets&page=2');
  });
});

describe('sign-in rules', () => {
  it('opens the register page to visitors, of a private marketplace too, and leaves it for returnTo once signed in', () => {
    expect(resolveRoute('/register', publicSite({ isPublic: false })).match.name).toBe('register');
    expect(resolveRoute('/register?returnTo=%2Fcredentials', publicSite({ signedIn: true })).location).toBe('/credentials');
    expect(registerPath('/productDetails/p1/overview')).toBe('/register?returnTo=%2FproductDetails%2Fp1%2Foverview');
    expect(registerPath('/register?returnTo=/x')).toBe('/register');
  });

  it.each(ROUTE_CASES.filter((c) => c.signIn))('$path needs sign-in on a public marketplace', ({ path }) => {
    expect(requiresSignIn(path)).toBe(true);
    const resolved = resolveRoute(`${path}?x=1`, publicSite());
    expect(resolved.match.name).toBe('signin');
    expect(new URLSearchParams(resolved.location.split('?')[1]).get('returnTo')).toBe(`${path}?x=1`);
  });

  it.each(ROUTE_CASES.filter((c) => !c.signIn && !ACCOUNT_PAGES.includes(c.path)))('$path is open to visitors of a public marketplace', ({ path, name }) => {
    expect(resolveRoute(path, publicSite()).match.name).toBe(name);
  });

  it('sends every visitor of a private marketplace to sign-in, coming back afterwards', () => {
    for (const { path } of ROUTE_CASES.filter((c) => !ACCOUNT_PAGES.includes(c.path) && c.path !== '/')) {
      const resolved = resolveRoute(path, publicSite({ isPublic: false }));
      expect(resolved.match.name).toBe('signin');
      expect(resolved.location).toBe(`/signin?returnTo=${encodeURIComponent(path)}`);
    }
    expect(resolveRoute('/', publicSite({ isPublic: false })).location).toBe('/signin');
  });

  it('leaves the sign-in page for returnTo once signed in', () => {
    expect(resolveRoute('/signin?returnTo=%2Fcredentials', publicSite({ signedIn: true })).location).toBe('/credentials');
    expect(resolveRoute('/signin', publicSite({ signedIn: true })).location).toBe('/');
  });

  it('never follows a returnTo outside the portal', () => {
    expect(safeReturnTo('https://evil.example/')).toBe('/');
    expect(safeReturnTo('//evil.example/')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/signin?returnTo=/x')).toBe('/');
    expect(safeReturnTo('/applications?x=1')).toBe('/applications?x=1');
    expect(safeReturnTo(undefined)).toBe('/');
  });

  it("follows a returnTo to a host page of the page's own origin only", () => {
    const origin = 'https://cms.example';
    expect(safeReturnTo('https://cms.example/pricing.html?x=1#plans', origin)).toBe('https://cms.example/pricing.html?x=1#plans');
    expect(safeReturnTo('https://evil.example/pricing.html', origin)).toBe('/');
    expect(safeReturnTo('https://cms.example.evil.example/', origin)).toBe('/');
    expect(safeReturnTo('https://user:pw@cms.example/', origin)).toBe('/');
    expect(safeReturnTo('javascript:alert(1)', origin)).toBe('/');
    expect(safeReturnTo('https://cms.example/pricing.html')).toBe('/');
    expect(signInPath('https://cms.example/pricing.html', origin)).toBe('/signin?returnTo=https%3A%2F%2Fcms.example%2Fpricing.html');
  });
});

describe('landing rules (spec 1 §2 "/")', () => {
  it('shows home when the landing page is enabled', () => {
    expect(landingRedirect({ enabled: true, default_page: null })).toBeNull();
    expect(resolveRoute('/', publicSite()).match.name).toBe('home');
  });

  it('goes to /browseProducts when landing is disabled and no default page is set', () => {
    expect(landingRedirect({ enabled: false, default_page: null })).toBe('/browseProducts');
    expect(landingRedirect({ enabled: false })).toBe('/browseProducts');
    expect(landingRedirect({ enabled: false, default_page: { url: '' } })).toBe('/browseProducts');
  });

  it('goes to /categories when that is the default page, landing on or off', () => {
    expect(landingRedirect({ enabled: true, default_page: { url: '/categories' } })).toBe('/categories');
    expect(landingRedirect({ enabled: false, default_page: { url: '/categories' } })).toBe('/categories');
    expect(landingRedirect({ enabled: false, default_page: { url: 'https://portal.example/categories/' } })).toBe('/categories');
    const resolved = resolveRoute('/', publicSite({ landing: { enabled: true, default_page: { url: '/categories' } } }));
    expect(resolved.location).toBe('/categories');
  });

  it('goes to /documents/{docId} for a default page naming a document while landing is disabled', () => {
    expect(landingRedirect({ enabled: false, default_page: { url: '/documents/d-9' } })).toBe('/documents/d-9');
    expect(landingRedirect({ enabled: false, default_page: { url: 'https://docs.example/x', docId: 'd-9' } })).toBe('/documents/d-9');
    expect(resolveRoute('/', publicSite({ landing: { enabled: false, default_page: { url: '/documents/d-9' } } })).match)
      .toMatchObject({ name: 'document', params: { docId: 'd-9' } });
  });

  it('shows home when landing is enabled, whatever other default page is set', () => {
    expect(landingRedirect({ enabled: true, default_page: { url: '/documents/d-9' } })).toBeNull();
    expect(landingRedirect({ enabled: true, default_page: { url: 'https://x.example' } })).toBeNull();
  });

  it('an unknown path ends on the landing route, with its rules applied', () => {
    expect(resolveRoute('/nowhere', publicSite({ landing: { enabled: false, default_page: null } })).location).toBe('/browseProducts');
  });
});

describe('data-dependent rules', () => {
  it('sends ratings routes to the overview when ratings are off', () => {
    const off = publicSite({ ratingsEnabled: false });
    expect(resolveRoute('/productDetails/p-1/ratings', off).location).toBe('/productDetails/p-1/overview');
    expect(resolveRoute('/productDetails/p-1/version/v-2/ratings/review', off).location).toBe('/productDetails/p-1/version/v-2/overview');
  });

  it('sends profiles to credentials when the application has no profile', () => {
    expect(profilesRedirect('a-1', 0)).toBe('/applications/a-1/credentials');
    expect(profilesRedirect('a-1', 2)).toBeNull();
  });
});
