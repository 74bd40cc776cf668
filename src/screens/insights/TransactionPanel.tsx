// One transaction's detail side panel (spec 3 §2.5, §3 "Transaction detail"): the gateway's own leg
// and the upstream leg, each with source, destination, method, URI, status with its name,
// duration and the headers as recorded (secrets already redacted by the gateway). An unknown id
// shows the transaction-detail-not-found placeholder.
import { useTransactionDetail, type TransactionLeg } from '../../api/analytics.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { EmptyPlaceholder, ErrorPlaceholder, errorStatus, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { Status } from '../../ui/Status.tsx';
import { DETAIL_TONE, statusLabel } from './parts.tsx';

export function TransactionPanel({ transactionId, onClose }: { transactionId: string; onClose: () => void }) {
  const { t, fmt } = useMessages('insights');
  const detail = useTransactionDetail(transactionId);
  const d = detail.data;
  let body;
  if (detail.error && errorStatus(detail.error) === 404) {
    body = <div data-part="transaction-not-found"><EmptyPlaceholder title={t('insights.transaction.notFound')} message={t('insights.transaction.notFoundHint')} /></div>;
  } else if (detail.error) body = <ErrorPlaceholder error={detail.error} onRetry={() => void detail.mutate()} />;
  else if (!d) body = <LoadingPlaceholder />;
  else {
    body = (
      <div className="flex flex-col gap-5" data-part="transaction-detail" data-transaction-id={d.transactionId}>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{t('insights.column.time')}</dt><dd className="m-0">{fmt.dateTime(d.timestamp)}</dd>
          <dt className="text-gray-600">{t('insights.column.status')}</dt>
          <dd className="m-0"><Status tone={DETAIL_TONE[d.statusDetail]}>{statusLabel(t, d.status)}</Status></dd>
          {d.refusal && (
            <><dt className="text-gray-600">{t('insights.column.refusal')}</dt><dd className="m-0" data-refusal={d.refusal}>{t(`insights.refusal.${d.refusal}` as MessageKey)}</dd></>
          )}
          <dt className="text-gray-600">{t('insights.column.application')}</dt><dd className="m-0">{d.applicationName ?? t('insights.noApplication')}</dd>
          <dt className="text-gray-600">{t('insights.column.duration')}</dt><dd className="m-0">{t('insights.ms', { ms: fmt.count(d.duration) })}</dd>
          <dt className="text-gray-600">{t('insights.transaction.id')}</dt><dd className="m-0 break-all font-mono text-xs">{d.transactionId}</dd>
        </dl>
        <h3 className="m-0 text-base font-semibold text-gray-900">{t('insights.transaction.legs', { count: d.transactionLegEvent.length })}</h3>
        <ol className="m-0 flex list-none flex-col gap-4 p-0">
          {d.transactionLegEvent.map((leg, i) => <Leg key={leg.transactionEvent.id} leg={leg} index={i} />)}
        </ol>
      </div>
    );
  }
  return (
    <SidePanel open title={t('insights.transaction.title')} subtitle={d ? `${d.transactionLegEvent[0]?.transactionEvent.method ?? ''} ${statusLabel(t, d.status)}` : undefined} onClose={onClose} size="xl">
      {body}
    </SidePanel>
  );
}

function Leg({ leg, index }: { leg: TransactionLeg; index: number }) {
  const { t, fmt } = useMessages('insights');
  const e = leg.transactionEvent;
  return (
    <li className="rounded-md border border-gray-200 p-3" data-part="leg" data-leg={index}>
      <p className="m-0 font-medium text-gray-900">{t(index === 0 ? 'insights.transaction.gatewayLeg' : 'insights.transaction.upstreamLeg')}</p>
      <dl className="m-0 mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t('insights.transaction.from')}</dt><dd className="m-0 break-all">{e.source}</dd>
        <dt className="text-gray-600">{t('insights.transaction.to')}</dt><dd className="m-0 break-all">{e.destination}</dd>
        <dt className="text-gray-600">{t('insights.transaction.request')}</dt><dd className="m-0 break-all font-mono text-xs">{e.method} {e.uri}</dd>
        <dt className="text-gray-600">{t('insights.column.status')}</dt><dd className="m-0" data-part="leg-status">{e.status === null ? (e.error ?? t('insights.transaction.noAnswer')) : statusLabel(t, e.status)}</dd>
        <dt className="text-gray-600">{t('insights.column.duration')}</dt><dd className="m-0">{t('insights.ms', { ms: fmt.count(e.duration) })}</dd>
        <dt className="text-gray-600">{t('insights.transaction.protocol')}</dt><dd className="m-0">{e.protocol}</dd>
      </dl>
      <Headers title={t('insights.transaction.requestHeaders')} headers={e.requestHeaders} />
      <Headers title={t('insights.transaction.responseHeaders')} headers={e.responseHeaders} />
    </li>
  );
}

function Headers({ title, headers }: { title: string; headers: Record<string, unknown> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm text-gray-700">{title} ({entries.length})</summary>
      <table className="mt-1 w-full text-xs">
        <tbody>
          {entries.map(([name, value]) => (
            <tr key={name} className="align-top"><th scope="row" className="pr-3 text-left font-mono font-normal text-gray-600">{name}</th>
              <td className="break-all font-mono">{Array.isArray(value) ? value.join(', ') : String(value)}</td></tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
