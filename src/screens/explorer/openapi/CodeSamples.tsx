// Code samples of one operation, next to try-it: the provider's own (x-codeSamples) first, then
// the request as the form describes it in nine languages (src/rules/codeSamples.ts, a chunk
// loaded when the samples are first opened), calling the gateway with the credential read from
// the environment, never the secret. The chosen language is remembered per user.
import { Suspense, use, useMemo, useState } from 'react';
import { useApi } from '../../../api/context.ts';
import { loadOnce } from '../../../elements/chunks.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { languageOfSample } from '../../../rules/codeViewer.ts';
import { sampleCredentialOf } from '../../../rules/consoleAuth.ts';
import { useSubject } from '../../../state/store.ts';
import { LoadingPlaceholder } from '../../../ui/Placeholders.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { cx, FOCUS_RING } from '../../../ui/tone.ts';
import { useConsole } from '../console/context.tsx';
import { gatewayBase } from '../console/gateway.ts';
import { Code } from '../LazyCode.tsx';
import type { NormalizedOperation } from './model.ts';
import { describeRequest, type TryItValues } from './request.ts';

// The generator, and the highlighter's grammars that only samples need, in one wait.
const loadGenerator = loadOnce(() => Promise.all([import('../../../rules/codeSamples.ts'), import('../../../viewers/code/sampleGrammars.ts')]).then(([generator, grammars]) => {
  grammars.registerSampleGrammars();
  return generator;
}));

const storageKey = (subject: string) => `agora.codeSamples.language.${subject || 'visitor'}`;

function readLanguage(subject: string): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKey(subject)) ?? null;
  } catch {
    return null; // storage blocked: the choice holds for the page only
  }
}

function writeLanguage(subject: string, id: string): void {
  try {
    globalThis.localStorage?.setItem(storageKey(subject), id);
  } catch {
    // Not persisted.
  }
}

export interface CodeSamplesProps {
  op: NormalizedOperation;
  method: string;
  path: string;
  values: TryItValues;
  swagger2: boolean;
}

/** The disclosure: nothing is loaded before it is opened. */
export function CodeSamples(props: CodeSamplesProps) {
  const { t } = useMessages('explorer');
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={t('explorer.samples.title')} className="flex flex-col gap-2" data-part="code-samples">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-action="code-samples"
        className={cx('flex w-full items-center gap-2 border-0 bg-transparent p-0 text-left', FOCUS_RING)}>
        <h4 className="m-0 text-sm font-semibold uppercase tracking-wide text-gray-700">{t('explorer.samples.title')}</h4>
        {props.op.codeSamples.length > 0 && <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">{t('explorer.samples.providerCount', { count: props.op.codeSamples.length })}</span>}
        <span className="ml-auto text-xs font-medium text-primary">{open ? t('explorer.op.hide') : t('explorer.op.show')}</span>
      </button>
      {open && <Suspense fallback={<LoadingPlaceholder className="py-4" />}><Samples {...props} /></Suspense>}
    </section>
  );
}

function Samples({ op, method, path, values, swagger2 }: CodeSamplesProps) {
  const { t } = useMessages('explorer');
  const generator = use(loadGenerator());
  const api = useApi();
  const { tryIt, option, auth } = useConsole();
  const subject = useSubject();
  const [chosen, setChosen] = useState<string | null>(() => readLanguage(subject));

  const tabs = useMemo(() => [
    ...op.codeSamples.map((s, i) => ({ id: `provider:${i}:${s.lang}`, label: s.label || s.lang })),
    ...generator.SAMPLE_LANGUAGES.map((l) => ({ id: l, label: generator.SAMPLE_LANGUAGE_LABELS[l] })),
  ], [op.codeSamples, generator]);
  // A remembered provider tab matches by language (its index differs between operations).
  const remembered = chosen?.startsWith('provider:') ? tabs.find((tab) => tab.id.endsWith(`:${chosen.split(':')[2]}`))?.id : tabs.find((tab) => tab.id === chosen)?.id;
  const selected = remembered ?? tabs[0]!.id;

  const credential = sampleCredentialOf(option, auth);
  // The credential's kind and name (not the auth object, which changes with every keystroke).
  const credentialKey = JSON.stringify(credential);
  const text = useMemo(() => {
    if (selected.startsWith('provider:')) return op.codeSamples[Number(selected.split(':')[1])]?.source ?? '';
    const described = describeRequest(method, path, op, values, swagger2);
    return generator.codeSample({
      method: described.method, server: gatewayBase(api, tryIt), path: described.path, query: described.query,
      headers: Object.entries(described.headers), body: described.body, credential: JSON.parse(credentialKey) as typeof credential,
    }, selected as (typeof generator.SAMPLE_LANGUAGES)[number]);
  }, [selected, op, method, path, values, swagger2, generator, api, tryIt, credentialKey]);

  const provider = selected.startsWith('provider:');
  const language = provider
    ? languageOfSample(op.codeSamples[Number(selected.split(':')[1])]?.lang ?? '')
    : generator.SAMPLE_HIGHLIGHT[selected as (typeof generator.SAMPLE_LANGUAGES)[number]];
  const envNames = credential.kind === 'basic' ? 'AGORA_USERNAME, AGORA_PASSWORD' : credential.kind === 'bearer' ? 'AGORA_TOKEN' : 'AGORA_API_KEY';

  return (
    <div className="flex min-w-0 flex-col gap-2" data-samples-selected={selected}>
      <Tabs tabs={tabs} selected={selected} label={t('explorer.samples.languages')}
        onSelect={(id) => { setChosen(id); writeLanguage(subject, id); }} />
      {provider
        ? <p className="m-0 text-xs text-gray-600">{t('explorer.samples.fromProvider')}</p>
        : <p className="m-0 text-xs text-gray-600">{t('explorer.samples.credential', { names: envNames })}</p>}
      <div data-sample-text="">
        <Code key={selected} text={text} language={language} label={t('explorer.samples.codeOf', { language: tabs.find((tab) => tab.id === selected)?.label ?? '' })} maxHeight="420px" />
      </div>
    </div>
  );
}
