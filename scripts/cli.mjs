// `node scripts/cli.mjs <entry.ts> [arguments]`: runs a command of the server (its module exports
// `main(argv): Promise<number>`, the exit code) from a bundle that esbuild makes on first use and
// again whenever one of its sources changed, instead of through tsx. Under tsx a short command
// spent most of its time loading: the hooks thread's start and a transpile and a round trip to it
// per module (~1.5-2.5 s of `npm run import`'s ~3.5 s for a small file; bench/memory.ts).
//
// The project's own modules are bundled, and a few packages (BUNDLED_PACKAGES), with code splitting so that a module the command imports dynamically (the parsers, the demo seed)
// still loads only when needed. A source's `import.meta.url` becomes its own file's URL (computed
// from the bundle's place, so the checkout can move), so the files it reads beside itself
// (migrations, worker scripts, seed specifications) are found as under tsx.
//
// The bundle lives in .tmp/cli/<name>-<hash>/, its manifest (the sources and their modification
// times) beside it. A changed source makes a new folder: a command still running from an older
// one keeps its lazily loaded chunks; folders replaced more than a day ago are removed.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, '.tmp', 'cli');
const STALE_MS = 24 * 60 * 60 * 1000;

/** The bundled entry's file, made or remade when a source changed since. */
export async function bundled(entry) {
  const name = basename(entry).replace(/\.[cm]?[jt]s$/, '');
  const manifestFile = join(CACHE, `${name}.json`);
  const manifest = readManifest(manifestFile);
  if (manifest && fresh(manifest)) return join(CACHE, manifest.dir, `${name}.js`);
  return build(resolve(ROOT, entry), name, manifestFile);
}

function readManifest(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function fresh(manifest) {
  if (manifest.launcher !== statSync(fileURLToPath(import.meta.url)).mtimeMs) return false;
  if (!existsSync(join(CACHE, manifest.dir))) return false;
  return Object.entries(manifest.inputs).every(([file, mtime]) => {
    try {
      return statSync(join(ROOT, file)).mtimeMs === mtime;
    } catch {
      return false;
    }
  });
}

async function build(entry, name, manifestFile) {
  const esbuild = await import('esbuild');
  const scratch = join(CACHE, `${name}.${process.pid}.tmp`);
  rmSync(scratch, { recursive: true, force: true });
  const began = Date.now();
  const result = await esbuild.build({
    absWorkingDir: ROOT, // the metafile's paths are relative to it
    entryPoints: { [name]: entry },
    outdir: scratch,
    bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20',
    metafile: true, logLevel: 'silent', legalComments: 'none',
    // A bundled CommonJS package's require() of a Node module (graphql's of 'process').
    banner: { js: "import { createRequire as __cliRequire } from 'node:module'; const require = __cliRequire(import.meta.url);" },
    plugins: [packagesOutside(), ownUrls(scratch)],
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const mtime = statSync(join(ROOT, file)).mtimeMs;
    // Changed while bundling: the bundle may hold the older text, so the next run makes another.
    inputs[file] = mtime >= began ? -1 : mtime;
  }
  // Named by what made it: the sources as they were and this script (its build settings).
  const launcher = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const dir = `${name}-${createHash('sha256').update(JSON.stringify({ launcher, inputs })).digest('hex').slice(0, 12)}`;
  const target = join(CACHE, dir);
  // The folder this one replaces is kept a day from now (prune): a run may still be using it.
  const replaced = readManifest(manifestFile)?.dir;
  if (replaced && replaced !== dir && existsSync(join(CACHE, replaced))) utimesSync(join(CACHE, replaced), new Date(), new Date());
  if (existsSync(target)) rmSync(scratch, { recursive: true, force: true }); // another run made the same
  else renameSync(scratch, target);
  const written = `${manifestFile}.${process.pid}`;
  writeFileSync(written, JSON.stringify({ dir, launcher, inputs }));
  renameSync(written, manifestFile);
  prune(name, dir);
  return join(target, `${name}.js`);
}

/** Packages bundled too: plain JavaScript of hundreds of small files each, whose resolving and
 * loading one by one cost the command's thread more than their code (drizzle's ~100 modules,
 * graphql's ~130 and yaml's ~70). The command's process has no other copy of them (a preparing
 * worker loads its own anyway). Every other package loads from node_modules: some read files
 * beside themselves (PGlite its WebAssembly). */
const BUNDLED_PACKAGES = new Set(['drizzle-orm', 'graphql', 'yaml']);

function packagesOutside() {
  return {
    name: 'packages-outside',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.split('/').slice(0, args.path.startsWith('@') ? 2 : 1).join('/');
        return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** Each project source's `import.meta.url` as its own file's URL, relative to the bundle's folder
 * (the chunks are all at its top: esbuild's default chunk names). */
function ownUrls(outdir) {
  return {
    name: 'own-urls',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (args.path.includes(`${'/'}node_modules${'/'}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const from = relative(outdir, args.path).split('\\').join('/');
        const url = `new URL(${JSON.stringify(from)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

/** Removes this command's bundles replaced more than a day ago, and leftovers of failed builds. */
function prune(name, keep) {
  mkdirSync(CACHE, { recursive: true });
  for (const entry of readdirSync(CACHE)) {
    if (entry === keep || !entry.startsWith(`${name}-`) && !entry.startsWith(`${name}.`)) continue;
    const path = join(CACHE, entry);
    if (entry.endsWith('.json')) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch { /* removed by another run */ }
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const [entry, ...argv] = process.argv.slice(2);
  if (!entry) {
    console.error('Usage: node scripts/cli.mjs <entry.ts> [arguments]');
    process.exit(2);
  }
  let module;
  try {
    module = pathToFileURL(await bundled(entry)).href;
  } catch (error) {
    // No bundle (a read-only checkout, say): the sources through tsx, as before, only slower.
    const why = error?.errors?.[0]?.text ?? String(error?.message ?? error).split('\n')[0];
    console.error(`(running ${entry} through tsx: no bundle: ${why})`);
    (await import('tsx/esm/api')).register();
    module = pathToFileURL(resolve(ROOT, entry)).href;
  }
  const { main } = await import(module);
  process.exit(await main(argv));
}
