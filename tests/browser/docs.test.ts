// The documentation viewer (spec 1 §2 "Documentation viewer", §4, §8) inside the product page and
// alone on a page, against the seeded server: section cards with view-articles links, the first
// article of a section by default, the documents tree, non-numeric section indexes, the
// not-found cases, the table of contents (levels 1 to 3) and its tab under 1200 px chosen by
// ?view=toc, the tree search, and link articles.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { newPage, pageErrors, poll, useSuite } from './harness.ts';

const suite = useSuite();

const BASE = '/productDetails/prod-payments/version/ver-payments-3/docs';
const HANDBOOK = 'doc-payments-integration';
/** An article rewritten with headings of levels 1 to 4 (the seed's have none). */
const TOC_ARTICLE = `${HANDBOOK}-s1-a1`;
const TOC_CONTENT = '# Signatures\n\nWhy sign.\n\n## Computing the HMAC\n\nSteps.\n\n### Timestamps\n\nFive minutes.\n\n#### Clock skew\n\nToo deep for the contents.\n\n' + 'Filler paragraph.\n\n'.repeat(40) + '## Rotating secrets\n\nRotate yearly.';

beforeAll(async () => {
  await suite.portal.db.execute(sql`update articles set content = ${TOC_CONTENT} where id = ${TOC_ARTICLE}`);
});

async function open(path: string, width = 1280): Promise<Page> {
  const page = await newPage(suite.browser, { viewport: { width, height: 900 } });
  await page.goto(`${suite.portal.baseUrl}${path}`);
  await page.locator('agora-portal [data-docs-state]').first().waitFor();
  return page;
}

const viewer = (page: Page) => page.locator('agora-portal [data-docs-state]');
const state = (page: Page) => viewer(page).getAttribute('data-docs-state');
const articleTitle = (page: Page) => page.locator('agora-portal #agora-docs-article-title').innerText().catch(() => '');
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const tree = (page: Page) => page.locator('agora-portal [data-doc-tree]');

describe('documentation viewer in the product page', () => {
  it('shows a document\'s sections as cards whose links open the first article of the section', async () => {
    const page = await open(`${BASE}/viewer/${HANDBOOK}`);
    expect(await state(page)).toBe('sections');
    // Inside the product page, on its documents tab.
    expect(await page.locator('agora-portal [data-product="prod-payments"]').getAttribute('data-tab')).toBe('docs');
    const cards = page.locator(`agora-portal [data-section-cards="${HANDBOOK}"] [data-section-card]`);
    expect(await cards.locator('h3').allInnerTexts()).toEqual(['Checkout', 'Webhooks', 'After the sale', 'Going live']);
    expect(await cards.nth(1).innerText()).toContain('2 articles');

    await page.locator('agora-portal a[aria-label="View articles: Webhooks"]').click();
    await poll(() => pathOf(page)).toBe(`${BASE}/viewer/${HANDBOOK}/1`);
    await poll(() => articleTitle(page)).toBe('Register an endpoint');
    expect(await page.locator('agora-portal [data-article] .agora-md').innerText()).toContain('POST /webhook-endpoints');
    // The tree marks the article shown.
    expect(await tree(page).locator('a[aria-current="page"]').innerText()).toBe('Register an endpoint');
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the same cards on the sections route', async () => {
    const page = await open(`${BASE}/${HANDBOOK}/sections`);
    expect(await state(page)).toBe('sections');
    expect(await page.locator(`agora-portal [data-section-cards="${HANDBOOK}"] [data-section-card]`).count()).toBe(4);
  });

  it('moves through the documents tree and the previous / next links', async () => {
    const page = await open(`${BASE}/viewer/${HANDBOOK}/0`);
    await poll(() => articleTitle(page)).toBe('Create a payment');
    // Expand "After the sale" and open its second article.
    await tree(page).locator('button[aria-label="Show the contents of After the sale"]').click();
    await tree(page).getByRole('link', { name: 'Disputes' }).click();
    await poll(() => pathOf(page)).toBe(`${BASE}/viewer/${HANDBOOK}/2/${HANDBOOK}-s2-a1`);
    await poll(() => articleTitle(page)).toBe('Disputes');
    expect(await page.locator('agora-portal [data-article] .agora-md').innerText()).toContain('7 days to submit evidence');

    await page.locator('agora-portal [data-pager="next"]').click();
    await poll(() => articleTitle(page)).toBe('Payouts');
    await page.locator('agora-portal [data-pager="next"]').click();
    // Across sections: the first article of "Going live".
    await poll(() => articleTitle(page)).toBe('Production checklist');
    await page.goBack();
    await poll(() => articleTitle(page)).toBe('Payouts');

    // Another document of the version, from the tree.
    await tree(page).getByRole('link', { name: 'Getting started with Payments API' }).click();
    await poll(() => pathOf(page)).toBe(`${BASE}/viewer/doc-payments-3-guide`);
    await poll(() => state(page)).toBe('sections');
  });

  it('matches a non-numeric section index against the section titles', async () => {
    for (const index of ['going-live', 'Going%20live', 'WEBHOOKS']) {
      const page = await open(`${BASE}/viewer/${HANDBOOK}/${index}`);
      await poll(() => articleTitle(page), index).toBe(index === 'WEBHOOKS' ? 'Register an endpoint' : 'Production checklist');
      await page.context().close();
    }
  });

  it('says section not found, article not found, document not found and product documents not found', async () => {
    let page = await open(`${BASE}/viewer/${HANDBOOK}/9`);
    await poll(() => state(page)).toBe('sectionNotFound');
    expect(await viewer(page).innerText()).toContain('Section not found');

    page = await open(`${BASE}/viewer/${HANDBOOK}/refunds`);
    await poll(() => state(page)).toBe('sectionNotFound');

    page = await open(`${BASE}/viewer/${HANDBOOK}/1/${HANDBOOK}-s0-a0`);
    await poll(() => state(page)).toBe('articleNotFound');
    expect(await viewer(page).innerText()).toContain('Article not found');

    page = await open(`${BASE}/viewer/doc-nope`);
    await poll(() => state(page)).toBe('documentNotFound');
    expect(await viewer(page).innerText()).toContain('Document not found');
    // The way back still works from there.
    await page.locator('agora-portal [data-docs-state] a', { hasText: 'Back to the documents' }).click();
    await poll(() => pathOf(page)).toBe(BASE);

    page = await open('/productDetails/prod-payments/version/ver-payments-1/docs/viewer');
    await poll(() => state(page)).toBe('noDocuments');
    expect(await viewer(page).innerText()).toContain('Product documents not found');
  });

  it('shows the document fetch error', async () => {
    const page = await newPage(suite.browser);
    await page.route('**/api/v1/products/prod-payments/versions/ver-payments-3/documents?*', (route) => route.fulfill({
      status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ status: 500, title: 'Internal Server Error', detail: 'storage offline' }] }),
    }));
    await page.goto(`${suite.portal.baseUrl}${BASE}/viewer/${HANDBOOK}`);
    await poll(() => page.locator('agora-portal [data-part="content"]').innerText().catch(() => '')).toContain('There was an error while retrieving the documents');
  });

  it('lists the article\'s headings of levels 1 to 3 as contents, and goes to them', async () => {
    const page = await open(`${BASE}/viewer/${HANDBOOK}/1/${TOC_ARTICLE}`);
    const toc = page.locator('agora-portal [data-toc] a');
    await poll(() => toc.allInnerTexts()).toEqual(['Signatures', 'Computing the HMAC', 'Timestamps', 'Rotating secrets']);
    expect(await toc.evaluateAll((els) => els.map((e) => e.getAttribute('data-level')))).toEqual(['1', '2', '3', '2']);
    await toc.last().click();
    const heading = page.locator('agora-portal [data-article] h2', { hasText: 'Rotating secrets' });
    await poll(() => heading.evaluate((h) => {
      const box = h.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight;
    })).toBe(true);
    // Nothing to list: an article without headings, and a link article.
    await tree(page).getByRole('link', { name: 'Register an endpoint' }).click();
    await poll(() => page.locator('agora-portal [data-toc-empty]').innerText().catch(() => '')).toBe('Table of contents not applicable');
  });

  it('shows the documents or the contents tab under 1200 px, chosen by ?view=toc', async () => {
    const page = await open(`${BASE}/viewer/${HANDBOOK}/1/${TOC_ARTICLE}`, 1000);
    expect(await page.locator('agora-portal [data-docs-layout]').getAttribute('data-docs-layout')).toBe('narrow');
    expect(await page.locator('agora-portal [data-docs-tab]').getAttribute('data-docs-tab')).toBe('tree');
    expect(await page.locator('agora-portal [data-toc]').count()).toBe(0);

    await page.getByRole('tab', { name: 'Contents' }).click();
    await poll(() => pathOf(page)).toBe(`${BASE}/viewer/${HANDBOOK}/1/${TOC_ARTICLE}?view=toc`);
    await poll(() => page.locator('agora-portal [data-toc] a').count()).toBe(4);
    expect(await page.locator('agora-portal [data-doc-tree]').count()).toBe(0);

    await page.reload();
    await poll(() => page.locator('agora-portal [data-docs-tab]').getAttribute('data-docs-tab')).toBe('toc');
    expect(await page.getByRole('tab', { name: 'Contents' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('tablist', { name: 'Documentation panel' }).getByRole('tab', { name: 'Documents' }).click();
    await poll(() => pathOf(page)).toBe(`${BASE}/viewer/${HANDBOOK}/1/${TOC_ARTICLE}`);
    await poll(() => page.locator('agora-portal [data-doc-tree]').count()).toBe(1);

    // From 1200 px both are shown, whatever the parameter says.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.portal.baseUrl}${BASE}/viewer/${HANDBOOK}/1/${TOC_ARTICLE}?view=toc`);
    await poll(() => page.locator('agora-portal [data-docs-layout]').getAttribute('data-docs-layout')).toBe('wide');
    expect(await page.locator('agora-portal [data-doc-tree]').count()).toBe(1);
    await poll(() => page.locator('agora-portal [data-toc] a').count()).toBe(4);
  });

  it('searches the tree by document title, section title and article label, ignoring case', async () => {
    const page = await open(`${BASE}/viewer/${HANDBOOK}`);
    const box = tree(page).locator('input[type="search"]');
    const documents = () => tree(page).locator('[data-tree-document]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tree-document')));
    const articles = () => tree(page).locator('[data-tree-article] a').allInnerTexts();

    await box.fill('SIGNAT');
    await poll(documents).toEqual([HANDBOOK]);
    expect(await articles()).toEqual(['Verify signatures']);
    expect(await tree(page).locator('mark').allInnerTexts()).toEqual(['signat']);

    await box.fill('after the');
    await poll(articles).toEqual(['Refunds', 'Disputes', 'Payouts']);

    await box.fill('postman');
    await poll(documents).toEqual(['doc-payments-postman']);

    await box.fill('kubernetes');
    await poll(() => tree(page).locator('[data-tree-empty]').innerText().catch(() => '')).toBe('Nothing matches “kubernetes”.');
    await box.fill('');
    await poll(() => documents().then((d) => d.length)).toBe(6);
  });

  it('shows a link article as an external link', async () => {
    const page = await open(`${BASE}/viewer/${HANDBOOK}/3/${HANDBOOK}-s3-a1`);
    const link = page.locator('agora-portal [data-article-url] a');
    await poll(() => link.getAttribute('href')).toBe('https://www.pcisecuritystandards.org/document_library/');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.locator('agora-portal [data-toc-empty]').count()).toBe(1);
  });
});

describe('<agora-docs> alone on a page', () => {
  it('opens the latest version and moves inside the element', async () => {
    const page = await newPage(suite.browser);
    await page.route(`${suite.portal.baseUrl}/help.html`, (route) => route.fulfill({
      status: 200, contentType: 'text/html',
      body: '<!doctype html><html><head><script type="module" src="/dist/elements/agora-docs.js"></script></head><body><agora-docs product-id="prod-payments" document-id="doc-payments-integration" section-idx="webhooks"></agora-docs></body></html>',
    }));
    await page.goto(`${suite.portal.baseUrl}/help.html`);
    const title = () => page.locator('agora-docs #agora-docs-article-title').innerText().catch(() => '');
    await poll(title).toBe('Register an endpoint');
    await page.locator('agora-docs [data-doc-tree]').getByRole('link', { name: 'Verify signatures' }).click();
    await poll(title).toBe('Verify signatures');
    await page.locator('agora-docs nav[aria-label="Documentation path"] a', { hasText: 'All documents' }).click();
    // The viewer's own root: the first document with sections.
    await poll(() => page.locator('agora-docs [data-docs-state]').getAttribute('data-docs-state')).toBe('sections');
    expect(new URL(page.url()).pathname).toBe('/help.html');
    expect(pageErrors(page)).toEqual([]);
  });
});
