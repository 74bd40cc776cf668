// <agora-docs product-id="prod-payments" [version-id] [document-id] [section-idx] [article-id]>:
// the documentation viewer of a product version (the latest without version-id).
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-docs', () => import('../src/screens/docs/Docs.tsx'), {
  productId: 'string',
  versionId: 'string',
  documentId: 'string',
  sectionIdx: 'string',
  articleId: 'string',
}, { sections: ['docs'], catalogue: true });
