// Rollup plugin: the utility classes become CSS at build time, so no style engine runs in the
// browser (twind's runtime and Tailwind preset cost 17 KB gzip on every page, and re-read each
// classed node a screen inserts).
//
// 1. transform: every module of src/ lists the words of its string literals and template
//    literals (class names are written out in full, never assembled: `grid-cols-${n}` would not
//    be found) and gets a call `addRules("__agora_styles__", "__agora_styles__")` to src/styles/sheet.ts appended.
// 2. renderStart: twind (src/styles/twind.config.ts, compiled with esbuild) turns all those words
//    into one stylesheet in cascade order, and learns which rules each word makes.
// 3. renderChunk: each rule is given to one chunk that every chunk needing it loads (placeRules),
//    and each chunk's first placeholders become its rules and their places in the whole
//    stylesheet; the others become empty. The sheet module carries Tailwind's preflight. At run time
//    sheet.ts inserts each rule at its place, whatever order chunks load in.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const PLACEHOLDER = '__agora_styles__';
/** A rule needed by at most this many chunks, none of which its shared ancestor is, is copied into each. */
const COPY_INTO_AT_MOST = 8;
const CALL_ARGS = `${JSON.stringify(PLACEHOLDER)}, ${JSON.stringify(PLACEHOLDER)}`;
// Rollup sees these string arguments when it tree-shakes: addRules must not branch on its
// arguments themselves, or rollup drops the branch it believes dead.
const PLACEHOLDER_RE = /(["'])__agora_styles__\1\s*,\s*(["'])__agora_styles__\2/g;
/** What could be a utility class: twind is asked only about these. */
const CANDIDATE = /^!?[a-z0-9@[-][^\s{};"`<]*$/i;

/** Every string a module holds (literals and the fixed parts of template literals), and the
 * word fragments that run straight into a template expression (`bg-${tone}`). */
function stringsOf(node, out, fragments) {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const child of node) stringsOf(child, out, fragments);
    return out;
  }
  if (node.type === 'Literal' && typeof node.value === 'string') out.push(node.value);
  else if (node.type === 'TemplateElement') out.push(node.value.cooked ?? node.value.raw);
  else if (node.type === 'TemplateLiteral') {
    for (const quasi of node.quasis.slice(0, -1)) {
      const fragment = /(\S+)$/.exec(quasi.value.cooked ?? quasi.value.raw)?.[1];
      if (fragment) fragments.push(fragment);
    }
  }
  for (const key in node) {
    if (key !== 'type' && key !== 'start' && key !== 'end' && key !== 'loc') stringsOf(node[key], out, fragments);
  }
  return out;
}

/** Endings that would complete a utility class if one were assembled from `fragment`. */
const ENDINGS = ['primary', 'gray-500', '4', '1/2', 'sm', 'full', 'center', '[1px]'];

async function loadTwind(root) {
  const outfile = join(root, '.tmp', 'twind.config.mjs');
  mkdirSync(join(root, '.tmp'), { recursive: true });
  await build({
    entryPoints: [join(root, 'src/styles/twind.config.ts')],
    outfile, bundle: true, format: 'esm', platform: 'node', packages: 'external', logLevel: 'error',
  });
  const [{ twind, virtual }, { twindConfig }] = await Promise.all([
    import('@twind/core'),
    import(`${pathToFileURL(outfile).href}?at=${Date.now()}`),
  ]);
  return twind(twindConfig, virtual());
}

/** @param {{ root: string }} options */
export default function utilityStyles({ root }) {
  const sheetModule = resolve(root, 'src/styles/sheet.ts');
  const srcDir = resolve(root, 'src') + '/';
  // Messages are words, not classes; src/styles/ is the machinery itself (its CSS text is no class list).
  const skip = /\/src\/(i18n\/messages|styles)\/|\.d\.ts$/;
  /** module id -> its candidate words; kept across watch rebuilds (unchanged modules are not re-transformed) */
  const wordsByModule = new Map();
  let tw = null;
  /** the preflight rules every stylesheet starts with */
  let baseRules = [];
  let base = new Set();
  /** word -> the rules it makes, preflight aside (memoised per build) */
  let rulesOfWord = new Map();
  /** rule text -> place in the app's stylesheet */
  let placeOf = new Map();

  /** chunk file name -> the rules it registers (this build) */
  let placement = null;

  /**
   * Which chunk registers each rule. A rule several chunks need goes once into a chunk that all of
   * them load statically (the one fewest other chunks load, so pages that need none of them don't
   * pay for it); with no such chunk, each of them carries it.
   */
  function placeRules(chunks) {
    const closure = new Map();
    const reach = (name) => {
      if (!closure.has(name)) {
        closure.set(name, new Set([name]));
        for (const dep of chunks[name]?.imports ?? []) for (const n of reach(dep)) closure.get(name).add(n);
      }
      return closure.get(name);
    };
    const loadedBy = new Map();
    for (const name of Object.keys(chunks)) for (const dep of reach(name)) loadedBy.set(dep, (loadedBy.get(dep) ?? 0) + 1);
    const needers = new Map();
    for (const [name, chunk] of Object.entries(chunks)) {
      for (const id of chunk.moduleIds) {
        const rules = id === sheetModule ? baseRules : [...(wordsByModule.get(id) ?? [])].flatMap(rulesOf);
        for (const rule of rules) needers.set(rule, (needers.get(rule) ?? new Set()).add(name));
      }
    }
    const out = new Map();
    const put = (name, rule) => out.set(name, [...(out.get(name) ?? []), rule]);
    for (const [rule, names] of needers) {
      const [first, ...rest] = names;
      const common = [...reach(first)].filter((c) => rest.every((n) => reach(n).has(c)));
      // A rule only a few lazy chunks need goes into each of them rather than up into a chunk
      // they share that does not use it (often one every page loads: the landing route would
      // carry rules of screens it never shows). sheet.ts inserts a rule once, whoever brings it.
      const owner = common.length ? common.reduce((a, b) => (loadedBy.get(b) < loadedBy.get(a) ? b : a)) : undefined;
      if (!owner || (!names.has(owner) && names.size <= COPY_INTO_AT_MOST)) for (const n of names) put(n, rule);
      else put(owner, rule);
    }
    return out;
  }

  const rulesOf = (word) => {
    if (!rulesOfWord.has(word)) {
      tw.clear();
      tw(word);
      rulesOfWord.set(word, tw.target.filter((rule) => !base.has(rule)));
    }
    return rulesOfWord.get(word);
  };

  return {
    name: 'agora-styles',

    async buildStart() {
      tw = await loadTwind(root);
      tw.clear();
      tw('');
      baseRules = [...tw.target];
      base = new Set(baseRules);
      rulesOfWord = new Map();
    },

    transform(code, id) {
      if (id === sheetModule) return { code: `${code}\naddRules(${CALL_ARGS});\n`, map: null };
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id) || skip.test(id)) return null;
      const fragments = [];
      const words = new Set();
      for (const text of stringsOf(this.parse(code), [], fragments)) {
        for (const word of text.split(/\s+/)) if (word.length < 500 && CANDIDATE.test(word)) words.add(word);
      }
      // A class assembled at run time (`text-${tone}`) has no rule: the build refuses it.
      for (const fragment of fragments) {
        if (CANDIDATE.test(fragment) && ENDINGS.some((ending) => rulesOf(fragment + ending).length)) {
          this.error(`"${fragment}\${…}" assembles a utility class at run time; write each class out whole (see scripts/styles.mjs)`);
        }
      }
      wordsByModule.set(id, words);
      if (!words.size) return null;
      return {
        code: `${code}\nimport { addRules as __agoraAddRules } from ${JSON.stringify(sheetModule)};\n__agoraAddRules(${CALL_ARGS});\n`,
        map: null,
      };
    },

    renderStart() {
      placement = null;
      // All words together give every rule its place in the cascade.
      const all = new Set([...wordsByModule.values()].flatMap((words) => [...words]));
      const used = [...all].filter((word) => rulesOf(word).length);
      tw.clear();
      for (const word of used) tw(word);
      placeOf = new Map(tw.target.map((rule, i) => [rule, i]));
      for (const word of used) {
        const lost = rulesOf(word).filter((rule) => !placeOf.has(rule));
        if (lost.length) this.warn(`utility "${word}": ${lost.length} rule(s) missing from the whole stylesheet`);
      }
    },

    renderChunk(code, chunk, _options, meta) {
      placement ??= placeRules(meta.chunks);
      if (!code.includes(PLACEHOLDER)) return null;
      const placed = (placement.get(chunk.fileName) ?? []).map((rule) => [placeOf.get(rule), rule])
        .filter(([place]) => place !== undefined)
        .sort((a, b) => a[0] - b[0]);
      // Compact for the wire: the places as base-36 steps from the previous one, the rules one per line.
      let previous = 0;
      const steps = placed.map(([place]) => (place - previous).toString(36) + ((previous = place), '')).join(',');
      const texts = placed.map(([, rule]) => {
        if (rule.includes('\n')) this.error(`a generated rule spans lines: ${rule}`);
        return rule;
      }).join('\n');
      let first = true;
      // Only the placeholders change, each on its own line: the source map stays true (map: null).
      const out = code.replace(PLACEHOLDER_RE, () => {
        if (!first) return '"", ""';
        first = false;
        return `${JSON.stringify(steps)}, ${JSON.stringify(texts)}`;
      });
      return { code: out, map: null };
    },
  };
}
