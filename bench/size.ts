// Bundle size: the gzip size of the JavaScript a page with only <agora-portal> downloads to show
// the landing route, and of every lazy chunk. Measured in Chromium against the real server, so
// what counts is what the browser actually fetched (entry, static imports, the shell, the landing
// screen, its message sections), not a guess from the module graph.
//
//   npm run bench -- size               production build into dist/, then measure
//   node --import tsx bench/size.ts --no-build     measure the dist/ that is there
//
// Target (issue 2): landing route initial JS <= 120 KB gzip. Results: bench/results/size.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer } from '../tests/browser/harness.ts';

const TARGET_KB = 120;
const DIST = join(ROOT, 'dist');
const args = process.argv.slice(2);

interface FileSize { file: string; raw: number; gzip: number }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sizeOf(file: string): FileSize {
  const data = readFileSync(join(DIST, file));
  return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
}

/** dist/ keeps the chunks of the builds of the last 7 days (scripts/builds.mjs): only the newest
 * build's hashed files count (entries and files no record names always do). */
function ofNewestBuild(file: string): boolean {
  const dir = join(DIST, 'builds');
  if (!existsSync(dir)) return true;
  const records = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { kind: string; immutable: string[] });
  const newest = new Map(records.map((r) => [r.kind, r]));
  const named = records.some((r) => r.immutable.includes(file));
  return !named || [...newest.values()].some((r) => r.immutable.includes(file));
}

function allJs(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return allJs(path);
    return entry.name.endsWith('.js') ? [relative(DIST, path)] : [];
  });
}

/** The dist/ files of every JavaScript response the page received until it settled. */
async function jsLoadedBy(page: Page, url: string, ready: string): Promise<string[]> {
  const files = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/dist/') && path.endsWith('.js')) files.add(path.slice('/dist/'.length));
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return [...files].sort();
}

function table(rows: FileSize[]): string {
  return rows.map((r) => `  ${r.file.padEnd(58)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)}`).join('\n');
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) {
    console.log('[size] production build (rollup -c)…');
    execFileSync(join(ROOT, 'node_modules', '.bin', 'rollup'), ['-c', 'rollup.config.mjs', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!existsSync(join(DIST, 'agora.js'))) throw new Error('dist/agora.js is missing: run the build');

  const portal = await startServer();
  const browser = await launchBrowser();
  try {
    const measure = async (label: string, url: string, setup?: (page: Page) => Promise<void>) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await setup?.(page);
      const files = await jsLoadedBy(page, url, 'agora-portal main[data-route]');
      const route = await page.locator('agora-portal main[data-route]').first().getAttribute('data-route');
      await context.close();
      const rows = files.map(sizeOf);
      return { label, route, rows, gzip: rows.reduce((n, r) => n + r.gzip, 0), raw: rows.reduce((n, r) => n + r.raw, 0) };
    };

    // demo/index.html: the full bundle (dist/agora.js) with <agora-portal> in history mode.
    const full = await measure('dist/agora.js, landing route (demo/index.html)', `${portal.baseUrl}/`);
    // A page that loads only the portal's own entry.
    const single = await measure('dist/elements/agora-portal.js only', `${portal.baseUrl}/size-bench.html`, async (page) => {
      await page.route(`${portal.baseUrl}/size-bench.html`, (route) => route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/dist/elements/agora-portal.js"></script></head>'
          + '<body><agora-portal router="hash"></agora-portal></body></html>',
      }));
    });

    const loaded = new Set([...full.rows, ...single.rows].map((r) => r.file));
    const lazy = allJs().filter((f) => !loaded.has(f) && ofNewestBuild(f)).map(sizeOf).sort((a, b) => b.gzip - a.gzip);

    for (const m of [full, single]) {
      console.log(`\n${m.label}: route "${m.route}"`);
      console.log(table(m.rows));
      console.log(`  ${'total'.padEnd(58)} ${kb(m.raw).padStart(10)} ${kb(m.gzip).padStart(10)}   ${m.gzip / 1024 <= TARGET_KB ? 'OK' : 'OVER'} (target ${TARGET_KB} KB gzip)`);
    }
    console.log(`\nLazy chunks (not loaded on the landing route): ${lazy.length}`);
    console.log(table(lazy));

    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'size.json'), JSON.stringify({
      date: new Date().toISOString(), targetKb: TARGET_KB,
      landing: { route: full.route, gzip: full.gzip, raw: full.raw, files: full.rows },
      singleElement: { route: single.route, gzip: single.gzip, raw: single.raw, files: single.rows },
      lazy,
    }, null, 2));
    console.log(`\nLanding route initial JS: ${kb(full.gzip)} gzip (target <= ${TARGET_KB} KB).`);
  } finally {
    await browser.close();
    await portal.close();
  }
}

await main();
