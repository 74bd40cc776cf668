// Usage by application (spec 3 §2.5): range presets and a custom range, application / product /
// unit selectors, the count of applications, last updated and refresh; a row per application
// (calls by outcome) whose expander lists that application's usage per resource.
import { useState } from 'react';
import { useSummary, type SummaryQuery, type SummaryRow } from '../../api/analytics.ts';
import { useMessages } from '../../i18n/intl.ts';
import { buildFilter } from '../../rules/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../rules/constants.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { AppSelect, type AppChoice } from './AppSelect.tsx';
import { OUTCOMES, RangePicker, RefreshBar, ROW_NUM, ROW_TD, ROW_TH, ROW_TH_NUM, RowTable, useRemembered } from './parts.tsx';
import { resolveRange, type Range, type RangeChoice } from './range.ts';
import { ProductSelect, UnitSelect, type Named } from './Selectors.tsx';
import type { Unit } from '../../api/analytics.ts';

interface AppUsageState {
  range: RangeChoice;
  application: AppChoice | null;
  product: Named | null;
  unit: Unit | null;
}

export function AppUsage() {
  const { t, fmt } = useMessages('insights');
  const [s, setState] = useRemembered<AppUsageState>('appUsage', { range: { preset: '1w' }, application: null, product: null, unit: null });
  const [page, setPage] = useState(1);
  const set = (next: AppUsageState) => { setState(next); setPage(1); };
  const range = resolveRange(s.range);
  const filter = buildFilter({ applicationId: s.application?.id, productId: s.product?.id });
  const base = range ? { ...range, filter: filter || undefined, unit: s.unit?.name } : null;
  const summary = useSummary(base ? { ...base, groupBy: ['applicationId'], page, pageSize: TRAFFIC_PAGE_SIZE } : null);
  const count = summary.data ? t('insights.appUsage.count', { count: summary.data.totalCount, shown: fmt.count(summary.data.totalCount) }) : undefined;

  return (
    <div className="flex flex-col gap-5" data-view="application">
      <section className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('insights.filters')}>
        <RangePicker value={s.range} onChange={(r) => set({ ...s, range: r })} />
        <div className="flex flex-wrap items-end gap-4">
          <AppSelect value={s.application} onChange={(a) => set({ ...s, application: a })} />
          <ProductSelect value={s.product} onChange={(p) => set({ ...s, product: p })} />
          <UnitSelect value={s.unit} onChange={(u) => set({ ...s, unit: u })} />
        </div>
        <RefreshBar at={summary.data?.at} count={count} onRefresh={() => void summary.mutate()} busy={summary.isValidating} />
      </section>
      {summary.error ? <ErrorPlaceholder error={summary.error} onRetry={() => void summary.mutate()} /> : !summary.data ? <LoadingPlaceholder /> : (
        <DataTable label={t('insights.appUsage.table')} rows={summary.data.items} rowKey={(r) => r.applicationId ?? '-'}
          renderExpanded={(r) => base && <ResourceUsage base={base} applicationId={r.applicationId ?? null} label={r.applicationName ?? t('insights.noApplication')} />}
          empty={<EmptyPlaceholder title={t('insights.usage.empty')} />}
          footer={summary.data.totalCount > TRAFFIC_PAGE_SIZE && <Pagination page={page} pageSize={TRAFFIC_PAGE_SIZE} totalCount={summary.data.totalCount} onPageChange={setPage} />}
          columns={[
            { id: 'title', header: t('insights.column.application'), cell: (r) => <span data-application={r.applicationId ?? ''}>{r.applicationName ?? t('insights.noApplication')}</span> },
            { id: 'total', header: t('insights.outcome.total'), align: 'right', cell: (r) => <span data-count="total">{fmt.count(r.totalCount)}</span> },
            ...OUTCOMES.map((o) => ({ id: o.key, header: t(o.label), align: 'right' as const, cell: (r: SummaryRow) => <span data-count={o.key}>{fmt.count(r[o.key])}</span> })),
          ]} />
      )}
    </div>
  );
}

/** The expanded row: one application's calls per resource, with min / avg / max duration. */
function ResourceUsage({ base, applicationId, label }: { base: Range & Pick<SummaryQuery, 'filter' | 'unit'>; applicationId: string | null; label: string }) {
  const { t, fmt } = useMessages('insights');
  const own = buildFilter({ applicationId: applicationId ?? undefined });
  const filter = [base.filter, own].filter(Boolean).join(';');
  const rows = useSummary({ ...base, filter: filter || undefined, groupBy: ['productId', 'assetResourceId'], durationDetails: true, pageSize: 100 });
  if (rows.error) return <ErrorPlaceholder error={rows.error} onRetry={() => void rows.mutate()} />;
  if (!rows.data) return <LoadingPlaceholder />;
  if (rows.data.items.length === 0) return <p className="m-0 text-sm text-gray-500">{t('insights.usage.empty')}</p>;
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : t('insights.ms', { ms: fmt.count(Math.round(v)) }));
  return (
    <RowTable
      label={label}
      part="resource-usage"
      head={<>
        <th scope="col" className={ROW_TH}>{t('insights.column.resource')}</th>
        <th scope="col" className={ROW_TH}>{t('insights.column.product')}</th>
        <th scope="col" className={ROW_TH_NUM}>{t('insights.outcome.total')}</th>
        {OUTCOMES.map((o) => <th key={o.key} scope="col" className={ROW_TH_NUM}>{t(o.label)}</th>)}
        <th scope="col" className="py-1 text-right font-medium">{t('insights.column.durations')}</th>
      </>}
    >
      {rows.data.items.map((r) => (
        <tr key={`${r.productId}/${r.assetResourceId}`} className="border-t border-gray-100" data-resource={r.assetResourceId ?? ''}>
          <td className={ROW_TD}>{r.apiName ?? r.assetResourceId ?? '—'}</td>
          <td className={ROW_TD}>{r.productName ?? '—'}</td>
          <td className={ROW_NUM}>{fmt.count(r.totalCount)}</td>
          {OUTCOMES.map((o) => <td key={o.key} className={ROW_NUM}>{fmt.count(r[o.key])}</td>)}
          <td className="py-1 text-right tabular-nums">{ms(r.minDurationMs)} / {ms(r.avgDurationMs)} / {ms(r.maxDurationMs)}</td>
        </tr>
      ))}
    </RowTable>
  );
}
