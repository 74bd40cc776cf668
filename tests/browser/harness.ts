// The browser suite's harness: the real server (buildApp, serving the BUILT dist/ and demo/) on
// an in-memory PGlite holding the demo seed, and Debian's Chromium driven by playwright-core.
//
//   const suite = useSuite({ settings: { public: false } });   // top level: one portal and browser per file
//   it('…', async () => {
//     const page = await suite.pageAs('consumer');             // consumer@agora.test; null: a visitor
//     await page.goto(`${suite.portal.baseUrl}/`);
//     await poll(() => shadowText(page, 'agora-portal h1')).toBe('Marketplace');
//   });
//
// Demo accounts are named by the part of their e-mail before the @ (server/seed/accounts.ts):
// suite.account('orgadmin') is orgadmin@agora.test. For another portal of the file (startPortal),
// the same helpers take it as an argument: accountOf(portal, who), pageAs(browser, portal, who).
//
// A file with more to set up registers its own beforeAll/afterAll after useSuite: vitest runs
// beforeAll hooks in that order and afterAll hooks in reverse (sequence.hooks 'stack'), so its
// set-up sees the portal started and its teardown runs while the portal is still open.
//
// Shadow DOM: playwright's CSS locators (page.locator('agora-portal nav a')) pierce OPEN shadow
// roots already, at any depth, so no special syntax is needed; XPath locators do not pierce.
// page.evaluate / $eval see only the light DOM: walk element.shadowRoot yourself there.
//
// The demo store is made once (migrations + seedDemo), dumped to .tmp/ under a hash of the
// migration and seed files, and loaded per portal (~1 s instead of seeding each time).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page, type Request } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { buildApp, PACKAGE_VERSION } from '../../server/src/app.ts';
import { syncOwnApiProduct } from '../../server/src/openapi/product.ts';
import { openStore, type Db, type Store } from '../../server/src/db/store.ts';
import { siteConfig } from '../../server/src/db/schema.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { openStoreCopy, templateFolder } from '../storeFolder.ts';
import type { SiteSettings } from '../../server/src/schemas/config.ts';
import type { EgressOptions } from '../../server/src/gateway/egress.ts';
import { ensureChromium, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = join(ROOT, 'test-results');
const CACHE_DIR = join(ROOT, '.tmp');
const BUNDLE = join(ROOT, 'dist', 'agora.js');
/** A fixed signing key: tokens made in one test stay valid across the portal's lifetime. */
const AUTH_SECRET = 'browser-suite-signing-key-of-32-characters+';

export interface DemoAccount { email: string; password: string; role: string }

type DeepPartial<T> = T extends Array<unknown> ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
/** Any part of the site settings (server/src/schemas/config.ts), e.g. { public: false }. */
export type SiteSettingsOverride = DeepPartial<SiteSettings>;

export interface PortalOptions {
  /** The assistant's sentence vectors (ASSISTANT_VECTORS): off unless a file asks, since embedding
   * the demo catalogue takes a core for minutes. */
  assistantVectors?: boolean;
  /** Deep-merged into site_config.settings (arrays replace, objects merge). */
  settings?: SiteSettingsOverride;
  /** Replaces site_config.features when given. */
  features?: string[];
  /** The gateway's egress policy, e.g. { allowHosts: ['127.0.0.1'] } for a test's local upstream. */
  egress?: EgressOptions;
  /** CORS_ORIGINS: origins of host pages that call the API (a test's second origin). */
  corsOrigins?: string[];
  /** Folder holding the dist/ and demo/ to serve (default: the project's own). */
  staticRoot?: string;
}

export interface Portal {
  /** http://127.0.0.1:<port>, no trailing slash */
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  store: Store;
  /** The seeded demo accounts (email, password, role). */
  accounts: DemoAccount[];
  /** Deep-merges `patch` into the stored site settings; the next page load reads them. */
  setSettings(patch: SiteSettingsOverride): Promise<void>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Store template

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Changes to migrations or seed (files and the code they use) make a new template; so do those
 * of the API's description and README, which the product "Agora Marketplace API" holds (a template
 * made before them still works: each portal's start brings that product up to date). */
function templateKey(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(join(ROOT, 'server', 'migrations')).filter((f) => f.endsWith('.sql')),
    ...filesUnder(join(ROOT, 'server', 'seed')),
    ...['openapi', 'routes', 'schemas'].flatMap((dir) => filesUnder(join(ROOT, 'server', 'src', dir))),
    join(ROOT, 'package.json'), join(ROOT, 'README.md'),
  ];
  for (const file of inputs) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

interface Template { folder: string; accounts: DemoAccount[] }
let templatePromise: Promise<Template> | undefined;

/** Makes (or finds) the seeded store template; the suite's globalSetup calls it once so test
 * files running side by side do not each seed it. */
export async function prepareDemoStore(): Promise<void> {
  await demoTemplate();
}

async function demoTemplate(): Promise<Template> {
  templatePromise ??= (async () => {
    const key = templateKey();
    const tar = join(CACHE_DIR, `browser-store-${key}.tar`);
    const meta = join(CACHE_DIR, `browser-store-${key}.json`);
    if (existsSync(tar) && existsSync(meta)) {
      return { folder: await templateFolder(tar), accounts: JSON.parse(readFileSync(meta, 'utf8')) as DemoAccount[] };
    }
    const store = await openStore();
    try {
      const { accounts } = await seedDemo(store.db);
      // The server publishes its own API as a product once ready (server/src/openapi/product.ts).
      const app = await buildApp({ store, auth: { secret: AUTH_SECRET }, runJobs: false, assistantVectors: false });
      await app.ready();
      await syncOwnApiProduct(app, store.db, PACKAGE_VERSION);
      await app.close();
      const data = await store.dump();
      mkdirSync(CACHE_DIR, { recursive: true });
      // Write then rename, so a run stopped half-way never leaves a truncated template behind.
      writeFileSync(`${tar}.${process.pid}`, Buffer.from(await data.arrayBuffer()));
      writeFileSync(`${meta}.${process.pid}`, JSON.stringify(accounts, null, 2));
      renameSync(`${tar}.${process.pid}`, tar);
      renameSync(`${meta}.${process.pid}`, meta);
      for (const old of readdirSync(CACHE_DIR)) {
        if (/^browser-store-[0-9a-f]+\.(tar|json|tar\.d)$/.test(old) && !old.includes(key)) rmSync(join(CACHE_DIR, old), { recursive: true, force: true });
      }
      return { folder: await templateFolder(tar, data), accounts };
    } finally {
      await store.close();
    }
  })();
  return templatePromise;
}

// ---------------------------------------------------------------------------------------------
// Portal

function latestMtime(dir: string): number {
  return filesUnder(dir).reduce((max, f) => Math.max(max, statSync(f).mtimeMs), 0);
}

/** The suite tests the built bundle; without it every test would fail for the same dull reason. */
export function assertBuilt(): void {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${relative(ROOT, BUNDLE)} is missing: run npm run build first (npm test does it for you).`);
  }
  const built = statSync(BUNDLE).mtimeMs;
  const source = Math.max(latestMtime(join(ROOT, 'src')), latestMtime(join(ROOT, 'elements')));
  if (source > built) {
    console.warn('[harness] dist/ is older than src/ or elements/: the browser tests run the previous build (npm run build).');
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isObject(base) || !isObject(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = deepMerge(base[k], v);
  return out;
}

async function applySiteConfig(db: Db, options: PortalOptions): Promise<void> {
  if (!options.settings && !options.features) return;
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.id, 'default'));
  const settings = deepMerge(row?.settings ?? {}, options.settings ?? {});
  const features = options.features ?? row?.features ?? [];
  if (row) await db.update(siteConfig).set({ settings, features }).where(eq(siteConfig.id, 'default'));
  else await db.insert(siteConfig).values({ id: 'default', settings, features });
}

/** The real server on a private copy of the demo store, listening on 127.0.0.1:<free port>. */
export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  assertBuilt();
  return startServer(options);
}

/** startPortal without the bundle check, for tests of the server's pages that need no bundle. */
export async function startServer(options: PortalOptions = {}): Promise<Portal> {
  const template = await demoTemplate();
  const store = await openStoreCopy(template.folder);
  let app: FastifyInstance | undefined;
  try {
    await applySiteConfig(store.db, options);
    app = await buildApp({ store, auth: { secret: AUTH_SECRET }, serveStatic: true, assistantVectors: options.assistantVectors ?? false, ...(options.egress ? { egress: options.egress } : {}), ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}), ...(options.staticRoot ? { staticRoot: options.staticRoot } : {}) });
    await app.ready();
    await syncOwnApiProduct(app, store.db, PACKAGE_VERSION); // current already unless the template is stale
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the portal is not listening on a TCP port');
    const running = app;
    return {
      baseUrl: `http://127.0.0.1:${address.port}`,
      app: running,
      db: store.db,
      store,
      accounts: template.accounts,
      setSettings: (patch) => applySiteConfig(store.db, { settings: patch }),
      async close() {
        // A page left open may hold a connection with a request in flight, and closing would wait
        // for it without end: the connections are cut, whatever the browser is doing.
        const closing = running.close();
        running.server.closeAllConnections();
        await closing;
        await store.close();
      },
    };
  } catch (error) {
    await app?.close();
    await store.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Suite

export interface Suite {
  /** The file's portal; throws when used before the file's beforeAll ran or after its start failed. */
  readonly portal: Portal;
  /** The file's Chromium; same rule as portal. */
  readonly browser: Browser;
  /** Both are up. An extra afterAll that undoes its set-up checks it: after a failed start, throwing
   * there would add a second error and stop the afterAll that closes the portal and browser. */
  readonly started: boolean;
  /** The demo account whose e-mail starts with `${who}@`, e.g. 'consumer'. */
  account(who: string): DemoAccount;
  /** A new page (newPage's options), signed in as that account unless `who` is null (a visitor). */
  pageAs(who: string | null, contextOptions?: BrowserContextOptions): Promise<Page>;
}

/** One portal (startPortal's options) and one browser for the whole test file: call it at the
 * file's top level; it registers the beforeAll that starts them and the afterAll that closes them. */
export function useSuite(options: PortalOptions = {}): Suite {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(options), workerBrowser()]);
  });
  afterAll(async () => {
    // The file's pages first, so none still talks to the portal while it closes. The browser
    // stays for the worker's next file.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await portal?.close();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`the suite's ${what} is not started: use it in tests and hooks, not at the file's top level (or its beforeAll failed: see that error)`);
    }
    return value;
  };
  return {
    get portal() { return need(portal, 'portal'); },
    get browser() { return need(browser, 'browser'); },
    get started() { return portal !== undefined && browser !== undefined; },
    account: (who) => accountOf(need(portal, 'portal'), who),
    pageAs: (who, contextOptions) => pageAs(need(browser, 'browser'), need(portal, 'portal'), who, contextOptions),
  };
}

/** The demo account of `portal` whose e-mail starts with `${who}@`. */
export function accountOf(portal: Portal, who: string): DemoAccount {
  const found = portal.accounts.find((a) => a.email.startsWith(`${who}@`));
  if (!found) {
    throw new Error(`no demo account "${who}": the accounts are ${portal.accounts.map((a) => a.email.split('@')[0]).join(', ')}`);
  }
  return found;
}

/** A new page (newPage's options) signed in on `portal` as accountOf(portal, who), or a visitor's
 * page when `who` is null. */
export async function pageAs(browser: Browser, portal: Portal, who: string | null, contextOptions?: BrowserContextOptions): Promise<Page> {
  const page = await newPage(browser, contextOptions);
  if (who !== null) {
    const { email, password } = accountOf(portal, who);
    await signIn(page, portal.baseUrl, email, password);
  }
  return page;
}

/** expect.poll with room for a first load (lazy chunks, the API) on a shared machine: vitest's
 * default gives up after 1 s. */
export function poll<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: 15_000, interval: 100, message });
}

// ---------------------------------------------------------------------------------------------
// Browser

/** Debian's Chromium (installed by scripts/chromium.mjs when missing), headless. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
}

let shared: Promise<Browser> | undefined;
/** One Chromium for all the files a worker runs (the suite does not isolate workers' modules):
 * every file's pages live in their own contexts, so files share nothing but the process, and a
 * launch a file (~1.5 s with its close) is saved. Launched again if it went away. Playwright ends
 * it when the worker exits. */
function workerBrowser(): Promise<Browser> {
  if (shared) {
    return shared.then((browser) => (browser.isConnected() ? browser : ((shared = undefined), workerBrowser())));
  }
  shared = launchBrowser();
  shared.catch(() => { shared = undefined; });
  return shared;
}

const errorsOf = new WeakMap<Page, string[]>();
const requestsOf = new WeakMap<Page, Set<Request>>();

/** A page in a fresh context (own cookies and storage) that records uncaught errors and
 * console errors, so a test can assert the page ran cleanly: expect(pageErrors(page)).toEqual([]). */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  errorsOf.set(page, errors);
  const requests = new Set<Request>();
  requestsOf.set(page, requests);
  page.on('request', (request) => {
    // A new document abandons the old one's requests, and Chromium does not always report their end.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requests.clear();
    requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Chromium logs every HTTP answer >= 400 as "Failed to load resource"; a 401 or 404 the
    // screen handles is normal, so only the application's own errors are kept.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(`console.error: ${message.text()}`);
    }
  });
  return page;
}

export function pageErrors(page: Page): string[] {
  return errorsOf.get(page) ?? [];
}

/** Requests of a newPage page that have not finished yet (a screen still loading data or chunks). */
export function inFlight(page: Page): number {
  return requestsOf.get(page)?.size ?? 0;
}

/**
 * Waits until `read()` has given the same value for `quietMs` (read every `step` ms): what a
 * screen shows while lazy chunks, data and the 250 ms loading placeholder come and go. `null` means
 * "still busy" (a request in flight) and never counts as quiet. Unlike `networkidle` (500 ms
 * without requests, once per document) it also sees the drawing that follows the last answer, and
 * works after an in-app navigation. Gives up after `timeout` and returns false: the caller's own
 * checks then say what is wrong.
 */
export async function waitQuiet(read: () => Promise<string | null>, quietMs: number, { step = 100, timeout = 30_000 } = {}): Promise<boolean> {
  const start = Date.now();
  let last: string | null = null;
  let since = start;
  while (Date.now() - start < timeout) {
    const now = await read();
    if (now === null || now !== last) since = Date.now();
    else if (Date.now() - since >= quietMs) return true;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, step));
  }
  return false;
}

/** Visible text of the first node matching a (shadow-piercing) CSS selector, trimmed. */
export async function shadowText(page: Page, selector: string | Locator): Promise<string> {
  const locator = typeof selector === 'string' ? page.locator(selector) : selector;
  return (await locator.first().innerText()).trim();
}

/** The header that asks the server for the refresh token in the cookie (server/src/auth/cookie.ts). */
export const COOKIE_MODE = { 'X-Agora-Session': 'cookie' } as const;

/**
 * Signs in as the portal does on its own origin: the refresh token lands in the browser context's
 * HttpOnly cookie (page.request shares the context's cookies) and the page gets its access token
 * from it with one refresh when it loads. Call it before page.goto; when the page already shows
 * something of that origin it is reloaded so the elements pick the session up.
 * Returns the access token for direct API calls.
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<{ accessToken: string; expiresIn: number }> {
  const response = await page.request.post(`${baseUrl}/api/v1/auth/signin`, { data: { username: email, password }, headers: COOKIE_MODE });
  if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
  const answer = (await response.json()) as { accessToken: string; expiresIn: number };
  if (page.url().startsWith(new URL(baseUrl).origin)) await page.reload();
  return answer;
}

/** A fresh access token of the page's signed-in session, by the cookie as the page itself gets
 * one (the cookie rotates; the page's own token stays valid). */
export async function sessionToken(page: Page, baseUrl: string): Promise<string> {
  const response = await page.request.post(`${baseUrl}/api/v1/auth/refresh`, { data: {}, headers: COOKIE_MODE });
  if (!response.ok()) throw new Error(`no session in this browser: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A full-page PNG under test-results/<name>.png; returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
