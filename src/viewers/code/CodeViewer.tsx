// The code viewer (a lazy chunk with highlight.js): 100 lines first and 50 more each time the
// reader scrolls near the end (or presses "Show more"), line numbers, and a copy button for
// the whole text. Used for WSDL and protobuf resources, examples and try-it answers.
import { useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { firstPage, needsMore, nextPage, splitLines, type CodeLanguage } from '../../rules/codeViewer.ts';
import { CODE_VIEWER_MORE_LINES } from '../../rules/constants.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { cx } from '../../ui/tone.ts';
import { Isolated } from '../Isolated.tsx';
import { highlight, HIGHLIGHT_CSS } from './highlight.ts';

export interface CodeViewerProps {
  text: string;
  language: CodeLanguage | null;
  /** Accessible name of the code region (e.g. the file name). */
  label: string;
  /** CSS max-height of the scrolling area (default 600px). */
  maxHeight?: string;
  /** Hides the toolbar (language, line count, copy). */
  bare?: boolean;
  className?: string;
}

const CODE_CSS = `
:host{display:block}
.lines{display:flex;min-width:max-content;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:12.5px;line-height:20px}
pre{margin:0;padding:8px 12px;font:inherit;white-space:pre}
.gutter{user-select:none;border-right:1px solid #e5e7eb;background:rgba(243,244,246,.7);text-align:right;color:#5f6b7a}
.source{color:#1f2937}
code{font:inherit}
${HIGHLIGHT_CSS}`;

export function CodeViewer({ text, language, label, maxHeight = '600px', bare, className }: CodeViewerProps) {
  const { t, intl } = useMessages('explorer');
  const lines = useMemo(() => splitLines(text), [text]);
  const total = lines.length;
  const [shown, setShown] = useState(() => firstPage(total));
  useEffect(() => setShown(firstPage(total)), [total]);
  const scroller = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState<HTMLElement | null>(null);

  const html = useMemo(() => highlight(lines.slice(0, shown).join('\n'), language), [lines, shown, language]);
  const gutter = useMemo(() => Array.from({ length: shown }, (_, i) => i + 1).join('\n'), [shown]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (needsMore(event.currentTarget, shown, total)) setShown(nextPage(shown, total));
  };
  // A short page of lines may not fill the area: keep adding until it scrolls or all show.
  useEffect(() => {
    const el = scroller.current;
    if (el && code && el.scrollHeight <= el.clientHeight && shown < total) setShown(nextPage(shown, total));
  }, [shown, total, code]);

  return (
    <div className={cx('overflow-hidden rounded-lg border border-gray-200 bg-gray-50', className)} data-code-viewer="" data-language={language ?? ''}>
      {!bare && (
        <div className="flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-1.5 text-xs text-gray-500">
          <span className="font-medium uppercase tracking-wide">{language ?? t('explorer.code.plain')}</span>
          <span aria-hidden="true">·</span>
          <span data-line-count={total}>{t('explorer.code.lines', { count: total, shown: intl.formatNumber(shown) })}</span>
          <span className="ml-auto"><CopyButton value={text} label={t('explorer.code.copy')} /></span>
        </div>
      )}
      <div
        ref={scroller}
        role="region"
        aria-label={label}
        tabIndex={0}
        onScroll={onScroll}
        className="overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/50"
        style={{ maxHeight }}
      >
        {/* The lines live in a shadow root of their own: twind, which styles the element, would
            otherwise re-read every highlighted span each time more lines are added. */}
        <Isolated css={CODE_CSS} name="code-lines">
          <div className="lines">
            <pre aria-hidden="true" className="gutter">{gutter}</pre>
            <pre className="source"><code ref={setCode} data-shown-lines={shown} dangerouslySetInnerHTML={{ __html: html }} /></pre>
          </div>
        </Isolated>
      </div>
      {shown < total && (
        <div className="border-t border-gray-200 bg-white px-3 py-1.5 text-right">
          <button
            type="button"
            className="rounded px-2 py-1 text-xs font-medium text-primary hover:bg-primary/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/50"
            onClick={() => setShown(nextPage(shown, total))}
          >
            {t('explorer.code.more', { count: Math.min(total - shown, CODE_VIEWER_MORE_LINES) })}
          </button>
        </div>
      )}
    </div>
  );
}

export default CodeViewer;
