// OpenAPI 2, 3.0 and 3.1. The server's index comes first (head, tags, operation summaries) and
// the explorer's own list draws it at once, whatever the size: each operation fetched and drawn
// when opened, so a 13 MB description shows its first operation as fast as the Petstore and never
// freezes the tab, and every description looks the same, themed and translated. Under the
// large-file threshold Swagger UI is offered too, on a second tab, for readers who know it: its
// chunk and the whole text are fetched only when that tab is chosen.
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useResourceText, type SpecIndexResponse } from '../../../api/explorer.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { Md as Markdown } from '../LazyMarkdown.tsx';
import { ErrorPlaceholder, LoadingPlaceholder } from '../../../ui/Placeholders.tsx';
import { IconSearch } from '../../../ui/icons.tsx';
import { cx, FOCUS_RING } from '../../../ui/tone.ts';
import { ConsoleBar } from '../console/ConsoleBar.tsx';
import { useConsole } from '../console/context.tsx';
import type { InterceptedRequest } from '../console/gateway.ts';
import { preloadCodeViewer } from '../LazyCode.tsx';
import { SAFE_METHODS } from './methods.ts';
import { OperationList } from './OperationList.tsx';
import { SwaggerDocument, drawnWhole } from '../viewers.ts';

const ALL_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Whether Swagger UI is offered as a second view (a description small enough to draw whole). */
export const offersSwagger = (index: Pick<SpecIndexResponse, 'sizes'>) => drawnWhole(index.sizes.document);

type View = 'list' | 'swagger';
const VIEWS: View[] = ['list', 'swagger'];

export function OpenApiExplorer({ index }: { index: SpecIndexResponse }) {
  const [view, setView] = useState<View>('list');
  const swagger = offersSwagger(index) && view === 'swagger';
  return (
    <div className="flex flex-col gap-4" data-explorer="openapi" data-mode={swagger ? 'swagger' : 'list'}>
      <ApiInfo index={index} />
      {offersSwagger(index) && <ViewTabs view={view} onChange={setView} />}
      <div role={offersSwagger(index) ? 'tabpanel' : undefined} id={offersSwagger(index) ? `${TABS_ID}-panel` : undefined}
        aria-labelledby={offersSwagger(index) ? `${TABS_ID}-${view}` : undefined} className="flex flex-col gap-4">
        {swagger ? <SwaggerExplorer /> : <ListExplorer index={index} />}
      </div>
    </div>
  );
}

const TABS_ID = 'openapi-view';

/** Explorer | Swagger UI: tabs with arrow keys (WAI-ARIA tabs, automatic activation). */
function ViewTabs({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  const { t } = useMessages('explorer');
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKey = (e: KeyboardEvent) => {
    const at = VIEWS.indexOf(view);
    const next = e.key === 'ArrowRight' ? (at + 1) % VIEWS.length : e.key === 'ArrowLeft' ? (at + VIEWS.length - 1) % VIEWS.length
      : e.key === 'Home' ? 0 : e.key === 'End' ? VIEWS.length - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(VIEWS[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('explorer.view.label')} className="flex gap-1 border-b border-gray-200" onKeyDown={onKey} data-part="view-tabs">
      {VIEWS.map((v, i) => (
        <button key={v} ref={(el) => { refs.current[i] = el; }} type="button" role="tab" id={`${TABS_ID}-${v}`} aria-selected={view === v}
          aria-controls={`${TABS_ID}-panel`} tabIndex={view === v ? 0 : -1} onClick={() => onChange(v)} data-view={v}
          className={cx('-mb-px border-0 border-b-2 bg-transparent px-3 py-2 text-sm font-medium', FOCUS_RING,
            view === v ? 'border-primary text-primary' : 'border-transparent text-gray-600 hover:text-gray-900')}>
          {v === 'list' ? t('explorer.view.list') : t('explorer.view.swagger')}
        </button>
      ))}
    </div>
  );
}

function ApiInfo({ index }: { index: SpecIndexResponse }) {
  const { t } = useMessages('explorer');
  const info = index.info as { title?: string; version?: string; description?: string; termsOfService?: string; contact?: { name?: string; email?: string; url?: string }; license?: { name?: string; url?: string } };
  const docs = index.externalDocs as { url?: string; description?: string } | undefined;
  const links: Array<{ href: string; label: string }> = [];
  if (info.termsOfService) links.push({ href: info.termsOfService, label: t('explorer.info.terms') });
  if (info.contact?.url) links.push({ href: info.contact.url, label: info.contact.name || t('explorer.info.contact') });
  if (info.contact?.email) links.push({ href: `mailto:${info.contact.email}`, label: info.contact.email });
  if (info.license?.name) links.push({ href: info.license.url ?? '', label: t('explorer.info.license', { name: info.license.name }) });
  if (docs?.url) links.push({ href: docs.url, label: docs.description || t('explorer.info.docs') });
  return (
    <header className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm" data-part="api-info">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="m-0 text-xl font-semibold text-gray-900">{info.title}</h2>
        {info.version && <span className="rounded-full bg-gray-100 px-2.5 py-0.5 font-mono text-xs text-gray-700">{info.version}</span>}
        <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">
          {index.format === 'swagger' ? `Swagger ${index.specVersion}` : `OpenAPI ${index.specVersion}`}
        </span>
        <span className="text-sm text-gray-500">{t('explorer.info.counts', { operations: index.counts.operations, tags: index.counts.tags })}</span>
      </div>
      {info.description && <Markdown source={info.description} className="mt-3 text-sm" />}
      {links.length > 0 && (
        <ul className="m-0 mt-3 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm">
          {links.map((l) => (
            <li key={l.href + l.label}>
              {l.href ? <a href={l.href} target={l.href.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer" className="text-primary underline-offset-2 hover:underline">{l.label}</a> : <span className="text-gray-600">{l.label}</span>}
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}

function ListExplorer({ index }: { index: SpecIndexResponse }) {
  const { t } = useMessages('explorer');
  const [filter, setFilter] = useState('');
  const id = useId();
  // Examples of opened operations need the highlighter: fetch it once the list is painted and the
  // browser is idle, so it never competes with the first paint.
  useEffect(() => whenIdle(preloadCodeViewer), []);
  // OpenAPI 3.1 webhooks: one more section after the tags, as Swagger UI shows them.
  const webhooksLabel = t('explorer.list.webhooks');
  const groups = useMemo(
    () => (index.webhooks?.length ? [...index.tags, { name: webhooksLabel, description: '', operations: index.webhooks }] : index.tags),
    [index.tags, index.webhooks, webhooksLabel],
  );
  return (
    <>
      <ConsoleBar>
        <div className="flex w-full min-w-[14rem] flex-col gap-1 sm:w-auto sm:flex-1">
          <label htmlFor={`${id}-filter`} className="text-xs font-medium uppercase tracking-wide text-gray-500">{t('explorer.list.filter')}</label>
          <div className="relative">
            <IconSearch size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-gray-400" />
            <input
              id={`${id}-filter`}
              type="search"
              value={filter}
              maxLength={200}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t('explorer.list.filterPlaceholder')}
              className="w-full rounded-md border border-gray-300 bg-white py-2 pl-9 pr-3 text-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
              data-field="filter"
            />
          </div>
        </div>
      </ConsoleBar>
      <OperationList tags={groups} filter={filter} swagger2={index.format === 'swagger'} />
    </>
  );
}

function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

function SwaggerExplorer() {
  const { t } = useMessages('explorer');
  const { productId, versionId, resourceId, tryIt, resource, intercept } = useConsole();
  const text = useResourceText(productId, versionId, resourceId);
  // Swagger UI keeps the interceptor it was built with: hand it a stable one reading the latest.
  const latest = useRef(intercept);
  latest.current = intercept;
  const interceptor = useCallback((request: InterceptedRequest) => latest.current(request), []);
  const methods = !tryIt.allowed ? [] : resource.readOnly ? SAFE_METHODS : ALL_METHODS;
  return (
    <>
      <ConsoleBar />
      {text.error ? <ErrorPlaceholder title={t('explorer.error.definition')} error={text.error} onRetry={() => void text.mutate()} />
        : text.data === undefined ? <LoadingPlaceholder className="py-16" />
        : (
          <div className="rounded-xl border border-gray-200 bg-white px-3 py-2 shadow-sm sm:px-5" data-part="swagger">
            <Suspense fallback={<LoadingPlaceholder className="py-16" />}>
              <SwaggerDocument spec={text.data} methods={methods} requestInterceptor={interceptor as never} />
            </Suspense>
          </div>
        )}
    </>
  );
}
