// The documentation viewer of a product version (spec 1 §2, §4, §8): a left panel with the
// documents tree and the open article's table of contents (levels 1 to 3) — under 1200 px one tab
// at a time, the contents tab when the URL says ?view=toc — and the content: a document's section
// cards, or an article (the section's first one when the route names none). A section index that
// is not a number is matched against the section titles. Unknown documents, sections and articles
// get their own not-found placeholders.
import { useMemo, type ReactNode } from 'react';
import { useArticle, type Article } from '../../api/documents.ts';
import { useVersionDocuments, type Document } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link, useNavigate, useRoute } from '../../router/context.tsx';
import { DOCS_PANEL_BREAKPOINT } from '../../rules/constants.ts';
import { findSection, pickArticle, type DocSection } from '../../rules/docs.ts';
import { Markdown } from '../../ui/Markdown.tsx';
import { extractToc, type TocEntry } from '../../ui/markdown.ts';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { IconExternal } from '../../ui/icons.tsx';
import { IconChevronRight } from '../../ui/moreIcons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { useWindowWidth } from '../carousel/useWindowWidth.ts';
import { DocTree } from './DocTree.tsx';
import { docsHref, type DocsPlace } from './links.ts';
import { IconArrowLeft, IconArrowRight, IconBook, IconFile, IconLink } from './icons.tsx';
import { Toc } from './Toc.tsx';

export interface DocsViewerProps {
  productId: string;
  versionId: string;
  /** From the route; the viewer's root (no document) opens the first document with sections. */
  documentId?: string;
  /** A section index, or a section title. */
  sectionIdx?: string;
  articleId?: string;
  /** Alone on a page (<agora-docs>): links stay inside the viewer. */
  standalone?: boolean;
}

/** The query parameter that picks the contents tab under 1200 px. */
export const VIEW_PARAM = 'view';
export const TOC_VIEW = 'toc';

type Resolved =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | { kind: 'noDocuments' }
  | { kind: 'documentNotFound' }
  | { kind: 'noViewable'; documents: Document[] }
  | { kind: 'sections'; document: Document }
  | { kind: 'sectionNotFound'; document: Document }
  | { kind: 'noArticles'; document: Document; section: DocSection }
  | { kind: 'articleNotFound'; document: Document; section: DocSection }
  | { kind: 'article'; document: Document; section: DocSection; articleId: string };

function resolve(documents: Document[] | undefined, error: unknown, props: DocsViewerProps): Resolved {
  if (error) return { kind: 'error', error };
  if (!documents) return { kind: 'loading' };
  if (documents.length === 0) return { kind: 'noDocuments' };
  let document: Document | undefined;
  if (props.documentId) {
    document = documents.find((d) => d.id === props.documentId);
    if (!document) return { kind: 'documentNotFound' };
  } else {
    document = documents.find((d) => d.sections.length > 0);
    if (!document) return { kind: 'noViewable', documents };
    return { kind: 'sections', document };
  }
  if (props.sectionIdx === undefined || props.sectionIdx === '') return { kind: 'sections', document };
  const section = findSection(document.sections, props.sectionIdx);
  if (!section) return { kind: 'sectionNotFound', document };
  const pick = pickArticle(section.articleLinks, props.articleId);
  if (pick.kind === 'notFound') return { kind: 'articleNotFound', document, section };
  if (pick.kind === 'none') return { kind: 'noArticles', document, section };
  return { kind: 'article', document, section, articleId: pick.article.id };
}

export function DocsViewer(props: DocsViewerProps) {
  const { t } = useMessages('docs');
  const { productId, versionId, standalone } = props;
  const place: DocsPlace = useMemo(() => ({ productId, versionId, standalone }), [productId, versionId, standalone]);
  const docs = useVersionDocuments(productId, versionId);
  const state = resolve(docs.data?.items, docs.error, props);
  const articleId = state.kind === 'article' ? state.articleId : null;
  const article = useArticle(productId, versionId, articleId);
  const toc = useMemo<TocEntry[] | null>(
    () => (state.kind === 'article' && article.data?.kind === 'markdown' ? extractToc(article.data.content, 3) : null),
    [state.kind, article.data],
  );

  if (state.kind === 'loading') return <LoadingPlaceholder className="py-16" />;
  if (state.kind === 'error') {
    return errorStatus(state.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('docs.error.documents')} error={state.error} onRetry={() => void docs.mutate()} />;
  }
  if (state.kind === 'noDocuments') {
    return (
      <div data-docs-state="noDocuments">
        <EmptyPlaceholder title={t('docs.error.productDocumentsNotFound')} message={t('docs.error.productDocumentsNotFoundMessage')} />
      </div>
    );
  }

  const documents = docs.data!.items;
  const current = {
    documentId: 'document' in state ? state.document.id : null,
    sectionIndex: 'section' in state ? state.section.sectionIndex : null,
    articleId,
  };

  return (
    <div data-screen="docs" data-docs-state={state.kind} className="min-w-0">
      <Layout
        tree={<DocTree documents={documents} place={place} current={current} />}
        toc={<Toc entries={toc} />}
      >
        <Content state={state} place={place} article={article} requested={props} />
      </Layout>
    </div>
  );
}

/** Tree and contents beside the content from 1200 px; one tab at a time above it below that. */
function Layout({ tree, toc, children }: { tree: ReactNode; toc: ReactNode; children: ReactNode }) {
  const { t } = useMessages('docs');
  const width = useWindowWidth();
  const route = useRoute();
  const navigate = useNavigate();
  const wide = width === null || width >= DOCS_PANEL_BREAKPOINT;
  const tab = route.query.get(VIEW_PARAM) === TOC_VIEW ? 'toc' : 'tree';

  const heading = (text: string) => (
    <h2 className="m-0 mb-2 px-2 text-xs font-semibold uppercase tracking-wider text-gray-500">{text}</h2>
  );

  if (wide) {
    return (
      <div className="grid items-start gap-6 [grid-template-columns:minmax(220px,264px)_minmax(0,1fr)]" data-docs-layout="wide">
        <aside aria-label={t('docs.panel.label')} className="sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto pr-1" data-docs-panel="">
          <section>{heading(t('docs.panel.tree'))}{tree}</section>
          <section className="mt-6 border-t border-gray-200 pt-4" data-docs-toc="">{heading(t('docs.toc.title'))}{toc}</section>
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    );
  }

  const select = (id: string) => {
    const path = route.match?.path ?? '';
    const query = new URLSearchParams(route.query);
    if (id === 'toc') query.set(VIEW_PARAM, TOC_VIEW);
    else query.delete(VIEW_PARAM);
    const qs = query.toString();
    navigate(`${path}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  return (
    <div className="flex flex-col gap-5" data-docs-layout="narrow">
      <aside aria-label={t('docs.panel.label')} className="rounded-xl border border-gray-200 bg-white shadow-sm" data-docs-panel="">
        <Tabs
          tabs={[{ id: 'tree', label: t('docs.panel.tree') }, { id: 'toc', label: t('docs.panel.toc') }]}
          selected={tab}
          onSelect={select}
          label={t('docs.panel.tabs')}
          idBase="agora-docs-panel"
          className="px-2"
        />
        <div
          role="tabpanel"
          id={`agora-docs-panel-panel-${tab}`}
          aria-labelledby={`agora-docs-panel-tab-${tab}`}
          className="max-h-80 overflow-y-auto p-3"
          data-docs-tab={tab}
        >
          {tab === 'toc' ? toc : tree}
        </div>
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

interface ArticleQuery {
  data?: Article | undefined;
  error?: unknown;
  mutate: () => unknown;
}

function Trail({ place, document, section, last }: { place: DocsPlace; document?: Document; section?: DocSection; last?: string }) {
  const { t } = useMessages('docs');
  const items: Array<{ label: string; to?: string }> = [{ label: t('docs.trail.all'), to: docsHref.all(place) }];
  if (document) items.push({ label: document.title || document.fileName || document.id, to: docsHref.document(place, document.id) });
  if (section && document) items.push({ label: section.title, to: docsHref.section(place, document.id, section.sectionIndex) });
  if (last) items.push({ label: last });
  return (
    <nav aria-label={t('docs.trail.label')} className="mb-3">
      <ol className="m-0 flex list-none flex-wrap items-center gap-1 p-0 text-xs text-gray-500">
        {items.map((item, i) => {
          const isLast = i === items.length - 1;
          return (
            <li key={i} className="flex min-w-0 items-center gap-1">
              {isLast || !item.to ? (
                <span aria-current={isLast ? 'page' : undefined} className={cx('truncate', isLast && 'font-medium text-gray-700')}>{item.label}</span>
              ) : (
                <Link to={item.to} className={cx('truncate rounded text-gray-500 no-underline hover:text-primary hover:underline', FOCUS_RING)}>{item.label}</Link>
              )}
              {!isLast && <IconChevronRight size={12} className="shrink-0 text-gray-300" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function BackLink({ place }: { place: DocsPlace }) {
  const { t } = useMessages('docs');
  return (
    <Link to={docsHref.all(place)} className={cx('inline-flex items-center gap-1.5 rounded text-sm font-medium text-primary no-underline hover:underline', FOCUS_RING)}>
      <IconArrowLeft size={14} /> {t('docs.error.back')}
    </Link>
  );
}

function Content({ state, place, article, requested }: { state: Resolved; place: DocsPlace; article: ArticleQuery; requested: DocsViewerProps }) {
  const { t } = useMessages('docs');
  switch (state.kind) {
    case 'documentNotFound':
      return (
        <EmptyPlaceholder
          title={t('docs.error.documentNotFound')}
          message={t('docs.error.documentNotFoundMessage')}
          action={<BackLink place={place} />}
        />
      );
    case 'noViewable':
      return <DocumentCards documents={state.documents} place={place} />;
    case 'sections':
      return <SectionCards document={state.document} place={place} />;
    case 'sectionNotFound':
      return (
        <>
          <Trail place={place} document={state.document} />
          <EmptyPlaceholder
            title={t('docs.error.sectionNotFound')}
            message={t('docs.error.sectionNotFoundMessage', { section: requested.sectionIdx ?? '', document: state.document.title })}
            action={<BackLink place={place} />}
          />
        </>
      );
    case 'articleNotFound':
      return (
        <>
          <Trail place={place} document={state.document} section={state.section} />
          <EmptyPlaceholder
            title={t('docs.error.articleNotFound')}
            message={t('docs.error.articleNotFoundMessage', { section: state.section.title })}
            action={<BackLink place={place} />}
          />
        </>
      );
    case 'noArticles':
      return (
        <>
          <Trail place={place} document={state.document} section={state.section} />
          <h2 className="m-0 text-2xl font-semibold text-gray-900">{state.section.title}</h2>
          {state.section.description && <p className="m-0 mt-2 text-gray-600">{state.section.description}</p>}
          <EmptyPlaceholder title={t('docs.article.none')} message={t('docs.article.noneMessage')} />
        </>
      );
    case 'article':
      return <ArticleView document={state.document} section={state.section} articleId={state.articleId} place={place} query={article} />;
    default:
      return null;
  }
}

function kindLabel(doc: Document): 'docs.kind.markdown' | 'docs.kind.pdf' | 'docs.kind.url' | 'docs.kind.file' {
  if (doc.type === 'URL') return 'docs.kind.url';
  if (doc.contentType === 'application/pdf') return 'docs.kind.pdf';
  if (doc.contentType === 'text/markdown') return 'docs.kind.markdown';
  return 'docs.kind.file';
}

const CARD = 'group flex h-full flex-col rounded-xl border border-gray-200 bg-white p-5 no-underline shadow-sm transition hover:border-primary/40 hover:shadow-md';

/** The viewer's root when no document has sections: every document, each to its own page. */
function DocumentCards({ documents, place }: { documents: Document[]; place: DocsPlace }) {
  const { t } = useMessages('docs');
  return (
    <section data-document-cards="">
      <Trail place={place} />
      <h2 className="m-0 mb-4 text-2xl font-semibold text-gray-900">{t('docs.documents.title')}</h2>
      <ul className="m-0 grid list-none gap-4 p-0 md:grid-cols-2">
        {documents.map((doc) => (
          <li key={doc.id}>
            <Link to={doc.sections.length ? docsHref.document(place, doc.id) : docsHref.page(doc.id)} className={cx(CARD, FOCUS_RING)}>
              <span className="flex items-center gap-2 text-gray-900">
                {doc.type === 'URL' ? <IconLink size={18} className="text-primary" /> : <IconFile size={18} className="text-primary" />}
                <span className="font-semibold group-hover:text-primary">{doc.title || doc.fileName}</span>
              </span>
              {doc.description && <span className="mt-2 text-sm text-gray-600">{doc.description}</span>}
              <span className="mt-3 text-xs font-medium text-gray-500">{t(kindLabel(doc))}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A document's sections as cards, each with a link to its articles (the first one opens). */
function SectionCards({ document, place }: { document: Document; place: DocsPlace }) {
  const { t } = useMessages('docs');
  const title = document.title || document.fileName || document.id;
  return (
    <section data-section-cards={document.id}>
      <Trail place={place} document={document} />
      <header className="mb-5">
        <h2 className="m-0 flex items-center gap-2 text-2xl font-semibold text-gray-900">
          <IconBook size={22} className="shrink-0 text-primary" /> {title}
        </h2>
        {document.description && <p className="m-0 mt-2 max-w-3xl text-gray-600">{document.description}</p>}
      </header>
      {document.sections.length === 0 ? (
        <EmptyPlaceholder
          title={t('docs.sections.none')}
          message={t('docs.sections.noneMessage')}
          action={<Link to={docsHref.page(document.id)} className={cx('text-sm font-medium text-primary', FOCUS_RING)}>{t('docs.sections.open')}</Link>}
        />
      ) : (
        <ul className="m-0 grid list-none gap-4 p-0 [grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr))]">
          {document.sections.map((section, i) => (
            <li key={section.id} data-section-card={section.sectionIndex} className="flex">
              <div className="flex w-full flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <span className="text-xs font-semibold uppercase tracking-wider text-primary">{t('docs.sections.eyebrow', { number: i + 1 })}</span>
                <h3 className="m-0 mt-1 text-base font-semibold text-gray-900">{section.title}</h3>
                {section.description && <p className="m-0 mt-1 text-sm text-gray-600">{section.description}</p>}
                <p className="m-0 mt-3 text-xs text-gray-500">{t('docs.sections.articles', { count: section.articleLinks.length })}</p>
                <div className="mt-auto pt-4">
                  <Link
                    to={docsHref.section(place, document.id, section.sectionIndex)}
                    className={cx('inline-flex items-center gap-1.5 rounded text-sm font-semibold text-primary no-underline hover:underline', FOCUS_RING)}
                    aria-label={t('docs.sections.viewNamed', { title: section.title })}
                  >
                    {t('docs.sections.view')} <IconArrowRight size={14} />
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The article, or its loading and error states; previous and next articles of the document below. */
function ArticleView({ document, section, articleId, place, query }: {
  document: Document; section: DocSection; articleId: string; place: DocsPlace; query: ArticleQuery;
}) {
  const { t } = useMessages('docs');
  const link = section.articleLinks.find((a) => a.id === articleId)!;
  const flat = document.sections.flatMap((s) => s.articleLinks.map((a) => ({ section: s, article: a })));
  const at = flat.findIndex((x) => x.article.id === articleId && x.section.id === section.id);
  const previous = at > 0 ? flat[at - 1] : undefined;
  const next = at >= 0 && at < flat.length - 1 ? flat[at + 1] : undefined;

  let body: ReactNode;
  if (query.error) {
    const status = errorStatus(query.error);
    body = status === 404
      ? <EmptyPlaceholder title={t('docs.error.articleNotFound')} message={t('docs.error.articleNotFoundMessage', { section: section.title })} />
      : status === 403
        ? <UnauthorizedPlaceholder />
        : <ErrorPlaceholder title={t('docs.error.article')} error={query.error} onRetry={() => void query.mutate()} />;
  } else if (!query.data || query.data.id !== articleId) {
    body = <LoadingPlaceholder className="py-16" />;
  } else if (query.data.kind === 'url') {
    const url = query.data.content.trim();
    body = (
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm" data-article-url="">
        <p className="m-0 flex items-center gap-2 text-gray-700"><IconLink size={18} className="text-primary" /> {t('docs.article.external')}</p>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={cx('mt-4 inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-on-primary no-underline hover:brightness-110', FOCUS_RING)}
        >
          {t('docs.article.open', { host: hostOf(url) })} <IconExternal size={14} />
        </a>
        <p className="m-0 mt-3 break-all text-xs text-gray-500">{url}</p>
      </div>
    );
  } else {
    body = <Markdown source={query.data.content} />;
  }

  return (
    <article data-article={articleId} aria-labelledby="agora-docs-article-title">
      <Trail place={place} document={document} section={section} last={link.label} />
      <h2 id="agora-docs-article-title" className="m-0 mb-5 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{link.label}</h2>
      <div className="min-h-[8rem]">{body}</div>
      {(previous || next) && (
        <nav aria-label={t('docs.article.pager')} className="mt-10 grid gap-3 border-t border-gray-200 pt-5 sm:grid-cols-2">
          {previous ? (
            <Link
              to={docsHref.article(place, document.id, previous.section.sectionIndex, previous.article.id)}
              className={cx('flex flex-col rounded-lg border border-gray-200 px-4 py-3 no-underline hover:border-primary/40', FOCUS_RING)}
              data-pager="previous"
            >
              <span className="flex items-center gap-1 text-xs text-gray-500"><IconArrowLeft size={12} /> {t('docs.article.previous')}</span>
              <span className="mt-0.5 text-sm font-medium text-gray-900">{previous.article.label}</span>
            </Link>
          ) : <span />}
          {next && (
            <Link
              to={docsHref.article(place, document.id, next.section.sectionIndex, next.article.id)}
              className={cx('flex flex-col items-end rounded-lg border border-gray-200 px-4 py-3 text-right no-underline hover:border-primary/40', FOCUS_RING)}
              data-pager="next"
            >
              <span className="flex items-center gap-1 text-xs text-gray-500">{t('docs.article.next')} <IconArrowRight size={12} /></span>
              <span className="mt-0.5 text-sm font-medium text-gray-900">{next.article.label}</span>
            </Link>
          )}
        </nav>
      )}
    </article>
  );
}
