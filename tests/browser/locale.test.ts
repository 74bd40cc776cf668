// The locale (spec 1 §1): en-US by default; switching to fr-FR reloads the page in French and
// keeps the choice in a cookie for 365 days (SameSite Lax); every locale has its texts; API calls
// carry the locale.
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { newPage, pageErrors, useSuite } from './harness.ts';

const suite = useSuite({ settings: { signup: false } });

const navTexts = async (page: import('playwright-core').Page) =>
  (await page.locator('agora-portal header nav').first().locator('a').allInnerTexts()).map((t) => t.trim()).slice(0, 3);

describe('locale', () => {
  it('switches to fr-FR: the page reloads in French and the cookie keeps the choice for 365 days', async () => {
    const page = await newPage(suite.browser);
    await page.goto(`${suite.portal.baseUrl}/browseProducts`);
    await page.locator('agora-portal main[data-route]').waitFor();
    expect(await navTexts(page)).toEqual(['Home', 'Products', 'Categories']);

    const languages: string[] = [];
    // Only the reloaded page's calls: the English page may still finish one before it unloads.
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    page.on('request', (r) => {
      // Calls of the client (images are fetched by the browser itself, in its own language).
      if (reloaded && r.url().includes('/api/v1/') && r.resourceType() === 'fetch') languages.push(r.headers()['accept-language'] ?? '');
    });
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('agora-portal header select[name=locale]').selectOption('fr-FR'),
    ]);
    await page.locator('agora-portal main[data-route]').waitFor();
    await page.waitForFunction(() => {
      const nav = document.querySelector('agora-portal')?.shadowRoot?.querySelector('header nav');
      return nav?.textContent?.includes('Produits');
    });
    expect(await navTexts(page)).toEqual(['Accueil', 'Produits', 'Catégories']);
    expect((await page.locator('agora-portal header a[href^="/signin"]').getAttribute('aria-label'))).toBe('Se connecter');
    expect(new URL(page.url()).pathname).toBe('/browseProducts');

    const cookie = (await page.context().cookies()).find((c) => c.name === LOCALE_COOKIE)!;
    expect(cookie.value).toBe('fr-FR');
    expect(cookie.sameSite).toBe('Lax');
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    expect(languages.length).toBeGreaterThan(0);
    expect(languages.every((l) => l === 'fr-FR')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['en-US', ['Home', 'Products', 'Categories']],
    ['fr-FR', ['Accueil', 'Produits', 'Catégories']],
    ['pt-BR', ['Início', 'Produtos', 'Categorias']],
    ['de-DE', ['Startseite', 'Produkte', 'Kategorien']],
  ])('shows %s texts when the cookie says so', async (locale, texts) => {
    const page = await newPage(suite.browser);
    const url = new URL(suite.portal.baseUrl);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, domain: url.hostname, path: '/' }]);
    await page.goto(`${suite.portal.baseUrl}/categories`);
    await page.locator('agora-portal main[data-route]').waitFor();
    await page.waitForFunction((first) => {
      const nav = document.querySelector('agora-portal')?.shadowRoot?.querySelector('header nav');
      return nav?.textContent?.includes(first);
    }, texts[0]!);
    expect(await navTexts(page)).toEqual(texts);
    expect(await page.locator('agora-portal header select[name=locale]').inputValue()).toBe(locale);
    await page.context().close();
  });

  it('follows the locale attribute of the element over the cookie', async () => {
    const page = await newPage(suite.browser);
    const url = new URL(suite.portal.baseUrl);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: 'fr-FR', domain: url.hostname, path: '/' }]);
    await page.route(`${suite.portal.baseUrl}/de.html`, (route) => route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><script type="module" src="/dist/agora.js"></script><agora-portal router="hash" locale="de-DE"></agora-portal>',
    }));
    await page.goto(`${suite.portal.baseUrl}/de.html`);
    await page.waitForFunction(() => document.querySelector('agora-portal')?.shadowRoot?.querySelector('header nav')?.textContent?.includes('Produkte'));
    await page.context().close();
  });
});
