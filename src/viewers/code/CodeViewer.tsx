// The code viewer (a lazy chunk with highlight.js): 100 lines first and 50 more each time the
// reader scrolls near the end (or presses "Show more"), line numbers, and a copy button for
// the whole text. Used for WSDL and protobuf resources, examples and try-it answers.
import { useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { firstPage, needsMore, nextPage, splitLines, type CodeLanguage } from '../../rules/codeViewer.ts';
import { CODE_VIEWER_MORE_LINES } from '../../rules/constants.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { cx } from '../../ui/tone.ts';
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

export function CodeViewer({ text, language, label, maxHeight = '600px', bare, className }: CodeViewerProps) {
  const { t, intl } = useMessages('explorer');
  const lines = useMemo(() => splitLines(text), [text]);
  const total = lines.length;
  const [shown, setShown] = useState(() => firstPage(total));
  useEffect(() => setShown(firstPage(total)), [total]);
  const scroller = useRef<HTMLDivElement>(null);

  const html = useMemo(() => highlight(lines.slice(0, shown).join('\n'), language), [lines, shown, language]);
  const gutter = useMemo(() => Array.from({ length: shown }, (_, i) => i + 1).join('\n'), [shown]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (needsMore(event.currentTarget, shown, total)) setShown(nextPage(shown, total));
  };
  // A short page of lines may not fill the area: keep adding until it scrolls or all show.
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollHeight <= el.clientHeight && shown < total) setShown(nextPage(shown, total));
  }, [shown, total]);

  return (
    <div className={cx('agora-code overflow-hidden rounded-lg border border-gray-200 bg-gray-50', className)} data-code-viewer="" data-language={language ?? ''}>
      <style>{HIGHLIGHT_CSS}</style>
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
        <div className="flex min-w-max font-mono text-[12.5px] leading-5">
          <pre aria-hidden="true" className="m-0 select-none border-r border-gray-200 bg-gray-100/70 px-3 py-2 text-right text-gray-400">{gutter}</pre>
          <pre className="m-0 px-3 py-2 text-gray-800"><code data-shown-lines={shown} dangerouslySetInnerHTML={{ __html: html }} /></pre>
        </div>
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
