// The documentation viewer inside the product page: it reads the product and the version shown
// from the product frame (src/screens/product/ProductFrame.tsx provides them) and the document,
// section and article from its props. The product page may place it in its docs tab:
//
//   <ProductFrame productId={id} versionId={v} tab="docs"><ProductDocs documentId={d} /></ProductFrame>
import { useProductPage } from '../product/context.ts';
import { DocsViewer } from './DocsViewer.tsx';

export interface ProductDocsProps {
  documentId?: string;
  sectionIdx?: string;
  articleId?: string;
}

export function ProductDocs({ documentId, sectionIdx, articleId }: ProductDocsProps) {
  const { productId, versionId } = useProductPage();
  // The frame shows its own placeholder when the product has no version.
  if (!versionId) return null;
  return <DocsViewer productId={productId} versionId={versionId} documentId={documentId} sectionIdx={sectionIdx} articleId={articleId} />;
}
