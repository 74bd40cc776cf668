// The marketplace root and features: defaults without a stored row, partial settings merged
// over the defaults, bad stored values falling back, readable by visitors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { siteConfig } from '../../server/src/db/schema.ts';
import { DEFAULT_SITE_SETTINGS, SiteSettings } from '../../server/src/schemas/config.ts';
import { loadConfig } from '../../server/src/config.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t?.close());

describe('GET /marketplace', () => {
  it('answers complete default settings to a visitor when nothing is configured', async () => {
    await t.db.delete(siteConfig);
    const res = await t.request(null, { url: `${API}/marketplace` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('default');
    expect(res.body.settings.sitename).toBe('Marketplace');
    expect(res.body.settings.appearance).toMatchObject({ button_format: 'solid', button_radius: 'rounded' });
    expect(res.body.settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(Value.Check(SiteSettings, res.body.settings)).toBe(true);
    expect(res.body.features).toEqual(expect.arrayContaining(['fullTextSearch', 'ai']));
    expect(res.body.ai).toEqual({ enabled: true, stream: true });
  });

  it('merges stored partial settings over the defaults', async () => {
    await t.setSettings({ sitename: 'Acme APIs', appearance: { colors: { primary: '#ff0000' }, button_radius: 'pill' }, ai: { enabled: false } });
    const res = await t.request(null, { url: `${API}/marketplace` });
    expect(res.body.settings.sitename).toBe('Acme APIs');
    expect(res.body.settings.appearance.colors.primary).toBe('#ff0000');
    expect(res.body.settings.appearance.colors.danger).toBe(DEFAULT_SITE_SETTINGS.appearance.colors.danger);
    expect(res.body.settings.appearance.button_radius).toBe('pill');
    expect(res.body.settings.appearance.button_format).toBe('solid');
    expect(res.body.ai).toEqual({ enabled: false, stream: true });
  });

  it('falls back to the default for a stored value of the wrong shape instead of failing', async () => {
    await t.db.delete(siteConfig);
    await t.setSettings({ sitename: 42, appearance: { button_radius: 'blob' }, nav_items: 'nope', unknown_key: true });
    const res = await t.request(null, { url: `${API}/marketplace` });
    expect(res.status).toBe(200);
    expect(res.body.settings.sitename).toBe('Marketplace');
    expect(res.body.settings.appearance).toEqual(DEFAULT_SITE_SETTINGS.appearance);
    expect(res.body.settings.nav_items).toEqual([]);
    expect(res.body.settings).not.toHaveProperty('unknown_key');
  });

  it('takes the terms and review-guidelines links as http(s) URLs or portal paths, null when unset or not one', async () => {
    await t.db.delete(siteConfig);
    expect((await t.request(null, { url: `${API}/marketplace` })).body.settings.links).toEqual({ terms_url: null, review_guidelines_url: null });
    await t.setSettings({ links: { terms_url: '/documents/doc-terms', review_guidelines_url: 'https://example.com/reviews' } });
    expect((await t.request(null, { url: `${API}/marketplace` })).body.settings.links)
      .toEqual({ terms_url: '/documents/doc-terms', review_guidelines_url: 'https://example.com/reviews' });
    for (const bad of ['javascript:alert(1)', '//evil.test/x', 'data:text/html,x', 'https://example.com/a b', 'terms.html']) {
      await t.setSettings({ links: { terms_url: bad } });
      expect((await t.request(null, { url: `${API}/marketplace` })).body.settings.links.terms_url, bad).toBeNull();
    }
  });

  it('answers the provider texts per locale (translations), whole, for the screens to pick the reader one', async () => {
    const translations = { fr: { 'homepage.hero.title': 'Bienvenue', 'nav_items.0.text': 'État' }, 'de-DE': { sitename: 'Marktplatz' } };
    await t.setSettings({ translations });
    const res = await t.request(null, { url: `${API}/marketplace` });
    expect(res.body.settings.translations).toEqual(translations);
    // A path that names no text (or a locale key that is none) drops the stored translations, not the page.
    await t.setSettings({ translations: { fr: { 'appearance.colors.primary': 'red' } } });
    const bad = await t.request(null, { url: `${API}/marketplace` });
    expect(bad.status).toBe(200);
    expect(bad.body.settings.translations).toEqual({});
  });
});

describe('GET /features', () => {
  it('lists the server features plus configured ones', async () => {
    await t.setSettings({}, ['billingPreview']);
    const res = await t.request(null, { url: `${API}/features` });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(expect.arrayContaining(['fullTextSearch', 'ai', 'billingPreview']));
  });
});

describe('loadConfig (the environment npm start reads)', () => {
  it('defaults to 127.0.0.1:8080, ./data and the embedded store', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: undefined });
    expect(c.dataDir).toBe(`${process.cwd()}/data`);
    expect(c.auth).toMatchObject({ secret: undefined, accessTokenTtlSeconds: 900, builtinSignIn: true });
    expect(c.auth.oidc).toBeUndefined();
  });

  it('reads PORT, HOST, DATA_DIR, DATABASE_URL, AUTH_SECRET and the OIDC settings', () => {
    const c = loadConfig({
      PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/srv/agora', DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 's3cret',
      OIDC_ISSUER: 'https://id.test', OIDC_JWKS_URL: 'https://id.test/jwks', OIDC_AUDIENCE: 'agora', AUTH_BUILTIN: 'off',
    });
    expect(c).toMatchObject({ port: 9000, host: '0.0.0.0', dataDir: '/srv/agora', databaseUrl: 'postgres://u@h/db' });
    expect(c.auth).toMatchObject({ secret: 's3cret', builtinSignIn: false });
    expect(c.auth.oidc).toMatchObject({ issuer: 'https://id.test', jwksUrl: 'https://id.test/jwks', audience: 'agora', orgClaim: 'org_id' });
  });

  it('refuses a bad port and half an OIDC configuration with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.test' })).toThrow(/OIDC_JWKS_URL/);
    expect(() => loadConfig({ AUTH_BUILTIN: 'maybe' })).toThrow(/AUTH_BUILTIN/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or the proxies\' addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(/TRUST_PROXY/);
  });
});
