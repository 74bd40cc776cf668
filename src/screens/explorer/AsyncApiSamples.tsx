// Subscribe samples of an AsyncAPI document's channels (issue 30): for the chosen channel, one
// JavaScript sample per server whose protocol has one (WebSocket, MQTT.js, KafkaJS), from the
// document's index (channels and servers; no YAML read in the page). The shared panel and the one
// generator (./SamplesPanel.tsx).
import { useId, useMemo, useState } from 'react';
import type { SpecIndexResponse } from '../../api/explorer.ts';
import { useMessages } from '../../i18n/intl.ts';
import { SampleTabs, SamplesDisclosure, useGenerator } from './SamplesPanel.tsx';

interface AsyncServer { name: string; protocol: string; url?: unknown; host?: unknown; pathname?: unknown; security?: unknown }

/** The channels (their names or addresses, in the document's operation order) and servers of the index. */
export function asyncChannelsOf(index: SpecIndexResponse): { channels: string[]; servers: AsyncServer[]; schemes: Record<string, unknown> } {
  const channels = [...new Set(index.tags.flatMap((tag) => tag.operations.map((op) => op.path)))];
  const servers = index.servers
    .filter((s): s is AsyncServer => !!s && typeof s === 'object' && typeof (s as { protocol?: unknown }).protocol === 'string')
    .map((s) => ({ ...s, name: String(s.name ?? '') }));
  return { channels, servers, schemes: (index.securitySchemes ?? {}) as Record<string, unknown> };
}

const LIBRARY: Record<string, string> = { ws: 'WebSocket', wss: 'WebSocket', mqtt: 'mqtt (npm)', mqtts: 'mqtt (npm)', 'secure-mqtt': 'mqtt (npm)', kafka: 'kafkajs (npm)', 'kafka-secure': 'kafkajs (npm)' };

export function AsyncApiSamples({ index }: { index: SpecIndexResponse }) {
  const found = useMemo(() => asyncChannelsOf(index), [index]);
  if (found.channels.length === 0) return null;
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-3 shadow-sm sm:p-4" data-samples="asyncapi">
      <SamplesDisclosure><Samples {...found} /></SamplesDisclosure>
    </div>
  );
}

function Samples({ channels, servers, schemes }: ReturnType<typeof asyncChannelsOf>) {
  const { t } = useMessages('explorer');
  const id = useId();
  const generator = useGenerator();
  const [channel, setChannel] = useState(channels[0]!);
  const usable = servers.filter((s) => (generator.ASYNC_PROTOCOLS as readonly string[]).includes(s.protocol.toLowerCase()));
  const tabs = usable.map((s) => ({ id: `server:${s.name}`, label: `${s.name} · ${s.protocol}` }));
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = tabs.find((tab) => tab.id === chosen)?.id ?? tabs[0]?.id ?? '';
  const server = usable.find((s) => `server:${s.name}` === selected);
  const picker = (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
      <label htmlFor={`${id}-channel`} className="text-xs font-medium uppercase tracking-wide text-gray-500">{t('explorer.samples.channel')}</label>
      <select id={`${id}-channel`} data-field="channel" value={channel} onChange={(e) => setChannel(e.target.value)}
        className="min-w-0 max-w-full rounded-md border border-gray-300 bg-white px-3 py-1.5 font-mono text-sm text-gray-800 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30">
        {channels.map((c) => <option key={c} value={c}>{c}</option>)}
      </select>
    </div>
  );
  if (!server) {
    return (
      <div className="flex flex-col gap-2">
        {picker}
        <p className="m-0 text-sm text-gray-600" data-part="no-sample">{t('explorer.samples.noAsyncSample', { protocols: [...new Set(servers.map((s) => s.protocol))].join(', ') || '—' })}</p>
      </div>
    );
  }
  const text = generator.asyncSubscribeSample({
    protocol: server.protocol, url: generator.asyncServerAddress(server), channel, security: generator.asyncSecurityTypes(server, schemes),
  }) ?? '';
  return (
    <SampleTabs tabs={tabs} selected={selected} onSelect={setChosen} label={t('explorer.samples.servers')} text={text} language="javascript" before={picker}
      note={t('explorer.samples.asyncNote', { library: LIBRARY[server.protocol.toLowerCase()] ?? server.protocol })} />
  );
}
