// The portal's documentation routes of a product (.../docs/{documentId}/sections and
// .../docs/viewer[/{documentId}[/{sectionIdx}[/{articleId}]]]): the viewer inside the product
// page's frame (header, tabs with docs selected, right pane).
import { ProductFrame } from '../product/ProductFrame.tsx';
import { ProductDocs, type ProductDocsProps } from './ProductDocs.tsx';

export interface ProductDocsScreenProps extends ProductDocsProps {
  productId: string;
  versionId?: string;
}

export default function ProductDocsScreen({ productId, versionId, ...docs }: ProductDocsScreenProps) {
  return (
    <ProductFrame productId={productId} versionId={versionId} tab="docs">
      <ProductDocs {...docs} />
    </ProductFrame>
  );
}
