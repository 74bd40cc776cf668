// The document page (/documents/{docId} and <agora-document doc-id="…">, spec 1 §2): breadcrumb
// with the title (or file name), then the document by its content type: a pdf in an embedded
// frame, markdown with its table of contents, a URL as an external link, anything else as a
// download button. Content is read through the API client (bearer token and tenant included),
// so private documents work the same as public ones.
import { useEffect, useState, type ReactNode } from 'react';
import { useApi } from '../../api/context.ts';
import { fetchDocumentBlob, useDocument, useDocumentBlob, useDocumentText, type Document } from '../../api/documents.ts';
import { useMessages } from '../../i18n/intl.ts';
import { documentView } from '../../rules/docs.ts';
import { href } from '../../rules/routes.ts';
import { Breadcrumb, type BreadcrumbItem } from '../../ui/Breadcrumb.tsx';
import { Button } from '../../ui/Button.tsx';
import { Markdown } from '../../ui/Markdown.tsx';
import { extractToc } from '../../ui/markdown.ts';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { IconExternal } from '../../ui/icons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { IconDownload, IconFile, IconFileText, IconLink } from '../docs/icons.tsx';
import { Toc } from '../docs/Toc.tsx';

export interface DocumentPageProps {
  docId?: string;
}

const PAGE = 'agora-document mx-auto w-full max-w-[1360px] px-4 py-6 sm:px-6 lg:py-8';

export default function DocumentPage({ docId }: DocumentPageProps) {
  const { t } = useMessages('docs');
  const id = docId?.trim() || null;
  const doc = useDocument(id);

  let content: ReactNode;
  if (!id) content = <EmptyPlaceholder title={t('docs.document.noId')} message={t('docs.document.noIdMessage')} />;
  else if (doc.error) {
    const status = errorStatus(doc.error);
    content = status === 403
      ? <UnauthorizedPlaceholder />
      : status === 404
        ? <EmptyPlaceholder title={t('docs.error.documentNotFound')} message={t('docs.error.documentNotFoundMessage')} />
        : <ErrorPlaceholder title={t('docs.error.document')} error={doc.error} onRetry={() => void doc.mutate()} />;
  } else if (!doc.data) content = <LoadingPlaceholder className="py-24" />;
  else content = <DocumentView doc={doc.data} />;

  return (
    <div className={PAGE} data-screen="document" data-document={id ?? undefined}>
      {content}
    </div>
  );
}

function displayName(doc: Document): string {
  return doc.title?.trim() || doc.fileName?.trim() || doc.id;
}

function DocumentView({ doc }: { doc: Document }) {
  const { t, fmt } = useMessages('docs');
  const view = documentView(doc);
  const name = displayName(doc);
  const crumbs: BreadcrumbItem[] = [{ label: t('docs.document.home'), href: '/' }];
  if (doc.productId && doc.productVersionId) {
    crumbs.push({ label: t('docs.document.productDocs'), href: href('product.docs', { productId: doc.productId, versionId: doc.productVersionId }) });
  }
  crumbs.push({ label: name });
  const Icon = view === 'url' ? IconLink : view === 'markdown' ? IconFileText : IconFile;

  return (
    <article data-view={view} aria-labelledby="agora-document-title">
      <Breadcrumb items={crumbs} className="mb-4" />
      <header className="mb-6 flex items-start gap-4">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary"><Icon size={22} /></span>
        <div className="min-w-0">
          <h1 id="agora-document-title" className="m-0 break-words text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{name}</h1>
          {doc.description && <p className="m-0 mt-1 max-w-3xl text-gray-600">{doc.description}</p>}
          <p className="m-0 mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-500">
            <span className="rounded bg-gray-100 px-1.5 py-0.5 font-medium text-gray-700">{t(`docs.kind.${view === 'download' ? 'file' : view}`)}</span>
            {doc.fileName && view !== 'url' && <span className="font-mono">{doc.fileName}</span>}
            {doc.metadata?.createdAt && <span>{t('docs.document.published', { date: fmt.date(doc.metadata.createdAt) })}</span>}
          </p>
        </div>
      </header>
      {view === 'pdf' && <PdfView doc={doc} />}
      {view === 'markdown' && <MarkdownView doc={doc} />}
      {view === 'url' && <UrlView doc={doc} />}
      {view === 'download' && <DownloadView doc={doc} />}
    </article>
  );
}

/** An object URL for a blob, revoked when the blob changes or the view goes away. */
function useObjectUrl(blob: Blob | undefined, type?: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    // The server sends the document's own content type; keep it (an embedded pdf needs it).
    const typed = type && blob.type !== type ? new Blob([blob], { type }) : blob;
    const next = URL.createObjectURL(typed);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob, type]);
  return url;
}

function ContentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useMessages('docs');
  return errorStatus(error) === 403 ? <UnauthorizedPlaceholder /> : <ErrorPlaceholder title={t('docs.document.contentError')} error={error} onRetry={onRetry} />;
}

function PdfView({ doc }: { doc: Document }) {
  const { t } = useMessages('docs');
  const data = useDocumentBlob(doc.id);
  const url = useObjectUrl(data.data, 'application/pdf');
  if (data.error) return <ContentError error={data.error} onRetry={() => void data.mutate()} />;
  if (!url) return <LoadingPlaceholder className="py-24" />;
  const fileName = doc.fileName || `${displayName(doc)}.pdf`;
  return (
    <section data-pdf="">
      <div className="mb-3 flex flex-wrap justify-end gap-2">
        <a href={url} download={fileName} className={cx('inline-flex h-9 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 no-underline hover:bg-gray-50', FOCUS_RING)}>
          <IconDownload size={15} /> {t('docs.document.downloadPdf')}
        </a>
        <a href={url} target="_blank" rel="noopener" className={cx('inline-flex h-9 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 no-underline hover:bg-gray-50', FOCUS_RING)}>
          <IconExternal size={15} /> {t('docs.document.openTab')}
        </a>
      </div>
      <iframe
        src={url}
        title={displayName(doc)}
        className="block h-[75vh] min-h-[480px] w-full rounded-xl border border-gray-200 bg-gray-100 shadow-sm"
      />
    </section>
  );
}

function MarkdownView({ doc }: { doc: Document }) {
  const { t } = useMessages('docs');
  const text = useDocumentText(doc.id);
  if (text.error) return <ContentError error={text.error} onRetry={() => void text.mutate()} />;
  if (text.data === undefined) return <LoadingPlaceholder className="py-24" />;
  const toc = extractToc(text.data, 3);
  return (
    <div className="grid items-start gap-8 lg:[grid-template-columns:minmax(0,1fr)_260px]" data-markdown="">
      <div className="min-w-0 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
        <Markdown source={text.data} />
      </div>
      <aside className="order-first lg:sticky lg:top-4 lg:order-none" aria-label={t('docs.toc.title')}>
        <h2 className="m-0 mb-2 text-xs font-semibold uppercase tracking-wider text-gray-500">{t('docs.toc.title')}</h2>
        <Toc entries={toc} />
      </aside>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function UrlView({ doc }: { doc: Document }) {
  const { t } = useMessages('docs');
  const url = doc.url?.trim() ?? '';
  if (!/^https?:\/\//i.test(url)) return <EmptyPlaceholder title={t('docs.document.noUrl')} message={t('docs.document.noUrlMessage')} />;
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8" data-url="">
      <p className="m-0 text-gray-700">{t('docs.document.external')}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={cx('mt-4 inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-on-primary no-underline hover:brightness-110', FOCUS_RING)}
      >
        {t('docs.article.open', { host: hostOf(url) })} <IconExternal size={14} />
      </a>
      <p className="m-0 mt-3 break-all font-mono text-xs text-gray-500">{url}</p>
    </div>
  );
}

/** Anything else: a download button. A failed download is only logged (spec 1 §8). */
function DownloadView({ doc }: { doc: Document }) {
  const { t } = useMessages('docs');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const fileName = doc.fileName || displayName(doc);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await fetchDocumentBlob(api, doc.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.rel = 'noopener';
      a.style.display = 'none';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      console.warn(`agora: download of document ${doc.id} failed`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:p-8" data-download="">
      <span className="grid h-14 w-14 shrink-0 place-items-center rounded-xl bg-gray-100 text-gray-500"><IconFile size={26} /></span>
      <div className="min-w-0 flex-1">
        <p className="m-0 break-all font-medium text-gray-900">{fileName}</p>
        <p className="m-0 mt-1 text-sm text-gray-600">{t('docs.document.downloadHint', { type: doc.contentType })}</p>
      </div>
      <Button onClick={() => void download()} busy={busy} icon={<IconDownload size={16} />}>
        {t('docs.document.download')}
      </Button>
    </div>
  );
}
