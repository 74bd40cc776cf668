// The document page (/documents/{docId}, spec 1 §2 "Document view page", §8) against the seeded
// server: breadcrumb with the title or file name; a pdf embedded in a frame with its own content
// type; markdown with its table of contents; a URL as an external link; anything else as a
// download button whose failures are only logged; not-found; and <agora-document> alone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { newPage, pageErrors, poll, useSuite } from './harness.ts';

const suite = useSuite();

async function open(docId: string): Promise<Page> {
  const page = await newPage(suite.browser, { acceptDownloads: true });
  await page.goto(`${suite.portal.baseUrl}/documents/${docId}`);
  await page.locator('agora-portal [data-screen="document"] article, agora-portal [data-screen="document"] [role="status"], agora-portal [data-screen="document"] [role="alert"]').first().waitFor();
  return page;
}

const crumbs = (page: Page) => page.locator('agora-portal [data-screen="document"] nav[aria-label="Breadcrumb"] li').allInnerTexts();
const view = (page: Page) => page.locator('agora-portal [data-screen="document"] article').getAttribute('data-view');

describe('document page', () => {
  it('embeds a pdf in a frame, served as application/pdf', async () => {
    const page = await open('doc-payments-pdf');
    expect(await view(page)).toBe('pdf');
    expect(await crumbs(page)).toEqual(['Home', 'Product documentation', 'Payments API reference card (PDF)']);
    const frame = page.locator('agora-portal [data-pdf] iframe');
    await poll(() => frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await frame.getAttribute('title')).toBe('Payments API reference card (PDF)');
    const src = (await frame.getAttribute('src'))!;
    const served = await page.evaluate(async (url) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
    }, src);
    expect(served).toEqual({ type: 'application/pdf', head: '%PDF-' });
    expect(await page.locator('agora-portal [data-pdf] a[download]').getAttribute('download')).toBe('payments-reference-card.pdf');
    // The product documentation crumb leads back to the product's documents tab.
    expect(await page.locator('agora-portal nav[aria-label="Breadcrumb"] a', { hasText: 'Product documentation' }).getAttribute('href'))
      .toBe('/productDetails/prod-payments/version/ver-payments-3/docs');
    expect(pageErrors(page)).toEqual([]);
  });

  it('renders markdown with its table of contents', async () => {
    const page = await open('doc-terms');
    expect(await view(page)).toBe('markdown');
    expect(await crumbs(page)).toEqual(['Home', 'Terms of Use']);
    const toc = page.locator('agora-portal [data-markdown] [data-toc] a');
    await poll(() => toc.count()).toBeGreaterThan(3);
    const entries = await toc.evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-level')]));
    expect(entries.slice(0, 3)).toEqual([['Terms of Use', '1'], ['Using the APIs', '2'], ['Acceptable use', '3']]);
    expect(await page.locator('agora-portal [data-markdown] .agora-md h3', { hasText: 'Acceptable use' }).count()).toBe(1);
    expect(await page.locator('agora-portal [data-markdown] .agora-md').innerText()).toContain('By subscribing to an API of the Agora Marketplace');
  });

  it('shows a URL document as an external link', async () => {
    const page = await open('doc-payments-status');
    expect(await view(page)).toBe('url');
    const link = page.locator('agora-portal [data-url] a');
    expect(await link.getAttribute('href')).toBe('https://status.agora.test/payments');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.innerText()).toContain('status.agora.test');
  });

  it('offers anything else as a download with its file name', async () => {
    const page = await open('doc-payments-postman');
    expect(await view(page)).toBe('download');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('agora-portal [data-download] button').click(),
    ]);
    expect(download.suggestedFilename()).toBe('payments-postman.zip');
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('uses the file name in the breadcrumb when the document has no title', async () => {
    await suite.portal.db.execute(sql`update documents set title = '' where id = 'doc-payments-changelog'`);
    try {
      const page = await open('doc-payments-changelog');
      expect(await view(page)).toBe('download');
      expect((await crumbs(page)).at(-1)).toBe('CHANGELOG.txt');
      expect(await page.locator('agora-portal #agora-document-title').innerText()).toBe('CHANGELOG.txt');
    } finally {
      await suite.portal.db.execute(sql`update documents set title = 'Changelog (plain text)' where id = 'doc-payments-changelog'`);
    }
  });

  it('only logs a failed download', async () => {
    const page = await open('doc-payments-postman');
    const warnings: string[] = [];
    page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
    await page.route('**/api/v1/documents/doc-payments-postman/data', (route) => route.fulfill({
      status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 500, title: 'Internal Server Error', detail: 'disk failure' }] }),
    }));
    let downloaded = false;
    page.on('download', () => { downloaded = true; });
    const button = page.locator('agora-portal [data-download] button');
    await button.click();
    await poll(() => warnings.some((w) => w.includes('download of document doc-payments-postman failed'))).toBe(true);
    expect(downloaded).toBe(false);
    // The page stays as it was, the button usable again.
    expect(await button.isEnabled()).toBe(true);
    expect(await page.locator('agora-portal [data-screen="document"] [role="alert"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('says document not found for an unknown id', async () => {
    const page = await open('doc-nope');
    await poll(() => page.locator('agora-portal [data-screen="document"]').innerText()).toContain('Document not found');
  });

  it('works alone on a page', async () => {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/legal.html`, (route) => route.fulfill({
      status: 200, contentType: 'text/html',
      body: '<!doctype html><html><head><script type="module" src="/dist/elements/agora-document.js"></script></head><body><agora-document doc-id="doc-terms" locale="de-DE"></agora-document></body></html>',
    }));
    await page.goto(`${suite.portal.baseUrl}/legal.html`);
    await poll(() => page.locator('agora-document #agora-document-title').innerText().catch(() => '')).toBe('Terms of Use');
    await poll(() => page.locator('agora-document [data-markdown] aside h2').innerText().catch(() => '')).toMatch(/auf dieser seite/i);
    expect(pageErrors(page)).toEqual([]);
  });
});
