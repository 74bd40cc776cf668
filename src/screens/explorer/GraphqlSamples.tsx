// Code samples of the GraphQL query in GraphiQL's editor (issue 30): curl and fetch of a POST with
// the query, its variables and operation, to the gateway URL try-it calls, the credential read
// from the environment. The shared panel and the one generator (./SamplesPanel.tsx).
import { useMemo } from 'react';
import { useApi } from '../../api/context.ts';
import { useMessages } from '../../i18n/intl.ts';
import { sampleCredentialOf } from '../../rules/consoleAuth.ts';
import type { GraphqlEditorRequest } from '../../viewers/graphiql/GraphiqlViewer.tsx';
import { useConsole } from './console/context.tsx';
import { gatewayBase } from './console/gateway.ts';
import { envNamesOf, SampleTabs, SamplesDisclosure, useGenerator, useRememberedTab } from './SamplesPanel.tsx';

export type { GraphqlEditorRequest };

const GRAPHQL_LANGUAGES = ['curl', 'javascript'] as const;

/** The variables as typed: an object, or null when empty; `invalid` when they are not a JSON object. */
export function variablesOf(text: string): Record<string, unknown> | null | 'invalid' {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : 'invalid';
  } catch {
    return 'invalid';
  }
}

export function GraphqlSamples({ request }: { request: GraphqlEditorRequest | null }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:p-4" data-samples="graphql">
      <SamplesDisclosure><Samples request={request} /></SamplesDisclosure>
    </div>
  );
}

function Samples({ request }: { request: GraphqlEditorRequest | null }) {
  const { t } = useMessages('explorer');
  const generator = useGenerator();
  const api = useApi();
  const { tryIt, option, auth } = useConsole();
  const tabs = useMemo(() => GRAPHQL_LANGUAGES.map((l) => ({ id: l, label: generator.SAMPLE_LANGUAGE_LABELS[l] })), [generator]);
  const [selected, select] = useRememberedTab(tabs);
  const credential = sampleCredentialOf(option, auth);
  const credentialKey = JSON.stringify(credential);
  const variables = variablesOf(request?.variables ?? '');
  const text = useMemo(() => generator.codeSample(generator.graphqlRequest({
    server: gatewayBase(api, tryIt), query: request?.query ?? '', variables: variables === 'invalid' ? null : variables,
    operationName: request?.operationName ?? null, credential: JSON.parse(credentialKey) as typeof credential,
  }), selected as (typeof GRAPHQL_LANGUAGES)[number]), [generator, api, tryIt, request, variables, credentialKey, selected]);
  const note = `${t('explorer.samples.credential', { names: envNamesOf(credential.kind) })}${variables === 'invalid' ? ` ${t('explorer.samples.variablesInvalid')}` : ''}`;
  return (
    <SampleTabs tabs={tabs} selected={selected} onSelect={select} label={t('explorer.samples.languages')} text={text}
      language={generator.SAMPLE_HIGHLIGHT[selected as (typeof GRAPHQL_LANGUAGES)[number]]} note={note} />
  );
}
