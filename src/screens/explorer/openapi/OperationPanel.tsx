// One expanded operation of the large-description explorer: fetched alone (its parameters and
// responses inlined by the server, its schemas by reference), drawn with its parameters, request
// body and responses (schemas one level at a time, each reference fetched when opened; examples
// in the paged code viewer), and tried through the gateway when allowed.
import { useEffect, useId, useMemo, useState } from 'react';
import { useSpecOperation, type OperationSummary } from '../../../api/explorer.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { languageOf } from '../../../rules/codeViewer.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Md as Markdown } from '../LazyMarkdown.tsx';
import { ErrorPlaceholder, LoadingPlaceholder } from '../../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../../ui/tone.ts';
import { useConsole } from '../console/context.tsx';
import type { GatewayAnswer } from '../console/gateway.ts';
import { Code } from '../LazyCode.tsx';
import { METHOD_HEX, methodTryable } from './methods.ts';
import { normalizeOperation, toFieldText, typeLabel, type Callback, type MediaContent, type NormalizedOperation, type Parameter, type ResponseLink, type SecurityRequirement } from './model.ts';
import { buildRequest, missingValues, paramKey, type TryItValues } from './request.ts';
import { SchemaIds, SchemaView } from './SchemaView.tsx';
import { CodeSamples } from './CodeSamples.tsx';

const INPUT = 'w-full rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

export function OperationPanel({ id, summary, swagger2 }: { id: string; summary: OperationSummary; swagger2: boolean }) {
  const { t } = useMessages('explorer');
  const { productId, versionId, resourceId } = useConsole();
  const { data, error, mutate } = useSpecOperation(productId, versionId, resourceId, summary.ordinal);
  const op = useMemo(() => (data ? normalizeOperation(data.operation, swagger2, data.samples) : null), [data, swagger2]);
  return (
    <div id={id} className="border-t border-gray-100 bg-gray-50/60 px-4 py-4 sm:px-6" data-operation-panel={summary.ordinal}>
      {error ? <ErrorPlaceholder title={t('explorer.op.error')} error={error} onRetry={() => void mutate()} />
        : !op ? <LoadingPlaceholder className="py-6" />
        : <SchemaIds ids={data?.schemas}><OperationBody op={op} summary={summary} swagger2={swagger2} /></SchemaIds>}
    </div>
  );
}

function OperationBody({ op, summary, swagger2, warm }: { op: NormalizedOperation; summary: OperationSummary; swagger2: boolean; warm?: boolean }) {
  const { t } = useMessages('explorer');
  const { tryIt, resource, call } = useConsole();
  // A webhook is a request the API sends: described, never tried.
  const canTry = warm || (tryIt.allowed && !summary.webhook && methodTryable(summary.method, resource.readOnly));
  const [trying, setTrying] = useState(!!warm);
  const [values, setValues] = useState<TryItValues>(() => ({
    params: Object.fromEntries(op.parameters.map((p) => [paramKey(p), p.example !== undefined ? toFieldText(p.example) : defaultOf(p)])),
    body: op.requestBody?.contents[0] ? toFieldText(op.requestBody.contents[0].example) : '',
    contentType: op.requestBody?.contents[0]?.mediaType ?? '',
    accept: firstResponseType(op),
  }));
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<GatewayAnswer | null>(warm ? WARM_ANSWER : null);

  const execute = async () => {
    const lacking = missingValues(op, values);
    setMissing(lacking);
    if (lacking.length) return;
    setBusy(true);
    try {
      setAnswer(await call(buildRequest(summary.method, summary.path, op, values, swagger2)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {op.deprecated && <Alert tone="warning">{t('explorer.op.deprecatedNotice')}</Alert>}
      {(op.summary || op.description) && (
        <div className="flex flex-col gap-2">
          {op.summary && <p className="m-0 text-[15px] font-medium text-gray-900">{op.summary}</p>}
          {op.description && <Markdown source={op.description} className="text-sm" />}
          {op.externalDocs && (
            <a href={op.externalDocs.url} target="_blank" rel="noopener noreferrer" className="text-sm text-primary underline-offset-2 hover:underline">
              {op.externalDocs.description || t('explorer.op.externalDocs')}
            </a>
          )}
        </div>
      )}
      {op.security && <Security requirements={op.security} />}
      {summary.webhook && <Alert tone="info">{t('explorer.op.webhookNotice')}</Alert>}
      {tryIt.allowed && !canTry && !summary.webhook && <Alert tone="info">{t('explorer.readOnly.operation')}</Alert>}

      <section aria-label={t('explorer.op.parameters')} className="flex flex-col gap-2">
        <div className="flex items-center gap-3">
          <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.op.parameters')}</h4>
          {canTry && (
            <Button size="sm" variant={trying ? 'danger' : 'secondary'} className="ml-auto" onClick={() => { setTrying(!trying); setMissing([]); }} data-action="try-it">
              {trying ? t('explorer.tryIt.cancel') : t('explorer.tryIt.start')}
            </Button>
          )}
        </div>
        {op.parameters.length === 0
          ? <p className="m-0 text-sm text-gray-500">{t('explorer.op.noParameters')}</p>
          : <Parameters params={op.parameters} trying={trying} values={values} setValues={setValues} missing={missing} />}
      </section>

      {op.requestBody && (
        <RequestBody op={op} trying={trying} values={values} setValues={setValues} missing={missing.includes('body')} />
      )}

      {trying && (
        <div className="flex flex-col gap-2">
          {missing.length > 0 && <p className="m-0 text-sm text-danger" role="alert">{t('explorer.tryIt.missing')}</p>}
          <div className="flex flex-wrap items-center gap-2">
            <Button onClick={() => void execute()} busy={busy} className="min-w-[8rem]" data-action="execute">{t('explorer.tryIt.execute')}</Button>
            {answer && <Button variant="secondary" onClick={() => setAnswer(null)}>{t('explorer.tryIt.clear')}</Button>}
          </div>
        </div>
      )}
      {answer && <Answer answer={answer} />}
      {!summary.webhook && !warm && <CodeSamples op={op} method={summary.method} path={summary.path} values={values} swagger2={swagger2} />}

      <Responses responses={op.responses} open={warm} />
      {op.callbacks.length > 0 && <Callbacks callbacks={op.callbacks} />}
    </div>
  );
}

/** Who may call it: any one of the requirements, each naming its schemes (and scopes) together. */
function Security({ requirements }: { requirements: SecurityRequirement[] }) {
  const { t } = useMessages('explorer');
  return (
    <section aria-label={t('explorer.op.security')} className="flex flex-col gap-1" data-part="security">
      <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.op.security')}</h4>
      {requirements.length === 0 ? <p className="m-0 text-sm text-gray-600">{t('explorer.op.securityNone')}</p> : (
        <ul className="m-0 flex list-none flex-wrap items-center gap-2 p-0 text-sm">
          {requirements.map((requirement, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2">
              {i > 0 && <span className="text-xs text-gray-600">{t('explorer.op.securityOr')}</span>}
              {requirement.length === 0
                ? <span className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-700">{t('explorer.op.securityOptional')}</span>
                : requirement.map((r) => (
                  <span key={r.scheme} className="rounded border border-gray-200 bg-white px-2 py-0.5 text-xs text-gray-800" data-security={r.scheme}>
                    <span className="font-mono font-semibold">{r.scheme}</span>
                    {r.scopes.length > 0 && <span className="text-gray-600"> · {t('explorer.op.scopes', { scopes: r.scopes.join(', ') })}</span>}
                  </span>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** OpenAPI 3 callbacks: the requests the API makes back to the caller, drawn like operations (never tried). */
function Callbacks({ callbacks }: { callbacks: Callback[] }) {
  const { t } = useMessages('explorer');
  return (
    <section aria-label={t('explorer.op.callbacks')} className="flex flex-col gap-2" data-part="callbacks">
      <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.op.callbacks')}</h4>
      {callbacks.map((c) => <CallbackRow key={`${c.name} ${c.expression} ${c.method}`} callback={c} />)}
    </section>
  );
}

function CallbackRow({ callback }: { callback: Callback }) {
  const [open, setOpen] = useState(false);
  const { operation: op } = callback;
  return (
    <div className="rounded-lg border border-gray-200 bg-white" data-callback={callback.name}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}
        className={cx('flex w-full flex-wrap items-center gap-2 border-0 bg-transparent px-3 py-2 text-left', FOCUS_RING)}>
        <span className="text-sm font-semibold text-gray-900">{callback.name}</span>
        <span className="rounded px-1.5 py-0.5 font-mono text-xs font-bold uppercase text-white" style={{ background: METHOD_HEX[callback.method] ?? '#4b5563' }}>{callback.method}</span>
        <span className="min-w-0 break-all font-mono text-xs text-gray-700">{callback.expression}</span>
        {op.summary && <span className="text-sm text-gray-600">{op.summary}</span>}
      </button>
      {open && (
        <div className="flex flex-col gap-4 border-t border-gray-100 px-3 py-3">
          {op.description && <Markdown source={op.description} className="text-sm" />}
          {op.parameters.length > 0 && <Parameters params={op.parameters} trying={false} values={NO_VALUES} setValues={() => undefined} missing={[]} />}
          {op.requestBody && <RequestBody op={op} trying={false} values={{ ...NO_VALUES, contentType: op.requestBody.contents[0]?.mediaType ?? '' }} setValues={() => undefined} missing={false} />}
          <Responses responses={op.responses} />
        </div>
      )}
    </div>
  );
}

const NO_VALUES: TryItValues = { params: {}, body: '', contentType: '', accept: '' };

const WARM_ANSWER: GatewayAnswer = {
  status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], contentType: 'application/json',
  text: '{"ok":true}', durationMs: 1, url: '/', transactionId: null,
};

const WARM_OPERATION: NormalizedOperation = normalizeOperation({
  summary: 'Sample', description: 'Sample', deprecated: true, externalDocs: { url: 'https://example.com' },
  security: [{ key: ['read'] }, {}],
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'state', in: 'query', schema: { type: 'string', enum: ['open', 'closed'] } },
  ],
  requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } } } } },
  responses: {
    200: { description: 'OK', headers: { Link: { schema: { type: 'string' } } }, content: { 'application/json': { example: { ok: true } }, 'application/xml': { schema: { type: 'string' } } } },
    404: { description: 'Not found' },
  },
}, false);

/**
 * A sample operation drawn once, hidden, after the list: the styles of an opened operation then
 * exist before the first click (created at the click, they would restyle the whole list of a
 * thousand rows at that very moment).
 */
export function PanelWarmup() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), 50);
    return () => clearTimeout(timer);
  }, []);
  if (done) return null;
  return (
    <div hidden aria-hidden="true" data-part="style-warmup">
      <OperationBody op={WARM_OPERATION} summary={{ ordinal: -1, method: 'post', path: '/{id}', operationId: null, summary: '', deprecated: true, size: 0 }} swagger2={false} warm />
    </div>
  );
}

function defaultOf(p: Parameter): string {
  const d = p.schema?.default;
  return d === undefined ? '' : toFieldText(d);
}

function firstResponseType(op: NormalizedOperation): string {
  const ok = op.responses.find((r) => /^2/.test(r.status)) ?? op.responses[0];
  return ok?.contents[0]?.mediaType ?? '';
}

function Parameters({ params, trying, values, setValues, missing }: {
  params: Parameter[]; trying: boolean; values: TryItValues; setValues: (f: (v: TryItValues) => TryItValues) => void; missing: string[];
}) {
  const { t } = useMessages('explorer');
  const id = useId();
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-500">
          <tr>
            <th className="px-3 py-2 font-semibold">{t('explorer.param.name')}</th>
            <th className="px-3 py-2 font-semibold">{t('explorer.param.description')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {params.map((p, i) => {
            const key = paramKey(p);
            const enumValues = Array.isArray(p.schema?.enum) ? (p.schema!.enum as unknown[]) : null;
            const invalid = missing.includes(key);
            const inputId = `${id}-${i}`;
            return (
              <tr key={key} data-param={p.name} data-in={p.in}>
                <td className="w-1/3 min-w-[10rem] px-3 py-2 align-top">
                  <label htmlFor={inputId} className="flex flex-wrap items-baseline gap-1">
                    <span className={cx('font-mono text-[13px] font-semibold text-gray-900', p.deprecated && 'line-through')}>{p.name}</span>
                    {p.required && <span className="text-xs text-danger">{t('explorer.param.requiredShort')}</span>}
                  </label>
                  <span className="block font-mono text-xs text-primary">{typeLabel(p.schema)}</span>
                  <span className="block text-xs italic text-gray-500">({p.in})</span>
                </td>
                <td className="px-3 py-2 align-top">
                  {p.description && <Markdown source={p.description} className="text-sm" />}
                  {enumValues && !trying && <p className="m-0 text-xs text-gray-500">{t('explorer.schema.enum', { values: enumValues.map((v) => String(v)).join(', ') })}</p>}
                  {trying && (
                    enumValues ? (
                      <select id={inputId} className={cx(INPUT, 'mt-1 max-w-sm', invalid && 'border-danger')} value={values.params[key] ?? ''}
                        onChange={(e) => setValues((v) => ({ ...v, params: { ...v.params, [key]: e.target.value } }))}>
                        <option value="">—</option>
                        {enumValues.map((v) => <option key={String(v)} value={String(v)}>{String(v)}</option>)}
                      </select>
                    ) : (
                      <input id={inputId} className={cx(INPUT, 'mt-1 max-w-sm font-mono', invalid && 'border-danger ring-2 ring-danger/20')} value={values.params[key] ?? ''}
                        aria-invalid={invalid || undefined} placeholder={p.schema?.type === 'array' ? t('explorer.param.listHint') : p.name}
                        onChange={(e) => setValues((v) => ({ ...v, params: { ...v.params, [key]: e.target.value } }))} data-input={p.name} />
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MediaSelect({ contents, value, onChange, label }: { contents: MediaContent[]; value: string; onChange: (v: string) => void; label: string }) {
  if (contents.length < 2) return contents[0] ? <span className="font-mono text-xs text-gray-500">{contents[0].mediaType}</span> : null;
  return (
    <select aria-label={label} className="rounded-md border border-gray-300 bg-white px-2 py-1 font-mono text-xs" value={value} onChange={(e) => onChange(e.target.value)}>
      {contents.map((c) => <option key={c.mediaType} value={c.mediaType}>{c.mediaType}</option>)}
    </select>
  );
}

function ExampleOrSchema({ content, label }: { content: MediaContent; label: string }) {
  const { t } = useMessages('explorer');
  const [view, setView] = useState<'example' | 'schema'>(content.example !== undefined ? 'example' : 'schema');
  const text = useMemo(() => (view === 'example' ? toFieldText(content.example) : ''), [view, content.example]);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-1" role="group" aria-label={label}>
        {(['example', 'schema'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}
            disabled={v === 'schema' ? !content.schema : content.example === undefined}
            className={cx('rounded-md px-2.5 py-1 text-xs font-medium disabled:opacity-40', view === v ? 'bg-gray-800 text-white' : 'bg-white text-gray-700 ring-1 ring-gray-200 hover:bg-gray-100', FOCUS_RING)}>
            {v === 'example' ? (content.documented ? t('explorer.op.example') : t('explorer.op.generatedExample')) : t('explorer.op.schema')}
          </button>
        ))}
      </div>
      {view === 'example' && content.example !== undefined && (
        <Code text={text} language={languageOf({ contentType: content.mediaType }) ?? 'json'} label={label} maxHeight="360px" />
      )}
      {view === 'schema' && content.schema && <SchemaView schema={content.schema} />}
    </div>
  );
}

function RequestBody({ op, trying, values, setValues, missing }: {
  op: NormalizedOperation; trying: boolean; values: TryItValues; setValues: (f: (v: TryItValues) => TryItValues) => void; missing: boolean;
}) {
  const { t } = useMessages('explorer');
  const body = op.requestBody!;
  const content = body.contents.find((c) => c.mediaType === values.contentType) ?? body.contents[0];
  const id = useId();
  return (
    <section aria-label={t('explorer.op.requestBody')} className="flex flex-col gap-2" data-part="request-body">
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.op.requestBody')}</h4>
        {body.required && <span className="text-xs text-danger">{t('explorer.param.requiredShort')}</span>}
        <span className="ml-auto">
          <MediaSelect contents={body.contents} value={values.contentType} label={t('explorer.op.contentType')}
            onChange={(contentType) => setValues((v) => ({ ...v, contentType, body: toFieldText(body.contents.find((c) => c.mediaType === contentType)?.example) }))} />
        </span>
      </div>
      {body.description && <Markdown source={body.description} className="text-sm" />}
      {trying ? (
        <>
          <label htmlFor={`${id}-body`} className="sr-only">{t('explorer.op.requestBody')}</label>
          <textarea id={`${id}-body`} spellCheck={false} className={cx(INPUT, 'min-h-[12rem] font-mono text-[12.5px] leading-5', missing && 'border-danger')}
            value={values.body} onChange={(e) => setValues((v) => ({ ...v, body: e.target.value }))} data-input="body" />
          {content?.schema && <SchemaView schema={content.schema} label={t('explorer.op.schema')} />}
        </>
      ) : content && <ExampleOrSchema content={content} label={t('explorer.op.requestBody')} />}
    </section>
  );
}

function Responses({ responses, open }: { responses: NormalizedOperation['responses']; open?: boolean }) {
  const { t } = useMessages('explorer');
  if (!responses.length) return null;
  return (
    <section aria-label={t('explorer.op.responses')} className="flex flex-col gap-2" data-part="responses">
      <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.op.responses')}</h4>
      <div className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
        {responses.map((r) => <ResponseRow key={r.status} response={r} open={open} />)}
      </div>
    </section>
  );
}

function statusTone(status: string | number): string {
  const s = String(status);
  if (s.startsWith('2')) return 'bg-success/15 text-success-ink';
  if (s.startsWith('3')) return 'bg-info/15 text-info-ink';
  if (s.startsWith('4')) return 'bg-warning/20 text-warning-ink';
  if (s.startsWith('5') || s === '0') return 'bg-danger/15 text-danger-ink';
  return 'bg-gray-100 text-gray-700';
}

function ResponseRow({ response, open: initiallyOpen }: { response: NormalizedOperation['responses'][number]; open?: boolean }) {
  const { t } = useMessages('explorer');
  const [open, setOpen] = useState(!!initiallyOpen);
  const [type, setType] = useState(response.contents[0]?.mediaType ?? '');
  const content = response.contents.find((c) => c.mediaType === type) ?? response.contents[0];
  const expandable = response.contents.length > 0 || response.headers.length > 0 || response.links.length > 0;
  return (
    <div className="px-3 py-2" data-response={response.status}>
      <button type="button" aria-expanded={expandable ? open : undefined} disabled={!expandable} onClick={() => setOpen(!open)}
        className={cx('flex w-full items-start gap-3 border-0 bg-transparent p-0 text-left disabled:cursor-default', FOCUS_RING)}>
        <span className={cx('shrink-0 rounded px-2 py-0.5 font-mono text-xs font-bold', statusTone(response.status))}>{response.status}</span>
        <span className="min-w-0 flex-1 text-sm text-gray-700">{response.description ? firstParagraph(response.description) : t('explorer.op.noDescription')}</span>
        {expandable && <span className="shrink-0 text-xs font-medium text-primary">{open ? t('explorer.op.hide') : t('explorer.op.show')}</span>}
      </button>
      {open && (
        <div className="mt-3 flex flex-col gap-3 pl-0 sm:pl-14">
          {response.headers.length > 0 && (
            <div className="text-xs">
              <p className="m-0 mb-1 font-semibold text-gray-700">{t('explorer.op.headers')}</p>
              <ul className="m-0 list-none p-0">
                {response.headers.map((h) => (
                  <li key={h.name}><code className="font-mono text-gray-900">{h.name}</code> <span className="font-mono text-primary">{typeLabel(h.schema)}</span> {h.description && <span className="text-gray-600">— {h.description}</span>}</li>
                ))}
              </ul>
            </div>
          )}
          {response.links.length > 0 && <Links links={response.links} />}
          {content && (
            <>
              <MediaSelect contents={response.contents} value={type} onChange={setType} label={t('explorer.op.contentType')} />
              <ExampleOrSchema key={content.mediaType} content={content} label={t('explorer.op.responseOf', { status: response.status })} />
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** OpenAPI 3 links: the operations a response's values lead to, with the values they pass. */
function Links({ links }: { links: ResponseLink[] }) {
  const { t } = useMessages('explorer');
  return (
    <div className="text-xs" data-part="links">
      <p className="m-0 mb-1 font-semibold text-gray-700">{t('explorer.op.links')}</p>
      <ul className="m-0 list-none p-0">
        {links.map((l) => (
          <li key={l.name} className="py-0.5" data-link={l.name}>
            <span className="font-mono font-semibold text-gray-900">{l.name}</span>
            {l.target && <span className="text-gray-700"> → <code className="font-mono">{l.target}</code></span>}
            {l.description && <span className="text-gray-600"> — {l.description}</span>}
            {l.parameters.length > 0 && (
              <span className="block font-mono text-gray-600">{l.parameters.map(([k, v]) => `${k}: ${v}`).join(', ')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function firstParagraph(text: string): string {
  const first = text.split(/\n\s*\n/)[0] ?? text;
  return first.length > 300 ? `${first.slice(0, 300)}…` : first;
}

function prettyBody(answer: GatewayAnswer): string {
  if (/json/.test(answer.contentType) && answer.text) {
    try {
      return JSON.stringify(JSON.parse(answer.text), null, 2);
    } catch {
      return answer.text;
    }
  }
  return answer.text;
}

export function Answer({ answer }: { answer: GatewayAnswer }) {
  const { t } = useMessages('explorer');
  const body = useMemo(() => prettyBody(answer), [answer]);
  return (
    <section aria-label={t('explorer.tryIt.response')} className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-3" data-part="try-it-response" data-status={answer.status}>
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.tryIt.response')}</h4>
        {answer.error ? (
          <span className="text-sm text-danger">{t('explorer.tryIt.networkError', { detail: answer.error })}</span>
        ) : (
          <span className={cx('rounded px-2 py-0.5 font-mono text-xs font-bold', statusTone(answer.status))} data-answer-status={answer.status}>
            {answer.status} {answer.statusText}
          </span>
        )}
        <span className="text-xs text-gray-500">{t('explorer.tryIt.duration', { ms: answer.durationMs })}</span>
      </div>
      <p className="m-0 break-all font-mono text-xs text-gray-500">{answer.url}</p>
      {answer.headers.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer font-medium text-gray-700">{t('explorer.tryIt.headers', { count: answer.headers.length })}</summary>
          <ul className="m-0 mt-1 list-none p-0 font-mono">
            {answer.headers.map(([k, v]) => <li key={k} className="break-all"><span className="text-gray-900">{k}</span>: <span className="text-gray-600">{v}</span></li>)}
          </ul>
        </details>
      )}
      {body
        ? <Code text={body} language={languageOf({ contentType: answer.contentType })} label={t('explorer.tryIt.body')} maxHeight="420px" />
        : !answer.error && <p className="m-0 text-sm text-gray-500">{t('explorer.tryIt.noBody')}</p>}
    </section>
  );
}
