// Search results (/advancedSearchResults/*, spec 1 §2, §4, §5) against the seeded server: tabs
// and counts, the all tab's groups and view-all links, basic and advanced modes in the URL
// (switching removes the other parameter), the advanced term rules (letters and digits, no
// duplicates, 20 at most, Enter runs and Shift+Enter adds), an invalid query in the URL, the
// not-found placeholder, result links, and the disabled page without the fullTextSearch feature.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, pageErrors, poll, startPortal, useSuite } from './harness.ts';

const suite = useSuite();

interface Answer {
  items: Array<{ type: string; id: string; title: string }>;
  totalCount: number;
  counts: { product: number; asset_resource: number; document_resource: number };
}

async function api(query: string): Promise<Answer> {
  const res = await fetch(`${suite.portal.baseUrl}/api/v1/search?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

const root = (page: Page) => page.locator('agora-portal');
const location = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};
const params = (page: Page) => new URL(page.url()).searchParams;
const tabCounts = (page: Page) =>
  root(page).getByRole('navigation', { name: 'Result types' }).getByRole('tab').evaluateAll((els) => els.map((e) => e.textContent));
const resultIds = (page: Page, scope = '') =>
  page.locator(`agora-portal ${scope} [data-result-id]`).evaluateAll((els) => els.map((e) => `${e.getAttribute('data-result-type')}:${e.getAttribute('data-result-id')}`));
const termInput = (page: Page) => page.locator('agora-portal [data-term-input]');
const terms = (page: Page) => page.locator('agora-portal [data-term]').evaluateAll((els) => els.map((e) => e.getAttribute('data-term')));

async function open(path: string): Promise<Page> {
  const page = await newPage(suite.browser);
  await page.goto(`${suite.portal.baseUrl}${path}`);
  await page.locator('agora-portal [data-screen="search"]').waitFor();
  return page;
}

describe('search results', () => {
  it('the bare path goes to the all tab and keeps the query string', async () => {
    const page = await open('/advancedSearchResults?search=payment');
    await poll(() => location(page)).toBe('/advancedSearchResults/all?search=payment');
  });

  it('tabs show the counts; the all tab groups up to 25 per type with view-all links to their tab', async () => {
    const page = await open('/advancedSearchResults/all?search=payment');
    const { counts } = await api('search=payment&pageSize=1');
    const total = counts.product + counts.asset_resource + counts.document_resource;
    await poll(() => tabCounts(page)).toEqual([
      `All${total}`, `Products${counts.product}`, `Resources${counts.asset_resource}`, `Documents${counts.document_resource}`,
    ]);
    for (const [group, type] of [['products', 'product'], ['resources', 'asset_resource'], ['documents', 'document_resource']] as const) {
      const expected = await api(`search=payment&type=${type}&pageSize=25`);
      await poll(() => resultIds(page, `[data-group="${group}"]`)).toEqual(expected.items.map((i) => `${i.type}:${i.id}`));
      const viewAll = page.locator(`agora-portal [data-group="${group}"] [data-view-all]`).first();
      expect(await viewAll.getAttribute('href')).toBe(`/advancedSearchResults/${group}?search=payment`);
    }
    await page.locator('agora-portal [data-group="documents"] [data-view-all]').first().click();
    await poll(() => location(page)).toBe('/advancedSearchResults/documents?search=payment');
    const docs = await api('search=payment&type=document_resource&pageSize=10');
    await poll(() => resultIds(page)).toEqual(docs.items.map((i) => `${i.type}:${i.id}`));
    expect(pageErrors(page)).toEqual([]);
  });

  it('a tab pages through its results, 10 at a time, with the page in the URL', async () => {
    const page = await open('/advancedSearchResults/documents?search=payment');
    const second = await api('search=payment&type=document_resource&pageSize=10&page=2');
    expect(second.items.length).toBeGreaterThan(0);
    await root(page).getByRole('button', { name: /next page/i }).click();
    await poll(() => location(page)).toBe('/advancedSearchResults/documents?search=payment&page=2');
    await poll(() => resultIds(page)).toEqual(second.items.map((i) => `${i.type}:${i.id}`));
    // Another tab starts on its first page.
    await root(page).getByRole('navigation', { name: 'Result types' }).getByRole('tab', { name: /Products/ }).click();
    await poll(() => location(page)).toBe('/advancedSearchResults/products?search=payment');
  });

  it('result items link to the product, the resource page and the documentation viewer', async () => {
    const page = await open('/advancedSearchResults/all?search=payment');
    await page.locator('agora-portal [data-result-type="document_resource"]').first().waitFor();
    const product = page.locator('agora-portal [data-result-type="product"][data-result-id="prod-payments"] a').first();
    expect(await product.getAttribute('href')).toBe('/productDetails/prod-payments/overview');
    const resource = page.locator('agora-portal [data-result-type="asset_resource"] a').first();
    // A hit on an operation opens it (?operation=<ordinal>, issue 13).
    expect(await resource.getAttribute('href')).toMatch(/^\/productDetails\/prod-[\w-]+\/version\/[\w-]+\/resources\/[\w-]+\/methods(\?operation=\d+)?$/);
    const hrefs = await page.locator('agora-portal [data-result-type="document_resource"] h3 a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs.every((h) => /^\/productDetails\/[\w-]+\/version\/[\w-]+\/docs\/viewer\/[\w-]+(\/\d+(\/[\w-]+)?)?$/.test(h!))).toBe(true);
    // An article hit opens its section and article.
    expect(hrefs.some((h) => /\/docs\/viewer\/[\w-]+\/\d+\/[\w-]+$/.test(h!))).toBe(true);
    // Words of the search are marked.
    expect(await page.locator('agora-portal [data-result-id="prod-payments"] mark').first().innerText()).toMatch(/^payments?$/i);
  });

  it('shows the not-found placeholder when nothing matches', async () => {
    const page = await open('/advancedSearchResults/all?search=zzqxyvw');
    await page.locator('agora-portal [data-not-found]').waitFor();
    expect(await page.locator('agora-portal [data-not-found]').innerText()).toContain('No results found');
  });

  it('basic search: search= only; submitting keeps the tab; the advanced panel stays closed', async () => {
    const page = await open('/advancedSearchResults/resources');
    expect(await page.locator('agora-portal [data-mode]').getAttribute('data-mode')).toBe('basic');
    const box = root(page).getByRole('searchbox', { name: 'Search the catalogue' });
    await box.fill('petstore');
    await box.press('Enter');
    await poll(() => location(page)).toBe('/advancedSearchResults/resources?search=petstore');
    const expected = await api('search=petstore&type=asset_resource&pageSize=10');
    await poll(() => resultIds(page)).toEqual(expected.items.map((i) => `${i.type}:${i.id}`));
  });

  it('switching modes carries the search over and removes the other parameter', async () => {
    const page = await open('/advancedSearchResults/all?search=payment%20-card');
    await root(page).getByRole('button', { name: 'Advanced' }).click();
    await poll(() => params(page).get('search')).toBeNull();
    expect(JSON.parse(params(page).get('query')!)).toEqual([
      { value: 'payment', comparison: 'equals', operator: 'and' },
      { value: 'card', comparison: 'notEquals', operator: 'and' },
    ]);
    await page.locator('agora-portal [data-advanced-panel]').waitFor();
    expect(await terms(page)).toEqual(['payment', 'card']);
    await root(page).getByRole('button', { name: 'Basic' }).click();
    await poll(() => params(page).get('search')).toBe('payment -card');
    expect(location(page).startsWith('/advancedSearchResults/all?')).toBe(true);
    expect(params(page).get('query')).toBeNull();
  });

  it('the advanced panel is open when query is set and search is null', async () => {
    const query = encodeURIComponent(JSON.stringify([{ value: 'payment', comparison: 'equals', operator: 'and' }]));
    const open1 = await open(`/advancedSearchResults/all?query=${query}`);
    await open1.locator('agora-portal [data-advanced-panel]').waitFor();
    expect(await terms(open1)).toEqual(['payment']);
    const closed = await open(`/advancedSearchResults/all?query=${query}&search=payment`);
    expect(await closed.locator('agora-portal [data-mode]').getAttribute('data-mode')).toBe('basic');
    expect(await closed.locator('agora-portal [data-advanced-panel]').count()).toBe(0);
  });

  it('advanced terms: letters and digits only with a hint, trimmed, no duplicates; Shift+Enter adds, Enter runs', async () => {
    const page = await open('/advancedSearchResults/all');
    await root(page).getByRole('button', { name: 'Advanced' }).click();
    const input = termInput(page);
    const add = page.locator('agora-portal [data-add-term]');
    const hint = page.locator('agora-portal [data-term-hint]');

    await input.fill('pet-store');
    expect(await hint.innerText()).toBe('Use letters and digits only.');
    expect(await add.isDisabled()).toBe(true);
    await input.press('Shift+Enter');
    expect(await terms(page)).toEqual([]);

    await input.fill('   ');
    expect(await add.isDisabled()).toBe(true);

    await input.fill('  payment ');
    expect(await hint.innerText()).toBe('');
    await input.press('Shift+Enter');
    expect(await terms(page)).toEqual(['payment']);
    expect(await input.inputValue()).toBe('');
    // Shift+Enter only adds: nothing is searched yet.
    expect(location(page)).toBe('/advancedSearchResults/all');

    await input.fill('payment');
    expect(await hint.innerText()).toBe('This term is already in the list.');
    expect(await add.isDisabled()).toBe(true);

    await page.locator('agora-portal select[data-new-comparison]').selectOption('notEquals');
    await input.fill('card');
    await add.click();
    expect(await terms(page)).toEqual(['payment', 'card']);

    await page.locator('agora-portal select[data-new-comparison]').selectOption('equals');
    await page.locator('agora-portal select[data-new-operator]').selectOption('or');
    await input.fill('refund');
    await input.press('Enter');
    await poll(() => params(page).get('query')).not.toBeNull();
    expect(params(page).get('search')).toBeNull();
    const sent = JSON.parse(params(page).get('query')!);
    expect(sent).toEqual([
      { value: 'payment', comparison: 'equals', operator: 'and' },
      { value: 'card', comparison: 'notEquals', operator: 'and' },
      { value: 'refund', comparison: 'equals', operator: 'or' },
    ]);
    const expected = await api(`query=${encodeURIComponent(JSON.stringify(sent))}&pageSize=1`);
    await poll(() => tabCounts(page)).toEqual([
      `All${expected.totalCount}`, `Products${expected.counts.product}`, `Resources${expected.counts.asset_resource}`,
      `Documents${expected.counts.document_resource}`,
    ]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('at 20 terms the input and the add button are disabled', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({ value: `term${i}`, comparison: 'equals', operator: 'or' }));
    const page = await open(`/advancedSearchResults/all?query=${encodeURIComponent(JSON.stringify(twenty.slice(0, 19)))}`);
    await page.locator('agora-portal [data-advanced-panel]').waitFor();
    expect(await terms(page)).toHaveLength(19);
    await termInput(page).fill('last');
    await termInput(page).press('Shift+Enter');
    expect(await terms(page)).toHaveLength(20);
    expect(await termInput(page).isDisabled()).toBe(true);
    expect(await page.locator('agora-portal [data-add-term]').isDisabled()).toBe(true);
    expect(await page.locator('agora-portal [data-term-hint]').innerText()).toBe('You have reached the maximum of 20 terms.');
    expect(await page.locator('agora-portal [data-term-count]').innerText()).toBe('20 of 20 terms');
    // Removing one makes room again.
    await root(page).getByRole('button', { name: 'Remove the term term3' }).click();
    expect(await termInput(page).isDisabled()).toBe(false);
  });

  it('an invalid query in the URL empties the terms and is only logged', async () => {
    const page = await newPage(suite.browser);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await page.goto(`${suite.portal.baseUrl}/advancedSearchResults/all?query=${encodeURIComponent('[{"value":"pet store"}]')}`);
    await page.locator('agora-portal [data-advanced-panel]').waitFor();
    expect(await terms(page)).toEqual([]);
    await poll(() => warnings.some((w) => w.includes('advanced search query in the URL is not valid'))).toBe(true);
    // Nothing is searched and no error is shown: the prompt asks for a search.
    expect(await root(page).getByText('Search the catalogue').count()).toBeGreaterThan(0);
    expect(await page.locator('agora-portal [role="alert"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('back and forward move between searches', async () => {
    const page = await open('/advancedSearchResults/all?search=petstore');
    const box = root(page).getByRole('searchbox', { name: 'Search the catalogue' });
    await box.fill('weather');
    await box.press('Enter');
    await poll(() => location(page)).toBe('/advancedSearchResults/all?search=weather');
    await page.goBack();
    await poll(() => box.inputValue()).toBe('petstore');
    await poll(() => resultIds(page)).toContain('product:prod-petstore');
  });
});

describe('without the fullTextSearch feature', () => {
  it('shows the advanced-search-disabled page', async () => {
    // A stored '-name' switches a built-in feature off (server/src/db/siteConfig.ts).
    const off = await startPortal({ features: ['-fullTextSearch'] });
    try {
      const page = await newPage(suite.browser);
      await page.goto(`${off.baseUrl}/advancedSearchResults/all?search=payment`);
      const disabled = page.locator('agora-portal [data-search-disabled]');
      await disabled.waitFor();
      expect(await disabled.innerText()).toContain('Advanced search is disabled');
      expect(await disabled.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/browseProducts');
      expect(await page.locator('agora-portal [data-result-id]').count()).toBe(0);
      await page.context().close();
    } finally {
      await off.close();
    }
  });
});
