// API traffic (spec 3 §2.5): presets 1h / 6h / 1d / 1w and a custom range, filters (application,
// method, status or status detail, refusal reason) remembered per organisation and user, the calls over time, and
// the transactions page by page with status names; counting stops at the cap with the over-limit
// notice. A transaction id in the route opens its detail side panel.
import { useState } from 'react';
import { useChart, useTransactions, type TransactionSummary } from '../../api/analytics.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { buildFilter, REFUSAL_REASONS, STATUS_DETAILS, TRANSACTION_COUNT_CAP } from '../../rules/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { useNavigator } from '../../router/context.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { AppSelect, type AppChoice } from './AppSelect.tsx';
import { InsightsChart } from './LazyChart.tsx';
import { bucketLabel, DETAIL_TONE, outcomeSeries, RangePicker, RefreshBar, statusLabel, useRemembered } from './parts.tsx';
import { localInput, resolveRange, type RangeChoice } from './range.ts';
import { TransactionPanel } from './TransactionPanel.tsx';

function linkedFilters(link: TrafficLink | undefined): Partial<TrafficState> | null {
  if (!link?.applicationId && !link?.refusal && !link?.from) return null;
  const [from, to] = [Date.parse(link.from ?? ''), Date.parse(link.to ?? '')];
  return {
    ...(Number.isFinite(from) && Number.isFinite(to) ? { range: { preset: 'custom' as const, from: localInput(from), to: localInput(to) } } : {}),
    ...(link.applicationId ? { application: { id: link.applicationId, title: link.application || link.applicationId } } : {}),
    ...(link.refusal === 'any' || (REFUSAL_REASONS as readonly string[]).includes(link.refusal ?? '') ? { refusal: link.refusal } : {}),
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

interface TrafficState {
  range: RangeChoice;
  application: AppChoice | null;
  method: string;
  status: string;
  statusDetail: string;
  /** A refusal reason (REFUSAL_REASONS), 'any' for every refused call, '' for no filter. */
  refusal?: string;
}

const INITIAL: TrafficState = { range: { preset: '1d' }, application: null, method: '', status: '', statusDetail: '', refusal: '' };

/** Filters a link sets (the assistant's "open the insights of Checkout Service"):
 * ?applicationId=…&application=title&from=ISO&to=ISO&refusal=any. */
export interface TrafficLink { applicationId?: string | undefined; application?: string | undefined; from?: string | undefined; to?: string | undefined; refusal?: string | undefined }

export function Traffic({ transactionId, link }: { transactionId?: string; link?: TrafficLink }) {
  const { t, fmt, locale } = useMessages('insights');
  const navigator = useNavigator();
  const [remembered, setState] = useRemembered<TrafficState>('traffic', INITIAL);
  // The link's filters lie over the remembered ones until the reader changes a filter.
  const [linked, setLinked] = useState(() => linkedFilters(link));
  const s = linked ? { ...remembered, ...linked } : remembered;
  const [page, setPage] = useState(1);
  // A change of filter goes back to page 1 (spec 3 §4 Insights).
  const set = (next: TrafficState) => { setLinked(null); setState(next); setPage(1); };
  const range = resolveRange(s.range);
  const status = /^[1-5]\d\d$/.test(s.status.trim()) ? s.status.trim() : '';
  const refusal = s.refusal === 'any' ? true : (REFUSAL_REASONS as readonly string[]).includes(s.refusal ?? '') ? s.refusal : undefined;
  const query = buildFilter({ applicationId: s.application?.id, method: s.method || undefined, status: status || undefined, statusDetail: s.statusDetail || undefined, refusal });
  const chartQuery = buildFilter({ applicationId: s.application?.id, statusDetail: s.statusDetail || undefined });
  const chart = useChart(range ? { ...range, query: chartQuery || undefined } : null);
  const list = useTransactions(range ? { ...range, query: query || undefined, page, pageSize: TRAFFIC_PAGE_SIZE } : null);
  const refresh = () => { void chart.mutate(); void list.mutate(); };
  const open = (row: TransactionSummary) => navigator.navigate(href('insights.transaction', { transactionId: row.transactionId }));

  // max-w-full: a select is as wide as its longest option (a refusal reason in German is wider
  // than a phone), so field and select stop at the row's width.
  const select = 'mt-1 max-w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm';
  const field = 'flex max-w-full flex-col text-sm text-gray-700';
  return (
    <div className="flex flex-col gap-5" data-view="traffic">
      <section className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('insights.filters')}>
        <RangePicker value={s.range} onChange={(r) => set({ ...s, range: r })} />
        <div className="flex flex-wrap items-end gap-4">
          <AppSelect value={s.application} onChange={(a) => set({ ...s, application: a })} />
          <label className={field}>
            {t('insights.filter.method')}
            <select value={s.method} onChange={(e) => set({ ...s, method: e.target.value })} className={cx(select, FOCUS_RING)} data-filter="method">
              <option value="">{t('insights.filter.any')}</option>
              {METHODS.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
          </label>
          <label className={field}>
            {t('insights.filter.status')}
            <input value={s.status} inputMode="numeric" maxLength={3} placeholder="404" onChange={(e) => set({ ...s, status: e.target.value })}
              className={cx(select, 'w-24', FOCUS_RING)} data-filter="status" />
          </label>
          <label className={field}>
            {t('insights.filter.statusDetail')}
            <select value={s.statusDetail} onChange={(e) => set({ ...s, statusDetail: e.target.value })} className={cx(select, FOCUS_RING)} data-filter="statusDetail">
              <option value="">{t('insights.filter.any')}</option>
              {STATUS_DETAILS.map((d) => <option key={d} value={d}>{t(`insights.outcome.${d}` as MessageKey)}</option>)}
            </select>
          </label>
          <label className={field}>
            {t('insights.filter.refusal')}
            <select value={s.refusal ?? ''} onChange={(e) => set({ ...s, refusal: e.target.value })} className={cx(select, FOCUS_RING)} data-filter="refusal">
              <option value="">{t('insights.filter.any')}</option>
              <option value="any">{t('insights.filter.refusalAny')}</option>
              {REFUSAL_REASONS.map((r) => <option key={r} value={r}>{t(`insights.refusal.${r}` as MessageKey)}</option>)}
            </select>
          </label>
        </div>
        <RefreshBar at={undefined} onRefresh={refresh} busy={list.isValidating} />
      </section>

      <section className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 className="m-0 mb-3 text-lg font-semibold text-gray-900">{t('insights.traffic.overTime')}</h2>
        {chart.error ? <ErrorPlaceholder title={t('insights.chart.error')} error={chart.error} onRetry={refresh} />
          : !chart.data ? <LoadingPlaceholder /> : (
            <InsightsChart type="bar" stacked height={200} labels={chart.data.items.map((p) => bucketLabel(locale, chart.data!.interval, p.timestamp))}
              series={outcomeSeries(t, chart.data)} formatNumber={fmt.count} label={t('insights.traffic.chartLabel')}
              caption={t('insights.traffic.chartLabel')} bucketHeader={t('insights.chart.bucket')} />
          )}
      </section>

      <section className="flex flex-col gap-3" aria-label={t('insights.traffic.list')}>
        {list.data?.overLimit && (
          <Alert tone="warning"><span data-part="over-limit">{t('insights.traffic.overLimit', { cap: fmt.count(TRANSACTION_COUNT_CAP) })}</span></Alert>
        )}
        {list.error ? <ErrorPlaceholder error={list.error} onRetry={refresh} /> : !list.data ? <LoadingPlaceholder /> : (
          <DataTable label={t('insights.traffic.list')} rows={list.data.items} rowKey={(r) => r.transactionId} onRowClick={open}
            empty={<EmptyPlaceholder title={t('insights.traffic.notFound')} message={t('insights.traffic.notFoundHint')} />}
            footer={list.data.totalCount > 0 && (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm text-gray-600" data-part="transaction-count">
                  {t(list.data.overLimit ? 'insights.traffic.countOver' : 'insights.traffic.count', { count: list.data.totalCount, shown: fmt.count(list.data.totalCount) })}
                </span>
                <Pagination page={page} pageSize={TRAFFIC_PAGE_SIZE} totalCount={list.data.totalCount} onPageChange={setPage} />
              </div>
            )}
            columns={[
              { id: 'time', header: t('insights.column.time'), cell: (r) => <span className="whitespace-nowrap">{fmt.dateTime(r.timestamp)}</span> },
              { id: 'status', header: t('insights.column.status'), cell: (r) => (
                <span data-status-detail={r.transactionSummary.statusDetail}>
                  <Status tone={DETAIL_TONE[r.transactionSummary.statusDetail]}>{statusLabel(t, r.transactionSummary.status)}</Status>
                </span>
              ) },
              // Why the gateway refused the call (missing or suspended key, quota…): what broke an integration.
              { id: 'refusal', header: t('insights.column.refusal'), cell: (r) => (r.transactionSummary.refusal
                ? <span data-refusal={r.transactionSummary.refusal}>{t(`insights.refusal.${r.transactionSummary.refusal}` as MessageKey)}</span> : null) },
              { id: 'call', header: t('insights.column.call'), cell: (r) => (
                <button type="button" onClick={(e) => { e.stopPropagation(); open(r); }} className={cx('text-left font-mono text-xs text-primary hover:underline', FOCUS_RING)} data-transaction={r.transactionId}>
                  {r.transactionSummary.entryPoint.method} {r.transactionSummary.entryPoint.path}
                </button>
              ) },
              { id: 'application', header: t('insights.column.application'), cell: (r) => <span data-application={r.applicationId ?? ''}>{r.applicationName ?? t('insights.noApplication')}</span> },
              { id: 'proxy', header: t('insights.column.proxy'), cell: (r) => r.transactionSummary.proxy.name ?? r.transactionSummary.proxy.productName ?? '—' },
              { id: 'duration', header: t('insights.column.duration'), align: 'right', cell: (r) => t('insights.ms', { ms: fmt.count(r.transactionSummary.duration) }) },
            ]} />
        )}
      </section>

      {transactionId && <TransactionPanel transactionId={transactionId} onClose={() => navigator.navigate(href('insights.traffic'))} />}
    </div>
  );
}
