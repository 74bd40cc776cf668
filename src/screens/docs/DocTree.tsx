// The documents tree of the viewer: documents, their sections and the sections' articles, with
// the tree search (src/rules/docs.ts searchDocTree). A document without sections (a pdf, a link, a
// file) links to its own page. The open document and section start expanded; a search shows
// everything it kept, expanded, with the matching text marked.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Document } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { FILTER_SEARCH_MAX_LENGTH } from '../../rules/constants.ts';
import { searchDocTree } from '../../rules/docs.ts';
import { IconExternal } from '../../ui/icons.tsx';
import { IconChevronRight } from '../../ui/moreIcons.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { docsHref, type DocsPlace } from './links.ts';
import { IconBook, IconFile } from './icons.tsx';

export interface TreeCurrent {
  documentId?: string | null;
  sectionIndex?: number | null;
  articleId?: string | null;
}

/** The text with each case-insensitive occurrence of `needle` marked. */
function Marked({ text, needle }: { text: string; needle: string }) {
  const n = needle.trim();
  if (!n) return <>{text}</>;
  const parts: ReactNode[] = [];
  const lower = text.toLocaleLowerCase();
  const wanted = n.toLocaleLowerCase();
  let at = 0;
  for (let i = lower.indexOf(wanted); i >= 0; i = lower.indexOf(wanted, at)) {
    if (i > at) parts.push(text.slice(at, i));
    parts.push(<mark key={i} className="rounded-sm bg-warning/25 px-px text-inherit">{text.slice(i, i + n.length)}</mark>);
    at = i + n.length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

const ROW = 'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm no-underline';

function rowClass(current: boolean, strong?: boolean) {
  return cx(
    ROW,
    current ? 'bg-primary/10 font-semibold text-primary' : cx('text-gray-700 hover:bg-gray-100 hover:text-gray-900', strong && 'font-medium'),
    FOCUS_RING,
  );
}

function Toggle({ open, label, onToggle }: { open: boolean; label: string; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-label={label}
      onClick={onToggle}
      className={cx('grid h-7 w-6 shrink-0 place-items-center rounded text-gray-400 hover:bg-gray-100 hover:text-gray-700', FOCUS_RING)}
    >
      <IconChevronRight size={14} className={cx('transition-transform', open && 'rotate-90')} />
    </button>
  );
}

export function DocTree({ documents, place, current }: { documents: Document[]; place: DocsPlace; current: TreeCurrent }) {
  const { t } = useMessages('docs');
  const [text, setText] = useState('');
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const searching = text.trim() !== '';
  const found = useMemo(() => searchDocTree(documents, text), [documents, text]);

  // Whatever the route opens starts expanded (the visitor's own choices stay).
  const docKey = current.documentId ? `d:${current.documentId}` : null;
  const sectionKey = current.documentId && current.sectionIndex !== null && current.sectionIndex !== undefined
    ? `s:${current.documentId}:${current.sectionIndex}` : null;
  useEffect(() => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (docKey) next.add(docKey);
      if (sectionKey) next.add(sectionKey);
      return next.size === prev.size ? prev : next;
    });
  }, [docKey, sectionKey]);

  const isOpen = (key: string) => searching || open.has(key);
  const toggle = (key: string) => setOpen((prev) => {
    const next = new Set(prev);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  });

  return (
    <div data-doc-tree="">
      <SearchInput
        value={text}
        onChange={setText}
        onSubmit={setText}
        maxLength={FILTER_SEARCH_MAX_LENGTH}
        label={t('docs.tree.search')}
        placeholder={t('docs.tree.searchPlaceholder')}
        className="mb-3"
      />
      {found.length === 0 ? (
        <p className="m-0 px-2 py-3 text-sm text-gray-500" role="status" data-tree-empty="">{t('docs.tree.noMatch', { text: text.trim() })}</p>
      ) : (
        <nav aria-label={t('docs.tree.label')}>
          <ul className="m-0 list-none space-y-0.5 p-0">
            {found.map(({ document, sections }) => {
              const title = document.title || document.fileName || document.id;
              const key = `d:${document.id}`;
              const hasSections = document.sections.length > 0;
              const here = current.documentId === document.id;
              return (
                <li key={document.id} data-tree-document={document.id}>
                  <div className="flex items-center">
                    {hasSections ? (
                      <Toggle
                        open={isOpen(key)}
                        label={t(isOpen(key) ? 'docs.tree.collapse' : 'docs.tree.expand', { title })}
                        onToggle={() => toggle(key)}
                      />
                    ) : (
                      <span className="w-6 shrink-0" />
                    )}
                    {hasSections ? (
                      <Link
                        to={docsHref.document(place, document.id)}
                        aria-current={here && current.sectionIndex == null ? 'page' : undefined}
                        className={rowClass(here && current.sectionIndex == null, true)}
                      >
                        <IconBook size={15} className="shrink-0 text-gray-400" />
                        <span className="min-w-0 break-words"><Marked text={title} needle={text} /></span>
                      </Link>
                    ) : (
                      <Link to={docsHref.page(document.id)} className={rowClass(false, true)} title={t('docs.tree.ownPage')}>
                        <IconFile size={15} className="shrink-0 text-gray-400" />
                        <span className="min-w-0 flex-1 break-words"><Marked text={title} needle={text} /></span>
                        <IconExternal size={12} className="shrink-0 text-gray-400" />
                        <span className="sr-only">({t('docs.tree.ownPage')})</span>
                      </Link>
                    )}
                  </div>
                  {hasSections && isOpen(key) && (
                    <ul className="m-0 ml-3 list-none space-y-0.5 border-l border-gray-100 p-0 pl-2">
                      {sections.map(({ section, articles }) => {
                        const sKey = `s:${document.id}:${section.sectionIndex}`;
                        const sectionHere = here && current.sectionIndex === section.sectionIndex;
                        return (
                          <li key={section.id} data-tree-section={section.sectionIndex}>
                            <div className="flex items-center">
                              {section.articleLinks.length > 0 ? (
                                <Toggle
                                  open={isOpen(sKey)}
                                  label={t(isOpen(sKey) ? 'docs.tree.collapse' : 'docs.tree.expand', { title: section.title })}
                                  onToggle={() => toggle(sKey)}
                                />
                              ) : (
                                <span className="w-6 shrink-0" />
                              )}
                              <Link
                                to={docsHref.section(place, document.id, section.sectionIndex)}
                                aria-current={sectionHere && !current.articleId ? 'page' : undefined}
                                className={rowClass(sectionHere && !current.articleId)}
                              >
                                <span className="min-w-0 break-words"><Marked text={section.title} needle={text} /></span>
                              </Link>
                            </div>
                            {isOpen(sKey) && articles.length > 0 && (
                              <ul className="m-0 ml-3 list-none space-y-0.5 border-l border-gray-100 p-0 pl-3">
                                {articles.map((article) => {
                                  const articleHere = sectionHere && current.articleId === article.id;
                                  return (
                                    <li key={article.id} data-tree-article={article.id}>
                                      <Link
                                        to={docsHref.article(place, document.id, section.sectionIndex, article.id)}
                                        aria-current={articleHere ? 'page' : undefined}
                                        className={rowClass(articleHere)}
                                      >
                                        <span className="min-w-0 break-words"><Marked text={article.label} needle={text} /></span>
                                        {article.kind === 'url' && <IconExternal size={12} className="shrink-0 text-gray-400" />}
                                      </Link>
                                    </li>
                                  );
                                })}
                              </ul>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
