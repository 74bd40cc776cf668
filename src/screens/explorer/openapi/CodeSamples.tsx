// Code samples of one operation, next to try-it: the provider's own (x-codeSamples) first, then
// the request as the form describes it in nine languages (the shared panel, ../SamplesPanel.tsx),
// calling the gateway with the credential read from the environment, never the secret.
import { useMemo } from 'react';
import { useApi } from '../../../api/context.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { languageOfSample } from '../../../rules/codeViewer.ts';
import { sampleCredentialOf } from '../../../rules/consoleAuth.ts';
import { useConsole } from '../console/context.tsx';
import { gatewayBase } from '../console/gateway.ts';
import { envNamesOf, SampleTabs, SamplesDisclosure, useGenerator, useRememberedTab } from '../SamplesPanel.tsx';
import type { NormalizedOperation } from './model.ts';
import { describeRequest, type TryItValues } from './request.ts';

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
  const badge = props.op.codeSamples.length > 0
    ? <span className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600">{t('explorer.samples.providerCount', { count: props.op.codeSamples.length })}</span>
    : undefined;
  return <SamplesDisclosure badge={badge}><Samples {...props} /></SamplesDisclosure>;
}

function Samples({ op, method, path, values, swagger2 }: CodeSamplesProps) {
  const { t } = useMessages('explorer');
  const generator = useGenerator();
  const api = useApi();
  const { tryIt, option, auth } = useConsole();

  const tabs = useMemo(() => [
    ...op.codeSamples.map((s, i) => ({ id: `provider:${i}:${s.lang}`, label: s.label || s.lang })),
    ...generator.SAMPLE_LANGUAGES.map((l) => ({ id: l, label: generator.SAMPLE_LANGUAGE_LABELS[l] })),
  ], [op.codeSamples, generator]);
  const [selected, select] = useRememberedTab(tabs);

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

  return (
    <SampleTabs tabs={tabs} selected={selected} onSelect={select} label={t('explorer.samples.languages')} text={text} language={language}
      note={provider ? t('explorer.samples.fromProvider') : t('explorer.samples.credential', { names: envNamesOf(credential.kind) })} />
  );
}
