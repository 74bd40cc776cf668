// <agora-document doc-id="doc-terms">: one document on its own page (pdf embedded, markdown with its
// table of contents, a link, or a download).
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-document', () => import('../src/screens/document/DocumentPage.tsx'), {
  docId: 'string',
}, { sections: ['docs'], catalogue: true });
