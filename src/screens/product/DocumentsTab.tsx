// Documents tab: the version's documents as cards. Documents with sections open in the
// documentation viewer; the others (pdf, links, files) on their own document page.
import { useVersionDocuments, type Document } from '../../api/products.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { IconChevronRight } from '../../ui/moreIcons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { productHref, useProductPage } from './context.ts';
import { IconDocument } from './icons.tsx';

type DocKind = 'markdown' | 'pdf' | 'url' | 'text' | 'file';

export function documentKind(doc: Pick<Document, 'contentType' | 'type'>): DocKind {
  if (doc.type === 'URL' || doc.contentType === 'URL') return 'url';
  if (doc.contentType === 'application/pdf') return 'pdf';
  if (doc.contentType === 'text/markdown') return 'markdown';
  if (doc.contentType.startsWith('text/')) return 'text';
  return 'file';
}

const KIND_LABEL: Record<DocKind, MessageKey> = {
  markdown: 'product.docs.kind.markdown',
  pdf: 'product.docs.kind.pdf',
  url: 'product.docs.kind.url',
  text: 'product.docs.kind.text',
  file: 'product.docs.kind.file',
};

export function DocumentsTab() {
  const { t } = useMessages('product');
  const { product, versionId } = useProductPage();
  const docs = useVersionDocuments(product.id, versionId);
  return (
    <section aria-labelledby="agora-product-docs" data-part="documents">
      <h2 id="agora-product-docs" className="m-0 mb-4 text-lg font-semibold text-gray-900">{t('product.tab.docs')}</h2>
      <AsyncState
        loading={!docs.data && !docs.error}
        error={docs.error}
        empty={docs.data?.items.length === 0}
        errorView={<ErrorPlaceholder title={t('product.error.documents')} error={docs.error} onRetry={() => void docs.mutate()} />}
        emptyView={<EmptyPlaceholder title={t('product.docs.empty')} message={t('product.docs.emptyMessage')} />}
      >
        <ul className="m-0 grid list-none gap-4 p-0 md:grid-cols-2">
          {(docs.data?.items ?? []).map((doc) => {
            const kind = documentKind(doc);
            const viewer = doc.sections.length > 0 && versionId;
            const to = viewer ? productHref.docViewer(product.id, versionId, doc.id) : productHref.document(doc.id);
            return (
              <li key={doc.id} data-document={doc.id}>
                <Link
                  to={to}
                  className={cx('group flex h-full items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 no-underline shadow-sm transition hover:border-primary/40 hover:shadow', FOCUS_RING)}
                >
                  <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary"><IconDocument size={20} /></span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-gray-900 group-hover:text-primary">{doc.title || doc.fileName}</span>
                    {doc.description && <span className="mt-0.5 block line-clamp-2 text-sm text-gray-600">{doc.description}</span>}
                    <span className="mt-2 flex flex-wrap gap-2 text-xs text-gray-500">
                      <span className="rounded bg-gray-100 px-1.5 py-0.5 font-medium text-gray-700">{t(KIND_LABEL[kind])}</span>
                      {doc.sections.length > 0 && <span>{t('product.docs.sections', { count: doc.sections.length })}</span>}
                    </span>
                  </span>
                  <IconChevronRight size={18} className="mt-1 shrink-0 text-gray-300 group-hover:text-primary" />
                </Link>
              </li>
            );
          })}
        </ul>
      </AsyncState>
    </section>
  );
}
