// The documentation viewer's rules (spec 1 §2, §4): which section a route's index names, which
// article is shown, and the tree search. Pure: documents come in as the server lists them.

export interface DocArticleLink {
  id: string;
  label: string;
  kind: string;
}

export interface DocSection {
  id: string;
  sectionIndex: number;
  title: string;
  description: string;
  articleLinks: DocArticleLink[];
}

export interface DocNode {
  id: string;
  title: string;
  fileName?: string | null;
  sections: DocSection[];
}

/** Lower case, accents dropped, runs of anything but letters and digits as one space. */
function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The section a route's index names. A number is the section's index; anything else is matched
 * against the section titles, ignoring case, accents and punctuation ('going-live', 'Going live'
 * and 'GOING%20LIVE' all name "Going live"). null when nothing matches.
 */
export function findSection<S extends Pick<DocSection, 'sectionIndex' | 'title'>>(sections: readonly S[], index: string | null | undefined): S | null {
  if (index === null || index === undefined) return null;
  let raw = index.trim();
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Kept as given: a stray % is still a title to compare.
  }
  if (raw === '') return null;
  if (/^\d+$/.test(raw)) return sections.find((s) => s.sectionIndex === Number(raw)) ?? null;
  const wanted = normalize(raw);
  if (!wanted) return null;
  return sections.find((s) => normalize(s.title) === wanted) ?? null;
}

/** The article a route names in a section; without an id, the section's first one. */
export type ArticlePick<A> = { kind: 'article'; article: A } | { kind: 'none' } | { kind: 'notFound' };

export function pickArticle<A extends Pick<DocArticleLink, 'id'>>(articles: readonly A[], articleId: string | null | undefined): ArticlePick<A> {
  if (articleId) {
    const found = articles.find((a) => a.id === articleId);
    return found ? { kind: 'article', article: found } : { kind: 'notFound' };
  }
  const first = articles[0];
  return first ? { kind: 'article', article: first } : { kind: 'none' };
}

/** What the search kept of a document and why: a matching document or section keeps all below it. */
export interface DocTreeMatch<D extends DocNode> {
  document: D;
  /** The document's own title (or file name) matched. */
  documentMatched: boolean;
  sections: Array<{ section: D['sections'][number]; sectionMatched: boolean; articles: D['sections'][number]['articleLinks'] }>;
}

/** Case-insensitive substring test; an empty needle matches everything. */
export function includesText(haystack: string | null | undefined, needle: string): boolean {
  if (!needle) return true;
  return (haystack ?? '').toLocaleLowerCase().includes(needle.toLocaleLowerCase());
}

/**
 * The tree search: case-insensitive substring match on document titles, section titles and
 * article labels. A matching document keeps all its sections and articles, a matching section
 * all its articles; otherwise only matching articles (and the sections and documents holding
 * them) stay. An empty or blank text keeps the whole tree.
 */
export function searchDocTree<D extends DocNode>(documents: readonly D[], text: string): Array<DocTreeMatch<D>> {
  const needle = text.trim();
  const out: Array<DocTreeMatch<D>> = [];
  for (const document of documents) {
    const documentMatched = needle !== '' && (includesText(document.title, needle) || (!document.title && includesText(document.fileName, needle)));
    const sections: DocTreeMatch<D>['sections'] = [];
    for (const section of document.sections) {
      const sectionMatched = needle !== '' && includesText(section.title, needle);
      const keepAll = needle === '' || documentMatched || sectionMatched;
      const articles = keepAll ? section.articleLinks : section.articleLinks.filter((a) => includesText(a.label, needle));
      if (keepAll || articles.length > 0) sections.push({ section, sectionMatched, articles });
    }
    if (needle === '' || documentMatched || sections.length > 0) out.push({ document, documentMatched, sections });
  }
  return out;
}

/** How the document page shows a document (spec 1 §2 "Document view page"). */
export type DocumentView = 'pdf' | 'markdown' | 'url' | 'download';

/** pdf in an embedded frame, markdown with its table of contents, a URL as an external link,
 * anything else as a download. The content type decides (parameters such as charset ignored). */
export function documentView(doc: { contentType?: string | null; type?: string | null; url?: string | null }): DocumentView {
  const contentType = (doc.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if ((doc.type ?? '').toUpperCase() === 'URL' || contentType === 'url' || contentType === 'text/uri-list') return 'url';
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'text/markdown' || contentType === 'text/x-markdown') return 'markdown';
  return 'download';
}
