// <agora-document>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * One document on its own page: a PDF embedded, markdown with its table of contents, a link, or a
 * download.
 * Usage: `<agora-document doc-id="doc-terms">`
 */
defineElement('agora-document', () => import('../src/screens/document/DocumentPage.tsx'), {
  /** The document to show (required). */
  docId: 'string',
}, { sections: ['docs'], catalogue: true });
