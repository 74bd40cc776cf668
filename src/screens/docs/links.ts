// Locations of the documentation viewer's pages, always with the version segment.
import { href } from '../../rules/routes.ts';

export interface DocsPlace {
  productId: string;
  versionId: string;
  /** <agora-docs> alone on a page: "all documents" is the viewer's own root, not the product's tab. */
  standalone?: boolean;
}

export const docsHref = {
  /** The product's documents tab (alone on a page: the viewer's root). */
  all: (p: DocsPlace) => href(p.standalone ? 'product.docViewer' : 'product.docs', { productId: p.productId, versionId: p.versionId }),
  /** A document's section cards. */
  document: (p: DocsPlace, documentId: string) => href('product.docViewer', { productId: p.productId, versionId: p.versionId, documentId }),
  section: (p: DocsPlace, documentId: string, sectionIndex: number) =>
    href('product.docViewer', { productId: p.productId, versionId: p.versionId, documentId, sectionIdx: String(sectionIndex) }),
  article: (p: DocsPlace, documentId: string, sectionIndex: number, articleId: string) =>
    href('product.docViewer', { productId: p.productId, versionId: p.versionId, documentId, sectionIdx: String(sectionIndex), articleId }),
  /** A document without sections (pdf, link, file) opens on its own page. */
  page: (documentId: string) => href('document', { docId: documentId }),
};
