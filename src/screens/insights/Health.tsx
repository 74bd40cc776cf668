// API health (spec 3 §2.5): calls over time by outcome (success 2xx-3xx, failure 4xx, exception
// 5xx) as lines or bars, optionally against the previous period of equal length; totals by outcome
// and by application under it. Range and filters are remembered per organisation and user.
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { useChart, useSummary, type Chart } from '../../api/analytics.ts';
import { buildFilter } from '../../rules/analytics.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING, TONE_DOT, type Tone } from '../../ui/tone.ts';
import { AppSelect, type AppChoice } from './AppSelect.tsx';
import { InsightsChart, type ChartSeries } from './LazyChart.tsx';
import { bucketLabel, OUTCOMES, outcomeSeries, RangePicker, RefreshBar, useRemembered } from './parts.tsx';
import { previousRange, resolveRange, type RangeChoice } from './range.ts';

interface HealthState {
  range: RangeChoice;
  application: AppChoice | null;
  compare: boolean;
  type: 'line' | 'bar';
}

export function Health() {
  const { t, fmt, locale } = useMessages('insights');
  const [s, set] = useRemembered<HealthState>('health', { range: { preset: '1d' }, application: null, compare: false, type: 'line' });
  const range = resolveRange(s.range);
  const query = buildFilter({ applicationId: s.application?.id });
  const chart = useChart(range ? { ...range, query: query || undefined } : null);
  const previous = useChart(range && s.compare ? { ...previousRange(range), query: query || undefined } : null);
  const byApp = useSummary(range ? { ...range, groupBy: ['applicationId'], filter: query || undefined, pageSize: 100 } : null);
  const refresh = () => { void chart.mutate(); void previous.mutate(); void byApp.mutate(); };

  const totals = (c: Chart | undefined) => Object.fromEntries(OUTCOMES.map((o) => [o.key, (c?.items ?? []).reduce((n, p) => n + p[o.key], 0)]));
  const now = totals(chart.data);
  const total = OUTCOMES.reduce((n, o) => n + now[o.key]!, 0);

  let body;
  if (chart.error) body = <ErrorPlaceholder title={t('insights.chart.error')} error={chart.error} onRetry={refresh} />;
  else if (!chart.data) body = <LoadingPlaceholder />;
  else {
    const c = chart.data;
    const series: ChartSeries[] = outcomeSeries(t, c);
    if (s.compare && previous.data) {
      series.push(...OUTCOMES.map((o) => ({
        label: t('insights.chart.previous', { outcome: t(o.label) }), tone: o.tone, muted: true,
        values: c.items.map((_, i) => previous.data!.items[i]?.[o.key] ?? 0),
      })));
    }
    body = (
      <InsightsChart type={s.type} labels={c.items.map((p) => bucketLabel(locale, c.interval, p.timestamp))} series={series}
        formatNumber={fmt.count} stacked={s.type === 'bar'} label={t('insights.health.chartLabel', { total: fmt.count(total) })}
        caption={t('insights.health.chartLabel', { total: fmt.count(total) })} bucketHeader={t('insights.chart.bucket')} />
    );
  }

  return (
    <div className="flex flex-col gap-5" data-view="health">
      <section className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('insights.filters')}>
        <RangePicker value={s.range} onChange={(r) => set({ ...s, range: r })} />
        <div className="flex flex-wrap items-end gap-4">
          <AppSelect value={s.application} onChange={(a) => set({ ...s, application: a })} />
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" checked={s.compare} onChange={(e) => set({ ...s, compare: e.target.checked })} data-part="compare" className="h-4 w-4 accent-primary" />
            {t('insights.health.compare')}
          </label>
          <div role="group" aria-label={t('insights.chart.type')} className="flex gap-1">
            {(['line', 'bar'] as const).map((type) => (
              <button key={type} type="button" aria-pressed={s.type === type} onClick={() => set({ ...s, type })} data-chart-choice={type}
                className={cx('rounded-md border px-3 py-1 text-sm', FOCUS_RING, s.type === type ? 'border-primary text-primary' : 'border-gray-300 text-gray-700')}>
                {t(`insights.chart.${type}` as MessageKey)}
              </button>
            ))}
          </div>
        </div>
        <RefreshBar at={byApp.data?.at} onRefresh={refresh} busy={chart.isValidating} />
      </section>

      <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 lg:grid-cols-4" data-part="totals">
        <Total label={t('insights.outcome.total')} value={fmt.count(total)} part="total" />
        {OUTCOMES.map((o) => <Total key={o.key} label={t(o.label)} value={fmt.count(now[o.key]!)} part={o.key} tone={o.tone}
          previous={s.compare && previous.data ? fmt.count(totals(previous.data)[o.key]!) : undefined} />)}
      </ul>

      <section className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 className="m-0 mb-3 text-lg font-semibold text-gray-900">{t('insights.health.overTime')}</h2>
        {body}
      </section>

      <section className="flex flex-col gap-3">
        <h2 className="m-0 text-lg font-semibold text-gray-900">{t('insights.health.byApplication')}</h2>
        {byApp.error ? <ErrorPlaceholder title={t('insights.chart.error')} error={byApp.error} onRetry={refresh} /> : (
          <DataTable label={t('insights.health.byApplication')} rows={byApp.data?.items ?? []} rowKey={(r) => r.applicationId ?? '-'}
            empty={<p className="m-0 p-4 text-gray-500">{t('insights.empty')}</p>}
            columns={[
              { id: 'application', header: t('insights.column.application'), cell: (r) => <span data-application={r.applicationId ?? ''}>{r.applicationName ?? t('insights.noApplication')}</span> },
              { id: 'total', header: t('insights.outcome.total'), align: 'right', cell: (r) => <span data-count="total">{fmt.count(r.totalCount)}</span> },
              ...OUTCOMES.map((o) => ({ id: o.key, header: t(o.label), align: 'right' as const, cell: (r: { [k: string]: unknown }) => <span data-count={o.key}>{fmt.count(Number(r[o.key] ?? 0))}</span> })),
            ]} />
        )}
      </section>
    </div>
  );
}

function Total({ label, value, part, tone, previous }: { label: string; value: string; part: string; tone?: Tone; previous?: string }) {
  const { t } = useMessages('insights');
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-3" data-total={part}>
      <p className="m-0 flex items-center gap-2 text-sm text-gray-600">
        {tone && <span aria-hidden="true" className={cx('inline-block h-2.5 w-2.5 rounded-full', TONE_DOT[tone])} />}
        {label}
      </p>
      <p className="m-0 mt-1 text-2xl font-semibold tabular-nums text-gray-900" data-part="value">{value}</p>
      {previous !== undefined && <p className="m-0 text-xs text-gray-500">{t('insights.health.previousTotal', { count: previous })}</p>}
    </li>
  );
}
