// The specification renderer by resource type (spec 1 §2, spec 2 "API console"): OpenAPI 2, 3.0
// and 3.1 in the interactive explorer; AsyncAPI in its own viewer; GraphQL in GraphiQL with an
// endpoint selector; WSDL and protobuf in the code viewer; anything else a notice with a
// download. Every heavy viewer is a lazy chunk.
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useResourceText, useSpecIndex, type AssetResource, type SpecIndexResponse } from '../../api/explorer.ts';
import { useMessages } from '../../i18n/intl.ts';
import { extensionOf, languageOf, previewKind } from '../../rules/codeViewer.ts';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { ConsoleBar } from './console/ConsoleBar.tsx';
import { ConsoleProvider, useConsole } from './console/context.tsx';
import { AsyncApiSamples } from './AsyncApiSamples.tsx';
import { DownloadButton } from './DownloadButton.tsx';
import { GraphqlSamples, type GraphqlEditorRequest } from './GraphqlSamples.tsx';
import { Code } from './LazyCode.tsx';
import { OpenApiExplorer } from './openapi/OpenApiExplorer.tsx';
import { AsyncApiViewer, GraphiqlViewer, OPENAPI_TYPES } from './viewers.ts';


export interface SpecViewProps {
  productId: string;
  versionId: string;
  resource: AssetResource;
}

export function SpecView({ productId, versionId, resource }: SpecViewProps) {
  const { t } = useMessages('explorer');
  if (resource.hasEmptyDefinition) {
    return (
      <EmptyPlaceholder
        title={t('explorer.definitionNotFound')}
        message={t('explorer.definitionNotFoundMessage')}
        action={<DownloadButton productId={productId} versionId={versionId} resource={resource} />}
      />
    );
  }
  if (OPENAPI_TYPES.includes(resource.type) || resource.type === 'graphql') {
    return <IndexedView productId={productId} versionId={versionId} resource={resource} />;
  }
  if (resource.type === 'asyncapi') return <AsyncApiView productId={productId} versionId={versionId} resource={resource} />;
  if (resource.type === 'wsdl' || resource.type === 'protobuf') return <CodeResource productId={productId} versionId={versionId} resource={resource} />;
  return <Unsupported productId={productId} versionId={versionId} resource={resource} />;
}

function FetchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useMessages('explorer');
  if (errorStatus(error) === 403) return <UnauthorizedPlaceholder />;
  return <ErrorPlaceholder title={t('explorer.error.resource')} error={error} onRetry={onRetry} />;
}

/** OpenAPI and GraphQL: the index first (operations, security schemes, try-it permission). */
function IndexedView({ productId, versionId, resource }: SpecViewProps) {
  const { t } = useMessages('explorer');
  const index = useSpecIndex(productId, versionId, resource.id);
  if (index.error) return <FetchError error={index.error} onRetry={() => void index.mutate()} />;
  if (!index.data) return <LoadingPlaceholder className="py-24" label={t('explorer.loading')} />;
  if (index.data.error) {
    return (
      <EmptyPlaceholder
        title={t('explorer.error.unreadable')}
        message={index.data.error}
        action={<DownloadButton productId={productId} versionId={versionId} resource={resource} />}
      />
    );
  }
  return (
    <ConsoleProvider
      productId={productId}
      versionId={versionId}
      resource={resource}
      tryIt={index.data.tryIt}
      securitySchemes={index.data.securitySchemes}
      documentServers={documentServers(index.data)}
    >
      {resource.type === 'graphql' ? <GraphqlExplorer /> : <OpenApiExplorer index={index.data} />}
    </ConsoleProvider>
  );
}

/** The servers Swagger UI builds URLs from: OpenAPI 3 servers, or OpenAPI 2 scheme://host/basePath. */
function documentServers(index: SpecIndexResponse): string[] {
  if (index.host) return (index.schemes?.length ? index.schemes : ['https']).map((s) => `${s}://${index.host}${index.basePath ?? ''}`);
  return index.servers
    .map((s) => (s && typeof s === 'object' ? String((s as { url?: unknown }).url ?? '') : ''))
    .filter(Boolean);
}

function GraphqlExplorer() {
  const { t } = useMessages('explorer');
  const { productId, versionId, resourceId, call, tryIt } = useConsole();
  const text = useResourceText(productId, versionId, resourceId);
  const fetcher = useCallback(async (params: { query: string; variables?: unknown; operationName?: string | null }, options?: { headers?: Record<string, unknown> }) => {
    if (!tryIt.allowed) return { errors: [{ message: t(`explorer.tryIt.blocked.${tryIt.reason ?? 'unsupportedType'}` as 'explorer.tryIt.blocked.signin') }] };
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    for (const [k, v] of Object.entries(options?.headers ?? {})) if (v !== undefined && v !== null) headers[k] = String(v);
    const answer = await call({ method: 'POST', path: '/', query: [], headers, body: JSON.stringify(params) });
    if (answer.error) throw new Error(answer.error);
    try {
      return JSON.parse(answer.text) as unknown;
    } catch {
      return { errors: [{ message: `HTTP ${answer.status}: ${answer.text.slice(0, 500)}` }] };
    }
  }, [call, tryIt, t]);
  // The query in the editor, for the code samples; the IDE itself is not redrawn for each edit.
  const [request, setRequest] = useState<GraphqlEditorRequest | null>(null);
  const comment = t('explorer.graphql.comment');
  const ide = useMemo(() => (text.data === undefined ? null
    : <GraphiqlViewer definition={text.data} fetcher={fetcher} comment={comment} onRequestChange={setRequest} />), [text.data, fetcher, comment]);
  return (
    <div className="flex flex-col gap-4" data-explorer="graphql">
      <ConsoleBar serverLabel={t('explorer.console.endpoint')} />
      {text.error ? <FetchError error={text.error} onRetry={() => void text.mutate()} />
        : !ide ? <LoadingPlaceholder className="py-24" />
        : <Suspense fallback={<LoadingPlaceholder className="py-24" />}>{ide}</Suspense>}
      {ide && <GraphqlSamples request={request} />}
    </div>
  );
}

function AsyncApiView({ productId, versionId, resource }: SpecViewProps) {
  const text = useResourceText(productId, versionId, resource.id);
  // The index (channels and servers) for the subscribe samples; the viewer does not wait for it.
  const index = useSpecIndex(productId, versionId, resource.id);
  if (text.error) return <FetchError error={text.error} onRetry={() => void text.mutate()} />;
  if (text.data === undefined) return <LoadingPlaceholder className="py-24" />;
  return (
    <div className="flex flex-col gap-4">
      {index.data && !index.data.error && <AsyncApiSamples index={index.data} />}
      <div className="rounded-xl border border-gray-200 bg-white p-2 shadow-sm sm:p-4" data-explorer="asyncapi">
        <Suspense fallback={<LoadingPlaceholder className="py-24" />}>
          <AsyncApiViewer schema={text.data} />
        </Suspense>
      </div>
    </div>
  );
}

/** A file name for messages and the code region's label. */
function fileNameOf(resource: AssetResource): string {
  const ext = resource.type === 'protobuf' ? 'proto' : resource.type === 'wsdl' ? 'wsdl' : (resource.contentType.split('/')[1] ?? '').split(/[+;]/)[0] ?? '';
  return `${resource.title}${ext ? `.${ext}` : ''}`;
}

function CodeResource({ productId, versionId, resource }: SpecViewProps) {
  const { t } = useMessages('explorer');
  const text = useResourceText(productId, versionId, resource.id);
  const fileName = fileNameOf(resource);
  const kind = useMemo(() => (text.data === undefined ? null : previewKind(fileName, text.data)), [text.data, fileName]);
  if (text.error) return <FetchError error={text.error} onRetry={() => void text.mutate()} />;
  if (text.data === undefined) return <LoadingPlaceholder className="py-24" />;
  if (kind !== 'text') return <Unsupported productId={productId} versionId={versionId} resource={resource} unreadable={kind === 'unreadable'} />;
  return (
    <div className="flex flex-col gap-2" data-explorer="code">
      <Code text={text.data} language={languageOf({ type: resource.type, contentType: resource.contentType })} label={fileName} maxHeight="70vh" />
    </div>
  );
}

/** spec 1 §2: '{fileExtension} file preview is not supported yet', or 'The content of this file
 * cannot be rendered.', with the download. */
function Unsupported({ productId, versionId, resource, unreadable }: SpecViewProps & { unreadable?: boolean }) {
  const { t } = useMessages('explorer');
  const ext = extensionOf(fileNameOf(resource)) || resource.type;
  return (
    <div data-explorer="unsupported">
      <EmptyPlaceholder
        title={unreadable ? t('explorer.preview.unreadable') : t('explorer.preview.unsupported', { fileExtension: ext.toUpperCase() })}
        message={t('explorer.preview.download')}
        action={<DownloadButton productId={productId} versionId={versionId} resource={resource} variant="primary" />}
      />
    </div>
  );
}
