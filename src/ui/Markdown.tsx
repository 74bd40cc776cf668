// Rendered markdown: sanitised, links to other sites open in a new tab without opener, a broken image
// is replaced by the spec's text, and in-page links (#heading) scroll inside the shadow root.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useT } from './i18n.ts';
import { ALERT_KINDS, HEADING_ID_PREFIX, renderMarkdown } from './markdown.ts';
import { cx } from './tone.ts';
import { remToPx } from '../styles/units.ts';
import { ShadowStyle } from '../styles/ShadowStyle.tsx';

// Each GitHub alert kind in its portal tone: a light tint, the tone's border, a darkened title.
const ALERT_CSS = Object.entries(ALERT_KINDS).map(([kind, tone]) =>
  `.agora-md .agora-md-alert-${kind}{background:color-mix(in srgb,var(--agora-${tone}) 8%,white);border-color:color-mix(in srgb,var(--agora-${tone}) 45%,white);border-left-color:var(--agora-${tone})}`
  + `.agora-md .agora-md-alert-${kind} .agora-md-alert-title{color:color-mix(in srgb,var(--agora-${tone}) 70%,black)}`).join('\n');

// Plain CSS: the HTML comes from marked, so it carries no utility classes for twind to see.
// Written in rem for reading, served in px like twind's: rem follows the host page's root font size.
const MARKDOWN_CSS = remToPx(`
.agora-md{color:#374151;font-size:.9375rem;line-height:1.7;overflow-wrap:anywhere}
.agora-md>:first-child{margin-top:0}.agora-md>:last-child{margin-bottom:0}
.agora-md h1,.agora-md h2,.agora-md h3,.agora-md h4,.agora-md h5,.agora-md h6{color:#111827;font-weight:600;line-height:1.3;margin:1.6em 0 .6em;scroll-margin-top:1rem}
.agora-md h1{font-size:1.75rem}.agora-md h2{font-size:1.4rem;padding-bottom:.3em;border-bottom:1px solid #e5e7eb}
.agora-md h3{font-size:1.15rem}.agora-md h4{font-size:1rem}.agora-md h5,.agora-md h6{font-size:.9rem}
.agora-md p,.agora-md ul,.agora-md ol,.agora-md pre,.agora-md table,.agora-md blockquote{margin:0 0 1em}
.agora-md ul,.agora-md ol{padding-left:1.6em}.agora-md ul{list-style:disc}.agora-md ol{list-style:decimal}
.agora-md li+li{margin-top:.25em}
.agora-md a{color:var(--agora-primary,#2563eb);text-decoration:underline;text-underline-offset:2px}
.agora-md a:focus-visible{outline:2px solid var(--agora-primary,#2563eb);outline-offset:2px;border-radius:2px}
.agora-md code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em;background:#f3f4f6;border-radius:4px;padding:.15em .35em}
.agora-md pre{background:#1f2937;color:#f9fafb;border-radius:6px;padding:.9em 1em;overflow:auto;line-height:1.5}
.agora-md pre code{background:none;padding:0;color:inherit;font-size:.85em}
.agora-md blockquote{border-left:4px solid #d1d5db;padding:.1em 1em;color:#4b5563}
.agora-md table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%}
.agora-md th,.agora-md td{border:1px solid #e5e7eb;padding:.4em .75em;text-align:left}
.agora-md th{background:#f9fafb;font-weight:600}
.agora-md img{max-width:100%;height:auto}
.agora-md hr{border:0;border-top:1px solid #e5e7eb;margin:1.5em 0}
.agora-md .agora-md-alert{border:1px solid;border-left-width:4px;border-radius:6px;padding:.6em 1em;margin:0 0 1em;color:#1f2937}
.agora-md .agora-md-alert>:last-child{margin-bottom:0}
.agora-md .agora-md-alert-title{font-weight:600;margin:0 0 .25em}
${ALERT_CSS}
.agora-md .agora-md-img-error{display:inline-block;border:1px dashed #d1d5db;border-radius:6px;background:#f9fafb;color:#6b7280;font-size:.875rem;padding:.5em .75em}
`);

export interface MarkdownProps {
  source: string;
  className?: string;
}

export function Markdown({ source, className }: MarkdownProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const alertTitles = {
    note: t('ui.markdown.alert.note'), tip: t('ui.markdown.alert.tip'), important: t('ui.markdown.alert.important'),
    warning: t('ui.markdown.alert.warning'), caution: t('ui.markdown.alert.caution'),
  };
  const titlesKey = JSON.stringify(alertTitles);
  const html = useMemo(() => renderMarkdown(source, alertTitles), [source, titlesKey]);
  const imageError = t('ui.markdown.imageError');

  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    // 'error' does not bubble, but it can be caught on the way down (capture).
    const onError = (event: Event) => {
      const img = event.target;
      if (!(img instanceof HTMLElement) || img.tagName !== 'IMG') return;
      const note = document.createElement('span');
      note.className = 'agora-md-img-error';
      note.setAttribute('role', 'img');
      const alt = img.getAttribute('alt');
      note.setAttribute('aria-label', alt ? `${alt}: ${imageError}` : imageError);
      note.textContent = imageError;
      img.replaceWith(note);
    };
    container.addEventListener('error', onError, true);
    return () => container.removeEventListener('error', onError, true);
  }, [html, imageError]);

  return (
    <>
      <ShadowStyle css={MARKDOWN_CSS} />
      <div
        ref={ref}
        className={cx('agora-md', className)}
        onClick={(event) => {
          const link = (event.target as Element).closest?.('a');
          const href = link?.getAttribute('href');
          if (!href || !href.startsWith('#') || href.length < 2) return;
          const root = (ref.current?.getRootNode() ?? document) as Document | ShadowRoot;
          const name = decodeURIComponent(href.slice(1));
          const target =
            root.getElementById?.(name) ??
            root.getElementById?.(HEADING_ID_PREFIX + name) ??
            ref.current?.querySelector(`[id="${CSS.escape(HEADING_ID_PREFIX + name)}"]`);
          if (!target) return;
          event.preventDefault();
          target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
