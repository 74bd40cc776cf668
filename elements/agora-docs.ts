// <agora-docs>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The documentation viewer of a product version (the latest without version-id).
 * Usage: `<agora-docs product-id="prod-payments" version-id="…" document-id="…" section-idx="…" article-id="…">`
 */
defineElement('agora-docs', () => import('../src/screens/docs/Docs.tsx'), {
  /** The product whose documentation is shown (required). */
  productId: 'string',
  /** The product version. @default the latest version */
  versionId: 'string',
  /** Opens this document. */
  documentId: 'string',
  /** Opens this section of the document: its index, or its title. */
  sectionIdx: 'string',
  /** Opens this article of the section. */
  articleId: 'string',
}, { sections: ['docs'], catalogue: true });
