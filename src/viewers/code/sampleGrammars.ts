// Grammars only the explorer's code samples use (curl, PHP, Ruby), registered with the one
// highlight.js instance when the samples first load: the code viewer the explorer preloads for
// its examples stays as small as before (these three are ~6 KB gzip).
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import php from 'highlight.js/lib/languages/php';
import ruby from 'highlight.js/lib/languages/ruby';

/** Called by the samples panel (an explicit call: a module run only for its side effects may be
 * tree-shaken away). Registering twice is harmless. */
export function registerSampleGrammars(): void {
  hljs.registerLanguage('bash', bash);
  hljs.registerLanguage('php', php);
  hljs.registerLanguage('ruby', ruby);
}
