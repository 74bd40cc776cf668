// One search result (spec 1 §3 "Search result item"): a product (to its overview), an asset
// resource (to the resource page) or a document resource (to the documentation viewer, at its
// section and article), with the words of the search marked in the title and description.
import type { SearchResultItem } from '../../api/catalogue.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { highlightSegments } from '../../rules/advancedSearch.ts';
import { href, OPERATION_PARAM } from '../../rules/routes.ts';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { IconApi, IconFile } from '../catalogue/browseIcons.tsx';
import { IconBox } from '../catalogue/icons.tsx';

export function resultHref(item: SearchResultItem): string {
  const productId = item.product.id;
  const versionId = item.product.versionId ?? '';
  if (item.type === 'asset_resource' && item.resource) {
    // A hit on one of its operations opens that operation.
    const operation = item.resource.operation;
    return href('product.resource', { productId, versionId, resourceId: item.resource.id, tab: 'methods' },
      operation ? { [OPERATION_PARAM]: String(operation.ordinal) } : undefined);
  }
  if (item.type === 'document_resource' && item.resource?.document) {
    const section = item.resource.section;
    return href('product.docViewer', {
      productId,
      versionId,
      documentId: item.resource.document.id,
      sectionIdx: section ? String(section.sectionIndex) : '',
      articleId: section && item.resource.articleId ? item.resource.articleId : '',
    });
  }
  return href('product.overview', { productId });
}

export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightSegments(text, words).map((s, i) =>
        s.match ? (
          // Dark text, not the surrounding grey: grey on the highlight is under 4.5:1.
          <mark key={i} className="rounded-sm bg-warning/25 px-0.5 text-gray-900">{s.text}</mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

const TYPE_STYLE = {
  product: { icon: IconBox, tone: 'bg-primary/10 text-primary' },
  asset_resource: { icon: IconApi, tone: 'bg-tertiary/10 text-tertiary' },
  document_resource: { icon: IconFile, tone: 'bg-info/10 text-info' },
} as const;

export function ResultItem({ item, words }: { item: SearchResultItem; words: readonly string[] }) {
  const { t } = useMessages('search');
  const style = TYPE_STYLE[item.type];
  const Icon = style.icon;
  const resource = item.resource;
  const context: string[] = [];
  if (item.type !== 'product') context.push(t('search.item.inProduct', { product: item.product.title }));
  if (item.type === 'document_resource' && resource?.document && resource.document.title !== item.title) {
    context.push(resource.section && resource.section.title !== item.title ? `${resource.document.title} › ${resource.section.title}` : resource.document.title);
  }
  if (resource?.version) context.push(t('search.item.version', { version: resource.version }));
  if (resource?.stage) context.push(t('search.item.stage', { stage: resource.stage }));

  return (
    <article data-result-type={item.type} data-result-id={item.id} className="flex gap-4 px-1 py-4">
      <span aria-hidden="true" className={cx('hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg sm:flex', style.tone)}>
        <Icon size={18} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="m-0 min-w-0 text-base font-semibold leading-6">
            <Link to={resultHref(item)} className={cx('rounded text-gray-900 no-underline hover:text-primary hover:underline', FOCUS_RING)}>
              <Highlight text={item.title} words={words} />
            </Link>
          </h3>
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-[11px] font-medium text-gray-600">{t(`search.type.${item.type}`)}</span>
          {resource?.type && <span className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-[11px] text-gray-600">{resource.type}</span>}
        </div>
        {context.length > 0 && <p className="m-0 mt-0.5 truncate text-xs text-gray-500">{context.join(' · ')}</p>}
        {resource?.operation && (
          <p data-result-operation={resource.operation.ordinal} className="m-0 mt-1 truncate font-mono text-xs text-gray-700">
            <span className="font-semibold uppercase">{resource.operation.method}</span> {resource.operation.path}
            {resource.operation.summary && <span className="font-sans text-gray-500"> · <Highlight text={resource.operation.summary} words={words} /></span>}
          </p>
        )}
        {item.description && (
          <p className="m-0 mt-1.5 overflow-hidden text-sm leading-6 text-gray-600 [display:-webkit-box] [-webkit-box-orient:vertical] [-webkit-line-clamp:2]">
            <Highlight text={item.description} words={words} />
          </p>
        )}
      </div>
    </article>
  );
}
