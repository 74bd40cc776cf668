// <agora-docs product-id="…" [version-id] [document-id] [section-idx] [article-id]>: the
// documentation viewer alone on a page. Without a version it shows the latest one. It moves
// between documents, sections and articles itself; other links go to the portal.
import { useCallback, useMemo } from 'react';
import { useProduct } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { href, type RouteMatch } from '../../rules/routes.ts';
import { useNavigator } from '../../router/context.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { DocsViewer } from './DocsViewer.tsx';
import { InElementRouter } from './InElementRouter.tsx';

export interface DocsProps {
  productId?: string;
  versionId?: string;
  documentId?: string;
  /** A section index, or a section title. */
  sectionIdx?: string;
  articleId?: string;
}

const PAGE = 'agora-docs mx-auto w-full max-w-[1360px] px-4 py-6 sm:px-6';

export default function Docs({ productId, versionId, documentId, sectionIdx, articleId }: DocsProps) {
  const { t } = useMessages('docs');
  const id = productId?.trim() || null;
  const product = useProduct(versionId?.trim() ? null : id);
  const version = versionId?.trim() || product.data?.latestVersion?.id || null;

  if (!id) return <div className={PAGE}><EmptyPlaceholder title={t('docs.noProduct')} message={t('docs.noProductMessage')} /></div>;
  if (product.error) {
    const status = errorStatus(product.error);
    return (
      <div className={PAGE}>
        {status === 403 ? <UnauthorizedPlaceholder /> : <ErrorPlaceholder title={t('docs.error.product')} error={product.error} onRetry={() => void product.mutate()} />}
      </div>
    );
  }
  if (!version) {
    if (product.data) return <div className={PAGE}><EmptyPlaceholder title={t('docs.error.productDocumentsNotFound')} message={t('docs.error.productDocumentsNotFoundMessage')} /></div>;
    return <div className={PAGE}><LoadingPlaceholder className="py-16" /></div>;
  }
  return (
    <div className={PAGE}>
      <Routed productId={id} versionId={version} documentId={documentId?.trim()} sectionIdx={sectionIdx?.trim()} articleId={articleId?.trim()} />
    </div>
  );
}

function Routed({ productId, versionId, documentId, sectionIdx, articleId }: Required<Pick<DocsProps, 'productId' | 'versionId'>> & DocsProps) {
  const navigator = useNavigator();
  const initial = useMemo(() => {
    const params: Record<string, string> = { productId: productId!, versionId: versionId! };
    if (documentId) params.documentId = documentId;
    if (documentId && sectionIdx) params.sectionIdx = sectionIdx;
    if (documentId && sectionIdx && articleId) params.articleId = articleId;
    return href('product.docViewer', params);
  }, [productId, versionId, documentId, sectionIdx, articleId]);
  // The viewer of this product version is shown here; anything else (the docs tab, a document's
  // own page, another version) leaves the element.
  const handles = useCallback(
    (m: RouteMatch) => (m.name === 'product.docViewer' || m.name === 'product.docSections')
      && m.params.productId === productId && m.params.versionId === versionId,
    [productId, versionId],
  );
  if (navigator.inPortal) return <DocsViewer productId={productId!} versionId={versionId!} documentId={documentId} sectionIdx={sectionIdx} articleId={articleId} />;
  return (
    <InElementRouter initial={initial} handles={handles}>
      {(match) => (
        <DocsViewer
          productId={productId!}
          versionId={versionId!}
          documentId={match?.params.documentId}
          sectionIdx={match?.params.sectionIdx}
          articleId={match?.params.articleId}
          standalone
        />
      )}
    </InElementRouter>
  );
}
