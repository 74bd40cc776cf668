// GET /embed/render/{tag} (server/src/routes/embed.ts, src/elements/render.ts): an element
// pre-rendered for a visitor on the demo seed, as a declarative shadow root holding the screen's
// markup, its styles and the data it was made from. Also who may call it (anyone: the answer is
// a visitor's whatever the caller) and its malformed input (unknown tag, unknown attribute, too long).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
const texts = (html: string) => [...html.replace(/<style>[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '').matchAll(/>([^<]+)</g)].map((m) => m[1]!.trim()).filter(Boolean);

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
}, 120_000);
afterAll(async () => t?.close());

async function render(query: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url: `/embed/render/${query}`, headers });
}

describe('GET /embed/render/{tag}', () => {
  it('renders the carousel of a category with its products in a declarative shadow root', async () => {
    const res = await render('agora-carousel?category=cat-finance&heading=Finance%20APIs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toMatch(/^<agora-carousel category="cat-finance" heading="Finance APIs"><template shadowrootmode="open"><style>:host\{/);
    expect(res.body).toMatch(/<\/template><\/agora-carousel>$/);
    // The products the API lists for the category, in the markup, with the heading.
    const api = await t.app.inject({ url: `${API}/products?category.id=cat-finance&include.child.categories=true&limit=10` });
    expect(api.statusCode).toBe(200);
    const body = api.json() as Array<{ title?: string; name: string }> | { items: Array<{ title?: string; name: string }> };
    const titles = (Array.isArray(body) ? body : body.items).map((p) => p.title ?? p.name);
    expect(titles.length).toBeGreaterThan(0);
    const shown = texts(res.body);
    expect(shown).toContain('Finance APIs');
    for (const title of titles) expect(shown).toContain(title);
    // Styles for its classes, and no script that would run in the page.
    expect(res.body).toMatch(/\.rounded-xl\{border-radius:12px\}/);
    expect(res.body).not.toMatch(/<script(?![^>]*type="application\/json")/);
    // The data, keyed without the API scope, for the element's take-over.
    const data = JSON.parse(/<script type="application\/json" data-agora-prerendered>([\s\S]*?)<\/script>/.exec(res.body)![1]!) as Array<{ key: unknown[] }>;
    expect(data.map((d) => d.key[0])).toEqual(expect.arrayContaining(['marketplace', 'products']));
  }, 60_000);

  it("renders the subscribe button as a visitor sees it, and the product tile list", async () => {
    const button = await render('agora-subscribe-button?product-id=prod-payments');
    expect(button.statusCode).toBe(200);
    expect(texts(button.body)).toContain('Sign in to subscribe');
    const list = await render('agora-catalogue?page-size=6');
    expect(list.statusCode).toBe(200);
    expect(texts(list.body)).toEqual(expect.arrayContaining(['Products', 'Analytics Export']));
  }, 60_000);

  it('renders the product overview and the first screen of a resource explorer (its operations)', async () => {
    const product = await render('agora-product?product-id=prod-payments');
    expect(product.statusCode).toBe(200);
    expect(product.headers['cache-control']).toBe('public, max-age=60');
    expect(product.body).toMatch(/^<agora-product product-id="prod-payments"><template shadowrootmode="open">/);
    expect(texts(product.body)).toEqual(expect.arrayContaining(['Payments API', 'Sign in to subscribe', 'Overview', 'Plans', 'Authentication']));
    // The description's markdown, sanitised as in the browser (jsdom's DOM on the server).
    expect(product.body).toMatch(/<h2 id="[^"]*authentication"/);
    const explorer = await render('agora-explorer?product-id=prod-payments&resource-id=res-payments');
    expect(explorer.statusCode).toBe(200);
    expect(texts(explorer.body)).toEqual(expect.arrayContaining(['29 operations in 8 tags', 'List payments', 'Create a payment', 'Sign in to try this API.']));
    for (const res of [product, explorer]) expect(res.body).not.toMatch(/<script(?![^>]*type="application\/json")/);
  }, 90_000);

  it('links to the portal: this server, the origin of an absolute api-base, or portal-url', async () => {
    const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
    const own = links((await render('agora-carousel?category=cat-finance')).body);
    expect(own.length).toBeGreaterThan(0);
    for (const href of own) expect(href).toMatch(/^https?:\/\/[^/]+\/productDetails\//);
    const market = links((await render('agora-carousel?category=cat-finance&api-base=https%3A%2F%2Fmarket.example.com%2Fapi%2Fv1')).body);
    for (const href of market) expect(href).toMatch(/^https:\/\/market\.example\.com\/productDetails\//);
    const portal = links((await render('agora-subscribe-button?product-id=prod-payments&portal-url=https%3A%2F%2Fportal.example.com%2Fdev%2F')).body);
    expect(portal).toEqual([expect.stringMatching(/^https:\/\/portal\.example\.com\/dev\/signin\?returnTo=%2FproductDetails%2Fprod-payments/)]);
  }, 60_000);

  it('answers every caller with the visitor view (a token is never used)', async () => {
    const visitor = await render('agora-subscribe-button?product-id=prod-payments&size=sm');
    const consumer = await render('agora-subscribe-button?product-id=prod-payments&size=sm', await t.headersFor({ id: 'user-consumer', orgId: 'org-acme' }));
    const admin = await render('agora-subscribe-button?product-id=prod-payments&size=sm', await t.headersFor({ id: 'user-admin', orgId: 'org-provider' }));
    for (const res of [consumer, admin]) {
      expect(res.statusCode).toBe(200);
      expect(texts(res.body)).toEqual(texts(visitor.body));
    }
  }, 60_000);

  it('never fetches where an api-base attribute points', async () => {
    const res = await render('agora-carousel?category=cat-finance&api-base=http%3A%2F%2F169.254.169.254%2Flatest');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('api-base="http://169.254.169.254/latest"');
    expect(texts(res.body).length).toBeGreaterThan(5);
  }, 60_000);

  it.each([
    ['an element that is not pre-rendered', 'agora-portal', 404, undefined],
    ['an attribute the explorer does not take', 'agora-explorer?product-id=prod-payments&operation=x', 400, 'operation'],
    ['an unknown tag', 'agora-nothing', 404, undefined],
    ['an attribute the element does not take', 'agora-carousel?categoy=cat-finance', 400, 'categoy'],
    ['a repeated attribute', 'agora-carousel?category=a&category=b', 400, 'category'],
    ['a value too long', `agora-carousel?heading=${'x'.repeat(501)}`, 400, 'heading'],
  ])('refuses %s', async (_label, query, status, parameter) => {
    const res = await render(query);
    expect(res.statusCode).toBe(status);
    const body = res.json() as { errors: Array<{ status: number; source?: { parameter?: string } }> };
    expect(body.errors[0]!.status).toBe(status);
    if (parameter) expect(body.errors[0]!.source?.parameter).toMatch(new RegExp(parameter));
  });
});
