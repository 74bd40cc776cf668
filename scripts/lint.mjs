// `npm run lint` (after tsc): the project's own rules that TypeScript cannot see. Cheap, and
// every rule is one a reviewer would otherwise have to catch by eye.
//  1. no console.log / console.debug in the browser code (src/, elements/)
//  2. browser code imports the server's schemas as types only (`import type`), never its runtime
//  3. an element file only defines its tag: elements/agora-<name>.ts, through the one helper
//     (src/elements/define.ts), naming the tag of its file name; customElements.define nowhere else
//  4. messages: every locale has exactly the keys of en, every text parses as ICU and uses the
//     same arguments as en, none is empty
//  5. each top folder has a README.md saying what it holds
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];
const report = (file, line, message) => problems.push(`${relative(ROOT, file)}${line ? `:${line}` : ''}: ${message}`);

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Source without comments, keeping line numbers and string contents. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function eachLine(file, text, pattern, message) {
  text.split('\n').forEach((line, i) => {
    if (pattern.test(line)) report(file, i + 1, message);
  });
}

// 1 + 2: the browser code
const browserFiles = [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'elements'))];
for (const file of browserFiles) {
  const text = stripComments(readFileSync(file, 'utf8'));
  eachLine(file, text, /\bconsole\.(log|debug)\s*\(/, 'console.log/debug left in browser code');
  const imports = text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm);
  for (const m of imports) {
    if (!m[2] && /(^|\/)server\//.test(m[3])) {
      const line = text.slice(0, m.index).split('\n').length + (m[0].match(/^\s*/)?.[0].split('\n').length ?? 1) - 1;
      report(file, line, `imports server runtime (${m[3]}): use \`import type\` — the bundle must not ship server code`);
    }
  }
  if (!file.endsWith(join('src', 'elements', 'define.ts'))) {
    eachLine(file, text, /customElements\s*\.\s*define\s*\(/, 'customElements.define outside src/elements/define.ts: define tags through the helper');
  }
}

// 3: element files
const elementsDir = join(ROOT, 'elements');
const elementFiles = existsSync(elementsDir) ? readdirSync(elementsDir).filter((f) => /\.tsx?$/.test(f)) : [];
const tags = new Map();
for (const name of elementFiles) {
  const file = join(elementsDir, name);
  const tag = name.replace(/\.tsx?$/, '');
  if (!/^agora-[a-z0-9]+(-[a-z0-9]+)*\.ts$/.test(name)) {
    report(file, 0, 'an element file is named after its tag: elements/agora-<name>.ts');
    continue;
  }
  const text = stripComments(readFileSync(file, 'utf8'));
  if (!/from\s+['"][./]*src\/elements\/define(\.ts)?['"]/.test(text)) report(file, 0, 'does not use the define helper (src/elements/define.ts)');
  if (!new RegExp(`['"\`]${tag}['"\`]`).test(text)) report(file, 0, `does not name its tag '${tag}'`);
  const otherTags = [...text.matchAll(/['"`](agora-[a-z0-9-]+)['"`]/g)].map((m) => m[1]).filter((t) => t !== tag && elementFiles.includes(`${t}.ts`));
  if (otherTags.length) report(file, 0, `names another element's tag (${[...new Set(otherTags)].join(', ')}): one tag per file`);
  if (/\buse[A-Z]\w*\s*\(|\bfetch\s*\(|\bclass\s+\w+/.test(text)) report(file, 0, 'holds logic (hooks, fetch or a class): an element file only defines the tag; move it to the screen');
  tags.set(tag, file);
}

// 4: messages
const messagesDir = join(ROOT, 'src', 'i18n', 'messages');
const LOCALES = ['en', 'fr', 'pt', 'de'];
function icuArguments(elements, out = new Set()) {
  for (const el of elements) {
    if ('value' in el && typeof el.value === 'string' && el.type !== TYPE.literal && el.type !== TYPE.pound) out.add(el.value);
    if (el.options) for (const option of Object.values(el.options)) icuArguments(option.value, out);
    if (el.children) icuArguments(el.children, out);
  }
  return out;
}
if (existsSync(join(messagesDir, 'en.ts'))) {
  const tables = {};
  for (const locale of LOCALES) {
    const file = join(messagesDir, `${locale}.ts`);
    if (!existsSync(file)) {
      report(file, 0, 'missing locale file');
      continue;
    }
    const mod = await tsImport(pathToFileURL(file).href, import.meta.url);
    const table = mod[locale] ?? mod.default ?? Object.values(mod).find((v) => v && typeof v === 'object');
    if (!table) report(file, 0, `exports no message table (expected \`export const ${locale}\`)`);
    else tables[locale] = table;
  }
  const en = tables.en ?? {};
  const parsed = {};
  for (const [locale, table] of Object.entries(tables)) {
    const file = join(messagesDir, `${locale}.ts`);
    parsed[locale] = {};
    for (const [key, text] of Object.entries(table)) {
      if (typeof text !== 'string' || !text.trim()) {
        report(file, 0, `${key}: empty text`);
        continue;
      }
      try {
        parsed[locale][key] = icuArguments(parse(text, { ignoreTag: true }));
      } catch (error) {
        report(file, 0, `${key}: not valid ICU (${error.message}): ${JSON.stringify(text)}`);
      }
    }
    if (locale === 'en') continue;
    for (const key of Object.keys(en)) if (!(key in table)) report(file, 0, `${key}: missing (present in en)`);
    for (const key of Object.keys(table)) if (!(key in en)) report(file, 0, `${key}: not in en (stale or misspelt key)`);
  }
  for (const [locale, args] of Object.entries(parsed)) {
    if (locale === 'en') continue;
    for (const [key, used] of Object.entries(args)) {
      const expected = parsed.en?.[key];
      if (!expected) continue;
      const a = [...expected].sort().join(', ');
      const b = [...used].sort().join(', ');
      if (a !== b) report(join(messagesDir, `${locale}.ts`), 0, `${key}: arguments {${b}} differ from en {${a}}`);
    }
  }
}

// 5: folder READMEs
for (const folder of ['src', 'elements', 'server', 'tests', 'bench', 'demo', 'scripts']) {
  if (existsSync(join(ROOT, folder)) && !existsSync(join(ROOT, folder, 'README.md'))) report(join(ROOT, folder), 0, 'has no README.md saying what it holds');
}

if (problems.length) {
  console.error(`lint: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const p of problems) console.error(`  ${p}`);
  process.exitCode = 1;
} else {
  console.log(`lint: ok (${browserFiles.length} browser files, ${tags.size} elements, messages in ${LOCALES.length} locales)`);
}
