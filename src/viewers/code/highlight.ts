// highlight.js core with only the languages of the spec (json, xml, yaml, java, typescript,
// javascript, js, markdown, proto, python, html, rust, go, csharp): a few dozen KB instead of
// the full build's hundreds of languages.
import hljs from 'highlight.js/lib/core';
import json from 'highlight.js/lib/languages/json';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import java from 'highlight.js/lib/languages/java';
import typescript from 'highlight.js/lib/languages/typescript';
import javascript from 'highlight.js/lib/languages/javascript';
import markdown from 'highlight.js/lib/languages/markdown';
import protobuf from 'highlight.js/lib/languages/protobuf';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import go from 'highlight.js/lib/languages/go';
import csharp from 'highlight.js/lib/languages/csharp';
import type { CodeLanguage } from '../../rules/codeViewer.ts';

hljs.registerLanguage('json', json);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('yaml', yaml);
hljs.registerLanguage('java', java);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('markdown', markdown);
hljs.registerLanguage('protobuf', protobuf);
hljs.registerLanguage('python', python);
hljs.registerLanguage('rust', rust);
hljs.registerLanguage('go', go);
hljs.registerLanguage('csharp', csharp);

/** The spec's names -> highlight.js grammars (html is xml's, js is javascript's, proto is protobuf's). */
const GRAMMAR: Record<CodeLanguage, string> = {
  json: 'json', xml: 'xml', yaml: 'yaml', java: 'java', typescript: 'typescript', javascript: 'javascript', js: 'javascript',
  markdown: 'markdown', proto: 'protobuf', python: 'python', html: 'xml', rust: 'rust', go: 'go', csharp: 'csharp',
  // Registered by sampleGrammars.ts when the code samples load (plain text until then).
  bash: 'bash', php: 'php', ruby: 'ruby',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Highlighted HTML (highlight.js escapes the source), or the escaped text when there is no language. */
export function highlight(text: string, language: CodeLanguage | null): string {
  if (!language) return escape(text);
  try {
    return hljs.highlight(text, { language: GRAMMAR[language], ignoreIllegals: true }).value;
  } catch {
    return escape(text);
  }
}

/** A light theme close to GitHub's, scoped to the .hljs-* classes highlight.js emits. */
export const HIGHLIGHT_CSS = `
.hljs-comment,.hljs-quote{color:#6a737d;font-style:italic}
.hljs-keyword,.hljs-selector-tag,.hljs-type,.hljs-meta .hljs-keyword{color:#cf222e}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string{color:#0a3069}
.hljs-number,.hljs-literal,.hljs-built_in,.hljs-symbol{color:#0550ae}
.hljs-title,.hljs-title.class_,.hljs-title.function_,.hljs-section{color:#8250df}
.hljs-attr,.hljs-attribute,.hljs-variable,.hljs-template-variable,.hljs-property{color:#0550ae}
.hljs-name,.hljs-tag{color:#116329}
.hljs-meta{color:#953800}
.hljs-bullet,.hljs-link{color:#953800}
.hljs-emphasis{font-style:italic}.hljs-strong{font-weight:600}
.hljs-deletion{color:#82071e;background:#ffebe9}.hljs-addition{color:#116329;background:#dafbe1}
`;
