// Documentation viewer rules (spec 1 §2, §4): section index matching (numbers and titles), the
// first article by default, not-found cases, the tree search, and how the document page shows a document.
import { describe, expect, it } from 'vitest';
import { documentView, findSection, pickArticle, searchDocTree, type DocNode } from '../../src/rules/docs.ts';

const section = (sectionIndex: number, title: string, labels: string[]) => ({
  id: `s${sectionIndex}`, sectionIndex, title, description: '',
  articleLinks: labels.map((label, i) => ({ id: `s${sectionIndex}-a${i}`, label, kind: 'markdown' })),
});

const DOCS: DocNode[] = [
  { id: 'handbook', title: 'Payments integration handbook', sections: [
    section(0, 'Checkout', ['Create a payment', '3-D Secure']),
    section(1, 'Webhooks', ['Register an endpoint', 'Verify signatures']),
    section(2, 'Going live', ['Production checklist']),
  ] },
  { id: 'migration', title: 'Migrating from 2.x to 3.0', sections: [section(0, 'Breaking changes', ['Charges become payments', 'Cursor paging'])] },
  { id: 'pdf', title: '', fileName: 'reference-card.pdf', sections: [] },
];
const handbook = DOCS[0]!.sections;

describe('section index', () => {
  it('matches a number against the section index', () => {
    expect(findSection(handbook, '0')?.title).toBe('Checkout');
    expect(findSection(handbook, '2')?.title).toBe('Going live');
    expect(findSection(handbook, '3')).toBeNull();
  });

  it('matches a non-numeric index against the titles, ignoring case, separators and encoding', () => {
    expect(findSection(handbook, 'webhooks')?.sectionIndex).toBe(1);
    expect(findSection(handbook, 'Going live')?.sectionIndex).toBe(2);
    expect(findSection(handbook, 'going-live')?.sectionIndex).toBe(2);
    expect(findSection(handbook, 'GOING%20LIVE')?.sectionIndex).toBe(2);
  });

  it('finds nothing for an unknown title, a partial title or an empty index', () => {
    expect(findSection(handbook, 'refunds')).toBeNull();
    expect(findSection(handbook, 'web')).toBeNull();
    expect(findSection(handbook, '')).toBeNull();
    expect(findSection(handbook, undefined)).toBeNull();
  });
});

describe('article of a section', () => {
  const articles = handbook[1]!.articleLinks;
  it('uses the first article when none is named', () => {
    expect(pickArticle(articles, undefined)).toEqual({ kind: 'article', article: articles[0] });
  });
  it('finds the named article, or reports it not found', () => {
    expect(pickArticle(articles, 's1-a1')).toEqual({ kind: 'article', article: articles[1] });
    expect(pickArticle(articles, 's0-a0')).toEqual({ kind: 'notFound' });
  });
  it('has nothing to show for a section without articles', () => {
    expect(pickArticle([], undefined)).toEqual({ kind: 'none' });
  });
});

describe('tree search', () => {
  const shape = (text: string) =>
    searchDocTree(DOCS, text).map((d) => [d.document.id, d.sections.map((s) => [s.section.title, s.articles.map((a) => a.label)])]);

  it('keeps the whole tree for an empty or blank text', () => {
    expect(searchDocTree(DOCS, '')).toHaveLength(3);
    expect(searchDocTree(DOCS, '   ')[0]!.sections).toHaveLength(3);
  });

  it('keeps only matching articles with their section and document, case-insensitively', () => {
    expect(shape('SIGNATURES')).toEqual([['handbook', [['Webhooks', ['Verify signatures']]]]]);
  });

  it('keeps every article of a matching section', () => {
    expect(shape('webh')).toEqual([['handbook', [['Webhooks', ['Register an endpoint', 'Verify signatures']]]]]);
  });

  it('keeps every section of a matching document title, or file name when it has no title', () => {
    expect(shape('migrating')).toEqual([['migration', [['Breaking changes', ['Charges become payments', 'Cursor paging']]]]]);
    expect(shape('reference-card')).toEqual([['pdf', []]]);
  });

  it('matches substrings across documents and finds nothing for unknown text', () => {
    expect(shape('payment').map(([id]) => id)).toEqual(['handbook', 'migration']);
    expect(shape('kubernetes')).toEqual([]);
  });
});

describe('document page view by content type', () => {
  it('embeds pdf, renders markdown, links URLs and downloads the rest', () => {
    expect(documentView({ contentType: 'application/pdf', type: 'BINARY' })).toBe('pdf');
    expect(documentView({ contentType: 'text/markdown; charset=utf-8', type: 'TEXT' })).toBe('markdown');
    expect(documentView({ contentType: 'URL', type: 'URL' })).toBe('url');
    expect(documentView({ contentType: 'text/html', type: 'URL' })).toBe('url');
    expect(documentView({ contentType: 'application/zip', type: 'BINARY' })).toBe('download');
    expect(documentView({ contentType: 'text/plain', type: 'TEXT' })).toBe('download');
    expect(documentView({})).toBe('download');
  });
});
