// The code viewer of the resource page (spec 1 §2, §9; spec 2 §9): which lines show (100 first,
// 50 more each time the reader nears the end), which highlighter language a file gets, and
// whether a file can be previewed at all.
import { CODE_VIEWER_FIRST_LINES, CODE_VIEWER_LANGUAGES, CODE_VIEWER_MORE_LINES } from './constants.ts';

export type CodeLanguage = (typeof CODE_VIEWER_LANGUAGES)[number];

/** Lines of a text, whatever its line endings; a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** How many lines show first. */
export function firstPage(total: number): number {
  return Math.max(0, Math.min(total, CODE_VIEWER_FIRST_LINES));
}

/** How many lines show after one more page (never more than there are). */
export function nextPage(shown: number, total: number): number {
  return Math.max(0, Math.min(total, Math.max(shown, 0) + CODE_VIEWER_MORE_LINES));
}

/** Distance from the bottom (px) at which the next page is added. */
export const CODE_VIEWER_SCROLL_THRESHOLD_PX = 200;

/** True when the reader has scrolled near enough to the end of what is shown and more remains. */
export function needsMore(
  scroll: { scrollTop: number; clientHeight: number; scrollHeight: number },
  shown: number,
  total: number,
  threshold = CODE_VIEWER_SCROLL_THRESHOLD_PX,
): boolean {
  if (shown >= total) return false;
  return scroll.scrollHeight - (scroll.scrollTop + scroll.clientHeight) <= threshold;
}

/** File extensions and resource types -> a language of CODE_VIEWER_LANGUAGES. */
const LANGUAGE_BY_NAME: Record<string, CodeLanguage> = {
  json: 'json', xml: 'xml', wsdl: 'xml', xsd: 'xml', svg: 'xml',
  yaml: 'yaml', yml: 'yaml', raml: 'yaml',
  java: 'java', ts: 'typescript', typescript: 'typescript', tsx: 'typescript',
  js: 'js', mjs: 'js', cjs: 'js', jsx: 'js', javascript: 'javascript',
  md: 'markdown', markdown: 'markdown',
  proto: 'proto', protobuf: 'proto',
  py: 'python', python: 'python',
  html: 'html', htm: 'html',
  rs: 'rust', rust: 'rust',
  go: 'go', cs: 'csharp', csharp: 'csharp',
  sh: 'bash', bash: 'bash', shell: 'bash', curl: 'bash', php: 'php', rb: 'ruby', ruby: 'ruby',
  'c#': 'csharp', golang: 'go', node: 'javascript', 'node.js': 'javascript', nodejs: 'javascript',
};

/** The highlighter language of a provider's code sample (x-codeSamples' lang: "cURL", "C#", "Node.js"…). */
export function languageOfSample(lang: string): CodeLanguage | null {
  return LANGUAGE_BY_NAME[lang.trim().toLowerCase()] ?? null;
}

/** Content types that name a language outright. */
const LANGUAGE_BY_CONTENT_TYPE: Array<[RegExp, CodeLanguage]> = [
  [/json/, 'json'], [/wsdl|xml/, 'xml'], [/yaml/, 'yaml'], [/protobuf|proto/, 'proto'],
  [/markdown/, 'markdown'], [/html/, 'html'], [/javascript|ecmascript/, 'javascript'], [/typescript/, 'typescript'],
  [/python/, 'python'], [/java\b/, 'java'], [/rust/, 'rust'], [/golang|\bgo\b/, 'go'], [/csharp/, 'csharp'],
];

export function extensionOf(fileName: string | null | undefined): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '');
  return m ? m[1]!.toLowerCase() : '';
}

/** The highlighter language for a resource: by its type (wsdl, protobuf…), its file name, then its
 * content type; null when none of the listed languages fits (the text shows plain). */
export function languageOf(input: { type?: string | null; fileName?: string | null; contentType?: string | null }): CodeLanguage | null {
  const type = (input.type ?? '').toLowerCase();
  if (LANGUAGE_BY_NAME[type]) return LANGUAGE_BY_NAME[type]!;
  const ext = extensionOf(input.fileName);
  if (LANGUAGE_BY_NAME[ext]) return LANGUAGE_BY_NAME[ext]!;
  const contentType = (input.contentType ?? '').toLowerCase();
  for (const [pattern, language] of LANGUAGE_BY_CONTENT_TYPE) if (pattern.test(contentType)) return language;
  return null;
}

/**
 * Whether a file's text can be shown: 'text' when it is readable text, 'unsupported' for a known
 * binary kind ('{fileExtension} file preview is not supported yet'), 'unreadable' for content
 * that is not text ('The content of this file cannot be rendered.').
 */
export type PreviewKind = 'text' | 'unsupported' | 'unreadable';

const BINARY_EXTENSIONS = new Set([
  'zip', 'gz', 'tgz', 'tar', 'jar', 'war', 'pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'ico', 'bin', 'exe', 'dll',
  'so', 'class', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'pb', 'desc', 'avro', 'parquet',
]);

/** Share of control characters (other than tab and line ends) above which a text is binary. */
const MAX_CONTROL_RATIO = 0.02;

export function previewKind(fileName: string | null | undefined, sample: string): PreviewKind {
  if (BINARY_EXTENSIONS.has(extensionOf(fileName))) return 'unsupported';
  const head = sample.slice(0, 4096);
  if (head.includes('\u0000')) return 'unreadable';
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) control++;
  }
  return head.length > 0 && control / head.length > MAX_CONTROL_RATIO ? 'unreadable' : 'text';
}
