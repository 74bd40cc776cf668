// Usage by subscription (spec 3 §2.5): the period (last 3 months, months 4-6, 7-9, 10-12; default
// the last 3), product, subscription (default: all of them) and unit selectors, refresh back to
// the chosen preset; a row per
// subscription with its total, expanded into its resources with plan, subscribed quota, the
// quota's monthly equivalent (spec 3 §5) and the three months' counts.
import { useState } from 'react';
import { useMonthlyUsage, type ResourceUsage, type Unit } from '../../api/analytics.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { DEFAULT_USAGE_PERIOD, USAGE_INTERVAL, USAGE_PERIODS, type UsagePeriod } from '../../rules/analytics.ts';
import { TRAFFIC_PAGE_SIZE } from '../../rules/constants.ts';
import { isUnlimitedValue } from '../../rules/quota.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { RefreshBar, ROW_NUM, ROW_TD, ROW_TH, ROW_TH_NUM, RowTable, useRemembered } from './parts.tsx';
import { ProductSelect, SubscriptionSelect, UnitSelect, type Named, type SubscriptionChoice } from './Selectors.tsx';

interface SubscriptionUsageState {
  period: UsagePeriod;
  product: Named | null;
  subscription: SubscriptionChoice | null;
  unit: Unit | null;
}

export function SubscriptionUsage() {
  const { t, fmt, locale } = useMessages('insights');
  const [s, setState] = useRemembered<SubscriptionUsageState>('subscriptionUsage', { period: DEFAULT_USAGE_PERIOD, product: null, subscription: null, unit: null });
  const [page, setPage] = useState(1);
  const set = (next: SubscriptionUsageState) => { setState(next); setPage(1); };
  const usage = useMonthlyUsage({
    groupBy: 'subscriptionId', interval: USAGE_INTERVAL, period: s.period, productId: s.product?.id, subscriptionId: s.subscription?.id, unitId: s.unit?.name, page, pageSize: TRAFFIC_PAGE_SIZE,
  });
  const monthName = (month: string) => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const months = usage.data?.months ?? [];

  return (
    <div className="flex flex-col gap-5" data-view="subscription">
      <section className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4" aria-label={t('insights.filters')}>
        <div role="group" aria-label={t('insights.period.label')} className="flex flex-wrap gap-1">
          {USAGE_PERIODS.map((p) => (
            <button key={p} type="button" aria-pressed={s.period === p} data-period={p} onClick={() => set({ ...s, period: p })}
              className={cx('rounded-md border px-3 py-1.5 text-sm', FOCUS_RING, s.period === p ? 'border-primary bg-primary text-white' : 'border-gray-300 bg-white text-gray-800')}>
              {t(`insights.period.${p}` as MessageKey)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-4">
          {/* A subscription of another product than the one chosen would match nothing: it is let go. */}
          <ProductSelect value={s.product} onChange={(p) => set({ ...s, product: p, subscription: p && s.subscription?.productId !== p.id ? null : s.subscription })} />
          <SubscriptionSelect value={s.subscription} productId={s.product?.id} onChange={(sub) => set({ ...s, subscription: sub })} />
          <UnitSelect value={s.unit} onChange={(u) => set({ ...s, unit: u })} />
        </div>
        <RefreshBar at={usage.data?.at} onRefresh={() => void usage.mutate()} busy={usage.isValidating} />
      </section>
      {usage.error ? <ErrorPlaceholder error={usage.error} onRetry={() => void usage.mutate()} /> : !usage.data ? <LoadingPlaceholder /> : (
        <DataTable label={t('insights.subscriptionUsage.table')} rows={usage.data.items} rowKey={(r) => r.subscriptionId}
          empty={<div data-part="no-subscription-usage"><EmptyPlaceholder title={t('insights.usage.empty')} /></div>}
          footer={usage.data.totalCount > TRAFFIC_PAGE_SIZE && <Pagination page={page} pageSize={TRAFFIC_PAGE_SIZE} totalCount={usage.data.totalCount} onPageChange={setPage} />}
          renderExpanded={(r) => <Resources rows={r.resources} months={months} monthName={monthName} label={r.subscriptionName} />}
          columns={[
            { id: 'subscription', header: t('insights.column.subscription'), cell: (r) => <span data-subscription={r.subscriptionId}>{r.subscriptionName}</span> },
            { id: 'product', header: t('insights.column.product'), cell: (r) => r.productName },
            { id: 'total', header: t('insights.outcome.total'), align: 'right', cell: (r) => fmt.count(r.totalCount) },
          ]} />
      )}
    </div>
  );
}

function Resources({ rows, months, monthName, label }: { rows: ResourceUsage[]; months: string[]; monthName: (m: string) => string; label: string }) {
  const { t, fmt } = useMessages('insights');
  if (rows.length === 0) return <p className="m-0 text-sm text-gray-500">{t('insights.usage.empty')}</p>;
  const limit = (r: ResourceUsage) => {
    const q = r.quota;
    if (!q) return t('insights.quota.none');
    if (q.limit === null) return q.title;
    const value = isUnlimitedValue(q.limit) ? '∞' : fmt.count(q.limit);
    return `${value} ${q.unitTitle}${q.interval ? ` / ${t(`insights.interval.${q.interval}` as MessageKey)}` : ''}`;
  };
  const monthly = (r: ResourceUsage) => {
    const m = r.quota?.monthlyEquivalent;
    return !m ? '—' : m.unlimited ? '∞' : fmt.count(m.value);
  };
  return (
    <RowTable
      label={label}
      part="subscription-resources"
      head={<>
        <th scope="col" className={ROW_TH}>{t('insights.column.resource')}</th>
        <th scope="col" className={ROW_TH}>{t('insights.column.plan')}</th>
        <th scope="col" className={ROW_TH}>{t('insights.column.quota')}</th>
        <th scope="col" className={ROW_TH_NUM}>{t('insights.column.monthlyEquivalent')}</th>
        {months.map((m) => <th key={m} scope="col" className={ROW_TH_NUM}>{monthName(m)}</th>)}
      </>}
    >
      {rows.map((r) => (
        <tr key={`${r.assetResource.id}/${r.quota?.id ?? ''}`} className="border-t border-gray-100" data-resource={r.assetResource.id}>
          <td className={ROW_TD}>{r.assetResource.title}</td>
          <td className={ROW_TD}>{r.plan.title}</td>
          <td className={ROW_TD}>{limit(r)}</td>
          <td className={ROW_NUM}>{monthly(r)}</td>
          {r.months.map((m) => <td key={m.month} className={ROW_NUM}>{fmt.count(m.count)}</td>)}
        </tr>
      ))}
    </RowTable>
  );
}
