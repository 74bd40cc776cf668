// Builds the element bundle:
//   dist/agora.js               defines every element (src/index.ts)
//   dist/elements/<tag>.js      one element only, for pages that want just that one
//   dist/chunks/[name]-[hash].js  shared code, each screen, each locale, each heavy viewer
//   dist/builds/<time>-<kind>.json  what each build wrote (scripts/builds.mjs): the server caches
//                               the hashed files it lists for a year; the chunks of a replaced build
//                               stay 7 days (never removed by the next build)
// Screens and viewers are dynamic imports, so each is its own lazily loaded chunk.
//
//   npx rollup -c                       production: minified with terser, source maps
//   npx rollup -c --environment DEV     no terser (esbuild minifies our code), same layout
//   npx rollup -c --environment FAST    DEV without the heavy viewers (Swagger UI, GraphiQL,
//                                       AsyncAPI, charts, highlighter): seconds, for the dev loop
//   npx rollup -c -w --environment FAST rebuilds on every change
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import json from '@rollup/plugin-json';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import utilityStyles from './scripts/styles.mjs';
import { elementFiles, missingDescriptions } from './scripts/elements-manifest.mjs';
import { recordBuild } from './scripts/builds.mjs';
import { parse as parseIcu } from '@formatjs/icu-messageformat-parser';

const root = dirname(fileURLToPath(import.meta.url));
const fast = Boolean(process.env.FAST);
const dev = Boolean(process.env.DEV) || fast;

/** Every elements/<tag>.ts is an entry of its own. */
const elementEntries = Object.fromEntries(
  readdirSync(resolve(root, 'elements'))
    .filter((f) => /^agora-[a-z0-9-]+\.ts$/.test(f))
    .map((f) => [`elements/${basename(f, '.ts')}`, resolve(root, 'elements', f)]),
);

/**
 * dist/agora.js carries its own copy of every element file instead of importing the eleven
 * dist/elements/<tag>.js entries: eleven tiny files cost 2.7 KB gzip on every portal page, their
 * copies inside agora.js about 1 KB. A page may load both; defining a tag twice is a no-op.
 */
function bundledElements() {
  const SUFFIX = '.bundled.ts';
  const dir = resolve(root, 'elements') + '/';
  const index = resolve(root, 'src/index.ts');
  return {
    name: 'agora-bundled-elements',
    async resolveId(source, importer) {
      if (importer !== index || !source.startsWith('../elements/')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && resolved.id.startsWith(dir) ? resolved.id.replace(/\.ts$/, SUFFIX) : null;
    },
    load(id) {
      return id.startsWith(dir) && id.endsWith(SUFFIX) ? readFileSync(id.slice(0, -SUFFIX.length) + '.ts', 'utf8') : null;
    },
  };
}

/**
 * `import css from 'x/style.css?inline'` gives the stylesheet as a string, to render as a <style>
 * inside an element's shadow root (never into the host document). @font-face rules are dropped:
 * Chromium ignores them inside a shadow root, and some viewers embed hundreds of KB of them.
 */
function cssInline() {
  const SUFFIX = '?inline';
  return {
    name: 'agora-css-inline',
    async resolveId(source, importer) {
      if (!source.endsWith('.css' + SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return resolved ? resolved.id + SUFFIX : null;
    },
    load(id) {
      if (!id.endsWith('.css' + SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      this.addWatchFile(file);
      const css = readFileSync(file, 'utf8')
        .replace(/@font-face\s*\{[^}]*\}/g, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      return { code: `export default ${JSON.stringify(css)};`, map: { mappings: '' } };
    },
  };
}

/**
 * Messages are compiled to ICU syntax trees at build time, so the browser never downloads the ICU
 * parser (@formatjs' no-parser build replaces it). Plain texts (no braces) stay strings; src/i18n
 * returns those as they are. Tests and tsx run the sources as written, with the parser.
 */
function noIcuParser() {
  return {
    name: 'agora-no-icu-parser',
    async resolveId(source, importer) {
      if (source !== '@formatjs/icu-messageformat-parser') return null;
      return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true });
    },
  };
}

/** swr still imports the useSyncExternalStore shim for React 17; React 19 has the hook itself. */
function reactSyncStore() {
  const ID = '\0agora-use-sync-external-store';
  return {
    name: 'agora-use-sync-external-store',
    resolveId(source) {
      return source === 'use-sync-external-store/shim' || source === 'use-sync-external-store/shim/index.js' ? ID : null;
    },
    load(id) {
      return id === ID ? "export { useSyncExternalStore } from 'react';" : null;
    },
  };
}

const SECTION_PREFIX = '\0agora-messages/';
/** Sections any screen shows texts of: split by what the landing route shows (src/i18n/intl.ts
 * SHARED_SECTIONS loads their rest with any other section). */
const SHARED_SECTIONS = ['common', 'shell', 'ui'];

/**
 * Runs after esbuild, when a message module is plain JavaScript: evaluates it, compiles every
 * text with arguments to its ICU syntax tree, keeps in the module the texts the landing route
 * shows (keys written in the modules it loads: the entries' static imports, the portal shell and
 * the home screen; whole sections, but only those texts of the shared ones) and moves every other
 * text to a chunk per section (key prefix: catalogue., shell.…), listed in `__agoraSections` for
 * src/i18n/intl.ts to load on demand. The landing route then downloads ~40 of the ~180 shared
 * texts (common, shell, ui) instead of all of them, and no section chunk.
 */
function precompiledMessages() {
  const MESSAGES = /\/src\/i18n\/messages\/([a-z]+)\.ts$/;
  const sections = new Map();
  let firstPaint = null;

  /** The key-shaped strings of the landing route's modules: keys written out, and the starts of
   * template literals a key is completed from (`shell.nav.${id}`, kept as 'shell.nav.*'). */
  async function landingStrings(ctx) {
    const roots = [
      ...Object.values(bundle.input),
      resolve(root, 'src/screens/shell/Portal.tsx'),
      resolve(root, 'src/screens/home/Home.tsx'),
    ];
    const seen = new Set();
    const words = new Set();
    const visit = async (id) => {
      if (seen.has(id) || MESSAGES.test(id) || id.startsWith(SECTION_PREFIX) || id.includes('/node_modules/') || id.startsWith('\0')) return;
      seen.add(id);
      const info = await ctx.load({ id, resolveDependencies: true });
      // A key, or a template's start that a key is completed from (`shell.locale.${locale}`).
      for (const m of (info.code ?? '').matchAll(/(["'`])([a-z]+\.[A-Za-z0-9.-]*)(\1|\$\{)/g)) words.add(m[3] === '${' ? `${m[2]}*` : m[2]);
      await Promise.all(info.importedIds.map(visit));
    };
    await Promise.all(roots.map(visit));
    return words;
  }

  const shownOnLanding = (words, key) => words.has(key) || [...words].some((w) => w.endsWith('*') && key.startsWith(w.slice(0, -1)));

  return {
    name: 'agora-precompiled-messages',
    buildStart() {
      firstPaint = null;
    },
    resolveId(source) {
      return source.startsWith(SECTION_PREFIX) ? source : null;
    },
    load(id) {
      if (!id.startsWith(SECTION_PREFIX)) return null;
      const data = sections.get(id);
      if (!data) this.error(`unknown message section ${id}`);
      return { code: `export default ${JSON.stringify(data)};`, map: { mappings: '' } };
    },
    async transform(code, id) {
      const file = MESSAGES.exec(id);
      if (!file) return null;
      firstPaint ??= landingStrings(this);
      const words = await firstPaint;
      const mod = await import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'));
      const out = [];
      for (const [name, messages] of Object.entries(mod)) {
        const core = {};
        const lazy = {};
        // A section the landing route's screens name (home, tiles) stays whole: naming it would
        // load its rest, and the shared sections' rest with it.
        const landingSections = new Set(Object.keys(messages).filter((key) => shownOnLanding(words, key)).map((key) => key.split('.')[0]));
        for (const [key, text] of Object.entries(messages)) {
          let value = text;
          if (typeof text === 'string' && text.includes('{')) {
            try {
              value = parseIcu(text);
            } catch (error) {
              this.error(`${id}: message ${key} is not valid ICU: ${error.message}`);
            }
          }
          const section = key.split('.')[0];
          if (SHARED_SECTIONS.includes(section) ? shownOnLanding(words, key) : landingSections.has(section)) core[key] = value;
          else (lazy[section] ??= {})[key] = value;
        }
        out.push(`export const ${name} = ${JSON.stringify(core)};`);
        const loaders = Object.entries(lazy).map(([section, data]) => {
          const sectionId = `${SECTION_PREFIX}${file[1]}/${section}`;
          sections.set(sectionId, data);
          return `${JSON.stringify(section)}: () => import(${JSON.stringify(sectionId)})`;
        });
        out.push(`export const __agoraSections = {${loaders.join(',')}};`);
      }
      return { code: out.join('\n'), map: { mappings: '' } };
    },
  };
}

/**
 * dist/custom-elements.json, dist/agora.d.ts and the editor data made from the manifest
 * (vscode.html-custom-data.json, web-types.json), from the element files' JSDoc
 * (scripts/elements-manifest.mjs). An element, attribute or event without a description fails the
 * build (and tests/unit/elements/manifest.test.ts).
 */
function elementsManifest() {
  return {
    name: 'agora-elements-manifest',
    buildStart() {
      for (const file of readdirSync(resolve(root, 'elements'))) this.addWatchFile(resolve(root, 'elements', file));
    },
    generateBundle() {
      const { manifest, files } = elementFiles(root);
      const missing = missingDescriptions(manifest);
      if (missing.length) this.error(`custom-elements.json: no description for ${missing.join(', ')} (JSDoc in elements/)`);
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * Writes this build's record (dist/builds/, scripts/builds.mjs: which files carry a content hash,
 * which are entries) and prunes the chunks of builds replaced more than 7 days ago, instead of
 * every chunk of earlier builds: a page still running the previous build (an open portal tab, an
 * entry file cached for up to 5 minutes) keeps finding the chunks it asks for. `folders` hold
 * this output's hashed chunks only. An entry is never imported by a chunk (checked here): the
 * entries are overwritten in place, so a chunk of an older build would reach a newer build's code.
 */
function buildRecord(kind, folders, { chunksMayImportEntries = false } = {}) {
  return {
    name: 'agora-build-record',
    writeBundle(options, bundle) {
      const immutable = new Set();
      const mutable = new Set();
      const entries = new Set(Object.values(bundle).filter((f) => f.type === 'chunk' && f.isEntry).map((f) => f.fileName));
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const bad = [...file.imports, ...file.dynamicImports].filter((i) => entries.has(i));
        if (!file.isEntry && bad.length && !chunksMayImportEntries) this.error(`${file.fileName} imports the entry ${bad.join(', ')}: entries are not hashed`);
        // A chunk that imports an entry is as mutable as the entry (short cache, never immutable).
        const into = file.isEntry || bad.length ? mutable : immutable;
        into.add(file.fileName);
        if (options.sourcemap) into.add(`${file.fileName}.map`);
      }
      for (const file of Object.values(bundle)) if (file.type === 'asset' && !immutable.has(file.fileName)) mutable.add(file.fileName);
      recordBuild({ dist: resolve(options.dir), kind, folders, immutable, mutable, keepPrevious: this.meta.watchMode });
    },
  };
}

/**
 * Every dynamic import of the bundle (screens, viewers, message sections) goes through
 * __agoraImport, appended to each chunk that has one: a module that fails to load is asked for once
 * more under `?agora-retry` before the import fails (src/elements/chunks.ts then reports a
 * ChunkLoadError). The browser keeps a failed import of a URL for the page's lifetime, so the same
 * URL would fail again at once; the query makes it a new module, and passes a cache or CDN that
 * kept a 404 from the middle of a deploy. (A chunk imported statically by the failed one stays
 * failed: a reload brings it.)
 *
 * An element entry also starts the screen chunk's own static imports (shared UI chunks) as the
 * screen's import starts: they would be asked for only once the screen chunk has arrived and been
 * parsed, one more round trip before the first paint (the explorer's Petstore: ~100 ms of its
 * ~450). Imports, not <link rel="modulepreload">: an element alone on a host page adds nothing to
 * the page's <head> (tests/elements). Each is a dependency the screen evaluates first anyway; a
 * failure is left to the screen's own import to report. Outside a browser (a server importing
 * dist/ to pre-render) nothing is fetched early.
 */
function dynamicImports() {
  // The helper resolves the path against its own chunk's URL: each chunk has its copy.
  const CALL = '__agoraImport(';
  const HELPER = '\nfunction __agoraImport(p){var u=new URL(p,import.meta.url).href;return import(u).catch(function(){return import(u+"?agora-retry")})}\n';
  return {
    name: 'agora-dynamic-imports',
    renderDynamicImport({ chunk, targetChunk, getTargetChunkImports }) {
      if (!targetChunk) return null;
      const deps = chunk.isEntry && chunk.fileName.startsWith('elements/')
        ? (getTargetChunkImports() ?? []).filter((d) => d.type === 'internal')
          // resolvedImportPath is the quoted specifier ('../chunks/x.js'), as written in the code.
          .map((d) => d.resolvedImportPath.replace(/^['"]|['"]$/g, ''))
        : [];
      if (deps.length === 0) return { left: CALL, right: ')' };
      const announce = `typeof document<"u"&&${JSON.stringify(deps)}.forEach(function(u){import(u).catch(function(){})})`;
      return { left: `(${announce},${CALL}`, right: '))' };
    },
    // Appended, so the source map stays as it is; a function declaration is hoisted.
    renderChunk(code) {
      return code.includes(CALL) ? { code: code + HELPER, map: null } : null;
    },
  };
}

/**
 * The viewer chunks (src/viewers): stylesheets that packages import for their side effect (Monaco's
 * many .css files) become empty modules, since every viewer renders its stylesheet, as a string,
 * inside its own shadow root (cssInline); and Radix UI's portal (GraphiQL's menus, dialogs and
 * tooltips) renders into the viewer's shadow root instead of the host page's <body>.
 */
function viewerImports() {
  const EMPTY_CSS = '\0agora-empty-css';
  const portal = resolve(root, 'src/viewers/graphiql/portal.tsx');
  return {
    name: 'agora-viewer-imports',
    resolveId(source, importer) {
      if (source === '@radix-ui/react-portal' && importer && !importer.startsWith(portal)) return portal;
      if (source.endsWith('.css') && importer?.includes('/node_modules/')) return EMPTY_CSS;
      return null;
    },
    load(id) {
      return id === EMPTY_CSS ? 'export default "";' : null;
    },
  };
}

/**
 * Production minifier: terser, except for chunks holding the viewers' packages, which esbuild
 * minifies. terser (5.x, any compress setting) drops the `__reExport(…, monaco_editor_core_star)`
 * of monaco-editor's language contributions once its namespace is an inlined frozen object, so
 * GraphiQL dies with "Emitter is not a constructor"; these packages ship minified or nearly so,
 * and esbuild does the megabytes in seconds instead of minutes.
 */
function minifier(options) {
  const VENDOR = /\/node_modules\/(monaco-editor|monaco-graphql|graphiql|@graphiql|@asyncapi|swagger-ui-react|swagger-client|@swagger-api|prettier)\//;
  const inner = terser(options);
  return {
    ...inner,
    name: 'agora-minify',
    async renderChunk(code, chunk, outputOptions, meta) {
      if (!chunk.moduleIds.some((id) => VENDOR.test(id))) return inner.renderChunk.call(this, code, chunk, outputOptions, meta);
      const { transform } = await import('esbuild');
      const out = await transform(code, { minify: true, format: 'esm', target: 'es2020', sourcemap: !!outputOptions.sourcemap, legalComments: 'none' });
      return { code: out.code, map: out.map || null };
    },
  };
}

/** Monaco's web workers (GraphiQL), built apart so their chunks never mix with the page's:
 * dist/workers/{editor,json,graphql}.worker.js (src/viewers/graphiql/workers.ts starts them). */
const workers = {
  input: {
    'workers/editor.worker': 'monaco-editor/esm/vs/editor/editor.worker.js',
    'workers/json.worker': 'monaco-editor/esm/vs/language/json/json.worker.js',
    'workers/graphql.worker': 'monaco-graphql/esm/graphql.worker.js',
  },
  output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'workers/chunks/[name]-[hash].js', sourcemap: false },
  onwarn(warning, warn) {
    if (warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'EVAL' || warning.code === 'CIRCULAR_DEPENDENCY') return;
    warn(warning);
  },
  plugins: [
    viewerImports(),
    nodeResolve({ browser: true, preferBuiltins: false }),
    commonjs(),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    !dev && minifier({ ecma: 2020, module: true, format: { comments: false } }),
    // monaco-graphql's shared chunk imports its worker entry back (a cycle rollup keeps): such a
    // chunk is recorded as mutable and cached as briefly as the entry, never a year.
    buildRecord('workers', ['workers/chunks'], { chunksMayImportEntries: true }),
  ],
};

/**
 * FAST builds leave the viewers out: a dynamic import of src/viewers/… becomes a module that
 * fails to load, which the screens already show as a chunk load error. Everything else is the
 * real build, so the rest of the portal can be worked on in seconds.
 */
function fastWithoutViewers() {
  const PREFIX = '\0agora-left-out:';
  const viewers = resolve(root, 'src/viewers') + '/';
  return {
    name: 'agora-fast-without-viewers',
    async resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== 'string') return null;
      const resolved = await this.resolve(specifier, importer, { skipSelf: true });
      return resolved && resolved.id.startsWith(viewers) && !importer?.startsWith(viewers) ? PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length).slice(root.length + 1);
      return `throw new Error(${JSON.stringify(`${file} is left out of this build (FAST): run npm run build for the viewers`)});`;
    },
  };
}

let groups = null;

/**
 * The landing route's code in few chunks. Left to itself rollup cuts what the shell and the home
 * screen share with other screens into a dozen small chunks, by which screens share them, and each
 * small file compresses on its own. Grouped: 'define' is what every element loads (the entries'
 * static imports); 'landing' is the home screen with everything of ours it imports, and what the
 * shell shares with other screens; the shell's own modules stay in its chunk. About 6 KB gzip less
 * on the landing route; other screens that share a tile or a button load the landing chunk.
 * ('define' is named too because rollup pulls a manual chunk's unassigned dependencies into it.)
 */
function chunkGroups(getModuleInfo, getModuleIds) {
  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const ids = [...getModuleIds()];
  const src = resolve(root, 'src') + '/';
  const home = resolve(root, 'src/screens/home/Home.tsx');
  const shell = resolve(root, 'src/screens/shell/Portal.tsx');
  const always = closure(ids.filter((id) => getModuleInfo(id)?.isEntry));
  const otherScreens = closure(ids.filter((id) => id !== shell && getModuleInfo(id)?.dynamicImporters.length));
  const landing = new Set([...closure([home]), ...[...closure([shell])].filter((id) => otherScreens.has(id))]);
  return {
    element: new Set([...always].filter((id) => id.startsWith(src) && !getModuleInfo(id).isEntry)),
    landing: new Set([...landing].filter((id) => id.startsWith(src) && !always.has(id))),
  };
}

/** Readable chunk names: the screen or package a chunk holds. */
function chunkName(chunk) {
  if (['runtime', 'define', 'landing'].includes(chunk.name)) return chunk.name;
  const id = chunk.facadeModuleId ?? chunk.moduleIds[chunk.moduleIds.length - 1] ?? '';
  if (id.includes('/src/i18n/messages/')) return `messages-${basename(id).replace(/\.ts$/, '')}`;
  if (id.startsWith(SECTION_PREFIX)) return `messages-${id.slice(SECTION_PREFIX.length).replace('/', '-')}`;
  const screen = /\/src\/screens\/([^/]+)\//.exec(id);
  if (screen && chunk.isDynamicEntry) return `screen-${screen[1]}-${basename(id).replace(/\.tsx?$/, '')}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg && chunk.isDynamicEntry) return pkg[1].replace('@', '').replace('/', '-');
  return chunk.name || 'shared';
}

const bundle = {
  input: { agora: resolve(root, 'src/index.ts'), ...elementEntries },
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: (chunk) => `chunks/${chunkName(chunk)}-[hash].js`,
    sourcemap: true,
    // Keep the entries small and the shared runtime (React, swr, ky…) in one cacheable
    // chunk. @formatjs stays out: it loads only when a text needs plural or select formatting.
    // The landing route's shared code is grouped (see chunkGroups).
    manualChunks(id, { getModuleInfo, getModuleIds }) {
      // swr's add-ons (infinite, mutation…) stay with the screens that use them, and zustand's
      // shallow comparison with the viewer that does (GraphiQL): ~0.5 KB gzip off every page.
      if (/node_modules\/swr\/dist\/(infinite|mutation|subscription|immutable)\//.test(id)) return undefined;
      if (/node_modules\/zustand\/esm\/(vanilla\/|react\/)?shallow\.mjs$/.test(id)) return undefined;
      if (/node_modules\/(react|react-dom|scheduler|@r2wc|zustand|swr|ky)\//.test(id)) {
        return 'runtime';
      }
      groups ??= chunkGroups(getModuleInfo, getModuleIds);
      if (groups.element.has(id)) return 'define';
      return groups.landing.has(id) ? 'landing' : undefined;
    },
  },
  preserveEntrySignatures: 'allow-extension',
  onwarn(warning, warn) {
    // Third-party packages use `this` at module level and eval; neither is ours to fix.
    if (warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'EVAL' || warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((i) => i.includes('node_modules'))) return;
    warn(warning);
  },
  plugins: [
    fast && fastWithoutViewers(),
    cssInline(),
    bundledElements(),
    viewerImports(),
    dynamicImports(),
    noIcuParser(),
    reactSyncStore(),
    nodeResolve({ browser: true, preferBuiltins: false, extensions: ['.mjs', '.js', '.json', '.ts', '.tsx'] }),
    commonjs(),
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
    json(),
    esbuild({
      include: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      target: 'es2022',
      jsx: 'automatic',
      minify: dev,
      loaders: { '.ts': 'ts', '.tsx': 'tsx' },
    }),
    utilityStyles({ root }),
    precompiledMessages(),
    buildRecord('bundle', ['chunks']),
    elementsManifest(),
    !dev && minifier({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
  ],
};

// The workers serve GraphiQL only, which FAST builds leave out.
export default fast ? [bundle] : [bundle, workers];
