// Page-level configuration, the kept session and the locale cookie (spec 1 §1).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agoraStore, announceSession, configure, forceSignIn, onSignedInElsewhere, setTokens, tokensFrom } from '../../src/state/store.ts';
import { tokenSubject } from '../../src/state/token.ts';
import { localeCookie, readLocaleCookie, toLocale } from '../../src/i18n/intl.ts';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { installPageApi } from '../../src/elements/page.ts';

afterEach(() => {
  setTokens(null);
  configure({ apiBase: '/api/v1', tenant: null, locale: null, portalUrl: null });
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('configure', () => {
  it('defaults to /api/v1 and changes only what it is given', () => {
    expect(agoraStore.getState().config).toEqual({ apiBase: '/api/v1', tenant: null, locale: null, portalUrl: null });
    configure({ tenant: 'org-1' });
    configure({ locale: 'de-DE', apiBase: undefined });
    expect(agoraStore.getState().config).toEqual({ apiBase: '/api/v1', tenant: 'org-1', locale: 'de-DE', portalUrl: null });
  });

  it('is window.Agora.configure, installed once', () => {
    const api = installPageApi()!;
    expect(window.Agora).toBe(api);
    expect(installPageApi()).toBe(api);
    window.Agora!.configure({ apiBase: 'https://market.example/api/v1' });
    expect(agoraStore.getState().config.apiBase).toBe('https://market.example/api/v1');
  });
});

describe('one registry per page', () => {
  it('is shared by a second copy of the bundle (a fresh module instance): same store, same restore', async () => {
    vi.resetModules();
    const copy = await import('../../src/state/store.ts');
    expect(copy.agoraStore).toBe(agoraStore);
    copy.configure({ locale: 'fr-FR' });
    expect(agoraStore.getState().config.locale).toBe('fr-FR');
    setTokens(tokensFrom({ accessToken: 'a', expiresIn: 60 }));
    expect(copy.agoraStore.getState().tokens?.accessToken).toBe('a');
    const restore = copy.restoreOnce(async () => undefined);
    expect(copy.sessionRestored()).toBe(restore);
    // Kept on globalThis under the registered symbol, out of the page's enumerable globals.
    expect(Object.getOwnPropertySymbols(globalThis)).toContain(Symbol.for(copy.PAGE_REGISTRY));
    expect(Object.keys(globalThis)).not.toContain(copy.PAGE_REGISTRY);
  });
});

describe('portal links (portalOf)', () => {
  it('take portal-url or portalUrl first, else the origin of an absolute api-base, else this page', async () => {
    const { portalOf } = await import('../../src/api/context.ts');
    expect(portalOf('https://portal.example.com/dev/', 'https://api.example.com/api/v1')).toBe('https://portal.example.com/dev');
    expect(portalOf(null, 'https://market.example.com:8443/api/v1')).toBe('https://market.example.com:8443');
    expect(portalOf('  ', 'http://127.0.0.1:8080/api/v1')).toBe('http://127.0.0.1:8080');
    expect(portalOf(null, '/api/v1')).toBe('');
    expect(portalOf('/', '/api/v1')).toBe('');
  });
});

describe('session tokens', () => {
  it('are kept in memory only, never in storage', () => {
    setTokens(tokensFrom({ accessToken: 'a', refreshToken: 'r', expiresIn: 60 }, 1_000));
    expect(agoraStore.getState().tokens).toEqual({ accessToken: 'a', refreshToken: 'r', expiresAt: 61_000 });
    expect(window.Agora?.signedIn() ?? installPageApi()!.signedIn()).toBe(true);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([]);
    // A refresh token sent into the cookie is not in the answer: none is held here.
    expect(tokensFrom({ accessToken: 'a', expiresIn: 60 }, 0)).toEqual({ accessToken: 'a', refreshToken: null, expiresAt: 60_000 });
  });

  it('left in localStorage by an older bundle are removed when the page loads', async () => {
    localStorage.setItem('agora-session', JSON.stringify({ accessToken: 'x', refreshToken: 'y', expiresAt: 5 }));
    vi.resetModules();
    const fresh = await import('../../src/state/store.ts');
    expect(localStorage.getItem('agora-session')).toBeNull();
    expect(fresh.agoraStore.getState().tokens).toBeNull();
  });

  it('a host page can hand the elements its own access token (memory only, no refresh token)', () => {
    const page = window.Agora ?? installPageApi()!;
    page.setAccessToken('host-token');
    expect(agoraStore.getState().tokens).toEqual({ accessToken: 'host-token', refreshToken: null, expiresAt: 0 });
    page.setAccessToken(null);
    expect(agoraStore.getState().tokens).toBeNull();
  });

  it('are forgotten, and a new sign-in asked for, when a refresh fails', () => {
    setTokens(tokensFrom({ accessToken: 'a', refreshToken: 'r', expiresIn: 60 }));
    forceSignIn();
    expect(agoraStore.getState().tokens).toBeNull();
    expect(agoraStore.getState().sessionExpired).toBe(true);
    expect(localStorage.getItem('agora-session')).toBeNull();
    // Signing in again ends the notice.
    setTokens(tokensFrom({ accessToken: 'b', refreshToken: 's', expiresIn: 60 }));
    expect(agoraStore.getState().sessionExpired).toBe(false);
  });

  it('follow another tab signing in or out, told by a broadcast that carries no token', async () => {
    const otherTab = new BroadcastChannel('agora-session');
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    const signedInThere = vi.fn();
    onSignedInElsewhere(signedInThere);
    try {
      otherTab.postMessage('signed-in');
      await vi.waitFor(() => expect(signedInThere).toHaveBeenCalledTimes(1));
      setTokens(tokensFrom({ accessToken: 'a', expiresIn: 60 }));
      otherTab.postMessage('signed-out');
      await vi.waitFor(() => expect(agoraStore.getState().tokens).toBeNull());
      announceSession('signed-out');
      await vi.waitFor(() => expect(heard).toEqual(['signed-out']));
    } finally {
      otherTab.close();
    }
  });

  it('tell users apart by the subject of the access token', () => {
    const payload = btoa(JSON.stringify({ sub: 'user-42' })).replace(/=+$/, '');
    expect(tokenSubject(`h.${payload}.s`)).toBe('user-42');
    expect(tokenSubject('not-a-jwt')).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });
});

describe('locale', () => {
  it('is kept in a cookie for 365 days, SameSite=Lax', () => {
    expect(localeCookie('fr-FR')).toBe(`${LOCALE_COOKIE}=fr-FR; Max-Age=31536000; Path=/; SameSite=Lax`);
    document.cookie = localeCookie('pt-BR');
    expect(readLocaleCookie()).toBe('pt-BR');
    expect(readLocaleCookie('a=b; agora-locale=de-DE')).toBe('de-DE');
    expect(readLocaleCookie('agora-locale=xx-YY')).toBeNull();
    expect(readLocaleCookie('')).toBeNull();
  });

  it('accepts the usual spellings of the four locales only', () => {
    expect(toLocale('fr')).toBe('fr-FR');
    expect(toLocale('pt_br')).toBe('pt-BR');
    expect(toLocale('DE-de')).toBe('de-DE');
    expect(toLocale('en')).toBe('en-US');
    expect(toLocale('es-ES')).toBeNull();
    expect(toLocale('')).toBeNull();
  });
});


describe('message formatting without the full ICU library', () => {
  it('formats arguments, numbers, plurals with # and =n, and select', async () => {
    const { parse } = await import('@formatjs/icu-messageformat-parser');
    const { formatIcu, isNative } = await import('../../src/i18n/icu.ts');
    const f = (text: string, values: Record<string, unknown>, locale = 'en-US') => {
      const tree = parse(text) as never;
      expect(isNative(tree)).toBe(true);
      return formatIcu(tree, values, locale);
    };
    const products = '{count, plural, =0 {No products} one {# product} other {# products}}';
    expect(f(products, { count: 0 })).toBe('No products');
    expect(f(products, { count: 1 })).toBe('1 product');
    expect(f(products, { count: 1234 })).toBe('1,234 products');
    expect(f(products, { count: 2 }, 'fr-FR')).toBe('2 products');
    expect(f('{n, plural, one {# produit} other {# produits}}', { n: 1.5 }, 'fr-FR')).toBe('1,5 produit');
    expect(f('{state, select, active {Active} other {Other}} for {name}', { state: 'active', name: 'Ann' })).toBe('Active for Ann');
    expect(f('{state, select, active {Active} other {Other}}', { state: 'weird' })).toBe('Other');
    expect(f('{ratio, number, percent} done', { ratio: 0.25 })).toBe('25% done');
    expect(f('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 22 })).toBe('22nd');
  });

  it('leaves skeletons, dates and tags to the full formatter', async () => {
    const { parse } = await import('@formatjs/icu-messageformat-parser');
    const { isNative, isPlainText } = await import('../../src/i18n/icu.ts');
    expect(isNative(parse('{d, date, short}') as never)).toBe(false);
    expect(isNative(parse('{n, number, ::currency/EUR}') as never)).toBe(false);
    expect(isNative(parse('<b>bold</b>') as never)).toBe(false);
    expect(isPlainText('Hello {name}, {count} new')).toBe(true);
    expect(isPlainText('{count, plural, other {#}}')).toBe(false);
    expect(isPlainText("It's {x}")).toBe(false);
    expect(isPlainText("The product version doesn't exist")).toBe(true);
  });
});
