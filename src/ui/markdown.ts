// Markdown to safe HTML (marked + DOMPurify, always sanitised), with heading ids for a table of contents.
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { Marked, type Token } from 'marked';

export interface TocEntry {
  id: string;
  text: string;
  level: number;
}

/** Heading ids carry a prefix so they never clash with the page's own ids or DOM properties. */
export const HEADING_ID_PREFIX = 'md-';

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** GitHub-style unique slugs: a repeated heading gets -1, -2… */
class Slugger {
  private seen = new Map<string, number>();
  slug(text: string): string {
    const base = slugify(text) || 'section';
    let slug = base;
    let n = this.seen.get(base) ?? 0;
    while (this.seen.has(slug)) slug = `${base}-${++n}`;
    this.seen.set(base, n);
    this.seen.set(slug, 0);
    return HEADING_ID_PREFIX + slug;
  }
}

function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((token) => {
      if ('tokens' in token && Array.isArray(token.tokens)) return plainText(token.tokens as Token[]);
      if (token.type === 'html') return '';
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

/** GitHub's alert kinds (`> [!NOTE]` …) and the portal alert tone each is shown in. */
export const ALERT_KINDS = { note: 'info', tip: 'success', important: 'primary', warning: 'warning', caution: 'danger' } as const;
export type AlertKind = keyof typeof ALERT_KINDS;
/** The alert's title in the reader's language; English when the caller gives none. */
export type AlertTitles = Record<AlertKind, string>;
const ENGLISH_ALERT_TITLES: AlertTitles = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' };
// Matched on the quote's rendered HTML: its first paragraph opens with the marker alone on its line.
const ALERT_MARKER = /^<p>\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:<br>)?\n?/i;

function createMarked(slugger: Slugger, alertTitles: AlertTitles = ENGLISH_ALERT_TITLES): Marked {
  return new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading({ tokens, depth }) {
        return `<h${depth} id="${slugger.slug(plainText(tokens))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      // GitHub-style alerts: a quote whose first line is only [!KIND] becomes a portal alert.
      blockquote({ tokens }) {
        const inner = this.parser.parse(tokens);
        const marker = ALERT_MARKER.exec(inner);
        if (!marker) return `<blockquote>\n${inner}</blockquote>\n`;
        const kind = marker[1]!.toLowerCase() as AlertKind;
        // The marker alone made the first paragraph: drop it; else the paragraph goes on without it.
        const after = inner.slice(marker[0].length);
        const body = /^\s*<\/p>/.test(after) ? after.replace(/^\s*<\/p>\n?/, '') : `<p>${after}`;
        return `<div class="agora-md-alert agora-md-alert-${kind}" role="note">`
          + `<p class="agora-md-alert-title">${escapeHtml(alertTitles[kind])}</p>${body}</div>\n`;
      },
    },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Headings up to `maxLevel` (default 3, as the documentation viewer shows), ids matching renderMarkdown. */
export function extractToc(source: string, maxLevel = 3): TocEntry[] {
  const slugger = new Slugger();
  const marked = createMarked(slugger);
  const entries: TocEntry[] = [];
  marked.walkTokens(marked.lexer(source ?? ''), (token) => {
    if (token.type !== 'heading') return;
    const text = plainText(token.tokens).trim();
    // Every heading takes its slug, so duplicates number the same way as in the rendered HTML.
    const id = slugger.slug(text);
    if (token.depth <= maxLevel) entries.push({ id, text, level: token.depth });
  });
  return entries;
}

let purifier: DOMPurify | null = null;
/** A server rendering elements has no window: it hands one in (src/elements/render.ts). */
let serverWindow: Window | null = null;

export function setMarkdownWindow(win: Window): void {
  serverWindow = win;
  purifier = null;
}

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  // A private instance so our hooks never affect another user of DOMPurify on the page.
  purifier = createDOMPurify((serverWindow ?? window) as never);
  purifier.addHook('afterSanitizeAttributes', (raw) => {
    if (raw.nodeType !== 1) return;
    const node = raw as Element;
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
      }
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  return purifier;
}

/** Sanitises any HTML for display: no scripts, no event handlers, no inline styles or forms. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'iframe', 'object', 'embed', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

export function renderMarkdown(source: string, alertTitles?: AlertTitles): string {
  const html = createMarked(new Slugger(), alertTitles).parse(source ?? '') as string;
  return sanitizeHtml(html);
}
